/**
 * CONFORMANCE_REQUEST_LOG=DIR: every request the suite sends, with its test, its worker and its
 * timing, one JSON line each in DIR/requests-<worker>.jsonl. The benchmark replays them with a bare
 * client to measure the harness against its floor. URLs are the redacted ones; nothing else is kept.
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Transport, TransportAnswer, TransportLimits } from './transport';

export const REQUEST_LOG_VARIABLE = 'CONFORMANCE_REQUEST_LOG';

export interface LoggedRequest {
  test: string;
  /** The worker's parallel lane (0 to workers − 1). */
  worker: number;
  url: string;
  /** Milliseconds since the epoch, with fractions. */
  startedAt: number;
  endedAt: number;
}

/** A transport that logs each request it carries, for one test. */
export class LoggingTransport implements Transport {
  private readonly file: string;

  constructor(
    private readonly inner: Transport,
    dir: string,
    private readonly test: string,
    private readonly worker: number,
    private readonly redact: (url: string) => string,
  ) {
    mkdirSync(dir, { recursive: true });
    this.file = join(dir, `requests-${worker}.jsonl`);
  }

  async get(url: string, headers: Record<string, string>, limits: TransportLimits): Promise<TransportAnswer> {
    const startedAt = performance.timeOrigin + performance.now();
    try {
      return await this.inner.get(url, headers, limits);
    } finally {
      const entry: LoggedRequest = {
        test: this.test,
        worker: this.worker,
        url: this.redact(url),
        startedAt,
        endedAt: performance.timeOrigin + performance.now(),
      };
      appendFileSync(this.file, `${JSON.stringify(entry)}\n`);
    }
  }

  /** The inner transport belongs to the worker: it closes it. */
  async close(): Promise<void> {}
}

/** Every request logged in `dir`, by any worker; none is an error, since a measure of nothing is no measure. */
export function readRequestLog(dir: string): LoggedRequest[] {
  const logged = readdirSync(dir).flatMap((file) =>
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LoggedRequest),
  );
  if (logged.length === 0) throw new Error(`no request was logged in ${dir}`);
  return logged;
}

/** From the first request's start to the last answer, in milliseconds. */
export function loggedSpanMs(logged: readonly LoggedRequest[]): number {
  return Math.max(...logged.map((e) => e.endedAt)) - Math.min(...logged.map((e) => e.startedAt));
}
