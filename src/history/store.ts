/**
 * Where the history lives, opened: a folder holding an embedded PostgreSQL (PGlite: no server, no
 * native build), the default, or a PostgreSQL server given by URL, which many CI jobs write to at
 * once. One Kysely instance over either, so that one schema and one set of queries serve both.
 */
import { lockFolder } from './folder-lock';
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Kysely, PostgresDialect } from 'kysely';
import { InputError } from '../config/input-error';
import { MIGRATIONS, migrate } from './migrations';
import { copyOfTemplate } from './pglite-template';
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

/** The store a command names: --history, else HISTORY_URL, else the default folder. */
export function historyLocation(flag: string | undefined, env: NodeJS.ProcessEnv, cwd: string): string {
  const fromEnv = env[HISTORY_URL_VARIABLE];
  const given = flag ?? fromEnv ?? DEFAULT_HISTORY_DIR;
  if (given.trim() === '')
    throw new InputError(
      flag === undefined
        ? `${HISTORY_URL_VARIABLE} is set but empty (an unset CI secret?): give it a folder or a postgres:// URL, or unset it for ${DEFAULT_HISTORY_DIR}/`
        : '--history needs a folder or a postgres:// URL, got an empty value',
    );
  return isServerUrl(given) ? given : resolve(cwd, given);
}

/** The store at `location`, its schema migrated on open. */
export async function openHistory(location: string): Promise<HistoryStore> {
  const store = isServerUrl(location) ? await serverStore(location) : await embeddedStore(location);
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

/**
 * PGlite in a folder. One process at a time may hold it (PGlite is PostgreSQL in one process, with
 * no server to share it), so the folder is locked while the store is open: a second recorder
 * waits for the first, and a lock left by a process that is gone is taken over (folder-lock.ts).
 */
async function embeddedStore(dir: string): Promise<HistoryStore> {
  baselineWebAssembly();
  const [{ PGlite }, { PGliteDialect }] = await Promise.all([import('@electric-sql/pglite'), import('kysely-pglite-dialect')]);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new InputError(`the history folder ${dir} cannot be made: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const release = await lockFolder(dir);
  try {
    const pgdata = resolve(dir, 'pgdata');
    if (!existsSync(pgdata)) await copyOfTemplate(pgdata, SCHEMA_IDENTITY, (folder) => migratedStore(folder, PGlite, PGliteDialect));
    const pglite = new PGlite(pgdata);
    await pglite.waitReady;
    const db = new Kysely<HistoryTables>({ dialect: new PGliteDialect(pglite) });
    return {
      db,
      where: dir,
      kind: 'embedded',
      close: async () => {
        await db.destroy();
        await pglite.close().catch(() => undefined);
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}
