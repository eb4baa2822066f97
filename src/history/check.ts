/**
 * `history check`, the regression gate: the latest run of each target (and kind: a run is compared
 * with runs, a survey with surveys) against a run before it. docs/history.md states these rules.
 *
 * - A requirement that passed in the comparison run fails now (MUST or SHOULD); for a survey,
 *   "passed" is no failing record.
 * - An observation of a run drifted: observed in both, with different behaviour (observedBehaviour,
 *   as the baseline compares it), never a value the request or the data put in.
 * - A survey's failure rate for a requirement, or a requirement and source dataset, rose by more
 *   than maxRateRise points, with at least minRecords records checked on both sides; when either
 *   survey drew a sample (--sample), only if the later rate's 95% Wilson interval also lies wholly
 *   above the earlier one's, as findability is compared: two samples of one service differ by chance.
 * - A survey's findability (--findability) fell: for a kind of record and a parameter, the later found
 *   rate's 95% Wilson interval lies wholly below the earlier one's.
 * - A data-quality rate of a survey's scorecard (DQ-*) worsened: for a measure, kind of record and
 *   dataset, the later failing rate's 95% Wilson interval lies wholly above the earlier one's. A
 *   warning, never a regression: the scorecard is no part of a verdict, and the gate does not fail on it.
 * - An endpoint's p95 or p99 latency rose beyond what the sampling allows: the low end of its 95%
 *   interval in the latest survey lies above the high end of the earlier surveys' (the median of
 *   the last `window`) by more than maxLatencyRise (a share) and by at least LATENCY_FLOOR_MS, each
 *   side holding enough requests (latency.ts).
 */
import { type Kysely, sql } from 'kysely';
import { InputError } from '../config/input-error';
import type { ObservationId } from '../spec/catalogue';
import { observedBehaviour } from '../verdicts/baseline/observed-behaviour';
import { whollyAbove, wilsonInterval } from '../verdicts/wilson-interval';
import { LATENCY_FLOOR_MS, median, percentilesOf, requestsFor } from './latency';
import { runName, runRows, runsBefore, sampledRuns, type StoredRun, storedRuns } from './queries';
import type { EventsTable, HistoryTables } from './tables';

export interface CheckSettings {
  target?: string;
  /** The comparison run: the one before, the last that passed, or a run's number. */
  against: 'last' | 'last-pass' | number;
  /** Percentage points. */
  maxRateRise: number;
  minRecords: number;
  /** A share: 0.25 is 25%. */
  maxLatencyRise: number;
  window: number;
}

export const CHECK_DEFAULTS = { maxRateRise: 0.5, minRecords: 20, maxLatencyRise: 0.25, window: 5 } as const;

export interface Regression {
  target: string;
  what: EventsTable['what'];
  line: string;
}

export interface CheckOutcome {
  /** Each latest run and the run it was compared with. */
  compared: { latest: StoredRun; against: StoredRun }[];
  /** Latest runs with nothing before them to compare with, and why. */
  alone: { latest: StoredRun; why: string }[];
  regressions: Regression[];
  /** What worsened that the gate does not fail on: the scorecard's rates. */
  warnings: Regression[];
}

const percent = (failed: number, checked: number) => (checked === 0 ? 0 : (100 * failed) / checked);
const shownPercent = (value: number) => `${value.toFixed(2)}%`;

/** `5.88% (6 of 102; 95% 2.72% to 12.26%)`: a rate with its count and its 95% Wilson interval. */
function shownRate(successes: number, trials: number): string {
  const { low, high } = wilsonInterval(successes, trials);
  return `${shownPercent(percent(successes, trials))} (${successes} of ${trials}; 95% ${shownPercent(100 * low)} to ${shownPercent(100 * high)})`;
}

/**
 * The run to compare `latest` with, or why there is none. `last` passes over runs that are not
 * whole (comparableRuns): a run that judged nothing (a service that was down, a configuration
 * error), an errored or inconclusive one, a survey that stopped before it completed. What such a run
 * skipped did not "pass", and a failure after it would go unseen; what an incomplete survey's few
 * records show is no rate to compare a whole one with.
 */
function comparisonRun(
  latest: StoredRun,
  before: readonly StoredRun[],
  against: CheckSettings['against'],
  comparable: ReadonlySet<number>,
): StoredRun | string {
  if (typeof against === 'number') {
    const run = before.find((r) => r.id === against);
    return run ?? `run #${against} is no earlier ${latest.kind} of this target`;
  }
  const candidates = before.filter((r) => comparable.has(r.id) && (against === 'last' || r.verdict === 'pass'));
  return (
    candidates.at(-1) ??
    `this target has no earlier ${latest.kind} that ${against === 'last-pass' ? 'passed' : 'is whole, one that judged something and was neither errored, inconclusive nor incomplete'}`
  );
}

