/**
 * A body's content coding (RFC 9110 §8.4): decoded within a limit, as the client reads an answer in
 * a coding it did not ask for, and written again, as `judge` hands a recording's decoded body back
 * in the coding its answer declared.
 */
import * as zlib from 'node:zlib';

/** What a coding decodes to: the body, a body past the limit, or why it does not decode. */
export type Decoded = { body: Buffer } | { tooLarge: true } | { error: string; known: boolean };

/** zstd, where this Node's zlib has it (22.15 and later): a coding the harness then reads as any other. */
const zstd = (zlib as unknown as { zstdDecompressSync?: typeof zlib.gunzipSync; zstdCompressSync?: typeof zlib.gzipSync })
  .zstdDecompressSync
  ? (zlib as unknown as { zstdDecompressSync: typeof zlib.gunzipSync; zstdCompressSync: typeof zlib.gzipSync })
  : undefined;

/** The codings the harness reads: gzip (and its old name), brotli, deflate, and zstd where Node has it. */
export function knowsCoding(coding: string): boolean {
  return ['gzip', 'x-gzip', 'br', 'deflate', ...(zstd ? ['zstd'] : [])].includes(coding);
}

/**
 * A body in a coding the request did not accept, decoded within `limit` bytes. A coding the harness
 * knows that fails to decode is no body any client could read (`known`); one it does not know, it
 * cannot say.
 */
export function decodedContent(body: Buffer, coding: string, limit: number): Decoded {
  if (!knowsCoding(coding)) return { error: `the harness cannot decode the content coding "${coding}"`, known: false };
  const options = { maxOutputLength: limit };
  try {
    if (coding === 'gzip' || coding === 'x-gzip') return { body: zlib.gunzipSync(body, options) };
    if (coding === 'br') return { body: zlib.brotliDecompressSync(body, options) };
    if (coding === 'zstd') return { body: zstd!.zstdDecompressSync(body, options) };
    // "deflate" is the zlib format (RFC 9110 §8.4.1.2), which some servers send raw.
    try {
      return { body: zlib.inflateSync(body, options) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw error;
      return { body: zlib.inflateRawSync(body, options) };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return { tooLarge: true };
    return { error: `it does not decode as ${coding}: ${(error as Error).message}`, known: true };
  }
}

/** A decoded body written again in a coding the harness knows: what a recording's answer was sent as. */
export function encodedContent(body: Buffer, coding: string): Buffer {
  if (coding === 'gzip' || coding === 'x-gzip') return zlib.gzipSync(body);
  if (coding === 'br') return zlib.brotliCompressSync(body);
  if (coding === 'zstd' && zstd) return zstd.zstdCompressSync(body);
  if (coding === 'deflate') return zlib.deflateSync(body);
  return body;
}
