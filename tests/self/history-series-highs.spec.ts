/**
 * The history page ranks its charted series from each target's highs (src/history/series-highs.ts),
 * kept as runs are recorded and pruned. Held here to the ranking it replaced, every survey's rows
 * ranked in one query, over random histories: rates with nothing checked, series that never fail,
 * ties, conformance runs among the surveys, and prunes that remove a target's highest survey.
 */
import fc from 'fast-check';
import { join } from 'node:path';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { highestRateSeries, scorecardSeries, type SeriesPoint } from '../../src/history/chart-queries';
import type { HistoryEntry } from '../../src/history/entry';
import { storedRuns } from '../../src/history/queries';
import { pruneHistory } from '../../src/history/prune';
import { recordEntry } from '../../src/history/record';
import { recomputeSeriesHighs, SCORECARD_ROWS } from '../../src/history/series-highs';
import { openHistory } from '../../src/history/store';
import type { HistoryTables } from '../../src/history/tables';
import { GOLDEN, ORGANIZATIONS } from '../../src/quality/record-quality';
import { tempDir } from './command';
import { expect, test } from './fixtures';

/** Charted series per chart here: few, so that the ranking and its ties decide what is drawn. */
const LIMIT = 2;

/**
 * The oracle: the `limit` series of `points` (run_id, series, checked, failed of every survey's rows)
 * that rose highest, ranked over all of them; the page's query before the highs were kept.
 */
async function rankedOverEveryRow(db: Kysely<HistoryTables>, points: RawBuilder<unknown>, failingOnly: boolean) {
  const { rows } = await sql<SeriesPoint & { total: number }>`
    with points as (${points}),
    ranked as (
      select series, max(failed::float8 / nullif(checked, 0)) as highest, count(*) over () as total
      from points group by series ${failingOnly ? sql`having max(failed) > 0` : sql``}
    ),
    top as (select series, total from ranked order by highest desc nulls last, series limit ${LIMIT})
    select points.run_id, points.series, points.checked::int as checked, points.failed::int as failed, top.total::int as total
    from points join top on top.series = points.series
    order by points.series, points.run_id`.execute(db);
  return { points: rows.map(({ run_id, series, checked, failed }) => ({ run_id, series, checked, failed })), series: rows[0]?.total ?? 0 };
}

const count = fc.integer({ min: 0, max: 4 });
const counts = fc.tuple(count, count).map(([a, b]) => ({ checked: Math.max(a, b), failed: Math.min(a, b) }));
const rates = fc.uniqueArray(
  fc.record({
    requirement: fc.constantFrom('ORG-COUNT', 'DATA-FORMATS', 'SEARCH-1'),
    level: fc.constantFrom('MUST', 'SHOULD'),
    source: fc.constantFrom('', 'npi-registry', 'state-license-board'),
    counts,
  }),
  { selector: (r) => `${r.requirement} ${r.level} ${r.source}`, maxLength: 10 },
);
const scorecard = fc.uniqueArray(
  fc.record({
    // An export measure of a type (charted, its files summed), one per field (not charted), and a record measure.
    measure: fc.constantFrom('DQ-EXPORT-STALE', 'DQ-EXPORT-DIFFERS Location.address', 'DQ-NPI-SHARED'),
    records: fc.constantFrom('providers', 'organizations'),
    dataset: fc.constantFrom(GOLDEN, ORGANIZATIONS, 'npi-registry'),
    counts,
  }),
  { selector: (q) => `${q.measure} ${q.records} ${q.dataset}`, maxLength: 10 },
);
const history = fc.record({
  runs: fc.array(fc.record({ target: fc.integer({ min: 0, max: 1 }), survey: fc.boolean(), rates, scorecard }), {
    minLength: 1,
    maxLength: 8,
  }),
  keep: fc.option(fc.integer({ min: 1, max: 2 }), { nil: undefined }),
});

let histories = 0;

