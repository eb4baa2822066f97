import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { type Entry, open, type ZipFile } from 'yauzl';
import { InputError } from '../config/input-error';

/** The one entry Playwright's blob reporter writes into each shard's zip. */
const BLOB_ENTRY = /^report[^/]*\.jsonl$/;

/** A shard of a run, as its blob report says it: `current` of `total`. */
export interface BlobShard {
  current: number;
  total: number;
}

/** The first line of a blob's report is its metadata (Playwright's onBlobReportMetadata), with the shard it ran, when it ran one. */
function shardOfFirstLine(line: string): BlobShard | undefined {
  try {
    const event = JSON.parse(line) as { method?: string; params?: { shard?: { current?: unknown; total?: unknown } } };
    const shard = event.method === 'onBlobReportMetadata' ? event.params?.shard : undefined;
    return typeof shard?.current === 'number' && typeof shard.total === 'number'
      ? { current: shard.current, total: shard.total }
      : undefined;
  } catch {
    return undefined;
  }
}

/** A blob zip's entry names, and the shard its report's first line names. */
function zipEntries(file: string): Promise<{ names: string[]; shard?: BlobShard }> {
  return new Promise((resolve, reject) => {
    open(file, { lazyEntries: true }, (error, zip?: ZipFile) => {
      if (error || !zip) return reject(error ?? new Error('cannot be opened'));
      const names: string[] = [];
      let shard: BlobShard | undefined;
      zip.on('entry', (entry: Entry) => {
        names.push(entry.fileName);
        if (!BLOB_ENTRY.test(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('cannot be read'));
          let text = '';
          stream.on('data', (chunk: Buffer) => {
            text += chunk.toString('utf8');
            // The metadata is the first line: read no further than its end.
            if (text.includes('\n')) stream.destroy();
          });
          stream.on('close', () => {
            shard = shardOfFirstLine(text.split('\n')[0]);
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve({ names, ...(shard ? { shard } : {}) }));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/**
 * The blobs must be the shards 1..N of one run, once each: a merge of some shards would judge part of
 * the suite as the whole (its missing tests never run), and a shard twice would count its tests twice.
 */
function wholeRunOf(dir: string, shards: readonly { zip: string; shard?: BlobShard }[]): void {
  const totals = [...new Set(shards.map((s) => s.shard?.total ?? 1))];
  if (totals.length > 1)
    throw new InputError(`merge: the blob reports in ${dir} come from runs of ${totals.join(' and ')} shards: give the shards of one run`);
  const [total] = totals;
  const seen = new Map<number, string[]>();
  for (const { zip, shard } of shards) seen.set(shard?.current ?? 1, [...(seen.get(shard?.current ?? 1) ?? []), basename(zip)]);
  const twice = [...seen].filter(([, zips]) => zips.length > 1);
  if (twice.length > 0)
    throw new InputError(
      `merge: ${dir} holds shard ${twice.map(([current, zips]) => `${current}/${total} ${zips.length} times (${zips.join(', ')})`).join(', ')}: give each shard once`,
    );
  const missing = Array.from({ length: total }, (_, i) => i + 1).filter((current) => !seen.has(current));
  if (missing.length > 0)
    throw new InputError(
      `merge: ${dir} holds ${seen.size} of the ${total} shards of the run; shard${missing.length === 1 ? '' : 's'} ${missing.map((m) => `${m}/${total}`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing: a merge of some shards would judge part of the suite as the whole`,
    );
}

/**
 * The shards' blob reports in a folder, each opened as a zip and holding a report: an empty folder
 * or a broken zip is an input error naming the file, before Playwright's merge could fail on it
 * with a stack trace, or merge nothing and pass.
 */
export async function blobReports(dir: string): Promise<string[]> {
  let isFolder = false;
  try {
    isFolder = statSync(dir).isDirectory();
  } catch {
    throw new InputError(`merge: ${dir} does not exist; it should hold the shards' blob reports (report-*.zip)`);
  }
  if (!isFolder) throw new InputError(`merge: ${dir} is not a folder; give the folder that holds the shards' blob reports (report-*.zip)`);
  const zips = readdirSync(dir)
    .filter((name) => name.endsWith('.zip'))
    .sort()
    .map((name) => join(dir, name));
  if (zips.length === 0)
    throw new InputError(`merge: ${dir} holds no blob report (report-*.zip): run --shard I/N writes one each to REPORT_DIR/blob/`);
  const shards: { zip: string; shard?: BlobShard }[] = [];
  for (const zip of zips) {
    let read: Awaited<ReturnType<typeof zipEntries>>;
    try {
      read = await zipEntries(zip);
    } catch (error) {
      throw new InputError(`merge: ${zip} is not a readable zip (${(error as Error).message})`);
    }
    if (!read.names.some((name) => BLOB_ENTRY.test(name)))
      throw new InputError(`merge: ${zip} is a zip, but not a blob report: it holds no report.jsonl (${read.names.length} entries)`);
    shards.push({ zip, ...(read.shard ? { shard: read.shard } : {}) });
  }
  wholeRunOf(dir, shards);
  return zips;
}
