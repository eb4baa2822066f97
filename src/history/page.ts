/**
 * `history page`: one self-contained HTML page over the whole history, as the survey page is made
 * (Vega-Lite charts rendered to SVG in Node, shown as data: images, no script, a policy that loads
 * nothing). Every target's runs on a time axis with their verdicts, labels and the events of
 * events.ts; per target, the requirement-by-run grid of its latest runs (the wpt.fyi view), its
 * survey failure rates per requirement and per source dataset over time, and its latency
 * percentiles per endpoint over time.
 */
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import type { Kysely } from 'kysely';
import { page, text } from '../report/html/page';
import { svgDataUri, svgOf, type VegaLiteSpec } from '../report/survey/charts';
import { historyEvents, type HistoryEvent } from './events';
import { PERCENTILES, percentilesOf } from './latency';
import { runName, runRows, type StoredRun, storedRuns } from './queries';
import { gridCells, highestRateSeries, scorecardSeries } from './chart-queries';
import { wilsonInterval } from '../verdicts/wilson-interval';
import type { HistoryTables } from './tables';

/** Runs per target in the requirement grid: the latest ones, as a status board shows them. */
export const GRID_RUNS = 50;
/** Lines in a failure-rate chart, at most: the highest ones. */
const CHARTED_SERIES = 8;
/** Runs drawn with their labels on the time axis, at most. */
const LABELLED_RUNS = 60;
/** Runs per target listed with their labels under the chart. */
const LISTED_RUNS = 20;

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v5.json';
/** Times as they are stored, in UTC, with the date and the zone named: a page read in another zone reads the same. */
const TIME_AXIS = {
  field: 'time',
  type: 'temporal',
  scale: { type: 'utc' },
  title: 'started (UTC)',
  // A utc scale formats its labels in UTC; a formatType would be a custom one to Vega-Lite, which then drops the format.
  axis: { format: '%Y-%m-%d %H:%M', labelAngle: -30 },
} as const;
const VERDICT_COLOURS = {
  domain: ['pass', 'warn', 'fail', 'inconclusive', 'error'],
  range: ['#1b7f3b', '#b26a00', '#b3261e', '#6b6b6b', '#000000'],
};

/**
 * Every run on a time axis: its verdict by colour and, while the runs can be told apart, in words
 * under its mark (for a reader who cannot tell the colours apart); past that, each target's table
 * below says the verdicts of its latest runs.
 */
export function timelineSpec(runs: readonly StoredRun[], events: readonly HistoryEvent[]): VegaLiteSpec {
  const spelt = runs.length <= LABELLED_RUNS;
  const points = {
    values: runs.map((r) => ({ time: r.startedAt, target: r.target, verdict: r.verdict, kind: r.kind, label: r.label ?? '' })),
  };
  const position = {
    y: { field: 'target', type: 'nominal', title: null, axis: { labelLimit: 360 } },
    // Its domain given, as the shapes' is: two layers' offsets unioned from their data warn of their order.
    yOffset: { field: 'kind', type: 'nominal', scale: { domain: ['run', 'survey'] } },
  } as const;
  return {
    $schema: SCHEMA,
    title: `Every run and survey by target: verdict${spelt ? ' (in words under each run)' : " (in words in each target's table)"}, and regressions marked ✕`,
    width: 760,
    layer: [
      {
        data: points,
        mark: { type: 'point', filled: true, size: 60 },
        encoding: {
          x: TIME_AXIS,
          ...position,
          color: { field: 'verdict', type: 'nominal', scale: VERDICT_COLOURS },
          shape: { field: 'kind', type: 'nominal', scale: { domain: ['run', 'survey'], range: ['circle', 'square'] } },
        },
      },
      // Labels beside their runs, and verdicts under them, while they can be read; past that, each target's table lists them.
      ...(spelt
        ? [
            {
              data: points,
              mark: { type: 'text', dy: 11, fontSize: 9, color: '#333333' },
              encoding: { x: TIME_AXIS, y: position.y, yOffset: position.yOffset, text: { field: 'verdict' } },
            },
            {
              data: { values: runs.filter((r) => r.label).map((r) => ({ time: r.startedAt, target: r.target, label: r.label })) },
              mark: { type: 'text', angle: -35, align: 'left', dx: 6, dy: -6, fontSize: 10 },
              encoding: { x: { field: 'time', type: 'temporal' }, y: { field: 'target', type: 'nominal' }, text: { field: 'label' } },
            },
          ]
        : []),
      {
        data: { values: events.map((e) => ({ time: e.startedAt, target: e.target, event: e.what })) },
        mark: { type: 'point', shape: 'cross', size: 120, color: '#b3261e', strokeWidth: 2 },
        encoding: { x: { field: 'time', type: 'temporal' }, y: { field: 'target', type: 'nominal' } },
      },
    ],
  };
}

