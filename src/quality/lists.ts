/**
 * The lists a user supplies to the scorecard, never shipped with the harness (their licences are
 * their publishers'): --deactivated-npis, the NPPES deactivation report as CSV or one NPI a line,
 * and --taxonomy-codes, the NUCC code set as CSV or one code a line. Every value of the file that
 * is an NPI (10 digits) or a taxonomy code (9 letters or digits and an X), standing alone between
 * delimiters, quotes or line breaks, is taken, whatever column holds it, so that the files as
 * published are read as they are.
 *
 * Read as --npis is: streamed in chunks, never held; what is kept is one number per distinct value
 * (NumberSet), so a file of ten million NPIs takes a few hundred megabytes at most, and a file of
 * anything else (NULs, one endless line) takes none. A device or a pipe is no list (`/dev/zero`
 * never ends): refused in one line. Each list's digest is kept, so that a resume or a merge refuses
 * a list whose contents changed.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { InputError } from '../config/input-error';
import { NumberSet } from '../domain/number-set';

/** A value as the set holds it: an NPI's digits as a number, a code's first nine characters in base 36. */
const KINDS = {
  'deactivated-npis': { value: /^\d{10}$/, what: 'NPI (10 digits)', number: (v: string) => Number(v) },
  'taxonomy-codes': {
    value: /^[0-9A-Z]{9}X$/,
    what: 'taxonomy code (9 letters or digits and an X, as 207Q00000X)',
    number: (v: string) => parseInt(v.slice(0, 9), 36),
  },
} as const;

export type ListFlag = keyof typeof KINDS;

/** A list's values, compact: asked by the scorecard whether it holds a value (an NPI, a code in upper case). */
export interface ListValues {
  has(value: string): boolean;
  readonly size: number;
}

/** A list as read: its values, and the SHA-256 of the file, which a resume and a merge compare. */
export interface ListRead {
  values: ListValues;
  digest: string;
}

/** A run of letters and digits longer than any value is no value, and never kept whole: its length alone is counted. */
const LONGEST = 10;

/** The values of a list file, upper case; a file that is missing, a folder, a device or a pipe, or holds none is one line, exit 2. */
export async function readList(flag: ListFlag, file: string): Promise<ListRead> {
  if (!existsSync(file)) throw new InputError(`--${flag} ${file} does not exist`);
  const stat = statSync(file);
  if (stat.isDirectory()) throw new InputError(`--${flag} ${file} is a folder: give the file in it`);
  if (!stat.isFile()) throw new InputError(`--${flag} ${file} is not a file (a device, a pipe or a socket): give the list as a file`);
  const { value, what, number } = KINDS[flag];
  const set = new NumberSet();
  const hash = createHash('sha256');
  // The run of letters and digits that a chunk ends in, carried into the next (LONGEST + 1 characters at most).
  let carry = '';
  const take = (run: string) => {
    const upper = run.toUpperCase();
    if (value.test(upper)) set.add(number(upper));
  };
  try {
    for await (const chunk of createReadStream(file)) {
      const bytes = chunk as Buffer;
      hash.update(bytes);
      const text = carry + bytes.toString('latin1');
      const runs = text.match(/[0-9A-Za-z]+/g) ?? [];
      // The last run may go on in the next chunk, when the chunk ends inside it.
      const open = /[0-9A-Za-z]$/.test(text) ? runs.pop() : undefined;
      for (const run of runs) if (run.length <= LONGEST) take(run);
      carry = open === undefined ? '' : open.slice(0, LONGEST + 1);
    }
  } catch (error) {
    throw new InputError(`--${flag} ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  if (carry.length <= LONGEST) take(carry);
  if (set.size === 0) throw new InputError(`--${flag} ${file} holds no ${what}`);
  return { values: { has: (v: string) => value.test(v) && set.has(number(v)), size: set.size }, digest: hash.digest('hex') };
}
