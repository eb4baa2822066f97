import { isUtf8 } from 'node:buffer';
import { duplicateMemberNames, jsonTextShape, MAX_JUDGED_DEPTH, repeatsNames } from '../json/json-text';
import { decodedContent } from './content-coding';
import { ACCEPTED_ENCODING, EXCERPT_CHARACTERS, type Exchange } from './exchange';
import type { Redactor } from './redact';
import type { Transport, TransportAnswer } from './transport';

/**
 * The start of a body redacted for its excerpt: a form of a secret that reaches into the excerpt's
 * characters lies within it, whatever encodings a service nests (a credential is far shorter).
 */
const EXCERPT_REDACTED_CHARACTERS = 64 * 1024;

/** Bodies larger than this are not held or parsed, declared or streamed: the check fails with the size instead. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** Transport errors worth one retry: a stale keep-alive socket, a reset mid-answer. */
const RETRYABLE = /ECONNRESET|EPIPE|socket hang up|ECONNABORTED|other side closed|UND_ERR_SOCKET/i;

/**
 * A request the transport declined to send, as data: `judge`'s recording holds no answer to it
 * (`recording`), the command's request budget is spent (`budget`), or the command was stopped
 * (`stopped`). It is no failure of the network or of the service; what asked it is not judged, and
 * says why.
 */
export class NotSentError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
    readonly kind: 'recording' | 'budget' | 'stopped' = 'recording',
  ) {
    super(`not sent: GET ${url}: ${reason}`);
  }
}

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

/**
 * An answer the service gave that refuses the request for its rate or its availability, after the
 * client waited as asked (refusedForRate): as a TransportError, no answer about the data, said with
 * what to do about it.
 */
export class RefusedError extends TransportError {
  constructor(readonly exchange: Exchange) {
    const waited = exchange.rateLimited?.length ?? 0;
    super(
      exchange.url,
      `the service answered ${exchange.status} ${exchange.status === 429 ? 'Too Many Requests' : 'Service Unavailable'}${waited > 0 ? ` after its Retry-After was waited out ${waited === 1 ? 'once' : `${waited} times`}` : ''}: an answer refused for rate or availability says nothing of the data; lower MAX_RPS (--max-rps), or run when the service allows more requests`,
      waited + 1,
    );
  }
}

/** Retry-After waits are honoured up to this long each, at most this many times per request. */
export const MAX_RETRY_AFTER_SECONDS = 10;
export const MAX_RATE_LIMIT_RETRIES = 2;

export interface HttpClientOptions {
  baseUrl: string;
  /** Authorization and extra headers; never logged. */
  headers: Record<string, string>;
  timeoutMs: number;
  redactor: Redactor;
  /** Paces this client's requests; shared by every client of a worker. */
  throttle?: Throttle;
  /** Waits for a Retry-After (tests pass a fake clock). */
  sleep?: (ms: number) => Promise<void>;
  /** Body limit; tests lower it. */
  maxBodyBytes?: number;
}

/** What the throttle's one-second window adds for the time between its release and the request leaving. */
const WINDOW_MARGIN_MS = 15;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Spaces requests 1/rate seconds apart, and holds any one-second window to the rate, counted on the
 * times requests really left: a timer that fires late (a busy event loop, a slow disk) would
 * otherwise release several waiting requests at once. Each worker gets its share of MAX_RPS.
 */
export class Throttle {
  private next = 0;
  /** When the last `capacity` requests left. */
  private readonly starts: number[] = [];

  constructor(
    private readonly requestsPerSecond: number,
    private readonly sleep: (ms: number) => Promise<void> = defaultSleep,
    private readonly now: () => number = Date.now,
  ) {}

