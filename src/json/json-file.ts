import { readFileSync } from 'node:fs';

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

/** A JSON file, parsed; throws Node's error when it cannot be read, and JSON.parse's when it is not JSON. */
export function readJsonFile(file: string): unknown {
  return JSON.parse(withoutBom(readFileSync(file, 'utf8')));
}