/**
 * The requirement-by-run grid as a table, one coloured cell per requirement and run (the wpt.fyi
 * view): a table, not a chart, so that 50 runs of 33 requirements for each of several targets stay
 * small, and each cell carries its status in words for a reader and a screen reader.
 */
function grid(
  runs: readonly StoredRun[],
  rows: readonly { run_id: number; requirement: string; level: string; status: string }[],
): ElementContent {
  const status = new Map(rows.map((r) => [`${r.run_id} ${r.requirement} ${r.level}`, r.status]));
  const requirements = [...new Map(rows.map((r) => [`${r.requirement} ${r.level}`, r])).values()];
  return h('div.grid', [
    h(
      'p.legend',
      Object.entries(GRID_MARKS).flatMap(([s, mark]) => [h('span', { className: ['cell', `status-${s}`] }, mark), ` ${s} `]),
    ),
    h('table', { className: ['grid'] }, [
      h('tr', [
        h('th', text('requirement \\ run')),
        // Each run's column says which run it is: its number, and its label where it has one.
        ...runs.map((r) =>
          h('th', { className: ['run'], scope: 'col', title: runName(r) }, [
            text(`#${r.id}`),
            ...(r.label ? [h('br'), text(r.label.slice(0, 12))] : []),
          ]),
        ),
      ]),
      // A cell says its status by its mark and colour; its requirement and run are its row's and column's
      // headers, which a screen reader reads with it (scope): a title on each of 50 × 40 cells a target was most of the page.
      ...requirements.map((q) =>
        h('tr', [
          h('th', { scope: 'row' }, text(`${q.requirement} (${q.level})`)),
          ...runs.map((r) => {
            const s = status.get(`${r.id} ${q.requirement} ${q.level}`) ?? 'absent';
            return h('td', s === 'pass' ? {} : { className: [`status-${s}`] }, GRID_MARKS[s as keyof typeof GRID_MARKS] ?? '');
          }),
        ]),
      ),
    ]),
  ]);
}

/** What each grid cell says besides its colour, for a reader who cannot tell the colours apart. */
const GRID_MARKS = { pass: '✓', warn: '!', fail: '✗', skip: '–', absent: '' } as const;

function rateSpec(title: string, values: { time: string; series: string; rate: number }[]): VegaLiteSpec {
  return {
    $schema: SCHEMA,
    title,
    width: 640,
    data: { values },
    mark: { type: 'line', point: values.length < 200 },
    encoding: {
      x: TIME_AXIS,
      y: { field: 'rate', type: 'quantitative', axis: { format: '%' }, title: 'failing records / checked' },
      color: { field: 'series', type: 'nominal', title: null, legend: { labelLimit: 320 } },
    },
  };
}

