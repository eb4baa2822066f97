/**
 * The NPIs to survey (--npis FILE|-): one a line, or a CSV with an `NPI` column (its header matched
 * case-insensitively). Read as a stream, line by line: a file of ten million lines is never held.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { InputError } from '../config/input-error';

export interface NpiLine {
  /** 1-based line of the file (the header is line 1 of a CSV). */
  line: number;
  npi: string;
}

export interface InputProblem {
  line: number;
  value: string;
  reason: string;
}

/** A line that names a provider: 10 digits. A wrong check digit is the service's data (DATA-NPI-CHECKDIGIT judges it), never skipped. */
const NPI = /^\d{10}$/;

/** The line's value as given, cut at 200 characters. */
const shown = (value: string) => (value.length > 200 ? `${value.slice(0, 200)}…` : value);

/** One CSV record written on one line, read by csv-parse (quotes, escaped quotes). */
function csvFields(line: string): string[] {
  try {
    return (parse(line, { relax_column_count: true }) as string[][])[0] ?? [];
  } catch {
    return [];
  }
}

async function opened(source: string): Promise<Readable> {
  if (source === '-') return process.stdin;
  const stream = createReadStream(source);
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', (error: NodeJS.ErrnoException) =>
      reject(new InputError(`--npis ${source} cannot be read (${error.code ?? error.message})`)),
    );
  });
  return stream;
}

/**
 * Each NPI of `source` in order, with its line; lines that are not one go to `problem` and are
 * skipped. A first line with a comma is a CSV header, which must have an NPI column. Blank lines
 * are skipped silently.
 */
export async function* readNpis(source: string, problem: (p: InputProblem) => void): AsyncGenerator<NpiLine> {
  const lines = createInterface({ input: await opened(source), crlfDelay: Infinity });
  let column: number | undefined;
  let number = 0;
  for await (const raw of lines) {
    number++;
    const text = number === 1 ? raw.replace(/^\ufeff/, '') : raw;
    if (number === 1 && text.includes(',')) {
      column = csvFields(text).findIndex((name) => name.trim().toUpperCase() === 'NPI');
      if (column < 0) throw new InputError(`--npis ${source}: the CSV header has no NPI column (${shown(text)})`);
      continue;
    }
    if (text.trim() === '') continue;
    const value = column === undefined ? text.trim() : (csvFields(text)[column] ?? '').trim();
    if (NPI.test(value)) yield { line: number, npi: value };
    else
      problem({
        line: number,
        value: shown(value),
        reason: column === undefined ? 'not a 10-digit NPI' : 'its NPI column is not a 10-digit NPI',
      });
  }
}
