/**
 * `survey --export SOURCE`: what SOURCE names, as the files to read. An NDJSON file (plain, `.gz`
 * or `.zst`); a folder of them, or a folder holding a release's `manifest.json`; a manifest file:
 * a Bulk Data complete-status body (`output[]`) or a release manifest (`files[]`), read through
 * schemas/export/export-manifest.schema.json, its files relative to it. On http(s) (remote.ts): a
 * manifest's URL, a file's, or a Bulk Data kick-off, each file fetched as it is read.
 */
import { createReadStream, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileRefusal, readJsonFile } from '../json/json-file';
import { SCHEMA, sharedSchemaValidator } from '../schema-validation/validator';
import type { ExportFileEntry, ExportManifest } from '../types/schemas';
import { ExportSourceError } from './source-error';
import { credentialsFor, type ExportAccess, kickedOffManifestText, remoteFileBytes, remoteManifestText, shownUrl, spooled } from './remote';

export interface ExportFile {
  /** The file's path, as the user or the manifest gave it, resolved; a URL without its query. */
  path: string;
  /** The resource type the manifest says its lines hold. */
  type?: string;
  /** Its bytes as they come: a file's on this machine, or a GET's (with the credentials its origin may have). */
  open(): AsyncIterable<Buffer>;
}

export interface ExportSource {
  files: ExportFile[];
  /** The manifest read, where there is one. */
  manifest?: string;
  /** The release's date, as its manifest gives it (transactionTime, releaseDate). */
  released?: string;
}

export { ExportSourceError };

/** The file names of an export: NDJSON (or JSON Lines), plain or compressed. */
const NDJSON_NAME = /\.(ndjson|jsonl)(\.gz|\.zst)?$/i;
const MANIFEST_NAME = 'manifest.json';
export const isRemote = (location: string) => /^https?:\/\//i.test(location);

/** No target, no credential: what reaches an export's URLs when the export is read alone. */
export const NO_ACCESS: ExportAccess = { credentials: {}, namedOrigins: [], timeoutMs: 30_000 };

const localFile = (path: string, type?: string): ExportFile => ({
  path,
  ...(type === undefined ? {} : { type }),
  open: () => createReadStream(path),
});

function remoteFile(url: string, access: ExportAccess, requiresAccessToken: boolean, type?: string): ExportFile {
  const headers = credentialsFor(url, access, requiresAccessToken);
  return { path: shownUrl(url), ...(type === undefined ? {} : { type }), open: spooled(() => remoteFileBytes(url, headers, access)) };
}

/** Each file a manifest lists, relative to it: on this machine, or on http(s) with the credentials its origin may have. */
function manifestFiles(manifest: string, body: ExportManifest, access: ExportAccess): ExportFile[] {
  return [...(body.output ?? []), ...(body.files ?? [])].map((entry: ExportFileEntry) => {
    const location = entry.url ?? entry.path ?? '';
    const type = entry.type ?? entry.resourceType;
    if (isRemote(location) || isRemote(manifest))
      try {
        return remoteFile(new URL(location, manifest).toString(), access, body.requiresAccessToken === true, type);
      } catch (error) {
        if (error instanceof ExportSourceError) throw new ExportSourceError(`${shownUrl(manifest)}: ${error.message}`);
        throw error;
      }
    return localFile(location.startsWith('file:') ? fileURLToPath(location) : resolve(dirname(manifest), location), type);
  });
}

function readManifest(file: string, access: ExportAccess): ExportSource {
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
  return manifestSource(file, body, access);
}

/** A manifest's body, checked against its schema, as the files it lists. */
function manifestSource(file: string, body: unknown, access: ExportAccess): ExportSource {
  const result = sharedSchemaValidator().validate(SCHEMA.exportManifest, body);
  if (!result.valid) {
    const [first] = result.violations;
    throw new ExportSourceError(
      `${shownUrl(file)} is no export manifest (schemas/export/export-manifest.schema.json) at ${first.instancePath || '/'}: ${first.message}`,
    );
  }
  const manifest = body as ExportManifest;
  const released = manifest.releaseDate ?? manifest.transactionTime;
  return {
    manifest: shownUrl(file),
    files: manifestFiles(file, manifest, access),
    ...(released === undefined ? {} : { released }),
  };
}

function readFolder(folder: string, access: ExportAccess): ExportSource {
  const names = readdirSync(folder).sort();
  if (names.includes(MANIFEST_NAME)) return readManifest(join(folder, MANIFEST_NAME), access);
  const files = names.filter((name) => NDJSON_NAME.test(name)).map((name) => localFile(join(folder, name)));
  if (files.length === 0)
    throw new ExportSourceError(`${folder} holds no ${MANIFEST_NAME} and no NDJSON file (.ndjson, .ndjson.gz, .ndjson.zst)`);
  return { files };
}

/** The files a SOURCE on this machine names, or an ExportSourceError saying why none can be read. */
export function exportSourceOf(source: string, access: ExportAccess = NO_ACCESS): ExportSource {
  let stat;
  try {
    stat = statSync(source);
  } catch (error) {
    throw new ExportSourceError(`${source} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  if (stat.isDirectory()) return readFolder(source, access);
  if (!stat.isFile()) throw new ExportSourceError(`${source} is not a file (a device, a pipe or a socket): give a file or a folder`);
  if (/\.json$/i.test(source)) return readManifest(source, access);
  return { files: [localFile(source)] };
}

/** A kick-off's URL: its path ends in the operation's name. */
const KICK_OFF = /\/(\$|%24)export$/i;

/**
 * The files SOURCE names, wherever it is: on this machine (exportSourceOf), or on http(s) a Bulk
 * Data kick-off (its complete status), a file (its name says NDJSON), or a manifest.
 */
export async function resolveExportSource(source: string, access: ExportAccess): Promise<ExportSource> {
  if (!isRemote(source)) return exportSourceOf(source, access);
  const { pathname } = new URL(source);
  if (NDJSON_NAME.test(pathname)) return { files: [remoteFile(source, access, false)] };
  const { text, at } = KICK_OFF.test(pathname)
    ? await kickedOffManifestText(source, access).then(({ text, status }) => ({ text, at: status }))
    : { text: await remoteManifestText(source, access), at: source };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new ExportSourceError(`${shownUrl(at)} is not JSON (${(error as Error).message})`);
  }
  return manifestSource(at, body, access);
}
