import type { Baseline, BaselineOutcome, Drift, Expectation, GapAcceptance, RunFailure } from '../../types/schemas';
import type { ObservationId } from '../../spec/catalogue';
import { type ConformanceSummary, failureLevel, type RequirementResult, type RunCoverage } from '../aggregate';
import { type Gap, openMustGaps } from '../coverage';
import { decide, RUN_POLICY, type RunVerdict } from '../verdict';
import { failureLocation } from '../fingerprint';
import { observedBehaviour } from './observed-behaviour';

export type { BaselineOutcome, Drift, RunFailure } from '../../types/schemas';

export interface BaselineJudgement {
  verdict: RunVerdict;
  baseline: BaselineOutcome;
  drift: Drift[];
  /** The run's coverage with each gap the baseline accepts marked so. */
  coverage: RunCoverage;
}

/** Every failure of the run, once per requirement and location, in catalogue order. */
export function runFailures(summary: Pick<ConformanceSummary, 'requirements'>): RunFailure[] {
  const found = new Map<string, RunFailure>();
  for (const r of summary.requirements) {
    for (const failure of r.failures) {
      const fingerprint = failureLocation(failure);
      const key = `${r.id} ${fingerprint}`;
      const level = failureLevel(failure, r.level);
      const known = found.get(key);
      // A MUST finding and a near miss at one place are one failure there, at the higher level.
      if (!known || (known.level !== 'MUST' && level === 'MUST'))
        found.set(key, { id: r.id, level, fingerprint, message: failure.message.split('\n')[0] });
    }
  }
  return [...found.values()];
}

/** The entry that covers a failure: one naming its location before one that covers the whole requirement. */
function coveringEntry(entries: readonly Expectation[], failure: RunFailure): Expectation | undefined {
  const ofRequirement = entries.filter((e) => e.id === failure.id);
  return ofRequirement.find((e) => e.fingerprint === failure.fingerprint) ?? ofRequirement.find((e) => e.fingerprint === undefined);
}

/** Whether all of a requirement's checks ran: only then can its failure be said to be gone. */
const ranInFull = (requirement: RequirementResult | undefined) =>
  requirement !== undefined && requirement.checks > 0 && requirement.partial !== true;

/** `expires` is the last day an entry holds: past it from the next day on (dates compare as YYYY-MM-DD text). */
const isExpired = (entry: Expectation, today: string) => entry.expires !== undefined && entry.expires < today;

/** The run's observations as behaviour (observedBehaviour), by id: what a baseline records and drift compares. */
export function behaviourOf(summary: ConformanceSummary): Record<string, unknown> {
  const behaviour: Record<string, unknown> = {};
  for (const o of summary.observations) {
    if (o.status !== 'observed') continue;
    const shown = observedBehaviour(o.id as ObservationId, o.value);
    if (shown !== undefined) behaviour[o.id] = shown;
  }
  return behaviour;
}

/** Observations seen in both the baseline and this run that differ. One seen on one side only is no evidence of change. */
function driftOf(before: Baseline['observations'], after: Record<string, unknown>): Drift[] {
  return Object.entries(after)
    .filter(([id, value]) => before?.[id] !== undefined && JSON.stringify(before[id]) !== JSON.stringify(value))
    .map(([id, value]) => ({ id, before: before![id], after: value }));
}

/** A gap's entry holds on `today` (YYYY-MM-DD): no `expires`, or not past it. */
const holds = (entry: GapAcceptance, today: string) => !isExpired(entry, today);

/** The baseline's gap entries against the run's gaps: accepted, expired, or closed (the requirement judged fully now). */
function gapOutcome(gaps: readonly Gap[], entries: readonly GapAcceptance[], today: string): NonNullable<BaselineOutcome['gaps']> {
  const open = new Set(gaps.map((gap) => gap.id));
  return {
    accepted: entries.filter((e) => open.has(e.id) && holds(e, today)),
    expired: entries.filter((e) => open.has(e.id) && !holds(e, today)),
    closed: entries.filter((e) => !open.has(e.id)),
  };
}

/**
 * Judges a run against its baseline. The run fails on a failure no entry covers, MUST or SHOULD
 * (a release gate lets through only what the baseline accepts), and on an expired entry whose
 * failure still happens; a fixed entry warns (fails under STRICT); drift warns (fails with
 * --fail-on-drift). A MUST gap no `gaps` entry accepts leaves it inconclusive; an entry whose gap
 * closed warns, as a fixed one does.
 */
