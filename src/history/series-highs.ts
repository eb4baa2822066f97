/**
 * Each target's highest value of every series the history page ranks, kept beside the rows as runs
 * are recorded and pruned: the survey failure rate per requirement, level and source dataset
 * (`survey_rate_highs`), and the scorecard's rate per measure and kind of record (`scorecard_highs`).
 * The page charts the series that rose highest. Ranked from every survey's rows, that was a scan of
 * 15,600 rates and 6,800 scorecard rows a target over 100 surveys, most of the page's time in
 * PGlite's WebAssembly; ranked from here it is one row a series, and the page reads only the points
 * of the series it draws (chart-queries.ts).
 *
 * What is kept is exactly what the rows say, over the target's surveys: max(failed / checked) and,
 * for the rates, max(failed). Recording raises it with the new survey's rows (greatest() ignores a
 * null as max() does, and an upsert is safe beside another recorder), writing a row only where the
 * survey raised it: each update leaves a dead row version, and PGlite runs no autovacuum, so highs
 * rewritten by every survey would grow with every run kept. Pruning, and the migration that made
 * the tables, compute them again from the rows left. A change to what a series is (the
 * scorecard's datasets below) needs a migration that computes the tables again.
 */
import { type QueryExecutorProvider, type RawBuilder, sql } from 'kysely';
import { GOLDEN, ORGANIZATIONS } from '../quality/record-quality';

/**
 * The scorecard's rows of a survey that the page charts: each measure of the golden records and of
 * the organizations, and each export measure of a resource type (its files summed, per run, by the
 * query that reads them; DQ-EXPORT-DIFFERS per field is left to history export).
 */
export const SCORECARD_ROWS = sql`checked > 0 and (dataset in (${GOLDEN}, ${ORGANIZATIONS}) or (measure like 'DQ-EXPORT-%' and position(' ' in measure) = 0))`;

/** The highs of the surveys that `runs` (a condition on `r`, the runs table) selects, raised into the tables. */
async function raise(db: QueryExecutorProvider, runs: RawBuilder<unknown>): Promise<void> {
  await sql`insert into survey_rate_highs (target, requirement, level, source, highest, most)
    select r.target, s.requirement, s.level, s.source, max(s.failed::float8 / nullif(s.checked, 0)), max(s.failed)
    from survey_rates s join runs r on r.id = s.run_id
    where r.kind = 'survey' and ${runs}
    group by r.target, s.requirement, s.level, s.source
    on conflict (target, requirement, level, source) do update
      set highest = greatest(survey_rate_highs.highest, excluded.highest), most = greatest(survey_rate_highs.most, excluded.most)
      where excluded.highest > survey_rate_highs.highest or (survey_rate_highs.highest is null and excluded.highest is not null)
        or excluded.most > survey_rate_highs.most`.execute(db);
  await sql`insert into scorecard_highs (target, measure, records, highest)
    select r.target, q.measure, q.records, max(q.failed::float8 / q.checked)
    from (
      select run_id, measure, records, sum(checked) as checked, sum(failed) as failed
      from data_quality where ${SCORECARD_ROWS} group by run_id, measure, records
    ) q join runs r on r.id = q.run_id
    where r.kind = 'survey' and ${runs}
    group by r.target, q.measure, q.records
    on conflict (target, measure, records) do update set highest = excluded.highest where excluded.highest > scorecard_highs.highest`.execute(
    db,
  );
}

/** A survey just recorded (in the recording's transaction): its target's highs raised by its rows. */
export async function raiseSeriesHighs(db: QueryExecutorProvider, runId: number): Promise<void> {
  await raise(db, sql`r.id = ${runId}`);
}

/** The highs of `targets` (every target when none is named) computed again from the rows left, after runs were removed. */
export async function recomputeSeriesHighs(db: QueryExecutorProvider, targets?: readonly string[]): Promise<void> {
  if (targets?.length === 0) return;
  const named = targets && sql.join(targets.map((t) => sql`${t}`));
  for (const table of [sql`survey_rate_highs`, sql`scorecard_highs`])
    await sql`delete from ${table} where ${named ? sql`target in (${named})` : sql`true`}`.execute(db);
  await raise(db, named ? sql`r.target in (${named})` : sql`true`);
}
