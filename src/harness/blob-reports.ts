import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { open, type ZipFile } from 'yauzl';
import { InputError } from '../config/input-error';

/** The one entry Playwright's blob reporter writes into each shard's zip. */
const BLOB_ENTRY = /^report[^/]*\.jsonl$/;

function zipEntries(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    open(file, { lazyEntries: true }, (error, zip?: ZipFile) => {
      if (error || !zip) return reject(error ?? new Error('cannot be opened'));
      const names: string[] = [];
      zip.on('entry', (entry: { fileName: string }) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
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
  for (const zip of zips) {
    let names: string[];
    try {
      names = await zipEntries(zip);
    } catch (error) {
      throw new InputError(`merge: ${zip} is not a readable zip (${(error as Error).message})`);
    }
    if (!names.some((name) => BLOB_ENTRY.test(name)))
      throw new InputError(`merge: ${zip} is a zip, but not a blob report: it holds no report.jsonl (${names.length} entries)`);
  }
  return zips;
}
