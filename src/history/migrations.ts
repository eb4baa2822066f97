/**
 * The history's schema, versioned: each migration runs once, in order, when a store is opened
 * (Kysely's Migrator, which holds a lock while it migrates, so two recorders opening a new
 * PostgreSQL store at once do not both create it). A store that has run a migration this version
 * does not know was written by a newer version: it is refused in one line, never altered.
 */
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { InputError } from '../config/input-error';
import { recomputeSeriesHighs } from './series-highs';

const child = (name: string, columns: string) =>
  sql.raw(`create table ${name} (run_id integer not null references runs (id) on delete cascade, ${columns})`);

export const MIGRATIONS: Record<string, Migration> = {
  '0001-runs': {
    async up(db: Kysely<unknown>) {
      await sql`create table runs (
        id serial primary key,
        report_id text not null unique,
        kind text not null,
        target text not null,
        label text,
        suite_version text not null,
        started_at timestamptz not null,
        finished_at timestamptz not null,
        verdict text not null,
        exit_code integer not null,
        recorded_at timestamptz not null default now(),
        report jsonb not null
      )`.execute(db);
      await sql`create index runs_by_target on runs (target, kind, started_at)`.execute(db);
      await child(
        'requirement_results',
        'requirement text not null, level text not null, status text not null, checks integer not null, failed integer not null, fingerprints jsonb not null, primary key (run_id, requirement, level)',
      ).execute(db);
      await child(
        'observations',
        'observation text not null, status text not null, value jsonb not null, primary key (run_id, observation)',
      ).execute(db);
      await child(
        'survey_rates',
        'requirement text not null, level text not null, source text not null, checked integer not null, failed integer not null, primary key (run_id, requirement, level, source)',
      ).execute(db);
      await child(
        'latency',
        'endpoint text not null, requests integer not null, histogram text not null, primary key (run_id, endpoint)',
      ).execute(db);
      await child(
        'failing_keys',
        'requirement text not null, level text not null, keys jsonb not null, primary key (run_id, requirement, level)',
      ).execute(db);
      await child('events', 'what text not null, line text not null').execute(db);
      await sql`create index events_by_run on events (run_id)`.execute(db);
    },
  },
  // survey --findability: what the searches by records' own values showed, per kind of record and parameter.
  '0002-findability': {
    async up(db: Kysely<unknown>) {
      await child(
        'findability',
        'records text not null, parameter text not null, found integer not null, missed integer not null, unknown integer not null, primary key (run_id, records, parameter)',
      ).execute(db);
    },
  },
  // survey: the directory accuracy scorecard (DQ-*), per measure, kind of record and dataset.
  '0003-data-quality': {
    async up(db: Kysely<unknown>) {
      await child(
        'data_quality',
        'measure text not null, records text not null, dataset text not null, checked integer not null, failed integer not null, primary key (run_id, measure, records, dataset)',
      ).execute(db);
    },
  },
  // Each target's highest value of each series the history page ranks (series-highs.ts), computed from the rows kept.
  '0004-series-highs': {
    async up(db: Kysely<unknown>) {
      await sql`create table survey_rate_highs (
        target text not null, requirement text not null, level text not null, source text not null,
        highest float8, most integer not null,
        primary key (target, requirement, level, source)
      )`.execute(db);
      await sql`create table scorecard_highs (
        target text not null, measure text not null, records text not null, highest float8 not null,
        primary key (target, measure, records)
      )`.execute(db);
      await recomputeSeriesHighs(db);
    },
  },
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

/**
 * The store brought to this version's schema; a store of a newer version is refused. The migrations
 * it ran are read from Kysely's table in one query: a store already current (every command but a
 * history's first) starts no Migrator, which would first make sure of its tables and lock.
 */
export async function migrate(db: Kysely<unknown>, where: string): Promise<void> {
  const known = new Set(Object.keys(MIGRATIONS));
  const ran = await ranMigrations(db);
  const unknown = ran.filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new InputError(
      `the history in ${where} was written by a newer directory-conformance (its schema has ${unknown.join(', ')}, this version knows up to ${[...known].pop()}): upgrade to read it`,
    );
  if ([...known].every((name) => ran.includes(name))) return;
  const { error } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** The migrations the store has run (Kysely's own table, when it exists). */
async function ranMigrations(db: Kysely<unknown>): Promise<string[]> {
  const table = await sql<{ exists: boolean }>`select to_regclass('kysely_migration') is not null as exists`.execute(db);
  if (!table.rows[0]?.exists) return [];
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.rows.map((r) => r.name);
}
