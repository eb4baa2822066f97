import { distinctByJson, sortedDistinctByJson } from '../json/distinct';
import { serviceLines } from '../rules/service-text';
import type { ConformanceReport, ObservationResult, RequirementResult, RunError } from '../types/schemas';
import { type Level, OBSERVATIONS, REQUIREMENTS, type RequirementId } from '../spec/catalogue';
import type { ObservationRecord, RequirementRecord } from '../rules/judgement';
import type { Failure, ProbeProblem } from '../types/schemas';

/** What one finished test contributes to the verdict, whatever ran it. */
export interface TestResult {
  title: string;
  status: 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted';
  /** The requirements it declares it checks. */
  declares: readonly RequirementId[];
  /** The observations it declares it records. */
  records: readonly string[];
  results: readonly RequirementRecord[];
  observations: readonly ObservationRecord[];
  probeProblems: readonly ProbeProblem[];
  /** What it saw of the service's data, when it says. */
  coverage?: readonly TestCoverage[];
  /** How many answers it received, each judged as an answer of its endpoint. */
  answers?: number;
  /** Why it was skipped, when it was. */
  skipReason?: string;
  /** Errors outside its checks (transport, time-out, harness): a MUST failure is no such error. */
  errors: readonly string[];
}

export type { ObservationResult, RequirementResult, RunError } from '../types/schemas';

/** A requirement's status: `pass` and `warn` speak only for the checks that ran; `partial` says some did not. */
export type RequirementStatus = RequirementResult['status'];

/**
 * pass: every requirement that ran holds; warn: only SHOULD findings; fail: a MUST finding, or a
 * SHOULD one under STRICT or outside a baseline; inconclusive: no failure, but probe problems or
 * run errors, or no check ran at all; error: the configuration stopped the run before any test.
 */
export type RunVerdict = ConformanceReport['verdict'];

/** The exit status of each verdict: an interface CI depends on. */
export const EXIT_CODE: Record<RunVerdict, number> = { pass: 0, warn: 0, fail: 1, error: 2, inconclusive: 3 };

/** What the tests of a run come to, before the target, the time and the baseline are added. */
export type ConformanceSummary = Pick<
  ConformanceReport,
  'verdict' | 'summary' | 'requirements' | 'observations' | 'probeProblems' | 'errors'
> &
  Partial<Pick<ConformanceReport, 'coverage'>>;

/** What one test saw of the service's data (ANNOTATION.coverage): golden records, and their source records by dataset. */
export type TestCoverage = { goldenRecords: number; sourceDatasets: Record<string, number> };

function errorKind(outcome: TestResult, message: string): RunError['kind'] {
  if (outcome.status === 'timedOut') return 'timeout';
  return message.includes('transport:') ? 'transport' : 'harness';
}

/** Objects of string lists, merged key by key (OBS-CODED-VALUES: attribute → values). */
function union(values: readonly unknown[]): Record<string, string[]> {
  const merged: Record<string, Set<string>> = {};
  for (const value of values) {
    for (const [key, list] of Object.entries(value as Record<string, unknown>)) {
      for (const item of Array.isArray(list) ? list : [list]) (merged[key] ??= new Set()).add(String(item));
    }
  }
  return Object.fromEntries(
    Object.entries(merged)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, set]) => [key, [...set].sort()]),
  );
}

/** A failure's level: its own, or, in a report of an earlier version that did not grade failures, its requirement's. */
export function failureLevel(failure: Pick<Failure, 'level'> | { level?: Level }, requirementLevel: Level): Level {
  return failure.level ?? requirementLevel;
}

/** What a verdict is made of: findings that fail, findings that warn, and what kept checks from running. */
export interface VerdictCounts {
  /** Findings that fail the run whatever STRICT says. */
  fail: number;
  /** SHOULD findings: they fail the run under STRICT. */
  warn: number;
  /** Changes that warn whatever STRICT says (drift, without --fail-on-drift). */
  notice: number;
  /** Requirements whose checks ran. */
  ran: number;
  probeProblems: number;
  errors: number;
}

export function verdictOf(counts: VerdictCounts, strict: boolean): RunVerdict {
  if (counts.fail > 0 || (strict && counts.warn > 0)) return 'fail';
  // A run in which no check ran has shown nothing: it passes nothing.
  if (counts.probeProblems > 0 || counts.errors > 0 || counts.ran === 0) return 'inconclusive';
  return counts.warn + counts.notice > 0 ? 'warn' : 'pass';
}

/**
 * Folds test outcomes into one status per requirement: any failure makes a MUST `fail` and a
 * SHOULD `warn`; checks that ran without failure `pass`; no check at all `skip`, with the reasons.
 * A requirement some of whose checks were skipped keeps its status for what ran, and is partial.
 */