/** A rate per series over time with its 95% interval as a band: findability (found) and the scorecard (failing). */
function intervalRateSpec(
  title: string,
  rateTitle: string,
  values: { time: string; series: string; rate: number; low: number; high: number }[],
): VegaLiteSpec {
  const color = { field: 'series', type: 'nominal', title: null, legend: { labelLimit: 320 } } as const;
  return {
    $schema: SCHEMA,
    title,
    width: 640,
    data: { values },
    layer: [
      {
        mark: { type: 'area', opacity: 0.2 },
        encoding: { x: TIME_AXIS, y: { field: 'low', type: 'quantitative' }, y2: { field: 'high' }, color },
      },
      {
        mark: { type: 'line', point: values.length < 200 },
        encoding: { x: TIME_AXIS, y: { field: 'rate', type: 'quantitative', axis: { format: '%' }, title: rateTitle }, color },
      },
    ],
  };
}

function latencySpec(target: string, values: { time: string; endpoint: string; percentile: string; ms: number }[]): VegaLiteSpec {
  return {
    $schema: SCHEMA,
    title: `${target}: survey latency per endpoint (ms)`,
    width: 640,
    data: { values },
    mark: { type: 'line', point: values.length < 200 },
    encoding: {
      x: TIME_AXIS,
      y: { field: 'ms', type: 'quantitative', title: 'milliseconds' },
      color: { field: 'endpoint', type: 'nominal' },
      // The legend draws each percentile's dash, not the points, which all look alike.
      strokeDash: {
        field: 'percentile',
        type: 'nominal',
        sort: PERCENTILES.map((p) => `p${p}`),
        legend: { symbolType: 'stroke', symbolStrokeWidth: 2, symbolSize: 400 },
      },
    },
  };
}

const figure = (title: string, svg: string): ElementContent =>
  h('figure', [h('img', { src: svgDataUri(svg), alt: title }), h('figcaption', text(title))]);

/** What draws a chart's SVG: svgOf in this thread, or a ChartThread beside it (chart-thread.ts). */
export type DrawChart = (spec: VegaLiteSpec) => Promise<string>;

/**
 * A chart's figure, once `draw` has drawn it. Not awaited where it is asked for: the page goes on to
 * its next queries while a thread beside it draws, and waits for the figures at the end. A figure
 * that fails is the page's failure then, never an unhandled rejection before it.
 */
function chart(draw: DrawChart, title: string, spec: VegaLiteSpec): Promise<ElementContent> {
  const drawn = draw(spec).then((svg) => figure(title, svg));
  drawn.catch(() => undefined);
  return drawn;
}

/** Parts of a section, some of them figures still being drawn. */
type Parts = (ElementContent | Promise<ElementContent>)[];

/** The parts, each figure drawn, in their order. */
const whole = (parts: Parts): Promise<ElementContent[]> => Promise.all(parts.map(async (part) => part));

function table(head: string[], rows: string[][]): ElementContent {
  return h('table', [
    h(
      'tr',
      head.map((c) => h('th', text(c))),
    ),
    ...rows.map((row) =>
      h(
        'tr',
        row.map((c) => h('td', text(c))),
      ),
    ),
  ]);
}

