import { literalAt } from '../json/json-text';
import { atPointer } from '../json/pointer';

/** The only content coding a request accepts (Accept-Encoding), so that a body is judged as it was sent. */
export const ACCEPTED_ENCODING = 'identity';

/** One GET request and what came back: the evidence every check and failure message is built from. */
/** How much of a body an observation quotes (Exchange.excerpt). */
export const EXCERPT_CHARACTERS = 200;

export interface Exchange {
  method: 'GET';
  /** The absolute URL, secrets redacted. */
  url: string;
  status: number;
  /** The Content-Type header, '' when absent. */
  contentType: string;
  bodyText: string;
  /**
   * The body's first EXCERPT_CHARACTERS characters, cut after the whole body was redacted: what an
   * observation quotes of an answer, so that a cut never leaves half a credential unrecognised.
   */
  excerpt: string;
  /** Whether the body parses as JSON, and why not when it does not. */
  json:
    | { ok: true }
    | {
        ok: false;
        error: string;
        /** JSON nested deeper than the harness reads (MAX_JUDGED_DEPTH): how deep. */
        depth?: number;
        /** A body labelled with a content coding it does not decode as: no client can read it, so none is held. */
        unreadable?: true;
      };
  /** The parsed body, or undefined when it is not JSON: what the checks read. */
  body: unknown;
  durationMs: number;
  /** A transport error that was retried once before this answer came. */
  retriedAfter?: string;
  /** Size of a body too large to hold: it was not read into bodyText. */
  tooLargeBytes?: number;
  /** 429/503 answers whose Retry-After was honoured before this answer came. */
  rateLimited?: { status: number; retryAfterSeconds: number }[];
  /** The answer's own Retry-After, in seconds, where it gave one the client could read (a wait it may not have waited out). */
  retryAfterSeconds?: number;
  /** The body began with a UTF-8 byte-order mark, which RFC 8259 §8.1 forbids on the wire; bodyText is without it. */
  bom?: true;
  /** A Content-Encoding other than identity, which the request did not accept; bodyText is decoded when `decoded`. */
  contentEncoding?: { coding: string; decoded: boolean };
  /** JSON Pointers of members whose name repeats an earlier one of the same object (RFC 8259 §4). */
  duplicateNames?: string[];
  /** The body's bytes are not UTF-8 from this offset on (its byte, as evidence); bodyText holds U+FFFD where they were. */
  invalidUtf8?: { offset: number; byte: number };
}

/**
 * An answer that says nothing of the directory's data: who may ask (401, 403), how fast (429, once
 * the client gave up waiting out Retry-After), or that the service failed (5xx). A survey leaves
 * the unit it was asked for unanswered, for --resume, rather than judge a record by it.
 */
export const saysNothingOfTheData = ({ status }: Pick<Exchange, 'status'>) =>
  status === 401 || status === 403 || status === 429 || status >= 500;

/**
 * An answer that refuses the request for its rate or for the service's availability, once the client
 * waited as asked: 429, or 503 with a Retry-After. It says nothing of the data, in any rule or driver:
 * what asked it is not judged, and the run says why (lower MAX_RPS, or run when the service allows more).
 */
export const refusedForRate = (exchange: Pick<Exchange, 'status' | 'retryAfterSeconds'>) =>
  exchange.status === 429 || (exchange.status === 503 && exchange.retryAfterSeconds !== undefined);

/** What a page summary keeps of an answer it no longer holds: enough to name it as evidence. */
export type AnswerLine = Pick<Exchange, 'method' | 'url' | 'status' | 'contentType'>;

/** Whether evidence holds the whole answer, body included, or only its line. */
export const holdsBody = (answer: Exchange | AnswerLine): answer is Exchange => 'bodyText' in answer;

const EXCERPT_LENGTH = 400;

/** The start of a text, cut between characters, never inside a surrogate pair. */
function clip(text: string, length = EXCERPT_LENGTH): string {
  if (text.length <= length) return text;
  const end = /[\ud800-\udbff]/.test(text[length - 1]) ? length - 1 : length;
  return `${text.slice(0, end)}… (${text.length} characters)`;
}

/** `GET https://host/path?x=1 → 200 application/json` */
export function requestLine(exchange: Pick<Exchange, 'method' | 'url' | 'status' | 'contentType'>): string {
  return `${exchange.method} ${exchange.url} → ${exchange.status} ${exchange.contentType || '(no content type)'}`;
}

/** A number JSON.parse could not keep as written: out of range (1e400 is Infinity) or past 2^53 (digits lost). */
function holdsLostNumber(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value));
  if (value === null || typeof value !== 'object') return false;
  return Object.values(value).some(holdsLostNumber);
}

/** The part of the body a failure is about: the value at `pointer`, as the body wrote it, or the start of the body. */
export function bodyExcerpt(exchange: Exchange, pointer?: string): string {
  if (exchange.tooLargeBytes !== undefined) return `body: not held, ${exchange.json.ok ? '' : exchange.json.error}`;
  if (pointer !== undefined && exchange.json.ok) {
    const value = atPointer(exchange.body, pointer);
    // JSON.stringify would write 1e400 as null: the evidence quotes the body's own text instead.
    const shown = holdsLostNumber(value) ? literalAt(exchange.bodyText, pointer) : JSON.stringify(value);
    return `${pointer || '/'} = ${clip(shown ?? 'undefined')}`;
  }
  return `body: ${clip(exchange.bodyText) || '(empty)'}`;
}
