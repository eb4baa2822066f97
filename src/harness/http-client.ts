import type { APIRequestContext, APIResponse } from '@playwright/test';
import type { Exchange } from './exchange';
import type { Redactor } from './redact';

/** Bodies larger than this are not held or parsed: the check fails with the size instead. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** Transport errors worth one retry: a stale keep-alive socket, a reset mid-answer. */
const RETRYABLE = /ECONNRESET|EPIPE|socket hang up|ECONNABORTED|other side closed/i;

/** No answer at all: the network, not the service's conformance, failed. */
export class TransportError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
    readonly attempts: number,
  ) {
    super(`transport: GET ${url} failed after ${attempts} attempt${attempts > 1 ? 's' : ''}: ${reason}`);
  }
}

export interface HttpClientOptions {
  baseUrl: string;
  /** Authorization and extra headers; never logged. */
  headers: Record<string, string>;
  timeoutMs: number;
  redactor: Redactor;
}

export type QueryParameters = Record<string, string> | readonly (readonly [string, string])[];

/**
 * The harness's only way to the network. It sends GET and nothing else, whatever a caller asks,
 * so the suite is safe to point at production.
 */
export class ReadOnlyHttpClient {
  constructor(
    private readonly context: APIRequestContext,
    private readonly options: HttpClientOptions,
  ) {}

  /** GET `path` (already percent-encoded where needed) with query parameters, relative to the base URL. */
  async get(path: string, query: QueryParameters = {}): Promise<Exchange> {
    const search = new URLSearchParams(Array.isArray(query) ? [...query] : Object.entries(query)).toString();
    return this.send('GET', `${this.options.baseUrl}${path}${search ? `?${search}` : ''}`);
  }

  private async send(method: string, url: string): Promise<Exchange> {
    if (method !== 'GET') throw new Error(`the harness sends only GET requests; refused ${method} ${this.options.redactor.url(url)}`);
    const shownUrl = this.options.redactor.url(url);
    let retriedAfter: string | undefined;
    for (let attempt = 1; ; attempt++) {
      const started = Date.now();
      try {
        const response = await this.context.fetch(url, {
          method: 'GET',
          headers: this.options.headers,
          timeout: this.options.timeoutMs,
          failOnStatusCode: false,
          maxRedirects: 0,
        });
        return await toExchange(response, shownUrl, Date.now() - started, retriedAfter);
      } catch (error) {
        const reason = this.options.redactor.text(error instanceof Error ? error.message.split('\n')[0] : String(error));
        if (attempt === 1 && RETRYABLE.test(reason)) {
          retriedAfter = reason;
          continue;
        }
        throw new TransportError(shownUrl, reason, attempt);
      }
    }
  }
}

async function toExchange(response: APIResponse, url: string, durationMs: number, retriedAfter?: string): Promise<Exchange> {
  const headers = response.headers();
  const contentType = headers['content-type'] ?? '';
  const declared = Number(headers['content-length'] ?? NaN);
  const base = { method: 'GET' as const, url, status: response.status(), contentType, durationMs, ...(retriedAfter ? { retriedAfter } : {}) };
  if (declared > MAX_BODY_BYTES) {
    await response.dispose();
    return { ...base, bodyText: '', json: { ok: false, error: `body of ${declared} bytes exceeds the harness limit of ${MAX_BODY_BYTES} bytes` } };
  }
  const body = await response.body();
  await response.dispose();
  if (body.length > MAX_BODY_BYTES) {
    return { ...base, bodyText: '', json: { ok: false, error: `body of ${body.length} bytes exceeds the harness limit of ${MAX_BODY_BYTES} bytes` } };
  }
  const bodyText = body.toString('utf8');
  return { ...base, bodyText, json: parseJson(bodyText) };
}

function parseJson(text: string): Exchange['json'] {
  if (text.trim() === '') return { ok: false, error: 'empty body' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}