  async wait(): Promise<void> {
    if (!(this.requestsPerSecond > 0)) return;
    // No request leaves within a second of the one `capacity` requests before it, with a margin for
    // the few milliseconds between this release and the request's first byte, which vary.
    const capacity = Math.max(1, Math.floor(this.requestsPerSecond));
    const windowOpens = () =>
      this.starts.length >= capacity ? this.starts[this.starts.length - capacity] + 1000 + WINDOW_MARGIN_MS : -Infinity;
    const slot = Math.max(this.now(), this.next, windowOpens());
    this.next = slot + 1000 / this.requestsPerSecond;
    // One wait for the slot; another only when a timer fired late and the window is not open yet.
    for (let early = slot - this.now(); early > 0; early = windowOpens() - this.now()) await this.sleep(early);
    this.starts.push(this.now());
    if (this.starts.length > capacity) this.starts.shift();
  }
}

/** Seconds to wait from a Retry-After header (delta-seconds or an HTTP date), or undefined. */
export function retryAfterSeconds(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * Parameters sent with every byte of their names and values percent-encoded, letters and digits
 * too: RFC 3986 §2.3 makes a URI so written equivalent to the one that leaves them plain, so a
 * service answers both alike (the relation of equivalent requests, src/rules/equivalent-requests.ts).
 */
export interface EveryByteEncoded {
  readonly everyByteEncoded: Readonly<Record<string, string>>;
}

export type QueryParameters = Record<string, string> | readonly (readonly [string, string])[] | EveryByteEncoded;

const isEveryByteEncoded = (query: QueryParameters): query is EveryByteEncoded =>
  !Array.isArray(query) && typeof (query as Partial<EveryByteEncoded>).everyByteEncoded === 'object';

/** `text` as %XX for each of its UTF-8 bytes. */
const everyByte = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/** The query string of `query`: URLSearchParams' form encoding, or every byte encoded. */
function queryString(query: QueryParameters): string {
  if (isEveryByteEncoded(query))
    return Object.entries(query.everyByteEncoded)
      .map(([name, value]) => `${everyByte(name)}=${everyByte(value)}`)
      .join('&');
  return new URLSearchParams(Array.isArray(query) ? [...query] : Object.entries(query as Record<string, string>)).toString();
}

/** A link that the harness will not follow: it leaves the base URL's origin. */
export class ForeignOriginError extends Error {}

/**
 * The harness's only way to the network. It sends GET and nothing else, whatever a caller asks,
 * so the suite is safe to point at production, and it sends credentials only to the base URL's origin.
 */
export class ReadOnlyHttpClient {
  private readonly origin: string;

  constructor(
    private readonly transport: Transport,
    private readonly options: HttpClientOptions,
  ) {
    this.origin = new URL(options.baseUrl).origin;
  }

  /** GET `path` (already percent-encoded where needed) with query parameters, relative to the base URL. */
  async get(path: string, query: QueryParameters = {}): Promise<Exchange> {
    const search = queryString(query);
    return this.send('GET', `${this.options.baseUrl}${path}${search ? `?${search}` : ''}`);
  }

  /**
   * GET a URL the service handed out, such as a bundle's `next` link: a relative one is resolved
   * against the base URL; one on another origin is refused, since the request would carry credentials.
   */
  async follow(link: string): Promise<Exchange> {
    const url = this.resolve(link);
    if (url.origin !== this.origin)
      throw new ForeignOriginError(`${this.options.redactor.url(url.href)} is on another origin than the base URL (${this.origin})`);
    return this.send('GET', url.href);
  }

  /** Text from the service, its credentials out, before any message quotes it. */
  redact(text: string): string {
    return this.options.redactor.text(text);
  }

  /** A link resolved against the base URL, as a client of the service would. */
  resolve(link: string): URL {
    return new URL(link, `${this.options.baseUrl}/`);
  }

  private async send(method: string, url: string): Promise<Exchange> {
    if (method !== 'GET') throw new Error(`the harness sends only GET requests; refused ${method} ${this.options.redactor.url(url)}`);
    const shownUrl = this.options.redactor.url(url);
    const sleep = this.options.sleep ?? defaultSleep;
    const limits = { timeoutMs: this.options.timeoutMs, maxBodyBytes: this.options.maxBodyBytes ?? MAX_BODY_BYTES };
    const rateLimited: NonNullable<Exchange['rateLimited']> = [];
    let retriedAfter: string | undefined;
    for (let attempt = 1; ; attempt++) {
      await this.options.throttle?.wait();
      const started = Date.now();
      let answer: TransportAnswer;
      try {
        answer = await this.transport.get(url, this.options.headers, limits);
      } catch (error) {
        if (error instanceof NotSentError) throw new NotSentError(shownUrl, error.reason, error.kind);
        const reason = this.options.redactor.text(error instanceof Error ? error.message.split('\n')[0] : String(error));
        // One retry, for a transport error only, and never after a time-out: hangs stay bounded.
        if (retriedAfter === undefined && RETRYABLE.test(reason)) {
          retriedAfter = reason;
          continue;
        }
        throw new TransportError(shownUrl, reason, attempt);
      }
      // 429 and 503 with Retry-After: wait as asked, a bounded number of times; what comes after is judged as usual.
      const wait = retryAfterSeconds(answer.headers['retry-after']);
      if (
        (answer.status === 429 || answer.status === 503) &&
        wait !== undefined &&
        wait <= MAX_RETRY_AFTER_SECONDS &&
        rateLimited.length < MAX_RATE_LIMIT_RETRIES
      ) {
        rateLimited.push({ status: answer.status, retryAfterSeconds: wait });
        await sleep(wait * 1000);
        continue;
      }
      const exchange = toExchange(answer, shownUrl, Date.now() - started, limits.maxBodyBytes, this.options.redactor, retriedAfter);
      return {
        ...exchange,
        ...(rateLimited.length > 0 ? { rateLimited } : {}),
        ...(wait !== undefined ? { retryAfterSeconds: wait } : {}),
      };
    }
  }
}

/** The UTF-8 byte-order mark. */
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * An answer no client can read (a body labelled with a coding it does not decode as): held as no
 * body, as one too large to hold is, its reason the JSON error every rule that reads a body meets.
 */
function unreadable(base: Omit<Exchange, 'bodyText' | 'excerpt' | 'json' | 'body'>, extra: Partial<Exchange>, error: string): Exchange {
  return { ...base, ...extra, bodyText: '', excerpt: '', body: undefined, json: { ok: false, error, unreadable: true } };
}

function toExchange(
  answer: TransportAnswer,
  url: string,
  durationMs: number,
  limit: number,
  redactor: Redactor,
  retriedAfter?: string,
): Exchange {
  const contentType = answer.headers['content-type'] ?? '';
  const base = { method: 'GET' as const, url, status: answer.status, contentType, durationMs, ...(retriedAfter ? { retriedAfter } : {}) };
  const tooLarge = (bytes: number, cutOff?: boolean) => {
    const size = cutOff ? `body without a declared length passed ${bytes} bytes` : `body of ${bytes} bytes`;
    return {
      ...base,
      bodyText: '',
      excerpt: '',
      body: undefined,
      tooLargeBytes: bytes,
      json: { ok: false as const, error: `${size}: it exceeds the harness limit of ${limit} bytes, so reading stopped` },
    };
  };
  if (answer.tooLargeBytes !== undefined) return tooLarge(answer.tooLargeBytes, answer.cutOff);
  let body = answer.body;
  const coding = (answer.headers['content-encoding'] ?? '').trim().toLowerCase();
  const extra: Pick<Exchange, 'bom' | 'contentEncoding' | 'duplicateNames' | 'invalidUtf8'> = {};
  let undecodable: string | undefined;
  // No bytes need no decoding: an empty body (a 204, say) labelled with a coding is read as empty.
  if (coding !== '' && coding !== ACCEPTED_ENCODING && body.length === 0) extra.contentEncoding = { coding, decoded: true };
  else if (coding !== '' && coding !== ACCEPTED_ENCODING) {
    const result = decodedContent(body, coding, limit);
    if ('tooLarge' in result) return tooLarge(limit, true);
    extra.contentEncoding = { coding, decoded: 'body' in result };
    if ('body' in result) body = result.body;
    else if (result.known)
      return unreadable(
        base,
        extra,
        `the body is labelled Content-Encoding: ${coding}, and ${result.error}: no client that honours the label can read it`,
      );
    else undecodable = result.error;
  }
  if (body.subarray(0, BOM.length).equals(BOM)) {
    extra.bom = true;
    body = body.subarray(BOM.length);
  }
  // Decoded strictly: bytes that are no UTF-8 are said (the offset of the first), never passed over as U+FFFD unseen.
  const invalid = firstInvalidUtf8(body);
  if (invalid !== undefined) extra.invalidUtf8 = { offset: invalid, byte: body[invalid] };
  const bodyText = body.toString('utf8');
  const { names, ...parsed } = parseJson(bodyText);
  if (undecodable && !parsed.json.ok)
    parsed.json = { ok: false, error: `the body is sent with Content-Encoding: ${coding}, and ${undecodable}` };
  if (parsed.json.ok && names > 0 && repeatsNames(names, parsed.body)) {
    const repeated = duplicateMemberNames(bodyText);
    if (repeated.length > 0) extra.duplicateNames = repeated;
  }
  // Redacted, then cut: the one order in which no part of a secret survives the cut. What is redacted is the start of the body
  // that any form of a secret reaching into the excerpt lies within; the rest of a large body is never shown here.
  const excerpt = redactor.text(bodyText.slice(0, EXCERPT_REDACTED_CHARACTERS)).slice(0, EXCERPT_CHARACTERS);
  return { ...base, bodyText, excerpt, ...parsed, ...extra };
}

/** The byte offset of the first byte that is no part of well-formed UTF-8 (RFC 3629), or undefined when the whole body is. */
export function firstInvalidUtf8(bytes: Uint8Array): number | undefined {
  if (isUtf8(bytes)) return undefined;
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i];
    const length =
      lead < 0x80 ? 1 : lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return i;
    // The second byte's range depends on the lead: no overlong forms, no surrogates, nothing past U+10FFFF.
    const [low, high] =
      lead === 0xe0
        ? [0xa0, 0xbf]
        : lead === 0xed
          ? [0x80, 0x9f]
          : lead === 0xf0
            ? [0x90, 0xbf]
            : lead === 0xf4
              ? [0x80, 0x8f]
              : [0x80, 0xbf];
    for (let k = 1; k < length; k++) {
      const byte = bytes[i + k];
      if (k === 1 ? byte < low || byte > high : byte < 0x80 || byte > 0xbf) return i;
    }
    i += length;
  }
  return undefined;
}

/** The body parsed, with the member names its text writes (jsonTextShape): more than the parsed value holds is a repeated name. */
function parseJson(text: string): Pick<Exchange, 'json' | 'body'> & { names: number } {
  if (text.trim() === '') return { json: { ok: false, error: 'empty body' }, body: undefined, names: 0 };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    return { json: { ok: false, error: (error as Error).message }, body: undefined, names: 0 };
  }
  if (typeof body !== 'object' || body === null) return { json: { ok: true }, body, names: 0 };
  // RFC 8259 §9 lets a parser limit nesting: past the harness's limit a body is said, never walked.
  const { depth, names } = jsonTextShape(text);
  if (depth > MAX_JUDGED_DEPTH)
    return {
      json: {
        ok: false,
        depth,
        error: `it nests arrays and objects ${depth} levels deep, beyond the ${MAX_JUDGED_DEPTH} levels the harness reads (RFC 8259 §9 lets a parser limit nesting; no shape of the specification nests a tenth as deep)`,
      },
      body: undefined,
      names: 0,
    };
  return { json: { ok: true }, body, names };
}
