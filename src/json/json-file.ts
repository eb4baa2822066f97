import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { duplicateMemberNames, mayRepeatNames } from './json-text';

/**
 * A file a command was named that it will not read: a folder, no regular file (a device such as
 * /dev/zero, a FIFO no one writes to, a socket), or larger than what it can be. Its message
 * says which in words that follow the file's name; the command says it in one line, exit 2.
 */
export class FileRefusal extends Error {
  constructor(
    readonly kind: 'folder' | 'not-a-file' | 'too-large',
    message: string,
  ) {
    super(message);
  }
}

const MIB = 1024 * 1024;

/** A byte count as a person reads it: `12.3 MiB`, `512 bytes`. */
const sized = (bytes: number) => (bytes >= MIB ? `${(bytes / MIB).toFixed(1)} MiB` : `${bytes} bytes`);

/**
 * Why a named file will not be read whole, at most `maxBytes`, from what the file system says of it
 * alone, before a byte is read: a folder, no regular file (/dev/zero never ends, a FIFO may never
 * answer), more than it can be. Undefined where it may be read (or is not there: Node says so).
 */
export function fileRefusalOf(file: string, maxBytes: number): FileRefusal | undefined {
  let stat;
  try {
    stat = statSync(file);
  } catch {
    return undefined;
  }
  if (stat.isDirectory()) return new FileRefusal('folder', `${file} is a folder: give a file`);
  // The null device is how a person says "no file" (CONFORMANCE_ENV_FILE=/dev/null): it reads as nothing, at once.
  if (stat.isCharacterDevice() && resolve(file) === '/dev/null') return undefined;
  if (!stat.isFile()) return new FileRefusal('not-a-file', `${file} is not a file (a device, a pipe or a socket): give a file`);
  if (stat.size > maxBytes)
    return new FileRefusal('too-large', `${file} holds ${sized(stat.size)}, more than the ${sized(maxBytes)} it can be`);
  return undefined;
}

/**
 * A named file read whole, at most `maxBytes`: refused (FileRefusal) before a byte is read where it
 * is no regular file, since /dev/zero never ends and a FIFO may never answer; refused where it holds
 * more, whatever it grows to while it is read. Other failures are Node's (ENOENT, EACCES, EIO).
 */
export function readBoundedFile(file: string, maxBytes: number): Buffer {
  const refusal = fileRefusalOf(file, maxBytes);
  if (refusal) throw refusal;
  const stat = statSync(file);
  if (stat.isCharacterDevice()) return Buffer.alloc(0);
  const tooLarge = (size: string) => new FileRefusal('too-large', `${file} holds ${size}, more than the ${sized(maxBytes)} it can be`);
  const fd = openSync(file, 'r');
  try {
    const chunks: Buffer[] = [];
    let length = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(MIB, maxBytes + 1 - length));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      length += read;
      if (length > maxBytes) throw tooLarge(`more than ${sized(maxBytes)}`);
    }
    return Buffer.concat(chunks, length);
  } finally {
    closeSync(fd);
  }
}

/** The UTF-8 byte-order mark, as it reads once decoded. */
const BOM = '\uFEFF';

/**
 * JSON text as a person's editor may have saved it: a leading byte-order mark is dropped, since a
 * file of ours (probes, baseline, report) is read as written. A service's answer is another matter:
 * RFC 8259 §8.1 forbids the mark on the wire, and HTTP-JSON says so.
 */
export function withoutBom(text: string): string {
  return text.startsWith(BOM) ? text.slice(BOM.length) : text;
}

/** A member name written twice in one object of a file: JSON.parse keeps the last, and the first would be silently lost. */
export class RepeatedNameError extends Error {
  constructor(readonly pointer: string) {
    super(`the member ${pointer} is written twice in one object, and only the last would be read: keep one`);
  }
}

/** What a JSON file of the harness's (a probes file, a baseline, a report) holds at most: far past any it writes. */
export const JSON_FILE_MAX_BYTES = 64 * MIB;

/**
 * A JSON file, parsed; throws FileRefusal where it is no file or too large, Node's error when it
 * cannot be read, and JSON.parse's when it is not JSON. With `oneOfEachName`, a file a person edits
 * (a baseline, a probes file): a member name written twice in one object is a RepeatedNameError,
 * never read as its last.
 */
export function readJsonFile(file: string, { oneOfEachName = false, maxBytes = JSON_FILE_MAX_BYTES } = {}): unknown {
  const text = withoutBom(readBoundedFile(file, maxBytes).toString('utf8'));
  const value: unknown = JSON.parse(text);
  if (oneOfEachName && mayRepeatNames(text, value)) {
    const [repeated] = duplicateMemberNames(text);
    if (repeated !== undefined) throw new RepeatedNameError(repeated);
  }
  return value;
}
