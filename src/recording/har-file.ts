/**
 * A recording as HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/): what `run --har`
 * writes, a browser's network panel exports or a recording proxy keeps. Only what judging needs is
 * read: each GET's URL, and its answer's status, headers and body (text, or base64 as browsers
 * write a binary one, written in its content coding again: har-body.ts). An entry without an
 * answer (status 0) is a request the service never answered.
 */
import { readFileSync } from 'node:fs';
import { type HarContent, type NotKept, recordedBody } from '../client/har-body';
import { InputError } from '../config/input-error';

/** One recorded answer, as a transport would have carried it. */
export interface RecordedExchange {
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

/** A response's content as HAR 1.2 writes it, the fields judging reads, each only where it has its type. */
function contentOf(content: unknown): HarContent {
  const given = isObject(content) ? content : {};
  const notKept = isObject(given._notKept) ? (given._notKept as unknown as NotKept) : undefined;
  return {
    size: 0,
    mimeType: typeof given.mimeType === 'string' ? given.mimeType : '',
    ...(typeof given.text === 'string' ? { text: given.text } : {}),
    ...(given.encoding === 'base64' ? { encoding: 'base64' as const } : {}),
    ...(notKept && (notKept.reason === 'too-large' || notKept.reason === 'undecodable') ? { _notKept: notKept } : {}),
  };
}

/** The GET exchanges of a HAR file, in its order; another method, or an entry not shaped as HAR 1.2 says, is left out. */
export function readHar(file: string): RecordedExchange[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new InputError(`${file} cannot be read as a HAR file: ${(error as Error).message.split('\n')[0]}`);
  }
  const entries = isObject(parsed) && isObject(parsed.log) ? parsed.log.entries : undefined;
  if (!Array.isArray(entries)) throw new InputError(`${file} is no HAR 1.2 recording: it has no log.entries`);
  return entries.flatMap((entry): RecordedExchange[] => {
    if (!isObject(entry) || !isObject(entry.request) || !isObject(entry.response)) return [];
    const { request, response } = entry;
    if (request.method !== 'GET' || typeof request.url !== 'string' || typeof response.status !== 'number') return [];
    const headers = headersOf(response.headers);
    const body = recordedBody(contentOf(response.content), headers);
    const failure = response.status === 0 ? (typeof response.comment === 'string' ? response.comment : 'no answer recorded') : undefined;
    return [{ url: request.url, status: response.status, headers, ...body, ...(failure ? { failure } : {}) }];
  });
}
