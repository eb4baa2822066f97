/**
 * `run --har FILE`: every exchange of a run, as HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/),
 * so that a tester can see what was sent and what came back without logging on the server. Each
 * worker's transport appends its exchanges to CONFORMANCE_HAR_DIR/har-<worker>.jsonl, already made
 * safe: credentials out of headers, URLs and bodies (the redactor), bodies decoded and whole within
 * the client's body limit (har-body.ts), so that `judge` judges the recording as the run judged the
 * answers. The run gathers
 * them into one file when it ends (writeHar).
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type HarContent, harContent } from './har-body';
import { MAX_BODY_BYTES } from './http-client';
import { REDACTED, type Redactor } from './redact';
import type { Transport, TransportAnswer, TransportLimits } from './transport';

export const HAR_DIR_VARIABLE = 'CONFORMANCE_HAR_DIR';

/** Headers whose whole value is a credential, whatever the configured secrets are. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

interface HarHeader {
  name: string;
  value: string;
}

/** One HAR 1.2 entry, as this harness writes it (a GET, never a body sent). */
export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: 'GET';
    url: string;
    httpVersion: string;
    cookies: [];
    headers: HarHeader[];
    queryString: HarHeader[];
    headersSize: -1;
    bodySize: 0;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: [];
    headers: HarHeader[];
    content: HarContent;
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
    comment?: string;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  /** The test that sent it. */
  comment: string;
  /**
   * The place of the request among those this process started (HAR 1.2 lets a custom field start
   * with `_`): two requests started within one millisecond keep the order they were sent in, which
   * a recording judged again asks them in, whichever was answered first.
   */
  _order: number;
}

/** Requests started by this process: each exchange's `_order`. */
let requestsStarted = 0;

/** How the harness makes text safe to write: credentials out, then the service's text bounded. */
export interface HarSafety {
  url(value: string): string;
  text(value: string): string;
  body(value: string): string;
}

/** What `run --har` writes: credentials out; bodies whole (the client's body limit bounds them), so that judge can judge them again. */
export const harSafety = (redactor: Redactor): HarSafety => ({
  url: (v) => redactor.url(v),
  text: (v) => redactor.text(v),
  body: (v) => redactor.text(v),
});

const headerList = (headers: Record<string, string>, safety: HarSafety): HarHeader[] =>
  Object.entries(headers).map(([name, value]) => ({
    name,
    value: CREDENTIAL_HEADERS.has(name.toLowerCase()) ? REDACTED : safety.text(value),
  }));

/** A transport that writes each exchange it carries as a HAR entry, for one test. */
export class HarTransport implements Transport {
  private readonly file: string;

  constructor(
    private readonly inner: Transport,
    dir: string,
    private readonly test: string,
    worker: number,
    private readonly safety: HarSafety,
  ) {
    mkdirSync(dir, { recursive: true });
    this.file = join(dir, `har-${worker}.jsonl`);
  }

  async get(url: string, headers: Record<string, string>, limits: TransportLimits): Promise<TransportAnswer> {
    const started = new Date();
    const order = requestsStarted++;
    const start = performance.now();
    let answer: TransportAnswer | undefined;
    let failure: string | undefined;
    try {
      answer = await this.inner.get(url, headers, limits);
      return answer;
    } catch (error) {
      failure = (error as Error).message;
      throw error;
    } finally {
      appendFileSync(
        this.file,
        `${JSON.stringify(this.entry(url, headers, { started, order }, performance.now() - start, answer, failure))}\n`,
      );
    }
  }

  private entry(
    url: string,
    headers: Record<string, string>,
    { started, order }: { started: Date; order: number },
    time: number,
    answer?: TransportAnswer,
    failure?: string,
  ): HarEntry {
    const { safety } = this;
    const shown = safety.url(url);

    return {
      startedDateTime: started.toISOString(),
      time,
      request: {
        method: 'GET',
        url: shown,
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: headerList(headers, safety),
        queryString: [...new URL(shown).searchParams].map(([name, value]) => ({ name, value })),
        headersSize: -1,
        bodySize: 0,
      },
      response: {
        status: answer?.status ?? 0,
        statusText: '',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: answer ? headerList(answer.headers, safety) : [],
        content: answer ? harContent(answer, safety.body, MAX_BODY_BYTES) : { size: 0, mimeType: '' },
        redirectURL: safety.url(answer?.headers.location ?? ''),
        headersSize: -1,
        bodySize: answer ? answer.body.length : 0,
        ...(failure === undefined ? {} : { comment: `no answer: ${safety.text(failure)}` }),
      },
      cache: {},
      timings: { send: 0, wait: time, receive: 0 },
      comment: this.test,
      _order: order,
    };
  }

  /** The inner transport belongs to the worker: it closes it. */
  async close(): Promise<void> {}
}

/** The exchanges every worker wrote in `dir`, in the order they started, as one HAR 1.2 file. Returns how many. */
export function writeHar(dir: string, file: string, creator: { name: string; version: string }): number {
  const entries = readdirSync(dir)
    .filter((name) => name.startsWith('har-'))
    .flatMap((name) =>
      readFileSync(join(dir, name), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as HarEntry),
    )
    .sort((a, b) => a.startedDateTime.localeCompare(b.startedDateTime) || a._order - b._order);
  writeFileSync(file, `${JSON.stringify({ log: { version: '1.2', creator, entries } }, null, 1)}\n`);
  return entries.length;
}
