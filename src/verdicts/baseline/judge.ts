import type { Baseline, BaselineOutcome, Drift, Expectation, RunFailure } from '../../types/schemas';
import type { ObservationId } from '../../spec/catalogue';
import { type ConformanceSummary, failureLevel, type RequirementResult, type RunVerdict, verdictOf } from '../aggregate';
import { failureLocation } from '../fingerprint';
import { observedBehaviour } from './observed-behaviour';

export type { BaselineOutcome, Drift, RunFailure } from '../../types/schemas';

export interface BaselineJudgement {
  verdict: RunVerdict;
  baseline: BaselineOutcome;
  drift: Drift[];
}

/** Every failure of the run, once per requirement and location, in catalogue order. */
export function runFailures(summary: ConformanceSummary): RunFailure[] {
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

/**
 * Judges a run against its baseline. The run fails on a failure no entry covers, MUST or SHOULD
 * (a release gate lets through only what the baseline accepts), and on an expired entry whose
 * failure still happens; a fixed entry warns (fails under STRICT); drift warns (fails with
 * --fail-on-drift).
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
  const drift = driftOf(baseline.observations, behaviourOf(summary));
  const verdict = verdictOf(
    {
      // Accepting a finding, SHOULD ones included, is what the baseline is for: any other fails the gate.
      fail: outcome.new.length + outcome.expired.length + (options.failOnDrift ? drift.length : 0),
      warn: outcome.fixed.length,
      notice: options.failOnDrift ? 0 : drift.length,
      ran: summary.summary.pass + summary.summary.warn + summary.summary.fail,
      probeProblems: summary.probeProblems.length,
      errors: summary.errors.length,
    },
    options.strict,
  );
  return { verdict, baseline: outcome, drift };
}

/**
 * The baseline --update-baseline writes: an entry for every failure of the run, keeping the
 * reason, owner, issue and date of each existing entry that still covers one (or whose
 * requirement did not run, so that nothing shows it fixed), and the run's observed behaviour
 * over the old one's.
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
  return {
    expectations: [...entries.filter((e) => kept.has(e)), ...added],
    observations: { ...(old?.observations ?? {}), ...behaviourOf(summary) },
  };
}