/** A target's surveys charted: failure rates per requirement (and per source), findability, the scorecard and latency. */
async function surveyCharts(db: Kysely<HistoryTables>, draw: DrawChart, target: string, surveys: readonly StoredRun[]): Promise<Parts> {
  const parts: Parts = [];
  const time = new Map(surveys.map((s) => [s.id, s.startedAt]));
  const surveyIds = [...time.keys()];
  let charted = 0;
  for (const [bySource, title] of [
    [false, 'survey failure rate per requirement'],
    [true, 'survey failure rate per requirement and source dataset (of the records the requirement checked)'],
  ] as const) {
    // The series that rose highest: a chart of 100 lines shows none of them, and requirements that never failed lie along zero.
    const { points, series: count } = await highestRateSeries(db, target, surveyIds, bySource, CHARTED_SERIES);
    if (points.length === 0) continue;
    charted++;
    const values = points.map((r) => ({ time: time.get(r.run_id)!, series: r.series, rate: r.checked === 0 ? 0 : r.failed / r.checked }));
    const more = count > CHARTED_SERIES ? `; the ${CHARTED_SERIES} highest of ${count} series (history diff and export have them all)` : '';
    parts.push(chart(draw, `${target}: ${title}${more}`, rateSpec(`${target}: ${title}`, values)));
  }
  if (charted === 0) parts.push(h('p', text('No survey of this target found a failing record.')));
  const findability = (await runRows(db, 'findability', surveyIds)).flatMap((row) => {
    const decided = row.found + row.missed;
    if (decided === 0) return [];
    const { low, high } = wilsonInterval(row.found, decided);
    return [{ time: time.get(row.run_id)!, series: `${row.records} by ${row.parameter}`, rate: row.found / decided, low, high }];
  });
  if (findability.length > 0)
    parts.push(
      chart(
        draw,
        `${target}: findability per parameter (survey --findability)`,
        intervalRateSpec(
          `${target}: findability per parameter (found / searched, with its 95% interval)`,
          'found / (found + missed)',
          findability,
        ),
      ),
    );
  // The scorecard of the golden records and organizations, and the export's measures of each type: the measures that rose highest.
  const scorecard = await scorecardSeries(db, target, surveyIds, CHARTED_SERIES);
  const quality = scorecard.points.map(({ run_id, series, checked, failed }) => ({
    time: time.get(run_id)!,
    series,
    rate: failed / checked,
    ...wilsonInterval(failed, checked),
  }));
  const moreMeasures =
    scorecard.series > CHARTED_SERIES ? `; the ${CHARTED_SERIES} highest of ${scorecard.series} (history export has them all)` : '';
  if (quality.length > 0)
    parts.push(
      chart(
        draw,
        `${target}: directory accuracy scorecard (DQ-*, never part of the verdict)${moreMeasures}`,
        intervalRateSpec(
          `${target}: data-quality rates of golden records and organizations (failing / counted, with its 95% interval)`,
          'failing / counted',
          quality,
        ),
      ),
    );
  const latency = (await runRows(db, 'latency', surveyIds)).flatMap((row) => {
    const { at } = percentilesOf(row.histogram);
    return PERCENTILES.map((p) => ({ time: time.get(row.run_id)!, endpoint: row.endpoint, percentile: `p${p}`, ms: at[p] }));
  });
  if (latency.length > 0) parts.push(chart(draw, `${target}: survey latency per endpoint`, latencySpec(target, latency)));
  return parts;
}

/** A target's section: its rows read now, and the section whole (`drawn`) once its figures are drawn. */
async function targetSection(
  db: Kysely<HistoryTables>,
  draw: DrawChart,
  target: string,
  runs: readonly StoredRun[],
  events: readonly HistoryEvent[],
): Promise<{ drawn: Promise<ElementContent> }> {
  const parts: Parts = [h('h2', text(target))];
  const count = (kind: StoredRun['kind']) => {
    const n = runs.filter((r) => r.kind === kind).length;
    return `${n} ${kind}${n === 1 ? '' : 's'}`;
  };
  const counts = `${count('run')}, ${count('survey')}`;
  const latest = latestOfEachKind(runs).flatMap((last) => (last ? [`latest ${last.kind} ${runName(last)}: ${last.verdict}`] : []));
  parts.push(h('p', text(`${counts}; ${latest.join('; ')}.`)));
  parts.push(
    table(
      ['run', 'kind', 'label', 'started', 'verdict'],
      runs
        .slice(-LISTED_RUNS)
        .reverse()
        .map((r) => [`#${r.id}`, r.kind, r.label ?? '', r.startedAt, r.verdict]),
    ),
  );
  const conformance = runs.filter((r) => r.kind === 'run').slice(-GRID_RUNS);
  if (conformance.length > 0) {
    const rows = await gridCells(
      db,
      conformance.map((r) => r.id),
    );
    parts.push(h('h3', text(`Requirement by run: the latest ${conformance.length}`)), grid(conformance, rows));
  }
  const surveys = runs.filter((r) => r.kind === 'survey');
  if (surveys.length > 0) parts.push(...(await surveyCharts(db, draw, target, surveys)));
  const own = events.filter((e) => e.target === target);
  parts.push(h('h3', text('Events')));
  parts.push(
    own.length === 0
      ? h('p', text('None: history check found no regression in any run against the run before it, by its default rules.'))
      : table(
          ['run', 'started', 'regression', 'what history check said'],
          own
            .slice(-100)
            .reverse()
            .map((e) => [`#${e.runId}`, e.startedAt, e.what, e.line]),
        ),
  );
  const drawn = whole(parts).then((done) => h('section', { className: ['target'], dataTarget: target }, done));
  drawn.catch(() => undefined);
  return { drawn };
}

