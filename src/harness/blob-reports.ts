import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { type Entry, open, type ZipFile } from 'yauzl';
import { InputError } from '../config/input-error';
import { type RunSelection, SELECTION_METADATA } from './run-selection';

/** The one entry Playwright's blob reporter writes into each shard's zip. */
const BLOB_ENTRY = /^report[^/]*\.jsonl$/;

/** A shard of a run, as its blob report says it: `current` of `total`. */
export interface BlobShard {
  current: number;
  total: number;
}

/**
 * A blob's selection, as the run recorded it in its configuration (the second line of its report,
 * Playwright's onConfigure, carries the config's metadata): what makes shards parts of one run.
 */
function selectionOfSecondLine(line: string | undefined): RunSelection {
  try {
    const event = JSON.parse(line ?? '') as { method?: string; params?: { config?: { metadata?: Record<string, unknown> } } };
    const selection = event.method === 'onConfigure' ? event.params?.config?.metadata?.[SELECTION_METADATA] : undefined;
    return typeof selection === 'object' && selection !== null ? (selection as RunSelection) : {};
  } catch {
    return {};
  }
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

/** What a blob zip holds that merging reads: its entry names, the shard its report's first line names, and the run's selection. */
interface BlobRead {
  names: string[];
  shard?: BlobShard;
  selection: RunSelection;
}

/** A blob zip's entry names, the shard its report's first line names, and the selection its second records. */
function zipEntries(file: string): Promise<BlobRead> {
  return new Promise((resolve, reject) => {
    open(file, { lazyEntries: true }, (error, zip?: ZipFile) => {
      if (error || !zip) return reject(error ?? new Error('cannot be opened'));
      const names: string[] = [];
      let shard: BlobShard | undefined;
      let selection: RunSelection = {};
      zip.on('entry', (entry: Entry) => {
        names.push(entry.fileName);
        if (!BLOB_ENTRY.test(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('cannot be read'));
          let text = '';
          stream.on('data', (chunk: Buffer) => {
            text += chunk.toString('utf8');
            // The metadata and the configuration are the first two lines: read no further than their end.
            if (text.split('\n').length > 2) stream.destroy();
          });
          stream.on('close', () => {
            const [first, second] = text.split('\n');
            shard = shardOfFirstLine(first);
            selection = selectionOfSecondLine(second);
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve({ names, ...(shard ? { shard } : {}), selection }));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** A selection in words, for the line that refuses a merge of shards of other runs. */
function selectionInWords({ grep, passThrough, probes, suite }: RunSelection): string {
  return [
    grep === undefined ? 'no --grep' : `--grep ${grep}`,
    passThrough === undefined || passThrough.length === 0 ? 'nothing after --' : `-- ${passThrough.join(' ')}`,
    `probes ${probes === undefined ? 'unknown' : probes.slice(0, 12)}`,
    `suite ${suite ?? 'unknown'}`,
  ].join(', ');
}

/**
 * The blobs must be shards of one run: the same --grep, the same arguments after --, the same probes
 * file and suite version. Shards of runs that selected otherwise merged as one would judge part of the
 * suite as the whole (a shard's own --grep never ran the tests the others left to it).
 */
function oneSelectionOf(dir: string, shards: readonly { zip: string; selection: RunSelection }[]): void {
  const canonical = (selection: RunSelection) =>
    JSON.stringify([selection.grep ?? null, selection.passThrough ?? [], selection.probes ?? null, selection.suite ?? null]);
  const [first] = shards;
  const other = shards.find((s) => canonical(s.selection) !== canonical(first.selection));
  if (other)
    throw new InputError(
      `merge: the blob reports in ${dir} come from runs that selected otherwise: ${basename(first.zip)} ran with ${selectionInWords(first.selection)}, ${basename(other.zip)} with ${selectionInWords(other.selection)}: give the shards of one run (the same --grep, arguments after --, probes file and suite version)`,
    );
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
  const shards: { zip: string; shard?: BlobShard; selection: RunSelection }[] = [];
  for (const zip of zips) {
    let read: Awaited<ReturnType<typeof zipEntries>>;
    try {
      read = await zipEntries(zip);
    } catch (error) {
      throw new InputError(`merge: ${zip} is not a readable zip (${(error as Error).message})`);
    }
    if (!read.names.some((name) => BLOB_ENTRY.test(name)))
      throw new InputError(`merge: ${zip} is a zip, but not a blob report: it holds no report.jsonl (${read.names.length} entries)`);
    shards.push({ zip, ...(read.shard ? { shard: read.shard } : {}), selection: read.selection });
  }
  wholeRunOf(dir, shards);
  oneSelectionOf(dir, shards);
  return zips;
}
