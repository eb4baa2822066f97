import { openSync, readSync } from 'node:fs';

/** Records read by position: an array in memory, or the records of a fixture file, read when asked for. */
export interface RecordList<T> {
  readonly length: number;
  at(position: number): T;
}

export function inMemory<T>(items: readonly T[]): RecordList<T> {
  return { length: items.length, at: (position) => items[position] };
}

/** Where each record of a fixture file is, in bytes: record i is [starts[i], ends[i]). */
export interface RecordSpans {
  starts: Float64Array;
  ends: Float64Array;
}

/**
 * The records of a large fixture file, each parsed from its own bytes when asked for: 100k
 * providers are 670 MB of JSON, which take 8 s to parse and 3 GB of heap to hold, while a request
 * needs one. Each call parses afresh, so two calls give equal records, never the same object. The
 * file stays open for the life of the process, as the directory does: a read is then one system
 * call (opening the file for each record cost half the time of a request).
 */
export function recordsOnDisk<T>(file: string, spans: RecordSpans): RecordList<T> {
  let fd: number | undefined;
  return {
    length: spans.starts.length,
    at(position) {
      const start = spans.starts[position];
      const bytes = Buffer.allocUnsafe(spans.ends[position] - start);
      readSync((fd ??= openSync(file, 'r')), bytes, 0, bytes.length, start);
      return JSON.parse(bytes.toString('utf8')) as T;
    },
  };
}
