/**
 * The lists a user supplies to the scorecard, never shipped with the harness (their licences are
 * their publishers'): --deactivated-npis, the NPPES deactivation report as CSV or one NPI a line,
 * and --taxonomy-codes, the NUCC code set as CSV or one code a line. Every cell of the file that is
 * an NPI (10 digits) or a taxonomy code (9 letters or digits and an X) is taken, whatever column
 * holds it, so that the files as published are read as they are.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { InputError } from '../config/input-error';

const KINDS = {
  'deactivated-npis': { cell: /^\d{10}$/, what: 'NPI (10 digits)' },
  'taxonomy-codes': { cell: /^[0-9A-Z]{9}X$/, what: 'taxonomy code (9 letters or digits and an X, as 207Q00000X)' },
} as const;

export type ListFlag = keyof typeof KINDS;

/** The values of a list file, upper case; a file that is missing, a folder or holds none is one line, exit 2. */
export function readList(flag: ListFlag, file: string): ReadonlySet<string> {
  if (!existsSync(file)) throw new InputError(`--${flag} ${file} does not exist`);
  if (statSync(file).isDirectory()) throw new InputError(`--${flag} ${file} is a folder: give the file in it`);
  const { cell, what } = KINDS[flag];
  const text = readFileSync(file, 'utf8');
  const firstLine = text.split('\n', 1)[0];
  const delimiter = [',', ';', '\t'].find((d) => firstLine.includes(d)) ?? ',';
  const rows = parse(text, { delimiter, bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true }) as string[][];
  const values = new Set(
    rows
      .flat()
      .map((v) => v.trim().toUpperCase())
      .filter((v) => cell.test(v)),
  );
  if (values.size === 0) throw new InputError(`--${flag} ${file} holds no ${what}`);
  return values;
}
