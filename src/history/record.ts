/**
 * A run kept in the history: its rows written in one transaction, so that a recorder killed
 * mid-write leaves nothing of it, and kept once by its report's id, so that recording it again, or
 * two recorders recording it at once, keeps one. With it, what the gate finds against the run
 * before it: the events of the history page.
 */
import { storable } from './storable-text';
import type { Kysely } from 'kysely';
import { regressionsOnRecord } from './check';
import type { HistoryEntry } from './entry';
import { storedRun } from './queries';
import { raiseSeriesHighs } from './series-highs';
import type { HistoryTables } from './tables';

/** Rows per insert: PostgreSQL takes at most 65,535 parameters in one statement. */
const BATCH = 1_000;

async function insertAll<T extends keyof HistoryTables>(db: Kysely<HistoryTables>, table: T, rows: readonly object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH)
    await db
      .insertInto(table)
      // The rows are built for this table by the caller: Kysely cannot type values() for a table chosen at run time.
      .values(rows.slice(i, i + BATCH) as never)
      .execute();
}

/** Records the entry, its text made storable (storable-text.ts); false when the history kept a run of this report id already. */
export async function recordEntry(db: Kysely<HistoryTables>, given: HistoryEntry): Promise<{ recorded: boolean; id: number }> {
  const entry = storable(given);
  return db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('runs')
      .values({
        report_id: entry.reportId,
        kind: entry.kind,
        target: entry.target,
        label: entry.label,
        suite_version: entry.suiteVersion,
        started_at: entry.startedAt,
        finished_at: entry.finishedAt,
        verdict: entry.verdict,
        exit_code: entry.exitCode,
        report: JSON.stringify(entry.report),
      })
      .onConflict((c) => c.column('report_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      const kept = await tx.selectFrom('runs').select('id').where('report_id', '=', entry.reportId).executeTakeFirstOrThrow();
      return { recorded: false, id: kept.id };
    }
    const run_id = inserted.id;
    await insertAll(
      tx,
      'requirement_results',
      entry.requirements.map((r) => ({ run_id, ...r, fingerprints: JSON.stringify(r.fingerprints) })),
    );
    await insertAll(
      tx,
      'observations',
      entry.observations.map((o) => ({ run_id, observation: o.observation, status: o.status, value: JSON.stringify(o.value) })),
    );
    await insertAll(
      tx,
      'survey_rates',
      entry.rates.map((r) => ({ run_id, ...r })),
    );
    await insertAll(
      tx,
      'findability',
      entry.findability.map((f) => ({ run_id, ...f })),
    );
    await insertAll(
      tx,
      'data_quality',
      entry.dataQuality.map((q) => ({ run_id, ...q })),
    );
    if (entry.kind === 'survey') await raiseSeriesHighs(tx, run_id);
    await insertAll(
      tx,
      'latency',
      entry.latency.map((l) => ({ run_id, ...l })),
    );
    await insertAll(
      tx,
      'failing_keys',
      entry.failingKeys.map((f) => ({ run_id, ...f, keys: JSON.stringify(f.keys) })),
    );
    const events = await regressionsOnRecord(tx, await storedRun(tx, run_id));
    await insertAll(
      tx,
      'events',
      events.map(({ what, line }) => ({ run_id, what, line })),
    );
    return { recorded: true, id: run_id };
  });
}
