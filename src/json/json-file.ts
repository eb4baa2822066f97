import { readFileSync } from 'node:fs';
import { duplicateMemberNames, mayRepeatNames } from './json-text';

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

/**
 * A JSON file, parsed; throws Node's error when it cannot be read, and JSON.parse's when it is not
 * JSON. With `oneOfEachName`, a file a person edits (a baseline, a probes file): a member name
 * written twice in one object is a RepeatedNameError, never read as its last.
 */
export function readJsonFile(file: string, { oneOfEachName = false } = {}): unknown {
  const text = withoutBom(readFileSync(file, 'utf8'));
  const value: unknown = JSON.parse(text);
  if (oneOfEachName && mayRepeatNames(text, value)) {
    const [repeated] = duplicateMemberNames(text);
    if (repeated !== undefined) throw new RepeatedNameError(repeated);
  }
  return value;
}
