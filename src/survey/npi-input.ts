/**
 * The NPIs to survey (--npis FILE|-): one a line, or a CSV with an `NPI` column (its header matched
 * in any case), as spreadsheets export them. Parsed as a stream by csv-parse: quoted fields with
 * line breaks, quotes and delimiters in them, CRLF, a byte-order mark, the delimiter found among
 * comma, semicolon and tab (or given, --delimiter). A file of ten million rows is never held: what is
 * kept is one number per distinct NPI (domain/number-set.ts), to tell a repeat.
 */
import { createReadStream } from 'node:fs';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { parse } from 'csv-parse';
import { InputError } from '../config/input-error';
import { NumberSet } from '../domain/number-set';

export interface NpiLine {
  /** 1-based line of the file where the row begins (the header is line 1 of a CSV). */
  line: number;
  npi: string;
}

export interface InputProblem {
  line: number;
  value: string;
  reason: string;
}

/** What the reading met, row by row: every data row is one of these, so rows = npis + duplicates + problems. */
export interface InputCounts {
  /** Data rows: a header and blank rows aside. */
  rows: number;
  /** Rows whose NPI an earlier row named. */
  duplicates: number;
  /** Rows that name no NPI (and rows that are not CSV). */
  problems: number;
}

/** A line that names a provider: 10 digits. A wrong check digit is the service's data (DATA-NPI-CHECKDIGIT judges it), never skipped. */
const NPI = /^\d{10}$/;

/** The delimiters a spreadsheet writes; --delimiter names one of them. */
export const DELIMITERS: Record<string, string> = { ',': ',', comma: ',', ';': ';', semicolon: ';', '\t': '\t', tab: '\t' };

/** A row longer than this is no NPI row: an input problem, never held whole (a 50 MB line, a binary file). */
export const MAX_ROW_BYTES = 64 * 1024;

const LINE_BREAK = /\r\n|\n|\r/g;

/** What a line longer than MAX_ROW_BYTES becomes: its first characters, without quotes, and this mark with its length. */
const CUT = '\u2026 (a line of ';

/**
 * Lines longer than MAX_ROW_BYTES cut to their first 200 bytes and their length, before the CSV
 * parser sees them, so that a 50 MB line is one input problem held in a few bytes. Its quotes are
 * dropped: a quote opened in the part cut away must not swallow the lines after it.
 */
class LongLines extends Transform {
  private length = 0;
  private kept: Buffer[] = [];

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    for (let newline = chunk.indexOf(10); ; newline = chunk.indexOf(10, start)) {
      const end = newline < 0 ? chunk.length : newline + 1;
      const part = chunk.subarray(start, end);
      if (this.length + part.length > MAX_ROW_BYTES || this.length > MAX_ROW_BYTES) {
        // Over the bound: keep the line's first 200 bytes for the message, and only count the rest.
        if (this.length <= MAX_ROW_BYTES) this.kept.push(part.subarray(0, Math.max(0, 200 - this.length)));
        this.length += part.length;
        if (newline >= 0) this.flushLong();
      } else if (newline < 0) {
        this.kept.push(part);
        this.length += part.length;
      } else {
        this.push(Buffer.concat([...this.kept, part]));
        this.kept = [];
        this.length = 0;
      }
      if (newline < 0) break;
      start = end;
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.length > MAX_ROW_BYTES) this.flushLong(false);
    else if (this.kept.length > 0) this.push(Buffer.concat(this.kept));
    done();
  }

  private flushLong(newline = true): void {
    const head = Buffer.concat(this.kept)
      .subarray(0, 200)
      .toString('utf8')
      .replace(/["\r\n]/g, '');
    this.push(`${head}${CUT}${this.length} bytes)${newline ? '\n' : ''}`);
    this.kept = [];
    this.length = 0;
  }
}

/** The value as given, cut at 200 characters. */
const shown = (value: string) => (value.length > 200 ? `${value.slice(0, 200)}…` : value);

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
 * The delimiter of the first line: the one of comma, semicolon and tab that it holds most often
 * outside quotes; comma when it holds none (a one-column file, where it never matters).
 */
export function detectDelimiter(firstLine: string): string {
  const counts = new Map([',', ';', '\t'].map((d) => [d, 0]));
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best[1] > 0 ? best[0] : ',';
}

/**
 * The stream's first line, read ahead for the delimiter (at most MAX_ROW_BYTES looked at), and the
 * whole stream again for the parser. The stream's iterator is read by hand and never returned:
 * leaving a for-await loop would destroy the stream.
 */
async function firstLineOf(input: Readable): Promise<{ firstLine: string; whole: Readable }> {
  const iterator = input[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const head: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < MAX_ROW_BYTES) {
    const { done, value } = await iterator.next();
    if (done) {
      ended = true;
      break;
    }
    const buffer = Buffer.isBuffer(value) ? value : Buffer.from(value);
    head.push(buffer);
    size += buffer.length;
    if (buffer.includes(10)) break;
  }
  const text = Buffer.concat(head).subarray(0, MAX_ROW_BYTES).toString('utf8');
  async function* again(): AsyncGenerator<Buffer> {
    yield* head;
    if (ended) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next())
      yield Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
  }
  return { firstLine: text.split(/\r?\n/)[0].replace(/^\ufeff/, ''), whole: Readable.from(again()) };
}

