/**
 * The events the history page marks: what `history check` found against the run before each run,
 * by its default rules, when that run was recorded (record.ts). A run recorded after later ones is
 * judged against those before it in time, as the gate would have judged it then.
 */
import type { Kysely } from 'kysely';
import type { EventsTable, HistoryTables } from './tables';

export interface HistoryEvent {
  runId: number;
  target: string;
  startedAt: string;
  what: EventsTable['what'];
  line: string;
}

export async function historyEvents(db: Kysely<HistoryTables>): Promise<HistoryEvent[]> {
  const rows = await db
    .selectFrom('events')
    .innerJoin('runs', 'runs.id', 'events.run_id')
    .select(['events.run_id', 'runs.target', 'runs.started_at', 'events.what', 'events.line'])
    .orderBy('runs.started_at')
    .orderBy('runs.id')
    .execute();
  return rows.map((r) => ({
    runId: r.run_id,
    target: r.target,
    startedAt: new Date(r.started_at).toISOString(),
    what: r.what,
    line: r.line,
  }));
}
