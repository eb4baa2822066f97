/**
 * Where the history lives, opened: a folder holding an embedded PostgreSQL (PGlite: no server, no
 * native build), the default, or a PostgreSQL server given by URL, which many CI jobs write to at
 * once. One Kysely instance over either, so that one schema and one set of queries serve both.
 */
import { lockFolder } from './folder-lock';
import {
  accessSync,
  chmodSync,
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statfsSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Kysely, PostgresDialect } from 'kysely';
import { InputError } from '../config/input-error';
import { MIGRATIONS, migrate } from './migrations';
import { copyOfTemplate } from './pglite-template';
import { StoreError } from './store-error';
import type { HistoryTables } from './tables';

export const DEFAULT_HISTORY_DIR = 'conformance-history';
export const HISTORY_URL_VARIABLE = 'HISTORY_URL';

export interface HistoryStore {
  db: Kysely<HistoryTables>;
  /** Where the store is, as messages show it: the folder, or the server's URL without its credentials. */
  where: string;
  kind: 'embedded' | 'postgres';
  close(): Promise<void>;
}

const isServerUrl = (location: string) => /^postgres(ql)?:\/\//i.test(location);

/** A PostgreSQL URL as messages show it: user, password and query left out. */
export function shownLocation(location: string): string {
  if (!isServerUrl(location)) return location;
  try {
    const url = new URL(location);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return 'a PostgreSQL URL that cannot be parsed';
  }
}

/**
 * Whether a location is a PostgreSQL URL, or meant to be one: it begins postgres: or postgresql:
 * (`postgres:/ci:pw@h/d` lacks a slash, it is no folder name), or it holds `user:password@`.
 */
const meantForServer = (location: string) => /^postgres(ql)?:/i.test(location) || /^[^/\\]*:[^/\\]*@/.test(location);

/**
 * A PostgreSQL URL a command may connect with, or the one line that refuses it, echoing no part of
 * it: a location meant for a server that is no postgres:// URL, or one whose parse leaves an `@` in
 * the host, the path or the fragment (a password with `@`, `/` or `#` not percent-encoded: its
 * second part would go to DNS as a host).
 */
