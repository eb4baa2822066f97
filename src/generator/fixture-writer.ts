import { closeSync, openSync, writeSync } from 'node:fs';
import type { RecordSpans } from '../reference/stored-records';

/**
 * Writes a JSON array one record per line: compact, a diff of the fixtures stays readable, and a
 * reader can take a file larger than any string one record at a time (readFixtures does). Returns
 * where each record's JSON lies in the file, for a directory snapshot.
 */
export function writeRecordLines(file: string, items: readonly unknown[]): RecordSpans {
  const spans: RecordSpans = { starts: new Float64Array(items.length), ends: new Float64Array(items.length) };
  const fd = openSync(file, 'w');
  try {
    let position = writeSync(fd, '[\n');
    items.forEach((item, i) => {
      const json = JSON.stringify(item);
      spans.starts[i] = position;
      spans.ends[i] = position + Buffer.byteLength(json);
      position += writeSync(fd, `${json}${i < items.length - 1 ? ',' : ''}\n`);
    });
    writeSync(fd, ']\n');
  } finally {
    closeSync(fd);
  }
  return spans;
}
