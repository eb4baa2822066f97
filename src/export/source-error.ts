/** Why an export's SOURCE cannot be read, in words after its name: the command says it in one line, exit 2. */
export class ExportSourceError extends Error {}
