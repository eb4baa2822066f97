import { UsageError } from './exit-codes';

/** A flag's whole number from `min` to `max`, or `fallback` when the flag is not given; otherwise one line, exit 2. */
export function wholeNumber(flag: string, raw: string | undefined, fallback: number, max: number, min = 0): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return Number(raw);
}
