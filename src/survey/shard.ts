/**
 * How a survey splits across CI machines (--shard I/N): NPIs by a stable hash, organization pages
 * by number (page k of a walk to shard k mod N). Every shard computes the same split from the same
 * inputs, so the shards' records are disjoint and together the whole.
 */
import { createHash } from 'node:crypto';
import { InputError } from '../config/input-error';

export interface Shard {
  /** 1-based. */
  index: number;
  total: number;
}

export const WHOLE: Shard = { index: 1, total: 1 };

export function parseShard(raw: string | undefined): Shard {
  if (raw === undefined) return WHOLE;
  const match = /^(\d+)\/(\d+)$/.exec(raw);
  const [index, total] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  // Past Number.MAX_SAFE_INTEGER a number is not the one written (99999999999999999999 would be 1e20).
  if (!match || total < 1 || index < 1 || index > total || !Number.isSafeInteger(total))
    throw new InputError(`--shard must be I/N with 1 ≤ I ≤ N, such as 2/3, got "${raw}"`);
  return { index, total };
}

/** The shard an NPI belongs to: SHA-256 of its digits, not their value, so that shards stay even whatever the numbering. */
export function npiShard(npi: string, total: number): number {
  return total === 1 ? 1 : (createHash('sha256').update(npi).digest().readUInt32BE(0) % total) + 1;
}

/** The shard a page belongs to: page k to shard k mod N (shard N takes the multiples of N). */
export function pageShard(page: number, total: number): number {
  return page % total || total;
}
