import { closeSync, openSync, writeSync } from 'node:fs';

/**
 * Writes a JSON array one record per line: compact, a diff of the fixtures stays readable, and a
 * reader can take a file larger than any string one record at a time (readFixtures does).
 */
export function writeRecordLines(file: string, items: readonly unknown[]): void {
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, '[\n');
    items.forEach((item, i) => writeSync(fd, `${JSON.stringify(item)}${i < items.length - 1 ? ',' : ''}\n`));
    writeSync(fd, ']\n');
  } finally {
    closeSync(fd);
  }
}
