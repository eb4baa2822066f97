/**
 * `survey --export SOURCE`: what SOURCE names, as the files to read. An NDJSON file (plain, `.gz`
 * or `.zst`); a folder of them, or a folder holding a release's `manifest.json`; a manifest file:
 * a Bulk Data complete-status body (`output[]`) or a release manifest (`files[]`), read through
 * schemas/export/export-manifest.schema.json, its files relative to it. A SOURCE or a file on
 * http(s) is not read yet: it stops in one line, before anything is asked.
 */
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileRefusal, readJsonFile } from '../json/json-file';
import { SCHEMA, sharedSchemaValidator } from '../schema-validation/validator';
import type { ExportFileEntry, ExportManifest } from '../types/schemas';

export interface ExportFile {
  /** The file's path, as the user or the manifest gave it, resolved. */
  path: string;
  /** The resource type the manifest says its lines hold. */
  type?: string;
}

export interface ExportSource {
  files: ExportFile[];
  /** The manifest read, where there is one. */
  manifest?: string;
  /** The release's date, as its manifest gives it (transactionTime, releaseDate). */
  released?: string;
}

/** Why SOURCE cannot be read, in words after its name: the command says it in one line, exit 2. */
export class ExportSourceError extends Error {}

/** The file names of an export: NDJSON (or JSON Lines), plain or compressed. */
const NDJSON_NAME = /\.(ndjson|jsonl)(\.gz|\.zst)?$/i;
const MANIFEST_NAME = 'manifest.json';
export const isRemote = (location: string) => /^https?:\/\//i.test(location);
const NOT_YET_REMOTE = 'is on http(s): survey --export reads a file, a folder or a manifest file on this machine';

function manifestFiles(manifest: string, entries: readonly ExportFileEntry[]): ExportFile[] {
  return entries.map((entry) => {
    const location = entry.url ?? entry.path ?? '';
    if (isRemote(location)) throw new ExportSourceError(`${manifest}: its file ${location} ${NOT_YET_REMOTE}`);
    const path = location.startsWith('file:') ? fileURLToPath(location) : resolve(dirname(manifest), location);
    const type = entry.type ?? entry.resourceType;
    return type === undefined ? { path } : { path, type };
  });
}

function readManifest(file: string): ExportSource {
  let body: unknown;
  try {
    body = readJsonFile(file, { oneOfEachName: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      error instanceof FileRefusal
        ? error.message
        : code
          ? `${file} cannot be read (${code})`
          : `${file} is not JSON (${(error as Error).message})`;
    throw new ExportSourceError(why);
  }
  const result = sharedSchemaValidator().validate(SCHEMA.exportManifest, body);
  if (!result.valid) {
    const [first] = result.violations;
    throw new ExportSourceError(
      `${file} is no export manifest (schemas/export/export-manifest.schema.json) at ${first.instancePath || '/'}: ${first.message}`,
    );
  }
  const manifest = body as ExportManifest;
  const released = manifest.releaseDate ?? manifest.transactionTime;
  return {
    manifest: file,
    files: manifestFiles(file, [...(manifest.output ?? []), ...(manifest.files ?? [])]),
    ...(released === undefined ? {} : { released }),
  };
}

function readFolder(folder: string): ExportSource {
  const names = readdirSync(folder).sort();
  if (names.includes(MANIFEST_NAME)) return readManifest(join(folder, MANIFEST_NAME));
  const files = names.filter((name) => NDJSON_NAME.test(name)).map((name) => ({ path: join(folder, name) }));
  if (files.length === 0)
    throw new ExportSourceError(`${folder} holds no ${MANIFEST_NAME} and no NDJSON file (.ndjson, .ndjson.gz, .ndjson.zst)`);
  return { files };
}

/** The files SOURCE names, or an ExportSourceError saying why none can be read. */
export function exportSourceOf(source: string): ExportSource {
  if (isRemote(source)) throw new ExportSourceError(`${source} ${NOT_YET_REMOTE}`);
  let stat;
  try {
    stat = statSync(source);
  } catch (error) {
    throw new ExportSourceError(`${source} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  if (stat.isDirectory()) return readFolder(source);
  if (!stat.isFile()) throw new ExportSourceError(`${source} is not a file (a device, a pipe or a socket): give a file or a folder`);
  if (/\.json$/i.test(source)) return readManifest(source);
  return { files: [{ path: source }] };
}
