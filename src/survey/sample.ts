/**
 * `survey --sample P% --seed S`: a reproducible random sample of the NPIs and organizations a
 * survey meets. A record is in the sample when a hash of the seed, its kind and its key, read as a
 * number in [0, 1), falls below P/100: the same seed draws the same records on every machine and
 * in every shard (each decides alone, from the record itself), so the shards of a sample merge into
 * the unsharded sample exactly, and --resume draws what the first run drew.
 */
import { createHash } from 'node:crypto';
import { InputError } from '../config/input-error';

export interface Sample {
  /** The share of records drawn, in percent: above 0, at most 100. */
  percent: number;
  seed: number;
}

/** `5%` or `0.5%`: a share of the records, in percent. */
export function parseSample(raw: string | undefined, seed: string | undefined): Sample | undefined {
  if (raw === undefined) {
    if (seed !== undefined) throw new InputError('--seed draws a sample: give --sample P% too');
    return undefined;
  }
  const match = /^(\d+(?:\.\d+)?)%$/.exec(raw.trim());
  const percent = match ? Number(match[1]) : NaN;
  if (!(percent > 0 && percent <= 100))
    throw new InputError(`--sample must be a share of the records in percent, above 0% and at most 100%, such as 5%, got "${raw}"`);
  if (seed !== undefined && !/^\d{1,15}$/.test(seed)) throw new InputError(`--seed must be a whole number, got "${seed}"`);
  return { percent, seed: seed === undefined ? 1 : Number(seed) };
}

/** Whether the record of `kind` with `key` (an NPI, an organization id) is in the sample. */
export function inSample(sample: Sample | undefined, kind: 'npi' | 'organization', key: string): boolean {
  if (sample === undefined || sample.percent >= 100) return true;
  const drawn = createHash('sha256').update(`${sample.seed}:${kind}:${key}`).digest().readUInt32BE(0) / 2 ** 32;
  return drawn < sample.percent / 100;
}
