/**
 * failures.csv: one row per failing record and requirement, for a spreadsheet or a script. Written
 * by csv-stringify; a cell that a spreadsheet would run as a formula (=, +, -, @, tab, carriage
 * return first) is neutralised with a leading apostrophe, since every value came from the service.
 */
import { stringify } from 'csv-stringify/sync';
import type { Level } from '../../spec/catalogue';
import { escapeText } from '../escape';

export interface FailureRow {
  key: string;
  /** A requirement, or a measure of the export (DQ-EXPORT-*), whose level is DQ: never part of the verdict. */
  requirement: string;
  level: Level | 'DQ';
  /** The requirement's rule in words, with its section. */
  rule: string;
  /** What the record broke, as the rule said it (its first line). */
  message: string;
  pointer: string;
  value: string;
  source: string;
  url: string;
  /** DQ-EXPORT-*: the export's value of the field (the service's is `value`), and where the export holds the record (file:line). */
  exportValue?: string;
  exportUrl?: string;
}

export const FAILURE_COLUMNS = [
  'key',
  'requirement',
  'level',
  'rule',
  'message',
  'pointer',
  'value',
  'source',
  'url',
  'exportValue',
  'exportUrl',
] as const;

/** OWASP's list of the characters that start a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralised(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

export function failuresCsv(rows: readonly FailureRow[]): string {
  // Control characters would act in a terminal that prints the file: shown as pictures, as in every report.
  const cells = rows.map((row) => FAILURE_COLUMNS.map((column) => neutralised(escapeText(row[column] ?? '', 'terminal'))));
  return stringify(cells, { header: true, columns: [...FAILURE_COLUMNS] });
}
