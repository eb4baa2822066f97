import { atPointer } from '../json/pointer';

/** One GET request and what came back: the evidence every check and failure message is built from. */
export interface Exchange {
  method: 'GET';
  /** The absolute URL, secrets redacted. */
  url: string;
  status: number;
  /** The Content-Type header, '' when absent. */
  contentType: string;
  bodyText: string;
  /** Whether the body parses as JSON, and why not when it does not. */
  json: { ok: true } | { ok: false; error: string };
  /** The parsed body, or undefined when it is not JSON: what the checks read. */
  body: unknown;
  durationMs: number;
  /** A transport error that was retried once before this answer came. */
  retriedAfter?: string;
  /** Size of a body too large to hold: it was not read into bodyText. */
  tooLargeBytes?: number;
  /** 429/503 answers whose Retry-After was honoured before this answer came. */
  rateLimited?: { status: number; retryAfterSeconds: number }[];
}

const EXCERPT_LENGTH = 400;

function clip(text: string, length = EXCERPT_LENGTH): string {
  return text.length > length ? `${text.slice(0, length)}… (${text.length} characters)` : text;
}

/** `GET https://host/path?x=1 → 200 application/json` */
export function requestLine(exchange: Pick<Exchange, 'method' | 'url' | 'status' | 'contentType'>): string {
  return `${exchange.method} ${exchange.url} → ${exchange.status} ${exchange.contentType || '(no content type)'}`;
}

/** The part of the body a failure is about: the value at `pointer`, or the start of the body. */
export function bodyExcerpt(exchange: Exchange, pointer?: string): string {
  if (exchange.tooLargeBytes !== undefined) return `body: not held, ${exchange.json.ok ? '' : exchange.json.error}`;
  if (pointer !== undefined && exchange.json.ok) {
    const value = atPointer(exchange.body, pointer);
    return `${pointer || '/'} = ${clip(JSON.stringify(value) ?? 'undefined')}`;
  }
  return `body: ${clip(exchange.bodyText) || '(empty)'}`;
}
