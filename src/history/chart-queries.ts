/**
 * What the history page draws, read as the charts draw it: the database aggregates and chooses
 * (PostgreSQL and PGlite alike), and the page receives the points of the series it shows, never
 * every row of every run. A page over a thousand runs reads a few thousand numbers.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { HistoryTables } from './tables';

/** One point of a series: its run, and the records counted and failing there. */
export interface SeriesPoint {
  run_id: number;
  series: string;
  checked: number;
  failed: number;
}

/**
 * The `limit` series of `points` (a query of run_id, series, checked, failed) that rose highest, by
 * their highest failed/checked, and their points; `series` is how many there were.
 */
async function highestOf(
  db: Kysely<HistoryTables>,
  points: RawBuilder<unknown>,
  limit: number,
  { failingOnly }: { failingOnly: boolean },
): Promise<{ points: SeriesPoint[]; series: number }> {
  const { rows } = await sql<SeriesPoint & { total: number }>`
    with points as (${points}),
    ranked as (
      select series, max(failed::float8 / nullif(checked, 0)) as highest, count(*) over () as total
      from points group by series
      ${failingOnly ? sql`having max(failed) > 0` : sql``}
    ),
    top as (select series, total from ranked order by highest desc nulls last, series limit ${limit})
    select points.run_id, points.series, points.checked::int as checked, points.failed::int as failed, top.total::int as total
    from points join top on top.series = points.series
    order by points.series, points.run_id`.execute(db);
  return {
    points: rows.map(({ run_id, series, checked, failed }) => ({ run_id, series, checked, failed })),
    series: rows[0]?.total ?? 0,
  };
}

const ids = (runIds: readonly number[]) =>
  sql.join(
    runIds.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * The survey failure-rate series of these runs that rose highest, `limit` of them, with their
 * points: per requirement and level (`bySource` false), or per requirement, level and source dataset.
 * Series that never failed lie along zero and are not drawn.
 */
export function highestRateSeries(db: Kysely<HistoryTables>, runIds: readonly number[], bySource: boolean, limit: number) {
  if (runIds.length === 0) return Promise.resolve({ points: [], series: 0 });
  const series = bySource ? sql`requirement || ' (' || level || ') ' || source` : sql`requirement || ' (' || level || ')'`;
  return highestOf(
    db,
    sql`select run_id, ${series} as series, checked, failed from survey_rates
        where run_id in (${ids(runIds)}) and source ${bySource ? sql`<>` : sql`=`} ''`,
    limit,
    { failingOnly: true },
  );
}

/**
 * The scorecard's series of these surveys, `limit` of them that rose highest: each measure of the
 * golden records and organizations (`datasets`), and each export measure of a resource type, its
 * files summed (DQ-EXPORT-DIFFERS per field left to history export).
 */
export function scorecardSeries(db: Kysely<HistoryTables>, runIds: readonly number[], datasets: readonly string[], limit: number) {
  if (runIds.length === 0) return Promise.resolve({ points: [], series: 0 });
  return highestOf(
    db,
    sql`select run_id, measure || ' of ' || records as series, sum(checked) as checked, sum(failed) as failed from data_quality
        where run_id in (${ids(runIds)}) and checked > 0
          and (dataset in (${sql.join(datasets.map((d) => sql`${d}`))}) or (measure like 'DQ-EXPORT-%' and position(' ' in measure) = 0))
        group by run_id, measure, records`,
    limit,
    { failingOnly: false },
  );
}

/** The requirement-by-run grid's cells: each run's status of each requirement, and nothing else of its rows. */
export async function gridCells(db: Kysely<HistoryTables>, runIds: readonly number[]) {
  if (runIds.length === 0) return [];
  return db.selectFrom('requirement_results').select(['run_id', 'requirement', 'level', 'status']).where('run_id', 'in', runIds).execute();
}
