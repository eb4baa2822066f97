/**
 * An export file's bytes as the NDJSON text they hold: plain, gzip or Zstandard, told by the
 * first bytes (RFC 1952 and RFC 8878 magic numbers), not by the file's name, which a server or a
 * user may get wrong. Node's zlib decodes gzip, and Zstandard where this Node has it (22.15 and
 * later); fzstd, a streaming Zstandard decoder in plain JavaScript, otherwise. Both stream: memory
 * is the decoder's window, whatever the file's size.
 */
import { Readable } from 'node:stream';
import * as zlib from 'node:zlib';
import { Decompress } from 'fzstd';

export type Compression = 'plain' | 'gzip' | 'zstd';

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const ZSTD_MAGIC = Buffer.from([0x28, 0xb5, 0x2f, 0xfd]);

export function compressionOf(head: Buffer): Compression {
  if (head.subarray(0, GZIP_MAGIC.length).equals(GZIP_MAGIC)) return 'gzip';
  if (head.subarray(0, ZSTD_MAGIC.length).equals(ZSTD_MAGIC)) return 'zstd';
  return 'plain';
}

/** A file that does not decode: truncated, or not what its first bytes say. */
export class DecodeError extends Error {}

/** Node's own Zstandard decoder, where this Node has one. */
const nodeZstd = (zlib as { createZstdDecompress?: () => NodeJS.ReadWriteStream }).createZstdDecompress;

async function* throughFzstd(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const out: Buffer[] = [];
  const decoder = new Decompress((chunk) => out.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
  try {
    for await (const chunk of chunks) {
      decoder.push(chunk);
      yield* out.splice(0);
    }
    decoder.push(new Uint8Array(0), true);
  } catch (error) {
    throw new DecodeError(`not a whole Zstandard stream: ${(error as Error).message}`);
  }
  yield* out.splice(0);
}

async function* throughStream(chunks: AsyncIterable<Buffer>, decoder: NodeJS.ReadWriteStream, name: string): AsyncGenerator<Buffer> {
  try {
    yield* Readable.from(chunks).pipe(decoder) as AsyncIterable<Buffer>;
  } catch (error) {
    throw new DecodeError(`not a whole ${name} stream: ${(error as Error).message}`);
  }
}

/** The first bytes (enough to tell the compression, or all there are), and an iterable that yields them and then the rest. */
async function peeked(chunks: AsyncIterable<Buffer>): Promise<{ head: Buffer; all: AsyncIterable<Buffer> }> {
  const iterator = chunks[Symbol.asyncIterator]();
  const start: Buffer[] = [];
  let ended = false;
  while (!ended && Buffer.concat(start).length < ZSTD_MAGIC.length) {
    const next = await iterator.next();
    if (next.done) ended = true;
    else start.push(next.value);
  }
  const head = Buffer.concat(start);
  async function* all(): AsyncGenerator<Buffer> {
    if (head.length > 0) yield head;
    if (ended) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head, all: all() };
}

/** The decoded bytes of `chunks`, and the compression they came in. */
export async function decoded(chunks: AsyncIterable<Buffer>): Promise<{ compression: Compression; bytes: AsyncIterable<Buffer> }> {
  const { head, all } = await peeked(chunks);
  const compression = compressionOf(head);
  if (compression === 'gzip') return { compression, bytes: throughStream(all, zlib.createGunzip(), 'gzip') };
  if (compression === 'zstd') return { compression, bytes: nodeZstd ? throughStream(all, nodeZstd(), 'Zstandard') : throughFzstd(all) };
  return { compression, bytes: all };
}