function serverUrl(given: string, named: string): string {
  const refuse = (why: string) => new InputError(`${named} ${why}; nothing was connected to`);
  if (!isServerUrl(given))
    throw refuse('looks like a PostgreSQL URL (postgres: or user:password@) but is not one: write postgres://user:password@host/database');
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw refuse('is a PostgreSQL URL that cannot be parsed: the password must be percent-encoded (@ as %40, / as %2F, # as %23)');
  }
  // The URL parser takes the last @ for the end of the user part; a second one before it was the password's own.
  const authority = given.slice(given.indexOf('//') + 2).split(/[/?#]/)[0];
  const ats = authority.split('@').length - 1;
  if ([url.host, url.pathname, url.hash].some((part) => part.includes('@')) || url.host === '' || ats > 1)
    throw refuse('is a PostgreSQL URL whose parts run together: the password must be percent-encoded (@ as %40, / as %2F, # as %23)');
  return given;
}

/** The store a command names: --history, else HISTORY_URL, else the default folder. */
export function historyLocation(flag: string | undefined, env: NodeJS.ProcessEnv, cwd: string): string {
  const fromEnv = env[HISTORY_URL_VARIABLE];
  // Spaces around a value are a copy's accident: never part of a folder's name, nor a reason to take a URL for one.
  const given = (flag ?? fromEnv ?? DEFAULT_HISTORY_DIR).trim();
  const named = flag === undefined ? HISTORY_URL_VARIABLE : '--history';
  if (given === '')
    throw new InputError(
      flag === undefined
        ? `${HISTORY_URL_VARIABLE} is set but empty (an unset CI secret?): give it a folder or a postgres:// URL, or unset it for ${DEFAULT_HISTORY_DIR}/`
        : '--history needs a folder or a postgres:// URL, got an empty value',
    );
  // A server URL, or one meant: never a folder, whose name would keep the password on disk and in every line.
  if (meantForServer(given)) return serverUrl(given, named);
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(given)?.[1];
  if (scheme !== undefined)
    throw new InputError(`${named} names a ${scheme}:// URL: the history is a folder or a postgres:// (or postgresql://) URL`);
  const folder = resolve(cwd, given);
  // Said before a run that would record into it: a file, a device or a FIFO is no store, and nothing is made of it.
  if (existsSync(folder) && !statSync(folder).isDirectory())
    throw new InputError(`the history ${folder} is not a folder (a file, a device or a pipe): give a folder, or a postgres:// URL`);
  return folder;
}

/**
 * What a command does with the store: `read` (check, diff, page, export) is served from a folder
 * this user may only read; `write` (record) needs to write it, and makes it; `change` (prune) needs
 * to write one that exists.
 */
export type StoreAccess = 'read' | 'write' | 'change';

/** The store at `location`, its schema migrated on open. */
export async function openHistory(location: string, access: StoreAccess = 'write'): Promise<HistoryStore> {
  const store = isServerUrl(location) ? await serverStore(location) : await embeddedStore(location, access);
  try {
    await migrate(store.db as Kysely<unknown>, store.where);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

async function serverStore(url: string): Promise<HistoryStore> {
  // Loaded only for a server: the embedded store's users never load a PostgreSQL client.
  const { Pool } = await import('pg');
  const where = shownLocation(url);
  // Named, so that a database administrator sees who holds a connection (and the self-tests, when a recorder is mid-write).
  const pool = new Pool({ connectionString: url, max: 4, application_name: 'directory-conformance' });
  try {
    (await pool.connect()).release();
  } catch (error) {
    await pool.end();
    throw new InputError(`the history at ${where} cannot be reached: ${(error as Error).message}`);
  }
  const db = new Kysely<HistoryTables>({ dialect: new PostgresDialect({ pool }) });
  return { db, where, kind: 'postgres', close: () => db.destroy() };
}

/** What a new store's contents depend on besides PGlite: the migrations, as written. */
const SCHEMA_IDENTITY = Object.entries(MIGRATIONS)
  .map(([name, { up, down }]) => `${name}\n${String(up)}\n${String(down)}`)
  .join('\n');

/** A new embedded store in `folder`, migrated: what a template holds (pglite-template.ts). */
async function migratedStore(
  folder: string,
  PGlite: typeof import('@electric-sql/pglite').PGlite,
  PGliteDialect: typeof import('kysely-pglite-dialect').PGliteDialect,
): Promise<void> {
  const pglite = new PGlite(folder);
  await pglite.waitReady;
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
  try {
    await migrate(db, folder);
  } finally {
    await db.destroy();
    await pglite.close().catch(() => undefined);
  }
}

/**
 * PGlite's WebAssembly compiled by V8's baseline compiler alone (Liftoff), its hot functions never
 * compiled again by the optimising one. A history command opens the store, asks a few queries and
 * ends; the optimising compiler, set to work by PostgreSQL's own start, cost more than it gave back:
 * `history check` took 1.8 CPU seconds with it and 1.05 without, `history page` of 1,000 runs 3.9
 * and 3.2, while seeding 1,000 runs into one store, the longest work a store does, took 7% longer.
 * V8 reads the flag when it compiles a module, so it is set before PGlite compiles its own.
 */
function baselineWebAssembly(): void {
  setFlagsFromString('--liftoff-only');
}

/** Below this much room on its disk, PostgreSQL may not start (a full disk stops it as a damaged folder does, in the same words). */
const LOW_SPACE_BYTES = 16 * 2 ** 20;

/** The room left for this user on the disk holding `path`, when the system says. */
function freeBytes(path: string): number | undefined {
  try {
    const { bavail, bsize } = statfsSync(path);
    return bavail * bsize;
  } catch {
    return undefined;
  }
}

/**
 * The store of PGlite started on `pgdata`, for the history folder `where`; `after` runs once it is
 * closed. A folder PGlite cannot start on (corrupted, truncated, not a data folder) is the store's
 * trouble, said in one line.
 */
async function pgliteStore(
  PGlite: typeof import('@electric-sql/pglite').PGlite,
  PGliteDialect: typeof import('kysely-pglite-dialect').PGliteDialect,
  pgdata: string,
  where: string,
  after: () => unknown,
): Promise<HistoryStore> {
  const pglite = new PGlite(pgdata);
  try {
    await pglite.waitReady;
  } catch (error) {
    const free = freeBytes(pgdata);
    // The data folder named as the user knows it: the store's own, not a read-only store's copy.
    throw new StoreError(
      `the history in ${where} cannot be opened (${(error as Error).message.split('\n')[0]}): ${
        free !== undefined && free < LOW_SPACE_BYTES
          ? `the disk holding it has ${(free / 2 ** 20).toFixed(1)} MiB free, too little for PostgreSQL to start: free some space and run again (nothing stored is lost)`
          : `its data folder ${join(where, 'pgdata')} is damaged or not a store of this harness; restore it from a backup, or move it away to start a new history`
      }`,
    );
  }
  const db = new Kysely<HistoryTables>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    where,
    kind: 'embedded',
    close: async () => {
      await db.destroy();
      await pglite.close().catch(() => undefined);
      await after();
    },
  };
}

/** Every path under `dir`, at any depth. */
const within = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((entry) => join(dir, entry));

/** The first entry under `dir` (itself included) this user cannot write, or undefined: PostgreSQL writes all over its data folder, even to read. */
function firstUnwritable(dir: string): string | undefined {
  const vanished = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
  try {
    accessSync(dir, constants.W_OK);
  } catch (error) {
    return vanished(error) ? undefined : dir;
  }
  // A recorder beside this one may rename or remove what is under it meanwhile (a template copied
  // aside, then renamed into place): a path gone is no path this user cannot write, and a walk that
  // meets one gone is made again.
  for (let attempt = 1; ; attempt++) {
    let paths: string[];
    try {
      paths = within(dir);
    } catch (error) {
      if (vanished(error) && attempt < 3) continue;
      return vanished(error) ? undefined : dir;
    }
    for (const path of paths) {
      try {
        accessSync(path, constants.W_OK);
      } catch (error) {
        if (!vanished(error)) return path;
      }
    }
    return undefined;
  }
}

/**
 * Refuses, in one line, a history folder this user cannot write: before a run or a survey, as well
 * as before a recording, so that hours of surveying do not end in a history that cannot keep them.
 * A PostgreSQL server, and a folder not made yet, are not refused here.
 */
export function refuseUnwritable(location: string): void {
  const unwritable = !isServerUrl(location) && existsSync(location) ? firstUnwritable(location) : undefined;
  if (unwritable !== undefined)
    throw new InputError(
      `the history folder ${location} cannot be written by this user (${unwritable === location ? 'the folder itself' : unwritable}): record and prune write it, as run and survey do with --history; check, diff, page and export read it as it is`,
    );
}

/**
 * PGlite in a folder. One process at a time may hold it (PGlite is PostgreSQL in one process, with
 * no server to share it), so the folder is locked while the store is open: a second recorder
 * waits for the first, and a lock left by a process that is gone is taken over (folder-lock.ts).
 * A folder this user may only read (an archive, a CI cache mounted read-only, another user's) is read
 * from a private copy: PostgreSQL cannot start on a folder it cannot write, and no lock can be taken
 * in it. No writer can be at work in it either, but one of another user may: the copy is then of
 * that moment, and PostgreSQL's own recovery makes it whole.
 */
async function embeddedStore(dir: string, access: StoreAccess): Promise<HistoryStore> {
  baselineWebAssembly();
  const [{ PGlite }, { PGliteDialect }] = await Promise.all([import('@electric-sql/pglite'), import('kysely-pglite-dialect')]);
  if (access === 'change' && !existsSync(dir))
    throw new InputError(
      `the history folder ${dir} does not exist: prune removes runs of a history that run, survey or history record made (--history DIR)`,
    );
  // A file, a device or a FIFO where the folder should be: no store, and nothing is made of it.
  if (existsSync(dir) && !statSync(dir).isDirectory())
    throw new InputError(`the history ${dir} is not a folder (a file, a device or a pipe): give a folder, or a postgres:// URL`);
  if (access !== 'read') refuseUnwritable(dir);
  // Reading a folder that is not there is a mistaken name, said in one line: nothing is made.
  else if (!existsSync(dir))
    throw new InputError(
      `the history folder ${dir} does not exist: check, diff, page and export read a history that run, survey or history record made (--history DIR)`,
    );
  else if (existsSync(dir) && firstUnwritable(dir) !== undefined) return readOnlyCopy(dir, PGlite, PGliteDialect);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new InputError(`the history folder ${dir} cannot be made: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const release = await lockFolder(dir);
  try {
    const pgdata = resolve(dir, 'pgdata');
    if (!existsSync(pgdata)) await copyOfTemplate(pgdata, SCHEMA_IDENTITY, (folder) => migratedStore(folder, PGlite, PGliteDialect));
    return await pgliteStore(PGlite, PGliteDialect, pgdata, dir, release);
  } catch (error) {
    await release();
    throw error;
  }
}

/** A read-only history folder, opened on a copy in a private temporary folder that closing removes. */
async function readOnlyCopy(
  dir: string,
  PGlite: typeof import('@electric-sql/pglite').PGlite,
  PGliteDialect: typeof import('kysely-pglite-dialect').PGliteDialect,
): Promise<HistoryStore> {
  // Made private (0700): the history holds what the service answered.
  const copy = mkdtempSync(join(tmpdir(), 'directory-conformance-read-'));
  const removeCopy = () => rmSync(copy, { recursive: true, force: true });
  try {
    const pgdata = join(copy, 'pgdata');
    const stored = resolve(dir, 'pgdata');
    if (existsSync(stored)) {
      cpSync(stored, pgdata, { recursive: true });
      // The copy keeps the read-only modes of what it copied: made writable, as PostgreSQL needs.
      for (const path of [pgdata, ...within(pgdata)]) chmodSync(path, statSync(path).mode | 0o200);
    } else await copyOfTemplate(pgdata, SCHEMA_IDENTITY, (folder) => migratedStore(folder, PGlite, PGliteDialect));
    return await pgliteStore(PGlite, PGliteDialect, pgdata, dir, removeCopy);
  } catch (error) {
    removeCopy();
    throw error;
  }
}