/**
 * The runs whole enough to compare with: they judged at least one requirement, their verdict is
 * neither error nor inconclusive, and a survey among them completed (its survey.json says so).
 */
async function comparableRuns(db: Kysely<HistoryTables>, among: { target?: string; ids?: readonly number[] }): Promise<Set<number>> {
  if (among.ids?.length === 0) return new Set();
  let query = db
    .selectFrom('requirement_results')
    .innerJoin('runs', 'runs.id', 'requirement_results.run_id')
    .select('run_id')
    .distinct()
    .where('status', '<>', 'skip')
    .where('checks', '>', 0)
    .where('runs.verdict', 'not in', ['error', 'inconclusive'])
    .where(sql<string>`coalesce(runs.report->>'complete', 'true')`, '<>', 'false');
  if (among.target !== undefined) query = query.where('runs.target', '=', among.target);
  if (among.ids !== undefined) query = query.where('run_id', 'in', among.ids);
  return new Set((await query.execute()).map((r) => r.run_id));
}

export async function checkHistory(db: Kysely<HistoryTables>, settings: CheckSettings): Promise<CheckOutcome> {
  const runs = await storedRuns(db, settings.target);
  if (typeof settings.against === 'number' && !runs.some((r) => r.id === settings.against))
    throw new InputError(
      `--against ${settings.against}: the history holds no run #${settings.against}${settings.target ? ` of ${settings.target}` : ''}`,
    );
  const outcome: CheckOutcome = { compared: [], alone: [], regressions: [], warnings: [] };
  const comparable = await comparableRuns(db, { target: settings.target });
  const series = new Map<string, StoredRun[]>();
  for (const run of runs) {
    const key = `${run.target}\n${run.kind}`;
    series.set(key, [...(series.get(key) ?? []), run]);
  }
  for (const list of series.values()) {
    const latest = list.at(-1)!;
    const before = list.slice(0, -1);
    // A run's number names one target's series: the others are not compared against it.
    if (typeof settings.against === 'number' && !list.some((r) => r.id === settings.against)) continue;
    const against = comparisonRun(latest, before, settings.against, comparable);
    if (typeof against === 'string') {
      outcome.alone.push({ latest, why: against });
      continue;
    }
    outcome.compared.push({ latest, against });
    outcome.regressions.push(...(await regressionsOf(db, latest, against, before, settings)));
    if (latest.kind === 'survey') outcome.warnings.push(...(await qualityWarnings(db, latest, against)));
  }
  return outcome;
}

/**
 * The scorecard's rates that worsened beyond what chance explains: for a measure, kind of record and
 * dataset that both surveys counted, the later failing rate's 95% Wilson interval lies wholly above
 * the earlier one's. Warnings: the specification is silent on them, and the gate never fails on one.
 */
async function qualityWarnings(db: Kysely<HistoryTables>, latest: StoredRun, against: StoredRun): Promise<Regression[]> {
  const rows = await runRows(db, 'data_quality', [latest.id, against.id]);
  const key = (r: { measure: string; records: string; dataset: string }) => JSON.stringify([r.measure, r.records, r.dataset]);
  const before = new Map(rows.filter((r) => r.run_id === against.id).map((r) => [key(r), r]));
  return rows
    .filter((r) => r.run_id === latest.id)
    .flatMap((now) => {
      const then = before.get(key(now));
      if (!then || !whollyAbove({ successes: now.failed, trials: now.checked }, { successes: then.failed, trials: then.checked }))
        return [];
      return [
        {
          target: latest.target,
          what: 'data-quality' as const,
          line: `${latest.target}: ${now.measure} of ${now.records} in ${now.dataset}: ${shownRate(then.failed, then.checked)} → ${shownRate(now.failed, now.checked)}, the later interval wholly above the earlier (a data-quality rate, never part of the verdict), ${between(against, latest)}`,
        },
      ];
    });
}

/** What got worse in `run` since `against` (and, for latency, since the surveys `before` it). */
async function regressionsOf(
  db: Kysely<HistoryTables>,
  run: StoredRun,
  against: StoredRun,
  before: readonly StoredRun[],
  settings: CheckSettings,
): Promise<Regression[]> {
  const regressions = await requirementRegressions(db, run, against, settings);
  if (run.kind === 'run') regressions.push(...(await observationDrift(db, run, against)));
  else regressions.push(...(await latencyRegressions(db, run, before, settings)));
  return regressions;
}

/** Runs looked at before a run being recorded: enough for the latency window and a few runs that are not whole. */
const RECORD_LOOKBACK = 50;

/**
 * The regressions of a run just recorded, by the gate's default rules against the run before it:
 * the events the history page marks, kept with the run so that the page reads them, not recomputes them.
 */