/** The latest run and the latest survey of `runs` (in the order they were made), each when there is one. */
const latestOfEachKind = (runs: readonly StoredRun[]) =>
  (['run', 'survey'] as const).map((kind) => runs.filter((r) => r.kind === kind).at(-1));

/**
 * The page's first lines: where each target stands now. Its latest run and latest survey, their
 * verdicts, and the regressions history check found in them (events.ts): what a reader opens the page for.
 */
function statusNow(targets: readonly string[], runs: readonly StoredRun[], events: readonly HistoryEvent[]): ElementContent {
  const rows = targets.map((target) => {
    const latest = latestOfEachKind(runs.filter((r) => r.target === target));
    const regressions = events.filter((e) => latest.some((r) => r?.id === e.runId));
    return { target, latest, regressions };
  });
  const regressed = rows.filter((r) => r.regressions.length > 0);
  const headline =
    regressed.length === 0
      ? `No regression now: the latest run and survey of each of the ${targets.length} targets are as good as the ones before them.`
      : `Regressions now in ${regressed.length} of ${targets.length} targets: ${regressed.map((r) => `${r.target} (${r.regressions.length})`).join(', ')}.`;
  return h('section#status', { dataRegressed: regressed.length }, [
    h('h2', text('Now')),
    h('p', { className: [regressed.length === 0 ? 'pass' : 'fail'] }, text(headline)),
    table(
      ['target', 'latest run', 'verdict', 'latest survey', 'verdict', 'regressions in them'],
      rows.map(({ target, latest: [run, survey], regressions }) => [
        target,
        run ? runName(run) : 'none',
        run?.verdict ?? '',
        survey ? runName(survey) : 'none',
        survey?.verdict ?? '',
        regressions.length === 0 ? 'none' : regressions.map((e) => e.line.replace(/^regression: /, '')).join('; '),
      ]),
    ),
  ]);
}

/**
 * The page over the history `db` (at `where`). `draw` draws each chart: a thread beside this one
 * (chart-thread.ts) draws while the next rows are read; the page is the same whichever draws it.
 */
export async function historyPage(db: Kysely<HistoryTables>, where: string, draw: DrawChart = svgOf): Promise<string> {
  const runs = await storedRuns(db);
  const events = await historyEvents(db);
  const targets = [...new Set(runs.map((r) => r.target))].sort();
  const body: ElementContent[] = [
    h('header', { className: ['banner', 'history'] }, [
      h('h1', text('Conformance history')),
      h('p', text(`${runs.length} runs and surveys of ${targets.length} targets, from ${where}`)),
    ]),
  ];
  if (runs.length === 0) body.push(h('p', text('The history holds no run yet: record one with --history or history record.')));
  else body.push(statusNow(targets, runs, events));
  const parts: Parts = runs.length > 0 ? [chart(draw, 'Every run and survey by target', timelineSpec(runs, events))] : [];
  for (const target of targets)
    parts.push(
      (
        await targetSection(
          db,
          draw,
          target,
          runs.filter((r) => r.target === target),
          events,
        )
      ).drawn,
    );
  body.push(...(await whole(parts)));
  // The banner across the page; the rest in its column (main), with margins on either side.
  const [banner, ...content] = body;
  return page('Conformance history', [banner, h('main', content)]);
}
