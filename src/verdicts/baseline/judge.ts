import type { Baseline, BaselineOutcome, Drift, Expectation, GapAcceptance, RunFailure } from '../../types/schemas';
import type { ObservationId } from '../../spec/catalogue';
import { type ConformanceSummary, failureLevel, type RequirementResult, type RunCoverage } from '../aggregate';
import { type Gap, openMustGaps } from '../coverage';
import { counted, decide, RUN_POLICY, type RunVerdict } from '../verdict';
import { failureLocation } from '../fingerprint';
import { observedBehaviour } from './observed-behaviour';

export type { BaselineOutcome, Drift, RunFailure } from '../../types/schemas';

export interface BaselineJudgement {
  verdict: RunVerdict;
  /** Why, in words (decide's `why`), against the baseline. */
  verdictWhy: string[];
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
    // Drift needs both sides observed whole: an observation some tests could not make lacks what they would have seen.
    if (o.status !== 'observed' || o.partial) continue;
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
 * The reason --update-baseline writes for a gap: accepting a gap is a decision a person makes, so an
 * entry that still begins with it accepts nothing, and the run says which entries need a reason.
 */
export const GAP_REASON_PLACEHOLDER = 'say why this gap is accepted';

/** How long a gap entry --update-baseline writes holds: a gap accepted for now, not for ever. */
const GAP_DAYS = 30;

/** A reason as it reads: NFKC, case folded, without the characters that show nothing (format and control ones), its spaces single. */
const asRead = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{Cf}\p{Cc}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * A gap entry whose reason says nothing: no letter once read (spaces, dashes, invisible characters),
 * or the placeholder --update-baseline wrote anywhere in it, in any case or form. It accepts nothing.
 */
const unexplained = (entry: GapAcceptance) => {
  const reason = asRead(entry.reason);
  return !/\p{L}/u.test(reason) || reason.includes(asRead(GAP_REASON_PLACEHOLDER));
};

/** A gap's entry holds on `today` (YYYY-MM-DD): a reason a person gave, and no `expires`, or not past it. */
const holds = (entry: GapAcceptance, today: string) => !isExpired(entry, today) && !unexplained(entry);

/** The baseline's gap entries against the run's gaps: accepted, expired, unexplained, or closed (the requirement judged fully now). */
function gapOutcome(gaps: readonly Gap[], entries: readonly GapAcceptance[], today: string): NonNullable<BaselineOutcome['gaps']> {
  const open = new Set(gaps.map((gap) => gap.id));
  return {
    accepted: entries.filter((e) => open.has(e.id) && holds(e, today)),
    expired: entries.filter((e) => open.has(e.id) && isExpired(e, today)),
    unexplained: entries.filter((e) => open.has(e.id) && !isExpired(e, today) && unexplained(e)),
    closed: entries.filter((e) => !open.has(e.id)),
  };
}

/** `today` plus `days`, as YYYY-MM-DD. */
const daysAfter = (today: string, days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Whether --update-baseline may write an entry for a gap: only a gap of a run that ran whole (no run
 * error, no interruption) and whose reason is the service's or the probes' (a test that did not run
 * is no gap to accept: run again).
 */
const acceptable = (gap: Gap) => gap.reason.kind !== 'test-not-run' && gap.reason.kind !== 'run-stopped';

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
  const { verdict, why } = decide(
    {
      misconfigured: summary.verdict === 'error',
      // Accepting a finding, SHOULD ones included, is what the baseline is for: any other fails the gate.
      findings: {
        must: outcome.new.length + outcome.expired.length + (options.failOnDrift ? drift.length : 0),
        should: 0,
        inWords: [
          counted(outcome.new.length, 'new failure'),
          counted(outcome.expired.length, 'expired entry', 'expired entries'),
          ...(options.failOnDrift ? [`${counted(drift.length, 'drifted observation')} (--fail-on-drift)`] : []),
        ].join(', '),
      },
      cleanups: outcome.fixed.length + outcome.gaps.closed.length,
      notices: options.failOnDrift ? 0 : drift.length,
      probeProblems: summary.probeProblems.length,
      errors: summary.errors.length,
      coverage,
      unexplainedGaps: outcome.gaps.unexplained?.map((e) => e.id),
    },
    RUN_POLICY(options.strict),
  );
  return { verdict, verdictWhy: why, baseline: outcome, drift, coverage };
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
  // A run that did not run whole (an error, an interruption) accepts no new gap: its gaps are accidents, not decisions.
  const whole = summary.errors.length === 0;
  const gaps = openMustGaps(summary.coverage).flatMap((gap): GapAcceptance[] => {
    const kept = old?.gaps?.find((e) => e.id === gap.id);
    if (kept) return [kept];
    if (!whole || !acceptable(gap)) return [];
    return [
      {
        id: gap.id,
        reason: `${GAP_REASON_PLACEHOLDER} (written by --update-baseline on ${today}: ${gap.reason.text.slice(0, 200)})`,
        expires: daysAfter(today, GAP_DAYS),
      },
    ];
  });
  return {
    expectations: [...entries.filter((e) => kept.has(e)), ...added],
    ...(gaps.length > 0 ? { gaps } : {}),
    observations: { ...(old?.observations ?? {}), ...behaviourOf(summary) },
  };
}
