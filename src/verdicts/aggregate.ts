import { distinctByJson, sortedDistinctByJson } from '../json/distinct';
import { serviceLines } from '../rules/service-text';
import { needsOf } from '../rules/rulebook';
import type {
  ConformanceReport,
  NotJudgedReason,
  NotSelectedReason,
  ObservationResult,
  RequirementResult,
  RunError,
} from '../types/schemas';
import { type Level, OBSERVATIONS, REQUIREMENTS, type RequirementId } from '../spec/catalogue';
import type { ObservationRecord, RequirementRecord } from '../rules/judgement';
import type { Failure, ProbeProblem } from '../types/schemas';
import { type Coverage, coverageOf, judgedOf } from './coverage';
import { decide, RUN_POLICY, type VerdictEvidence } from './verdict';

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
  /** Why it was skipped, when it skipped itself: the typed reason it gave. */
  skip?: NotJudgedReason;
  /** Errors outside its checks (transport, time-out, harness, an answer refused for rate), typed where the test knew their kind. */
  errors: readonly { kind: RunError['kind']; message: string; status?: number }[];
  /** How long it took, where it was timed: shared among the requirements it declares (RequirementResult.durationMs). */
  durationMs?: number;
}

export type { ObservationResult, RequirementResult, RunError } from '../types/schemas';
export { EXIT_CODE, type RunVerdict } from './verdict';

/** A requirement's status: `pass` and `warn` speak only for the checks that ran; `partial` says some did not. */
export type RequirementStatus = RequirementResult['status'];

/** What the tests of a run come to, before the target, the time and the baseline are added. */
export type ConformanceSummary = Pick<
  ConformanceReport,
  'verdict' | 'summary' | 'requirements' | 'observations' | 'probeProblems' | 'errors'
> & {
  coverage: RunCoverage;
  /** Why the verdict is what it is, in words (decide's `why`). */
  verdictWhy: string[];
};

/** A run's coverage, as this version writes it: what it judged, and what of the service's data it saw. */
export type RunCoverage = Coverage & Pick<NonNullable<ConformanceReport['coverage']>, 'goldenRecords' | 'sourceDatasets'>;

/** What one test saw of the service's data (ANNOTATION.coverage): golden records, and their source records by dataset. */
export type TestCoverage = { goldenRecords: number; sourceDatasets: Record<string, number> };

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

/** A test that did not complete, by what stopped it: the test's own typed errors first, then its status. */
function notCompleted(outcome: TestResult): NotJudgedReason | undefined {
  if (outcome.status === 'passed' || outcome.status === 'skipped') return undefined;
  if (outcome.status === 'interrupted') return { kind: 'test-not-run', outcome: 'interrupted', text: 'the run was interrupted' };
  if (outcome.status === 'timedOut') return { kind: 'test-not-run', outcome: 'timeout', text: 'could not complete (timeout)' };
  const [first] = outcome.errors;
  if (!first) return undefined;
  // A request refused for rate or availability: the service said nothing of the data, and the reason names what closes it.
  if (first.kind === 'refused')
    return {
      kind: 'refused',
      status: first.status ?? 429,
      text: `could not complete: the service refused a request (${first.status ?? 429})`,
    };
  const kind = first.kind === 'transport' ? 'transport' : 'harness';
  return { kind: 'test-not-run', outcome: kind, text: `could not complete (${kind})` };
}

/** A requirement's reasons in words, each once: what the report's `skipped` lists. */
const inWords = (reasons: readonly NotJudgedReason[]) => [
  ...new Set(reasons.map((reason) => (reason.test ? `${reason.test}: ${reason.text}` : reason.text))),
];

/** The run's evidence for the one verdict, before any baseline: every finding counts. */
export function runEvidence(summary: Omit<ConformanceSummary, 'verdict' | 'verdictWhy'>, misconfigured: boolean): VerdictEvidence {
  return {
    misconfigured,
    findings: { must: summary.summary.fail, should: summary.summary.warn },
    probeProblems: summary.probeProblems.length,
    errors: summary.errors.length,
    coverage: summary.coverage,
  };
}

/** What the tests' outcomes hold, folded per requirement and per observation. */
interface Folded {
  records: Map<RequirementId, RequirementFound>;
  declaredByRun: Set<RequirementId>;
  /** Each test's time, shared among the requirements it declares: JUnit gives each requirement its own. */
  timed: Map<RequirementId, number>;
  observations: Map<string, unknown[]>;
  observationSkips: Map<string, string[]>;
  observationTestsRan: Set<string>;
  problems: ProbeProblem[];
  errors: RunError[];
  /** The most any test saw: the tests that fetch source records each see the same golden records. */
  coverage?: TestCoverage;
  answers: number;
}

