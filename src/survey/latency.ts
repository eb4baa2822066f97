/** Latency per endpoint, kept by HdrHistogram: the same requests give the same histogram, however they were split or resumed. */
import * as hdr from 'hdr-histogram-js';
import { ENDPOINTS, type Endpoint } from './records';

export interface LatencySummary {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export class LatencyHistograms {
  private readonly histograms = new Map<Endpoint, hdr.Histogram>();

  record(endpoint: Endpoint, ms: number): void {
    let histogram = this.histograms.get(endpoint);
    if (!histogram)
      this.histograms.set(
        endpoint,
        // Milliseconds to ten minutes, three significant digits: 1 ms resolution up to a second.
        (histogram = hdr.build({
          lowestDiscernibleValue: 1,
          highestTrackableValue: 600_000,
          numberOfSignificantValueDigits: 3,
          autoResize: true,
        })),
      );
    histogram.recordValue(Math.max(0, Math.round(ms)));
  }

  /** p50, p95, p99 and max of each endpoint that was asked, in the order of the specification. */
  summary(): Record<string, LatencySummary> {
    const summary: Record<string, LatencySummary> = {};
    for (const endpoint of ENDPOINTS) {
      const histogram = this.histograms.get(endpoint);
      if (!histogram || histogram.totalCount === 0) continue;
      const at = (percentile: number) => histogram.getValueAtPercentile(percentile);
      summary[endpoint] = { p50: at(50), p95: at(95), p99: at(99), max: histogram.maxValue };
    }
    return summary;
  }

  /** Each asked endpoint's histogram, compressed and base64-encoded: survey.json's latencyHistograms, which the history keeps. */
  encoded(): Record<string, string> {
    const encoded: Record<string, string> = {};
    for (const endpoint of ENDPOINTS) {
      const histogram = this.histograms.get(endpoint);
      if (histogram && histogram.totalCount > 0) encoded[endpoint] = hdr.encodeIntoCompressedBase64(histogram);
    }
    return encoded;
  }
}