export interface ReadNpisOptions {
  /** --delimiter: comma, semicolon or tab; detected from the first line when absent. */
  delimiter?: string;
  problem: (problem: InputProblem) => void;
  /** A row whose NPI an earlier row named. */
  duplicate?: (line: NpiLine) => void;
  /** Filled as the rows are read; whole once the generator has returned. */
  counts?: InputCounts;
}

/**
 * Each NPI of `source` in order, once, with the line its row begins on. The first row is a header
 * when a field of it is `NPI` (in any case); otherwise a file of one column is NPIs from its first
 * row, and a file of several columns without an NPI header is refused. Blank rows are skipped.
 */
export async function* readNpis(source: string, options: ReadNpisOptions): AsyncGenerator<NpiLine> {
  const counts = options.counts ?? { rows: 0, duplicates: 0, problems: 0 };
  const problem = (p: InputProblem) => {
    counts.problems++;
    options.problem(p);
  };
  const { firstLine, whole } = await firstLineOf(await opened(source));
  const delimiter = options.delimiter ?? detectDelimiter(firstLine);
  const parser = whole.pipe(new LongLines()).pipe(
    parse({
      bom: true,
      delimiter,
      info: true,
      // The row as written, to count the lines it spans: csv-parse's own count takes a CRLF inside quotes for two.
      raw: true,
      relax_column_count: true,
      skip_empty_lines: false,
      // A row of many lines can still outgrow the bound (a quote never closed): it is skipped, and said.
      max_record_size: 4 * MAX_ROW_BYTES,
      skip_records_with_error: true,
    }),
  );
  // A row that is not CSV (an unclosed quote, a row past MAX_ROW_BYTES) is skipped by the parser and said here.
  parser.on('skip', (error: Error & { lines?: number }) => {
    counts.rows++;
    problem({ line: previousEnd + 1, value: '', reason: `not a CSV row: ${error.message.split('\n')[0].slice(0, 200)}` });
    // Where the next row begins, as csv-parse counts: the skipped row's text is not given.
    previousEnd = Math.max(previousEnd + 1, error.lines ?? 0);
  });
  let column: number | undefined;
  let first = true;
  let previousEnd = 0;
  const seen = new NumberSet();
  for await (const { record, raw } of parser as AsyncIterable<{ record: string[]; raw: string }>) {
    const line = previousEnd + 1;
    previousEnd = line - 1 + Math.max(1, (raw.match(LINE_BREAK) ?? []).length);
    const fields = record.map((field) => field.trim());
    if (fields.every((field) => field === '')) continue;
    if (first) {
      first = false;
      const header = fields.findIndex((name) => name.toUpperCase() === 'NPI');
      if (header >= 0) {
        column = header;
        continue;
      }
      if (fields.length > 1)
        throw new InputError(
          `--npis ${source}: the first row has ${fields.length} columns (delimiter ${JSON.stringify(delimiter)}) and none is named NPI (${shown(fields.join(delimiter))}); give the file an NPI header, or --delimiter`,
        );
      column = 0;
    }
    counts.rows++;
    const value = fields[column!] ?? '';
    if (!NPI.test(value)) {
      const long = fields.find((field) => field.includes(CUT));
      problem({
        line,
        value: shown(long ?? value),
        reason: long
          ? `a line longer than ${MAX_ROW_BYTES} bytes: no NPI row`
          : fields.length > 1
            ? 'its NPI column is not a 10-digit NPI'
            : 'not a 10-digit NPI',
      });
      continue;
    }
    if (!seen.add(Number(value))) {
      counts.duplicates++;
      options.duplicate?.({ line, npi: value });
      continue;
    }
    yield { line, npi: value };
  }
}