export function judgeAgainstBaseline(
  summary: ConformanceSummary,
  file: string,
  baseline: Baseline,
  options: { strict: boolean; failOnDrift: boolean; today: string },
): BaselineJudgement {
  const outcome: BaselineOutcome = { file, known: [], fixed: [], expired: [], new: [], unchecked: [] };
  const covered = new Map<Expectation, RunFailure[]>();
  for (const failure of runFailures(summary)) {
    const entry = coveringEntry(baseline.expectations, failure);
    if (!entry) outcome.new.push(failure);
    else covered.set(entry, [...(covered.get(entry) ?? []), failure]);
  }
  const statusOf = new Map(summary.requirements.map((r) => [r.id, r]));
  for (const entry of baseline.expectations) {
    const failures = covered.get(entry);
    if (failures) {
      if (isExpired(entry, options.today)) outcome.expired.push({ ...entry, failures });
      else outcome.known.push(...failures.map((failure) => ({ ...failure, expectation: entry })));
      continue;
    }
    // "Fixed" needs the requirement to have run in full: a skipped check shows nothing.
    const requirement = statusOf.get(entry.id);
    if (ranInFull(requirement)) outcome.fixed.push(entry);
    else outcome.unchecked.push({ ...entry, why: requirement?.skipped?.join('; ') ?? 'its requirement did not run' });
  }
  const gapEntries = baseline.gaps ?? [];
  outcome.gaps = gapOutcome(summary.coverage.gaps, gapEntries, options.today);
  const coverage = { ...summary.coverage, ...accepting(summary.coverage, gapEntries, options.today) };
  const drift = driftOf(baseline.observations, behaviourOf(summary));
  const { verdict } = decide(
    {
      misconfigured: summary.verdict === 'error',
      // Accepting a finding, SHOULD ones included, is what the baseline is for: any other fails the gate.
      findings: { must: outcome.new.length + outcome.expired.length + (options.failOnDrift ? drift.length : 0), should: 0 },
      cleanups: outcome.fixed.length + outcome.gaps.closed.length,
      notices: options.failOnDrift ? 0 : drift.length,
      probeProblems: summary.probeProblems.length,
      errors: summary.errors.length,
      coverage,
    },
    RUN_POLICY(options.strict),
  );
  return { verdict, baseline: outcome, drift, coverage };
}

/** The run's gaps with the baseline's entries that accept them (within their dates) marked. */
function accepting(coverage: RunCoverage, entries: readonly GapAcceptance[], today: string): Pick<RunCoverage, 'gaps'> {
  return {
    gaps: coverage.gaps.map((gap) => {
      const entry = entries.find((e) => e.id === gap.id && holds(e, today));
      return entry ? { ...gap, accepted: entry } : gap;
    }),
  };
}

/**
 * The baseline --update-baseline writes: an entry for every failure of the run, keeping the
 * reason, owner, issue and date of each existing entry that still covers one (or whose
 * requirement did not run, so that nothing shows it fixed); an entry for every MUST gap of the run
 * inside what it set out to judge, keeping the existing entry of one still open; and the run's
 * observed behaviour over the old one's.
 */
export function updatedBaseline(summary: ConformanceSummary, old: Baseline | undefined, today: string): Baseline {
  const entries = old?.expectations ?? [];
  const kept = new Set<Expectation>();
  const added: Expectation[] = [];
  for (const failure of runFailures(summary)) {
    const entry = coveringEntry(entries, failure);
    if (entry) kept.add(entry);
    else
      added.push({
        id: failure.id,
        fingerprint: failure.fingerprint,
        reason: `accepted by --update-baseline on ${today}; say why: ${failure.message.slice(0, 200)}`,
      });
  }
  const statusOf = new Map(summary.requirements.map((r) => [r.id, r]));
  for (const entry of entries) if (!ranInFull(statusOf.get(entry.id))) kept.add(entry);
  const gaps = openMustGaps(summary.coverage).map(
    (gap): GapAcceptance =>
      old?.gaps?.find((e) => e.id === gap.id) ?? {
        id: gap.id,
        reason: `accepted by --update-baseline on ${today}; say why: ${gap.reason.text.slice(0, 200)}`,
      },
  );
  return {
    expectations: [...entries.filter((e) => kept.has(e)), ...added],
    ...(gaps.length > 0 ? { gaps } : {}),
    observations: { ...(old?.observations ?? {}), ...behaviourOf(summary) },
  };
}