interface RequirementFound {
  checks: number;
  failures: Failure[];
  reasons: NotJudgedReason[];
}

function foldOutcomes(outcomes: readonly TestResult[], runErrors: readonly RunError[]): Folded {
  const folded: Folded = {
    records: new Map(),
    declaredByRun: new Set(),
    timed: new Map(),
    observations: new Map(),
    observationSkips: new Map(),
    observationTestsRan: new Set(),
    problems: [],
    errors: [...runErrors],
    answers: 0,
  };
  const { records, timed, observations, observationSkips } = folded;
  const entry = (id: RequirementId) => {
    let value = records.get(id);
    if (!value) records.set(id, (value = { checks: 0, failures: [], reasons: [] }));
    return value;
  };
  for (const outcome of outcomes) {
    const { declares: declared, records: recorded, title } = outcome;
    for (const id of declared) folded.declaredByRun.add(id);
    if (outcome.durationMs !== undefined)
      for (const id of declared) timed.set(id, (timed.get(id) ?? 0) + outcome.durationMs / declared.length);
    for (const record of outcome.results) {
      const target = entry(record.id);
      target.checks += record.checks;
      target.failures.push(...record.failures);
      target.reasons.push(...(record.skipped ?? []).map((reason) => ({ ...reason, test: title })));
    }
    for (const { id, value, unobserved } of outcome.observations) {
      if (unobserved !== undefined) observationSkips.set(id, [...(observationSkips.get(id) ?? []), `${title}: ${unobserved}`]);
      else observations.set(id, [...(observations.get(id) ?? []), value]);
    }
    folded.problems.push(...outcome.probeProblems);
    folded.answers += outcome.answers ?? 0;
    for (const seen of outcome.coverage ?? [])
      if (!folded.coverage || seen.goldenRecords > folded.coverage.goldenRecords) folded.coverage = seen;
    // A failure the checks did not record is an error of the run.
    for (const { kind, message, status } of outcome.status === 'passed' || outcome.status === 'skipped' ? [] : outcome.errors)
      folded.errors.push({
        test: title,
        kind: outcome.status === 'timedOut' ? 'timeout' : kind,
        message: serviceLines(message),
        ...(status === undefined ? {} : { status }),
      });
    const notRun: NotJudgedReason | undefined =
      outcome.status === 'skipped'
        ? (outcome.skip ?? { kind: 'test-not-run', outcome: 'skipped', text: 'skipped' })
        : notCompleted(outcome);
    if (notRun === undefined) {
      for (const id of recorded) folded.observationTestsRan.add(id);
      continue;
    }
    for (const id of declared) entry(id).reasons.push({ ...notRun, test: title });
    for (const id of recorded) observationSkips.set(id, [...(observationSkips.get(id) ?? []), `${title}: ${notRun.text}`]);
  }
  return folded;
}

/** Why a requirement no test of a run declares was not judged: outside what the run set out to judge (a `not-selected` reason). */
export type OutsideReason = (id: RequirementId) => NotSelectedReason;

/** A run's tests chosen away by the user's own selection: what `run` says of a requirement none of its tests declares. */
const CHOSEN_AWAY: OutsideReason = () => ({ kind: 'not-selected', text: 'no test of this run judges it (--grep or --shard chose others)' });

/** Each requirement with what was found of it, and why it was not judged where nothing was: the run stopped, nothing met it, or no test of the run declares it. */
function reachOf(folded: Folded, stopped: NotJudgedReason | undefined, outside: OutsideReason) {
  return REQUIREMENTS.map((r) => {
    const found = folded.records.get(r.id) ?? { checks: 0, failures: [], reasons: [] };
    const unexplained: NotJudgedReason | undefined =
      found.checks > 0 || found.reasons.length > 0
        ? undefined
        : (stopped ??
          (folded.declaredByRun.has(r.id)
            ? { kind: 'not-met', needs: needsOf(r.id), text: 'the tests that declare it ran, but no answer let its rules check it' }
            : outside(r.id)));
    return { requirement: r, found, reasons: unexplained ? [unexplained] : found.reasons };
  });
}

type Reach = ReturnType<typeof reachOf>[number];

