/**
 * `survey --sample P% --seed S` or `--sample N --seed S`: a reproducible random sample of the NPIs
 * and organizations a survey meets. A record is in the sample when a hash of the seed, its kind and
 * its key, read as a number in [0, 1), falls below the share drawn: the same seed draws the same
 * records on every machine and in every shard (each decides alone, from the record itself), so the
 * shards of a sample merge into the unsharded sample exactly, and --resume draws what the first run
 * drew. `--sample N` draws the N NPIs of the list whose draws are lowest (every shard reads the
 * whole list, so each finds the same N), and the organizations met at the share those N make.
 */
import { createHash } from 'node:crypto';
import { InputError } from '../config/input-error';

export interface Sample {
  /** The share of records drawn, in percent: above 0, at most 100. */
  percent: number;
  seed: number;
  /** `--sample N`: the NPIs asked for; `percent` is then the share of the list's distinct NPIs they make. */
  count?: number;
}

/** What `--sample` asked: a share in percent, or a number of NPIs still to be found in the list. */
export type SampleRequest = { percent: number; seed: number } | { count: number; seed: number };

/** `5%` or `0.5%`, a share of the records in percent; or `2000`, a number of NPIs. */
export function parseSample(raw: string | undefined, seed: string | undefined): SampleRequest | undefined {
  if (raw === undefined) {
    if (seed !== undefined) throw new InputError('--seed draws a sample: give --sample P% or --sample N too');
    return undefined;
  }
  if (seed !== undefined && !/^\d{1,15}$/.test(seed)) throw new InputError(`--seed must be a whole number, got "${seed}"`);
  const drawnBy = seed === undefined ? 1 : Number(seed);
  const count = /^\d{1,9}$/.exec(raw.trim());
  if (count && Number(count[0]) > 0) return { count: Number(count[0]), seed: drawnBy };
  const match = /^(\d+(?:\.\d+)?)%$/.exec(raw.trim());
  const percent = match ? Number(match[1]) : NaN;
  if (!(percent > 0 && percent <= 100))
    throw new InputError(
      `--sample must be a share of the records in percent, above 0% and at most 100%, such as 5%, or a number of NPIs above 0, such as 2000, got "${raw}"`,
    );
  return { percent, seed: drawnBy };
}

/** A record's draw: a number in [0, 1) with 2^32 steps, from the seed, its kind and its key. */
export function drawOf(seed: number, kind: string, key: string): number {
  return createHash('sha256').update(`${seed}:${kind}:${key}`).digest().readUInt32BE(0) / 2 ** 32;
}

/** Whether the record of `kind` with `key` (an NPI, an organization id) is in the sample. */
export function inSample(sample: Sample | undefined, kind: 'npi' | 'organization', key: string): boolean {
  if (sample === undefined || sample.percent >= 100) return true;
  return drawOf(sample.seed, kind, key) < sample.percent / 100;
}

/**
 * The sample `request` asks for. A share is one already; N NPIs are the N distinct NPIs of `npis`
 * with the lowest draws, and the share is the one just above the N-th lowest draw (one step of
 * 2^-32: far above rounding), or 100% when the list holds N or fewer. The draws are kept as 32-bit
 * numbers, 4 bytes an NPI: 8 MB for a list of 2 million.
 */
export async function resolveSample(request: SampleRequest | undefined, npis: () => AsyncIterable<string>): Promise<Sample | undefined> {
  if (request === undefined || 'percent' in request) return request;
  let draws = new Uint32Array(1024);
  let length = 0;
  for await (const npi of npis()) {
    if (length === draws.length) {
      const grown = new Uint32Array(draws.length * 2);
      grown.set(draws);
      draws = grown;
    }
    draws[length++] = drawOf(request.seed, 'npi', npi) * 2 ** 32;
  }
  // Equal NPIs draw equally: distinct draws are distinct NPIs (two NPIs of one draw, a 1 in 2^32 chance each, count once).
  const sorted = draws.subarray(0, length).sort();
  let distinct = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[distinct++] = sorted[i];
  const percent = request.count >= distinct ? 100 : ((sorted[request.count - 1] + 1) / 2 ** 32) * 100;
  return { percent, seed: request.seed, count: request.count };
}
