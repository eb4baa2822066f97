/**
 * Where the history lives, opened: a folder holding an embedded PostgreSQL (PGlite: no server, no
 * native build), the default, or a PostgreSQL server given by URL, which many CI jobs write to at
 * once. One Kysely instance over either, so that one schema and one set of queries serve both.
 */
import { lockFolder } from './folder-lock';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statfsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Kysely, PostgresDialect } from 'kysely';
import { InputError } from '../config/input-error';
import { MIGRATIONS, migrate } from './migrations';
import { copyOfTemplate } from './pglite-template';
import { StoreError } from './store-error';
import type { HistoryTables } from './tables';
import { firstUnwritable, isServerUrl, refuseUnwritable, shownLocation, within } from './location';

export interface HistoryStore {
  db: Kysely<HistoryTables>;
  /** Where the store is, as messages show it: the folder, or the server's URL without its credentials. */
  where: string;
  kind: 'embedded' | 'postgres';
  close(): Promise<void>;
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

/**
 * PostgreSQL started with 16 MB of shared buffers, not the 128 MB its configuration asks: PGlite's
 * WebAssembly memory holds them, so each history command paid to map and start all 128 MB. A page
 * over 1,000 stored runs reads about 10 MB of tables; with 16 MB, PGlite started 100 ms sooner and
 * the page's peak RSS was 130 MB smaller, its queries as fast. A command-line setting wins over the
 * store's own postgresql.conf, which is left as initdb wrote it.
 */
const startOptions = (PGlite: typeof import('@electric-sql/pglite').PGlite) => ({
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
});

/** A new embedded store in `folder`, migrated: what a template holds (pglite-template.ts). */
async function migratedStore(
  folder: string,
  PGlite: typeof import('@electric-sql/pglite').PGlite,
  PGliteDialect: typeof import('kysely-pglite-dialect').PGliteDialect,
): Promise<void> {
  const pglite = new PGlite(folder, startOptions(PGlite));
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
  const pglite = new PGlite(pgdata, startOptions(PGlite));
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
