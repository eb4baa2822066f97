/**
 * A file or value a command was given that it cannot use: a report of the wrong shape, a broken
 * blob zip, an empty folder. Said in one line naming the file (and the JSON Pointer), exit 2: an
 * input error is never a finding, and never a stack trace.
 */
export class InputError extends Error {}
