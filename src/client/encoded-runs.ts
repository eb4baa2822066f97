/**
 * Binary-to-text forms a secret may be echoed in: base64 (either alphabet, padded or not),
 * hexadecimal (with or without a separator between bytes), and a compressed stream (gzip, zlib)
 * inside either. A run of such characters is decoded at every alignment it can start at inside a
 * longer text, and each decoding that reads as text is what the redactor asks of again, so that
 * these forms compose with each other and with the textual ones (redaction-view.ts): the base64 of
 * a percent-encoded token, the hexadecimal of its base64, its base64 reversed.
 */
import { constants, inflateRawSync, inflateSync } from 'node:zlib';

/** Base64 of eight bytes, the fewest a secret has (MIN_SECRET_LENGTH), is eleven characters: a shorter run holds none. */
const BASE64_RUN = /[A-Za-z0-9+/_-]{11,}={0,2}/g;
/**
 * Hexadecimal of eight bytes at least, a separator (space, colon, dash, or a space form-encoded as
 * +) between digits or none; of any length, since a hexadecimal letter before it joins the run.
 */
const HEX_RUN = /[0-9A-Fa-f](?:[ :+-]?[0-9A-Fa-f]){15,}/g;

/** What a compressed stream inside a run may inflate to at most: a secret is far shorter, a bomb far longer. */
const MAX_INFLATED_BYTES = 1024 * 1024;

/** The share of a decoding's characters that may be no text (U+FFFD, control characters) for it to read as text. */
const MAX_NOISE = 0.25;

/** A run of one binary-to-text alphabet in a text: where it is, and its characters. */
export interface EncodedRun {
  index: number;
  text: string;
}

/** The runs of base64 and of hexadecimal characters in `text`, each long enough to hold a secret; they may overlap. */
export function encodedRuns(text: string): EncodedRun[] {
  const runs: EncodedRun[] = [];
  const base64Ends = new Map<number, number>();
  for (const match of text.matchAll(BASE64_RUN)) {
    runs.push({ index: match.index, text: match[0] });
    base64Ends.set(match.index, match.index + match[0].length);
  }
  // A hexadecimal run that is a base64 run as well is asked once.
  for (const match of text.matchAll(HEX_RUN))
    if (base64Ends.get(match.index) !== match.index + match[0].length) runs.push({ index: match.index, text: match[0] });
  return runs;
}

/** The deflate stream of the gzip member that starts at `at` (RFC 1952 §2.3), past its header. */
function gzipBody(bytes: Buffer, at: number): Buffer {
  const flags = bytes[at + 3];
  let body = at + 10;
  if (flags & 4) body += 2 + (body + 1 < bytes.length ? bytes.readUInt16LE(body) : 0);
  for (const flag of [8, 16]) if (flags & flag) body = bytes.indexOf(0, body) + 1 || bytes.length;
  if (flags & 2) body += 2;
  return bytes.subarray(body);
}

/** Where a compressed stream may start in decoded bytes, at most this many places each: a run may hold other bytes before it. */
const MAX_STREAM_STARTS = 4;

/** Where a compressed stream may start in decoded bytes: a gzip member's magic, or a zlib header (RFC 1950 §2.2: deflate, a 32K window). */
function streamStarts(bytes: Buffer): { at: number; gzip: boolean }[] {
  const starts: { at: number; gzip: boolean }[] = [];
  for (let at = bytes.indexOf(0x1f); at >= 0 && starts.length < MAX_STREAM_STARTS; at = bytes.indexOf(0x1f, at + 1))
    if (bytes[at + 1] === 0x8b && bytes[at + 2] === 0x08) starts.push({ at, gzip: true });
  for (let at = bytes.indexOf(0x78); at >= 0 && starts.length < 2 * MAX_STREAM_STARTS; at = bytes.indexOf(0x78, at + 1))
    if (ZLIB_LEVELS.has(bytes[at + 1])) starts.push({ at, gzip: false });
  return starts;
}

/** The second byte of a zlib header, for each compression level a compressor writes. */
const ZLIB_LEVELS = new Set([0x01, 0x5e, 0x9c, 0xda]);

const INFLATE_OPTIONS = { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: MAX_INFLATED_BYTES };

/**
 * The compressed streams in decoded bytes, each inflated as far as it goes: trailing bytes of the run
 * and a cut stream alike are read past, never thrown on.
 */
function inflated(bytes: Buffer): Buffer[] {
  const streams: Buffer[] = [];
  for (const { at, gzip } of streamStarts(bytes)) {
    try {
      const out = gzip ? inflateRawSync(gzipBody(bytes, at), INFLATE_OPTIONS) : inflateSync(bytes.subarray(at), INFLATE_OPTIONS);
      if (out.length > 0) streams.push(out);
    } catch {
      // Not a stream after all.
    }
  }
  return streams;
}

/** A character that tells bytes from text: U+FFFD (bytes that make no character), and control characters but tab and the line ends. */
// eslint-disable-next-line no-control-regex -- control characters are the point.
const NOISE = /[\ufffd\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Text between noise this long at least is read, whatever surrounds it: the fewest characters a secret's form has. */
const MIN_TEXT = 8;

/**
 * Bytes as text: NUL bytes dropped (UTF-16 of ASCII is its letters then), then UTF-8; the whole of
 * it where it reads as text, else each stretch of text between the noise, so that a run of base64
 * that a value of other characters before it joined (hexadecimal, in a JSON text read as one)
 * still gives the text it holds.
 */
function textsOf(bytes: Buffer): string[] {
  const text = (bytes.includes(0) ? Buffer.from(bytes.filter((byte) => byte !== 0)) : bytes).toString('utf8');
  if (text.length === 0) return [];
  const noise = text.match(NOISE)?.length ?? 0;
  if (noise / text.length <= MAX_NOISE) return [text];
  return text.split(NOISE).filter((stretch) => stretch.length >= MIN_TEXT);
}

/** The bytes a run can be: base64 from each of its first four characters, hexadecimal from each of its first two. */
function decodedBytes(run: string): Buffer[] {
  const out: Buffer[] = [];
  const base64 = run.replace(/=+$/, '');
  if (base64.length >= 11 && /^[A-Za-z0-9+/_-]+$/.test(base64))
    for (let k = 0; k < 4 && base64.length - k >= 11; k++) out.push(Buffer.from(base64.slice(k), 'base64'));
  const hex = run.replace(/[ :+-]/g, '');
  if (/^[0-9A-Fa-f]{16,}$/.test(hex)) for (let k = 0; k < 2; k++) out.push(Buffer.from(hex.slice(k), 'hex'));
  return out;
}

/** Each text a run decodes to, a compressed stream in it inflated: what the redactor asks of again. */
export function runDecodings(run: string): string[] {
  const texts: string[] = [];
  for (const bytes of decodedBytes(run)) for (const candidate of [bytes, ...inflated(bytes)]) texts.push(...textsOf(candidate));
  return texts;
}
