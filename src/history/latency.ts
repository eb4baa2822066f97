/**
 * Latency from the stored histograms: any percentile recomputed from an HdrHistogram, and the rule
 * of `history check` for when a percentile says enough to compare.
 */
import * as hdr from 'hdr-histogram-js';

/** The percentiles the history shows and judges. */
export const PERCENTILES = [50, 95, 99] as const;

/** A percentile is judged only from a histogram with this many requests beyond it: 400 for p95, 2,000 for p99. */
export const REQUESTS_BEYOND_PERCENTILE = 20;

/**
 * A latency rise smaller than this is never a regression, whatever its share. A fast service's p95
 * moves by itself by more than 25% when the machine that surveys it is busy (seen: 10 ms, then
 * 16 ms, in two surveys of one unchanged server on a loaded 2-core CI machine), and a 10 ms p95
 * that becomes 30 ms is a rise that nobody would page anyone for.
 */
export const LATENCY_FLOOR_MS = 25;

export const requestsFor = (percentile: number) => Math.ceil(REQUESTS_BEYOND_PERCENTILE / (1 - percentile / 100));

/** z for a two-sided 95% interval. */
const Z95 = 1.96;

/**
 * Where a percentile of the service's latency lies, from a histogram of `requests` samples: the
 * values at the ranks a 95% interval allows (order statistics: p ± 1.96·√(p(1−p)/n)). A p95 of 520
 * requests is known only to lie between the p93.1 and the p96.9 of what was measured; a busy machine
 * that stalls a few requests moves the point, seldom the whole interval.
 */
export interface PercentileInterval {
  low: number;
  high: number;
}

/** The milliseconds at each percentile of an encoded histogram, with its interval, and how many requests it holds. */
export function percentilesOf(encoded: string): {
  requests: number;
  at: Record<number, number>;
  interval: Record<number, PercentileInterval>;
} {
  const histogram = hdr.decodeFromCompressedBase64(encoded);
  const n = Math.max(1, histogram.totalCount);
  const at: Record<number, number> = {};
  const interval: Record<number, PercentileInterval> = {};
  for (const p of PERCENTILES) {
    at[p] = histogram.getValueAtPercentile(p);
    const share = p / 100;
    const margin = Z95 * Math.sqrt((share * (1 - share)) / n);
    interval[p] = {
      low: histogram.getValueAtPercentile(100 * Math.max(0, share - margin)),
      high: histogram.getValueAtPercentile(100 * Math.min(1, share + margin)),
    };
  }
  return { requests: histogram.totalCount, at, interval };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