export function aggregate(
  outcomes: readonly TestResult[],
  options: { strict: boolean },
  runErrors: readonly RunError[] = [],
): ConformanceSummary {
  const records = new Map<RequirementId, { checks: number; failures: Failure[]; skipped: string[] }>();
  const entry = (id: RequirementId) => {
    let value = records.get(id);
    if (!value) records.set(id, (value = { checks: 0, failures: [], skipped: [] }));
    return value;
  };
  const observations = new Map<string, unknown[]>();
  const observationSkips = new Map<string, string[]>();
  const observationTestsRan = new Set<string>();
  const problems: ProbeProblem[] = [];
  const errors: RunError[] = [...runErrors];
  // The most any test saw: the tests that fetch source records each see the same golden records.
  let coverage: TestCoverage | undefined;
  let answers = 0;

  for (const outcome of outcomes) {
    const { declares: declared, records: recorded } = outcome;
    for (const record of outcome.results) {
      const target = entry(record.id);
      target.checks += record.checks;
      target.failures.push(...record.failures);
      target.skipped.push(...(record.skipped ?? []).map((reason) => `${outcome.title}: ${reason}`));
    }
    for (const { id, value, unobserved } of outcome.observations) {
      if (unobserved !== undefined) observationSkips.set(id, [...(observationSkips.get(id) ?? []), `${outcome.title}: ${unobserved}`]);
      else observations.set(id, [...(observations.get(id) ?? []), value]);
    }
    problems.push(...outcome.probeProblems);
    answers += outcome.answers ?? 0;
    for (const seen of outcome.coverage ?? []) if (!coverage || seen.goldenRecords > coverage.goldenRecords) coverage = seen;
    let notRun: string | undefined;
    if (outcome.status === 'skipped') notRun = outcome.skipReason ?? 'skipped';
    // A failure the checks did not record is an error of the run.
    const unexplained = outcome.errors;
    if (outcome.status !== 'passed' && outcome.status !== 'skipped' && unexplained.length > 0) {
      for (const message of unexplained)
        errors.push({ test: outcome.title, kind: errorKind(outcome, message), message: serviceLines(message) });
      notRun = `could not complete (${errorKind(outcome, unexplained[0])})`;
    }
    if (notRun === undefined) {
      for (const id of recorded) observationTestsRan.add(id);
      continue;
    }
    for (const id of declared) entry(id).skipped.push(`${outcome.title}: ${notRun}`);
    for (const id of recorded) observationSkips.set(id, [...(observationSkips.get(id) ?? []), `${outcome.title}: ${notRun}`]);
  }

  const stopped = runErrors.length > 0 ? 'not run: the run stopped before its tests (see run errors)' : undefined;
  const requirements: RequirementResult[] = REQUIREMENTS.map((r) => {
    const found = records.get(r.id) ?? { checks: 0, failures: [], skipped: [] };
    let status: RequirementStatus;
    // A graded requirement fails only on a MUST finding; its near misses warn.
    if (found.failures.length > 0) status = found.failures.some((f) => failureLevel(f, r.level) === 'MUST') ? 'fail' : 'warn';
    else if (found.checks > 0) status = 'pass';
    else status = 'skip';
    const skipped =
      found.skipped.length > 0 ? found.skipped : status === 'skip' ? [stopped ?? 'no check of this requirement ran'] : undefined;
    const partial = (status === 'pass' || status === 'warn') && skipped !== undefined;
    return {
      id: r.id,
      level: r.level,
      spec: r.spec,
      title: r.title,
      status,
      checks: found.checks,
      failures: found.failures,
      ...(partial ? { partial: true as const } : {}),
      ...(skipped ? { skipped } : {}),
    };
  });

  const summary = { pass: 0, fail: 0, warn: 0, skip: 0, partial: 0, answers, checks: 0 };
  for (const r of requirements) {
    summary[r.status]++;
    if (r.partial) summary.partial++;
    summary.checks += r.checks;
  }
  const probeProblems = distinctByJson(problems.map(({ probe, promised, observed, message }) => ({ probe, promised, observed, message })));

  // A configuration error stopped the run (the preflight found no API at BASE_URL, say): nothing was judged, exit 2.
  const misconfigured = runErrors.some((e) => e.kind === 'configuration');
  return {
    verdict: misconfigured
      ? 'error'
      : verdictOf(
          {
            fail: summary.fail,
            warn: summary.warn,
            notice: 0,
            ran: summary.pass + summary.warn + summary.fail,
            probeProblems: probeProblems.length,
            errors: errors.length,
          },
          options.strict,
        ),
    summary,
    requirements,
    observations: OBSERVATIONS.map((o): ObservationResult => {
      const values = observations.get(o.id);
      if (values) {
        // Sorted: the order tests finish in, which sharding and workers change, is no part of what was seen.
        const shown = 'fold' in o && o.fold === 'union' ? union(values) : sortedDistinctByJson(values);
        return { id: o.id, title: o.title, status: 'observed', value: Array.isArray(shown) && shown.length === 1 ? shown[0] : shown };
      }
      const fallback = observationTestsRan.has(o.id)
        ? `the tests that record it ran, but no answer showed it${problems.length > 0 || [...records.values()].some((r) => r.failures.length > 0) ? ' (see probe problems and failures)' : ''}`
        : 'no test that records it ran';
      const reason = observationSkips.get(o.id)?.join('; ') ?? stopped ?? ('whenAbsent' in o ? o.whenAbsent : fallback);
      return { id: o.id, title: o.title, status: 'not observed', reason };
    }),
    probeProblems,
    errors,
    ...(coverage
      ? {
          coverage: {
            goldenRecords: coverage.goldenRecords,
            sourceDatasets: Object.entries(coverage.sourceDatasets)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([index, records]) => ({ index, records })),
          },
        }
      : {}),
  };
}
