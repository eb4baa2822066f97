/**
 * What the history page draws, read as the charts draw it: the database chooses (PostgreSQL and
 * PGlite alike), ranking each chart's series from the target's highs (series-highs.ts), and the page
 * receives the points of the series it shows, never every row of every run. A page over a thousand
 * runs reads a few thousand numbers, and PostgreSQL reads not many more.
 */
import { type Kysely, sql } from 'kysely';
import { SCORECARD_ROWS } from './series-highs';
import type { HistoryTables } from './tables';

/** One point of a series: its run, and the records counted and failing there. */
export interface SeriesPoint {
  run_id: number;
  series: string;
  checked: number;
  failed: number;
}

/** The charted series' points, and how many series there were (`total`, on every row). */
type RankedPoint = SeriesPoint & { total: number };

const charted = (rows: readonly RankedPoint[]) => ({
  points: rows.map(({ run_id, series, checked, failed }) => ({ run_id, series, checked, failed })),
  series: rows[0]?.total ?? 0,
});

const ids = (runIds: readonly number[]) =>
  sql.join(
    runIds.map((id) => sql`${id}`),
    sql`, `,
  );

/** The runs `runIds` as a table `run(id)`: each probes the rates' primary key, where a list of ids would have them scanned. */
const runTable = (runIds: readonly number[]) =>
  sql`(values ${sql.join(
    runIds.map((id) => sql`(${id}::integer)`),
    sql`, `,
  )}) as run(id)`;

/**
 * The survey failure-rate series of `target` that rose highest, `limit` of them, with their points
 * in its surveys `runIds` (all of them): per requirement and level (`bySource` false), or per
 * requirement, level and source dataset. Ranked from the target's highest rates (series-highs.ts), one
 * row a series, and only the drawn series' points read. Series that never failed lie along zero and
 * are not drawn.
 */
export async function highestRateSeries(
  db: Kysely<HistoryTables>,
  target: string,
  runIds: readonly number[],
  bySource: boolean,
  limit: number,
): Promise<{ points: SeriesPoint[]; series: number }> {
  if (runIds.length === 0) return { points: [], series: 0 };
  const series = bySource ? sql`requirement || ' (' || level || ') ' || source` : sql`requirement || ' (' || level || ')'`;
  const { rows } = await sql<RankedPoint>`
    with ranked as (
      select requirement, level, source, ${series} as series, highest, count(*) over () as total
      from survey_rate_highs
      where target = ${target} and source ${bySource ? sql`<>` : sql`=`} '' and most > 0
    ),
    top as (select * from ranked order by highest desc nulls last, series limit ${limit})
    select run.id as run_id, top.series, s.checked, s.failed, top.total::int as total
    from top cross join ${runTable(runIds)}
      cross join lateral (
        select checked, failed from survey_rates
        where run_id = run.id and requirement = top.requirement and level = top.level and source = top.source
        -- One row, by the primary key. The limit keeps it a lookup: as a join, with no statistics (PGlite
        -- runs no autovacuum), the planner chose on some stores to scan every survey's rates instead.
        limit 1
      ) s
    order by top.series, run.id`.execute(db);
  return charted(rows);
}

/**
 * The scorecard's series of `target` that rose highest, `limit` of them, with their points in its
 * surveys `runIds` (all of them): each measure of the golden records and organizations, and each
 * export measure of a resource type, its files summed (SCORECARD_ROWS). Ranked from the target's
 * highs (series-highs.ts), and only the drawn series' rows read.
 */
export async function scorecardSeries(
  db: Kysely<HistoryTables>,
  target: string,
  runIds: readonly number[],
  limit: number,
): Promise<{ points: SeriesPoint[]; series: number }> {
  if (runIds.length === 0) return { points: [], series: 0 };
  const { rows } = await sql<RankedPoint>`
    with ranked as (
      select measure, records, measure || ' of ' || records as series, highest, count(*) over () as total
      from scorecard_highs where target = ${target}
    ),
    top as (select * from ranked order by highest desc nulls last, series limit ${limit})
    select run.id as run_id, top.series, q.checked::int as checked, q.failed::int as failed, top.total::int as total
    from top cross join ${runTable(runIds)}
      cross join lateral (
        select sum(checked) as checked, sum(failed) as failed, count(*) as counted from data_quality
        where run_id = run.id and measure = top.measure and records = top.records and ${SCORECARD_ROWS}
      ) q
    where q.counted > 0
    order by top.series, run.id`.execute(db);
  return charted(rows);
}

/**
 * The requirement-by-run grid's cells: each run's status of each requirement, and nothing else of its
 * rows. Read as one row a run, its cells in arrays: 50 rows cross from PostgreSQL where 1,650 did.
 */
export async function gridCells(db: Kysely<HistoryTables>, runIds: readonly number[]) {
  if (runIds.length === 0) return [];
  const { rows } = await sql<{ run_id: number; requirements: string[]; levels: string[]; statuses: string[] }>`
    select run_id, array_agg(requirement) as requirements, array_agg(level) as levels, array_agg(status) as statuses
    from requirement_results where run_id in (${ids(runIds)}) group by run_id`.execute(db);
  return rows.flatMap(({ run_id, requirements, levels, statuses }) =>
    requirements.map((requirement, i) => ({ run_id, requirement, level: levels[i]!, status: statuses[i]! })),
  );
}
