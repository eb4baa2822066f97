/**
 * How an answer's body is written into a HAR recording, and read back from one: the one convention
 * `run --har` writes and `judge` reads.
 *
 * HAR 1.2 holds a body as text, decoded (http://www.softwareishard.com/blog/har-12-spec/#content):
 * here its content coding is undone (gzip, br, deflate), and its bytes are read as ISO-8859-1
 * where it declares so, else as UTF-8, each byte that is no UTF-8 kept as the lone surrogate
 * U+DC00 + byte (Python's surrogateescape), so that the text is the body exactly. The text is then redacted, as every text
 * the harness writes is: no credential is one gunzip or one base64 away. A body the harness cannot
 * decode, or does not hold, is left out, with a typed note (`_notKept`) from which `judge` answers as
 * the run was answered. Reading back, the text is written in its charset and its content coding
 * again, so that `judge` judges the bytes the run judged.
 */
import { decodedContent, encodedContent } from './content-coding';
import { ACCEPTED_ENCODING } from './exchange';
import { firstInvalidUtf8 } from './http-client';
import type { TransportAnswer } from './transport';

/** Why a body is not in a recording, as data. */
export type NotKept = { reason: 'too-large'; bytes: number; cutOff?: true } | { reason: 'undecodable'; coding: string };

/** A response's content as a HAR entry holds it. */
export interface HarContent {
  size: number;
  mimeType: string;
  text?: string;
  encoding?: 'base64';
  comment?: string;
  _notKept?: NotKept;
}

/** The labels of ISO-8859-1, whose text is its bytes one character each, whatever they are: read and written back as it. */
const LATIN1 = new Set(['iso-8859-1', 'latin1', 'l1', 'us-ascii', 'ascii']);

/** The charset a media type declares, lower case, or undefined. */
export function charsetOf(mimeType: string): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(mimeType)?.[1].toLowerCase();
}

/** Bytes as UTF-8, each byte that is no part of a well-formed character kept as U+DC00 + byte (0x80 and over: U+DC80 to U+DCFF). */
export function surrogateEscaped(bytes: Buffer): string {
  let text = '';
  for (let from = 0; from < bytes.length;) {
    const rest = bytes.subarray(from);
    const invalid = firstInvalidUtf8(rest);
    if (invalid === undefined) return text + rest.toString('utf8');
    text += rest.subarray(0, invalid).toString('utf8') + String.fromCharCode(0xdc00 + rest[invalid]);
    from += invalid + 1;
  }
  return text;
}

/** The bytes surrogateEscaped read: UTF-8, and each U+DC80..U+DCFF the byte it stands for. */
function unescaped(text: string): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (const match of text.matchAll(/(?<![\ud800-\udbff])[\udc80-\udcff]/g)) {
    parts.push(Buffer.from(text.slice(from, match.index), 'utf8'), Buffer.from([match[0].charCodeAt(0) - 0xdc00]));
    from = match.index + 1;
  }
  parts.push(Buffer.from(text.slice(from), 'utf8'));
  return Buffer.concat(parts);
}

/**
 * Decoded bytes as text: ISO-8859-1 as it declares, else UTF-8 with each byte that is no UTF-8
 * escaped (a UTF-16 body reads as its characters and NULs, which the redactor passes over).
 */
const textOf = (bytes: Buffer, mimeType: string) =>
  LATIN1.has(charsetOf(mimeType) ?? '') ? bytes.toString('latin1') : surrogateEscaped(bytes);

/** Whether every character of a text is one ISO-8859-1 writes. */
const fitsLatin1 = (text: string) => [...text].every((c) => c.charCodeAt(0) <= 0xff);

/** A recorded text as the bytes it was (textOf undone); a browser's ISO-8859-1 text holding more than it can write is read as UTF-8. */
const bytesOf = (text: string, mimeType: string) =>
  LATIN1.has(charsetOf(mimeType) ?? '') && fitsLatin1(text) ? Buffer.from(text, 'latin1') : unescaped(text);

/**
 * An answer's body as HAR content, decoded and redacted (`redact`): its content coding undone, its
 * bytes read as text; left out, with a note, where the body was too large to hold or does not decode
 * as its coding.
 */
export function harContent(answer: TransportAnswer, redact: (text: string) => string, limit: number): HarContent {
  const mimeType = answer.headers['content-type'] ?? '';
  if (answer.tooLargeBytes !== undefined)
    return {
      size: answer.tooLargeBytes,
      mimeType,
      comment: `body not kept: ${answer.tooLargeBytes} bytes, past the limit`,
      _notKept: { reason: 'too-large', bytes: answer.tooLargeBytes, ...(answer.cutOff ? { cutOff: true as const } : {}) },
    };
  let bytes = answer.body;
  const coding = (answer.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (coding !== '' && coding !== ACCEPTED_ENCODING) {
    const decoded = decodedContent(bytes, coding, limit);
    if (!('body' in decoded))
      return {
        size: bytes.length,
        mimeType,
        comment: `body not kept: labelled Content-Encoding: ${coding}, and ${'error' in decoded ? decoded.error : 'it decodes past the limit'}`,
        _notKept: { reason: 'undecodable', coding },
      };
    bytes = decoded.body;
  }
  if (bytes.length === 0) return { size: 0, mimeType };
  return { size: bytes.length, mimeType, text: redact(textOf(bytes, mimeType)) };
}

/** Bytes that decode as no content coding: what a recording's undecodable body is answered with, so that it is read as the run read it. */
const NOT_A_STREAM = Buffer.from('the body was not kept: it did not decode as its Content-Encoding');

/**
 * A recorded answer's body, as the transport carried it: the content's text (or base64, as browsers
 * write a binary body) written in its charset and its declared content coding again; a body left
 * out as too large is said so, one left out as undecodable is answered with bytes that decode as no
 * coding, as the run's did not.
 */
export function recordedBody(
  content: HarContent,
  headers: Record<string, string>,
): Pick<TransportAnswer, 'body' | 'tooLargeBytes' | 'cutOff'> {
  const notKept = content._notKept;
  if (notKept?.reason === 'too-large')
    return { body: Buffer.alloc(0), tooLargeBytes: notKept.bytes, ...(notKept.cutOff ? { cutOff: true } : {}) };
  if (notKept?.reason === 'undecodable') return { body: NOT_A_STREAM };
  const text = content.text ?? '';
  const bytes = content.encoding === 'base64' ? Buffer.from(text, 'base64') : bytesOf(text, content.mimeType);
  const coding = (headers['content-encoding'] ?? '').trim().toLowerCase();
  return { body: coding === '' || coding === ACCEPTED_ENCODING ? bytes : encodedContent(bytes, coding) };
}
