/**
 * A recording as HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/): what `run --har`
 * writes, a browser's network panel exports or a recording proxy keeps. Only what judging needs is
 * read: each GET's URL, and its answer's status, headers and body (text, or base64 as browsers
 * write a binary one, written in its content coding again: har-body.ts). An entry without an
 * answer (status 0) is a request the service never answered.
 */
import { type HarContent, type NotKept, recordedBody } from '../client/har-body';
import { InputError } from '../config/input-error';
import { FileRefusal, readBoundedFile } from '../json/json-file';
import { nestsDeeperThan } from '../json/nesting';
import { serviceText } from '../rules/rulebook';

/** One recorded answer, as a transport would have carried it. */
export interface RecordedExchange {
  /** Where the recording holds it: `log.entries[3]`. */
  entry: string;
  url: string;
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: Buffer;
  /** The body was too large to hold: its size (har-body.ts). */
  tooLargeBytes?: number;
  cutOff?: boolean;
  /** Why the recording holds no answer (status 0), as it says. */
  failure?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The headers of a HAR message, by lower-case name; repeated ones joined with ", ", as the harness's transport joins them. */
function headersOf(list: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const header of Array.isArray(list) ? list : []) {
    if (!isObject(header) || typeof header.name !== 'string' || typeof header.value !== 'string') continue;
    const name = header.name.toLowerCase();
    headers[name] = headers[name] === undefined ? header.value : `${headers[name]}, ${header.value}`;
  }
  return headers;
}

/** Levels a recording nests at most: its own shape a few, a body held as text none. */
const HAR_NESTING_LIMIT = 1_000;

/** What a recording holds at most: a run's exchanges, its bodies whole within the client's limit, are far less. */
const HAR_MAX_BYTES = 256 * 1024 * 1024;

/** A body's note of why it was not kept, where it is one of the shapes har-body.ts writes. */
function notKeptOf(value: unknown): NotKept | undefined {
  if (!isObject(value)) return undefined;
  if (value.reason === 'too-large' && Number.isSafeInteger(value.bytes) && (value.bytes as number) >= 0)
    return { reason: 'too-large', bytes: value.bytes as number, ...(value.cutOff === true ? { cutOff: true as const } : {}) };
  if (value.reason === 'undecodable' && typeof value.coding === 'string') return { reason: 'undecodable', coding: value.coding };
  return undefined;
}

/** A response's content as HAR 1.2 writes it, the fields judging reads, each only where it has its type. */
function contentOf(content: unknown): HarContent {
  const given = isObject(content) ? content : {};
  const notKept = notKeptOf(given._notKept);
  return {
    size: 0,
    mimeType: typeof given.mimeType === 'string' ? given.mimeType : '',
    ...(typeof given.text === 'string' ? { text: given.text } : {}),
    ...(given.encoding === 'base64' ? { encoding: 'base64' as const } : {}),
    ...(notKept ? { _notKept: notKept } : {}),
  };
}

/** An HTTP status as a recording may hold one: 0 for a request never answered (HAR 1.2), or one of 100 to 599 (RFC 9110 §15). */
const isStatus = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && (value === 0 || (value >= 100 && value <= 599));

/** An absolute http or https URL, as a recorded request's must be to be asked again. */
function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A recorded GET whose request and answer judging can read, or why it cannot, naming the entry. */
function exchangeOf(entry: Record<string, unknown>, at: string): RecordedExchange | string {
  const request = entry.request as Record<string, unknown>;
  const response = entry.response as Record<string, unknown>;
  if (typeof request.url !== 'string' || !isHttpUrl(request.url))
    return `${at}.request.url is no http or https URL (${serviceText(String(request.url), SHOWN_BYTES)})`;
  if (!isStatus(response.status))
    return `${at}.response.status is no HTTP status (${serviceText(JSON.stringify(response.status) ?? 'absent', SHOWN_BYTES)}): 0 for no answer, or 100 to 599`;
  const headers = headersOf(response.headers);
  const body = recordedBody(contentOf(response.content), headers);
  const failure = response.status === 0 ? (typeof response.comment === 'string' ? response.comment : 'no answer recorded') : undefined;
  return { entry: at, url: request.url, status: response.status, headers, ...body, ...(failure ? { failure } : {}) };
}

/** What of a recording's own text a message shows at most. */
const SHOWN_BYTES = 200;

/**
 * The GET exchanges of a HAR file, in its order; another method, or an entry not shaped as HAR 1.2
 * says, is left out. A GET whose URL or status no request or answer can have is the recording's
 * fault, said in one line naming the entry, never judged.
 */
export function readHar(file: string): RecordedExchange[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readBoundedFile(file, HAR_MAX_BYTES).toString('utf8'));
  } catch (error) {
    if (error instanceof FileRefusal) throw new InputError(error.message);
    throw new InputError(`${file} cannot be read as a HAR file: ${(error as Error).message.split('\n')[0]}`);
  }
  // Deeper than any recording (a browser's or ours nests a few levels): none of them, and a walk after it would overflow.
  if (nestsDeeperThan(parsed, HAR_NESTING_LIMIT))
    throw new InputError(`${file} is no HAR 1.2 recording: it nests deeper than ${HAR_NESTING_LIMIT.toLocaleString('en')} levels`);
  const entries = isObject(parsed) && isObject(parsed.log) ? parsed.log.entries : undefined;
  if (!Array.isArray(entries)) throw new InputError(`${file} is no HAR 1.2 recording: it has no log.entries`);
  return entries.flatMap((entry, i): RecordedExchange[] => {
    if (!isObject(entry) || !isObject(entry.request) || !isObject(entry.response) || entry.request.method !== 'GET') return [];
    const exchange = exchangeOf(entry, `log.entries[${i}]`);
    if (typeof exchange === 'string') throw new InputError(`${file}: ${exchange}`);
    return [exchange];
  });
}
