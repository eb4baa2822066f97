/** What the history's commands read: runs in time order, and one run's rows. The same queries for both stores. */
import { type Kysely, type Selectable, sql } from 'kysely';
import type { HistoryTables } from './tables';

export interface StoredRun {
  id: number;
  reportId: string;
  kind: 'run' | 'survey';
  target: string;
  label: string | null;
  startedAt: string;
  verdict: string;
  exitCode: number;
}

const runColumns = ['id', 'report_id', 'kind', 'target', 'label', 'started_at', 'verdict', 'exit_code'] as const;

function toStoredRun(row: {
  id: number;
  report_id: string;
  kind: 'run' | 'survey';
  target: string;
  label: string | null;
  started_at: Date;
  verdict: string;
  exit_code: number;
}): StoredRun {
  return {
    id: row.id,
    reportId: row.report_id,
    kind: row.kind,
    target: row.target,
    label: row.label,
    startedAt: new Date(row.started_at).toISOString(),
    verdict: row.verdict,
    exitCode: row.exit_code,
  };
}

/**
 * Every run kept (of one target, when given), in the order they were recorded (their numbers): the
 * latest is the one recorded last, whatever its start says (a clock that was off, a run recorded
 * late), so that `history check` judges the run just recorded, and the page shows the same.
 */
export async function storedRuns(db: Kysely<HistoryTables>, target?: string): Promise<StoredRun[]> {
  let query = db.selectFrom('runs').select(runColumns).orderBy('id');
  if (target !== undefined) query = query.where('target', '=', target);
  return (await query.execute()).map(toStoredRun);
}

/** One run by its number. */
export async function storedRun(db: Kysely<HistoryTables>, id: number): Promise<StoredRun> {
  return toStoredRun(await db.selectFrom('runs').select(runColumns).where('id', '=', id).executeTakeFirstOrThrow());
}

/** The `limit` runs of a run's target and kind recorded just before it, oldest first (storedRuns' order). */
export async function runsBefore(db: Kysely<HistoryTables>, run: StoredRun, limit: number): Promise<StoredRun[]> {
  const rows = await db
    .selectFrom('runs')
    .select(runColumns)
    .where('target', '=', run.target)
    .where('kind', '=', run.kind)
    .where('id', '<', run.id)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toStoredRun).reverse();
}

/** A run's name in one-line messages: its number, label and start. */
export const runName = (run: StoredRun) => `#${run.id}${run.label ? ` (${run.label})` : ''} of ${run.startedAt}`;

/** The tables that hold rows of a run, by its number. */
type RunRowTable = Exclude<keyof HistoryTables, 'runs'>;

/** Every row of `table` that belongs to these runs. */
export async function runRows<T extends RunRowTable>(db: Kysely<HistoryTables>, table: T, runIds: readonly number[]) {
  if (runIds.length === 0) return [];
  // One query for every table: Kysely types a table chosen at run time as the union of their columns.
  return (await db
    .selectFrom(table as RunRowTable)
    .selectAll()
    .where('run_id', 'in', runIds)
    .execute()) as unknown as Selectable<HistoryTables[T]>[];
}

/** Which of `runIds` are surveys that drew a sample (survey.json's `sample`). */
export async function sampledRuns(db: Kysely<HistoryTables>, runIds: readonly number[]): Promise<Set<number>> {
  if (runIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('runs')
    .select('id')
    .where('id', 'in', runIds)
    .where(sql<boolean>`jsonb_typeof(report -> 'sample') = 'object'`)
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function storedReport(db: Kysely<HistoryTables>, runId: number): Promise<Record<string, unknown>> {
  const row = await db.selectFrom('runs').select('report').where('id', '=', runId).executeTakeFirstOrThrow();
  return row.report;
}