test(
  "the page's series ranked from each target's highs are those ranked over every survey's rows, as surveys are recorded and pruned",
  { tag: '@fast' },
  async () => {
    test.setTimeout(120_000);
    const store = await openHistory(join(tempDir(), 'history'));
    /** The charts of `target` drawn both ways: from the highs, and over every row. */
    const bothWays = async (target: string) => {
      const surveys = (await storedRuns(store.db)).filter((r) => r.target === target && r.kind === 'survey').map((r) => r.id);
      const ids = surveys.length > 0 ? sql.join(surveys.map((id) => sql`${id}`)) : sql`null`;
      return {
        kept: [
          await highestRateSeries(store.db, target, surveys, false, LIMIT),
          await highestRateSeries(store.db, target, surveys, true, LIMIT),
          await scorecardSeries(store.db, target, surveys, LIMIT),
        ],
        everyRow: [
          await rankedOverEveryRow(
            store.db,
            sql`select run_id, requirement || ' (' || level || ')' as series, checked, failed from survey_rates where run_id in (${ids}) and source = ''`,
            true,
          ),
          await rankedOverEveryRow(
            store.db,
            sql`select run_id, requirement || ' (' || level || ') ' || source as series, checked, failed from survey_rates where run_id in (${ids}) and source <> ''`,
            true,
          ),
          await rankedOverEveryRow(
            store.db,
            sql`select run_id, measure || ' of ' || records as series, sum(checked) as checked, sum(failed) as failed from data_quality
                where run_id in (${ids}) and ${SCORECARD_ROWS} group by run_id, measure, records`,
            false,
          ),
        ],
      };
    };
    const highs = async (db: Kysely<HistoryTables>) => ({
      rates: await db.selectFrom('survey_rate_highs').selectAll().orderBy(['target', 'requirement', 'level', 'source']).execute(),
      scorecard: await db.selectFrom('scorecard_highs').selectAll().orderBy(['target', 'measure', 'records']).execute(),
    });
    /** The highs kept are those computed from the rows (as the migration that made the tables does), computed in a transaction rolled back. */
    const expectHighsAsComputed = async () => {
      const kept = await highs(store.db);
      const rolledBack = new Error('rolled back');
      await expect(
        store.db.transaction().execute(async (tx) => {
          await recomputeSeriesHighs(tx);
          expect(await highs(tx)).toEqual(kept);
          throw rolledBack;
        }),
      ).rejects.toBe(rolledBack);
      return kept.rates.length;
    };
    try {
      let charted = 0;
      let kept = 0;
      await fc.assert(
        fc.asyncProperty(history, async ({ runs, keep }) => {
          const at = histories++;
          const targets = [0, 1].map((t) => `https://history-${at}-${t}.example/api`);
          for (const [i, run] of runs.entries()) {
            const entry: HistoryEntry = {
              reportId: `h${at}-${i}`,
              kind: run.survey ? 'survey' : 'run',
              target: targets[run.target]!,
              label: null,
              suiteVersion: 'test',
              startedAt: new Date(Date.UTC(2026, 0, 1, at, i)).toISOString(),
              finishedAt: new Date(Date.UTC(2026, 0, 1, at, i, 30)).toISOString(),
              verdict: 'pass',
              exitCode: 0,
              report: { id: `h${at}-${i}` } as unknown as HistoryEntry['report'],
              requirements: [],
              observations: [],
              // A conformance run's rows, were it to carry any, are none of the surveys' series.
              rates: run.rates.map(({ counts: c, ...r }) => ({ ...r, ...c })),
              findability: [],
              dataQuality: run.scorecard.map(({ counts: c, ...q }) => ({ ...q, ...c })),
              latency: [],
              failingKeys: [],
            };
            await recordEntry(store.db, entry);
          }
          for (const target of targets) {
            const { kept, everyRow } = await bothWays(target);
            expect(kept).toEqual(everyRow);
            charted += kept.filter((chart) => chart.points.length > 0).length;
          }
          kept += await expectHighsAsComputed();
          if (keep === undefined) return;
          await pruneHistory(store.db, { keep });
          for (const target of targets) {
            const { kept, everyRow } = await bothWays(target);
            expect(kept, `after keeping ${keep}`).toEqual(everyRow);
          }
          await expectHighsAsComputed();
        }),
        {
          numRuns: 40,
          // A series first with nothing checked (no rate), then checked and never failing: its high is a rate of 0, not none.
          examples: [
            [
              {
                runs: [0, 2].map((checked) => ({
                  target: 0,
                  survey: true,
                  rates: [
                    { requirement: 'ORG-COUNT' as const, level: 'MUST' as const, source: '' as const, counts: { checked, failed: 0 } },
                  ],
                  scorecard: [],
                })),
                keep: undefined,
              },
            ],
          ],
        },
      );
      // The histories charted something and kept highs: the comparisons were not of empty charts and tables alone.
      expect(charted).toBeGreaterThan(40);
      expect(kept).toBeGreaterThan(40);
    } finally {
      await store.close();
    }
  },
);