export async function regressionsOnRecord(db: Kysely<HistoryTables>, run: StoredRun): Promise<Regression[]> {
  const settings: CheckSettings = { against: 'last', ...CHECK_DEFAULTS };
  const before = await runsBefore(db, run, RECORD_LOOKBACK);
  const against = comparisonRun(run, before, 'last', await comparableRuns(db, { ids: before.map((r) => r.id) }));
  if (typeof against === 'string') return [];
  return [
    ...(await regressionsOf(db, run, against, before, settings)),
    ...(run.kind === 'survey' ? await qualityWarnings(db, run, against) : []),
  ];
}

const between = (against: StoredRun, latest: StoredRun) => `run ${runName(against)} → run ${runName(latest)}`;

async function requirementRegressions(
  db: Kysely<HistoryTables>,
  latest: StoredRun,
  against: StoredRun,
  settings: CheckSettings,
): Promise<Regression[]> {
  const rows = await runRows(db, 'requirement_results', [latest.id, against.id]);
  const key = (r: { requirement: string; level: string }) => `${r.requirement} ${r.level}`;
  const before = new Map(rows.filter((r) => r.run_id === against.id).map((r) => [key(r), r]));
  const regressions: Regression[] = [];
  const newlyFailing = new Set<string>();
  for (const now of rows.filter((r) => r.run_id === latest.id)) {
    const then = before.get(key(now));
    if (then?.status !== 'pass' || (now.status !== 'fail' && now.status !== 'warn')) continue;
    newlyFailing.add(key(now));
    regressions.push({
      target: latest.target,
      what: 'requirement',
      line: `${latest.target}: ${now.requirement} (${now.level}) passed and now fails: ${then.status} → ${now.status}${latest.kind === 'survey' ? ` (${now.failed} of ${now.checks} records)` : ''}, ${between(against, latest)}`,
    });
  }
  if (latest.kind === 'survey')
    regressions.push(
      ...(await rateRegressions(db, latest, against, settings, newlyFailing)),
      ...(await findabilityRegressions(db, latest, against)),
    );
  return regressions;
}

async function rateRegressions(
  db: Kysely<HistoryTables>,
  latest: StoredRun,
  against: StoredRun,
  settings: CheckSettings,
  newlyFailing: ReadonlySet<string>,
): Promise<Regression[]> {
  const rows = await runRows(db, 'survey_rates', [latest.id, against.id]);
  // A whole survey's rate is the directory's; a sample's is an estimate of it, with its interval.
  const sampled = (await sampledRuns(db, [latest.id, against.id])).size > 0;
  const key = (r: { requirement: string; level: string; source: string }) => `${r.requirement} ${r.level} ${r.source}`;
  const before = new Map(rows.filter((r) => r.run_id === against.id).map((r) => [key(r), r]));
  const regressions: Regression[] = [];
  for (const now of rows.filter((r) => r.run_id === latest.id)) {
    const then = before.get(key(now)) ?? {
      checked: now.source === '' ? 0 : (before.get(`${now.requirement} ${now.level} `)?.checked ?? 0),
      failed: 0,
    };
    if (then.checked < settings.minRecords || now.checked < settings.minRecords) continue;
    const [a, b] = [percent(then.failed, then.checked), percent(now.failed, now.checked)];
    if (b - a <= settings.maxRateRise) continue;
    const beyondChance = whollyAbove({ successes: now.failed, trials: now.checked }, { successes: then.failed, trials: then.checked });
    if (sampled && !beyondChance) continue;
    // A requirement that went from no failure to some is said once, above; its datasets still are.
    if (now.source === '' && newlyFailing.has(`${now.requirement} ${now.level}`)) continue;
    const where = now.source === '' ? '' : ` in source dataset ${now.source}`;
    regressions.push({
      target: latest.target,
      what: 'rate',
      line: `${latest.target}: ${now.requirement} (${now.level})${where}: failure rate ${shownRate(then.failed, then.checked)} → ${shownRate(now.failed, now.checked)}, up ${(b - a).toFixed(2)} points (more than ${settings.maxRateRise})${sampled ? ', the later interval wholly above the earlier' : ''}, ${between(against, latest)}`,
    });
  }
  return regressions;
}

/**
 * Findability that fell beyond what sampling explains: for a kind of record and a parameter that
 * both surveys searched by (--findability), the later found rate's 95% Wilson interval lies wholly
 * below the earlier one's. Two intervals that overlap are noise, whatever the rates.
 */