/** A requirement's status: a graded requirement fails only on a MUST finding, and its near misses warn. */
function requirementResult({ requirement: r, found, reasons }: Reach, timed: ReadonlyMap<RequirementId, number>): RequirementResult {
  let status: RequirementStatus;
  if (found.failures.length > 0) status = found.failures.some((f) => failureLevel(f, r.level) === 'MUST') ? 'fail' : 'warn';
  else if (found.checks > 0) status = 'pass';
  else status = 'skip';
  const judged = judgedOf({ checks: found.checks, reasons });
  const skipped = reasons.length > 0 ? inWords(reasons) : undefined;
  return {
    id: r.id,
    level: r.level,
    spec: r.spec,
    title: r.title,
    status,
    checks: found.checks,
    failures: found.failures,
    ...(judged === 'partly' ? { partial: true as const } : {}),
    ...(skipped ? { skipped } : {}),
    ...(timed.has(r.id) ? { durationMs: Math.round(timed.get(r.id)!) } : {}),
    judged,
  };
}

/** Each observation: what its tests saw, sorted and folded, or why none saw it. */
function observationResults(folded: Folded, stopped: NotJudgedReason | undefined): ObservationResult[] {
  const { observations, observationSkips, observationTestsRan, problems, records } = folded;
  return OBSERVATIONS.map((o): ObservationResult => {
    const values = observations.get(o.id);
    if (values) {
      // Sorted: the order tests finish in, which sharding and workers change, is no part of what was seen.
      const shown = 'fold' in o && o.fold === 'union' ? union(values) : sortedDistinctByJson(values);
      const value = Array.isArray(shown) && shown.length === 1 ? shown[0] : shown;
      // Seen by some of its tests only: what the others would have seen is missing, and drift does not compare it.
      const missed = observationSkips.get(o.id);
      return {
        id: o.id,
        title: o.title,
        status: 'observed',
        value,
        ...(missed ? { partial: true as const, reason: missed.join('; ') } : {}),
      };
    }
    const fallback = observationTestsRan.has(o.id)
      ? `the tests that record it ran, but no answer showed it${problems.length > 0 || [...records.values()].some((r) => r.failures.length > 0) ? ' (see probe problems and failures)' : ''}`
      : 'no test that records it ran';
    const reason = observationSkips.get(o.id)?.join('; ') ?? stopped?.text ?? ('whenAbsent' in o ? o.whenAbsent : fallback);
    return { id: o.id, title: o.title, status: 'not observed', reason };
  });
}

/**
 * Folds test outcomes into one status per requirement: any failure makes a MUST `fail` and a
 * SHOULD `warn`; checks that ran without failure `pass`; no check at all `skip`, with the reasons.
 * A requirement some of whose checks were skipped keeps its status for what ran, and is partial.
 * Every reason a check did not run is typed data from the rule or test that decided it; a
 * requirement no test of the run declares was not selected (--grep, --shard), which is no gap.
 */
export function aggregate(
  outcomes: readonly TestResult[],
  options: {
    strict: boolean;
    /** Why a requirement none of the outcomes declares was not judged; run's: its tests chosen away by --grep or --shard. */
    outside?: OutsideReason;
  },
  runErrors: readonly RunError[] = [],
): ConformanceSummary {
  const folded = foldOutcomes(outcomes, runErrors);
  const stopped: NotJudgedReason | undefined =
    runErrors.length > 0 ? { kind: 'run-stopped', text: 'not run: the run stopped before its tests (see run errors)' } : undefined;
  const reach = reachOf(folded, stopped, options.outside ?? CHOSEN_AWAY);
  const requirements = reach.map((r) => requirementResult(r, folded.timed));
  const summary = { pass: 0, fail: 0, warn: 0, skip: 0, partial: 0, answers: folded.answers, checks: 0 };
  for (const r of requirements) {
    summary[r.status]++;
    if (r.partial) summary.partial++;
    summary.checks += r.checks;
  }
  const probeProblems = distinctByJson(
    folded.problems.map(({ probe, promised, observed, message }) => ({ probe, promised, observed, message })),
  );
  const seen = folded.coverage ?? { goldenRecords: 0, sourceDatasets: {} };
  const aggregated: Omit<ConformanceSummary, 'verdict' | 'verdictWhy'> = {
    summary,
    requirements,
    observations: observationResults(folded, stopped),
    probeProblems,
    errors: folded.errors,
    coverage: {
      ...coverageOf(reach.map(({ requirement: r, found, reasons }) => ({ id: r.id, level: r.level, checks: found.checks, reasons }))),
      goldenRecords: seen.goldenRecords,
      sourceDatasets: Object.entries(seen.sourceDatasets)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([index, records]) => ({ index, records })),
    },
  };
  // A configuration error stopped the run (the preflight found no API at BASE_URL, say): nothing was judged, exit 2.
  const misconfigured = runErrors.some((e) => e.kind === 'configuration');
  const { verdict, why } = decide(runEvidence(aggregated, misconfigured), RUN_POLICY(options.strict));
  return { verdict, verdictWhy: why, ...aggregated };
}
