/** `history prune`: runs beyond the newest N of each target and kind, or older than D days, removed with their rows. */
import type { Kysely } from 'kysely';
import { storedRuns } from './queries';
import { recomputeSeriesHighs } from './series-highs';
import type { HistoryTables } from './tables';

export async function pruneHistory(
  db: Kysely<HistoryTables>,
  rule: { keep?: number; olderThanDays?: number },
  now = Date.now(),
): Promise<number> {
  const runs = await storedRuns(db);
  const doomed = new Set<number>();
  if (rule.olderThanDays !== undefined) {
    const cutoff = now - rule.olderThanDays * 86_400_000;
    for (const run of runs) if (Date.parse(run.startedAt) < cutoff) doomed.add(run.id);
  }
  if (rule.keep !== undefined) {
    const series = new Map<string, number[]>();
    for (const run of runs) series.set(`${run.target}\n${run.kind}`, [...(series.get(`${run.target}\n${run.kind}`) ?? []), run.id]);
    for (const ids of series.values()) ids.slice(0, Math.max(0, ids.length - rule.keep)).forEach((id) => doomed.add(id));
  }
  if (doomed.size === 0) return 0;
  // The rows of each run go with it (on delete cascade), and its target's series highs (series-highs.ts) are computed again from the rows left, in one transaction.
  const targets = [...new Set(runs.filter((r) => doomed.has(r.id)).map((r) => r.target))];
  await db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('runs')
      .where('id', 'in', [...doomed])
      .execute();
    await recomputeSeriesHighs(tx, targets);
  });
  return doomed.size;
}