async function findabilityRegressions(db: Kysely<HistoryTables>, latest: StoredRun, against: StoredRun): Promise<Regression[]> {
  const rows = await runRows(db, 'findability', [latest.id, against.id]);
  const key = (r: { records: string; parameter: string }) => `${r.records} ${r.parameter}`;
  const before = new Map(rows.filter((r) => r.run_id === against.id).map((r) => [key(r), r]));
  const shown = (found: number, missed: number) => shownRate(found, found + missed);
  return rows
    .filter((r) => r.run_id === latest.id)
    .flatMap((now) => {
      const then = before.get(key(now));
      if (!then || then.found + then.missed === 0 || now.found + now.missed === 0) return [];
      if (
        !whollyAbove({ successes: then.found, trials: then.found + then.missed }, { successes: now.found, trials: now.found + now.missed })
      )
        return [];
      return [
        {
          target: latest.target,
          what: 'findability' as const,
          line: `${latest.target}: ${now.records} found by ${now.parameter}: ${shown(then.found, then.missed)} → ${shown(now.found, now.missed)}, the later interval wholly below the earlier, ${between(against, latest)}`,
        },
      ];
    });
}

/**
 * Observations whose behaviour changed, compared as the baseline compares them (observedBehaviour):
 * the values a request or the data put into an answer (an echoed id, a total that grew) are not
 * behaviour, and an event of the run (a retry) is never compared.
 */
async function observationDrift(db: Kysely<HistoryTables>, latest: StoredRun, against: StoredRun): Promise<Regression[]> {
  const rows = await runRows(db, 'observations', [latest.id, against.id]);
  const before = new Map(rows.filter((r) => r.run_id === against.id).map((r) => [r.observation, r]));
  const behaviour = (id: string, value: unknown) => JSON.stringify(observedBehaviour(id as ObservationId, value));
  return rows
    .filter((r) => r.run_id === latest.id)
    .flatMap((now) => {
      const then = before.get(now.observation);
      if (then?.status !== 'observed' || now.status !== 'observed') return [];
      const [a, b] = [behaviour(now.observation, then.value), behaviour(now.observation, now.value)];
      if (a === b) return [];
      return [
        {
          target: latest.target,
          what: 'observation' as const,
          line: `${latest.target}: ${now.observation} drifted: ${a} → ${b}, ${between(against, latest)}`,
        },
      ];
    });
}

/** The p99 of the surveying process's own event-loop delay in a survey (survey.json's harness), 0 where it was not measured. */
async function harnessDelayOf(db: Kysely<HistoryTables>, run: StoredRun): Promise<number> {
  const row = await db
    .selectFrom('runs')
    .select(sql<unknown>`report->'harness'->'eventLoopDelayMs'->'p99'`.as('p99'))
    .where('id', '=', run.id)
    .executeTakeFirst();
  const p99 = Number(row?.p99);
  return Number.isFinite(p99) && p99 > 0 ? Math.ceil(p99) : 0;
}

async function latencyRegressions(
  db: Kysely<HistoryTables>,
  latest: StoredRun,
  before: readonly StoredRun[],
  settings: CheckSettings,
): Promise<Regression[]> {
  const window = before.slice(-settings.window);
  const rows = await runRows(db, 'latency', [latest.id, ...window.map((r) => r.id)]);
  const harnessDelay = await harnessDelayOf(db, latest);
  const regressions: Regression[] = [];
  for (const now of rows.filter((r) => r.run_id === latest.id)) {
    const current = percentilesOf(now.histogram);
    const earlier = rows.filter((r) => r.run_id !== latest.id && r.endpoint === now.endpoint).map((r) => percentilesOf(r.histogram));
    for (const p of [95, 99]) {
      const enough = requestsFor(p);
      const judged = earlier.filter((e) => e.requests >= enough);
      if (current.requests < enough || judged.length === 0) continue;
      const baseline = median(judged.map((e) => e.at[p]));
      const value = current.at[p];
      // Slower beyond noise: the latest interval's low end above the earlier intervals' high end (their median), by
      // the share and by the floor plus what the surveying process's own stalls may have added (its event-loop delay).
      const earlierHigh = median(judged.map((e) => e.interval[p].high));
      const latestLow = current.interval[p].low;
      const allowance = LATENCY_FLOOR_MS + harnessDelay;
      if (latestLow <= earlierHigh * (1 + settings.maxLatencyRise) || latestLow - earlierHigh < allowance) continue;
      regressions.push({
        target: latest.target,
        what: 'latency',
        line: `${latest.target}: ${now.endpoint} p${p} latency ${baseline} ms (median of ${judged.length} earlier survey${judged.length > 1 ? 's' : ''}, last ${runName(window.at(-1)!)}) → ${value} ms in run ${runName(latest)}, up ${Math.round((100 * (value - baseline)) / baseline)}%: beyond sampling noise, its 95% interval starts at ${latestLow} ms, above the ${earlierHigh} ms where the earlier ones end, by more than ${Math.round(settings.maxLatencyRise * 100)}% and ${allowance} ms (${LATENCY_FLOOR_MS} ms${harnessDelay > 0 ? `, and the ${harnessDelay} ms the surveying process's own event loop was kept waiting, p99` : ''})`,
      });
    }
  }
  return regressions;
}
