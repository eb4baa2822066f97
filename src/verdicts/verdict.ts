/**
 * The one verdict of the harness. `run`, `merge`, `survey`, `survey merge` and `probes check` draw
 * theirs here, from the same kinds of evidence, under a policy that says what differs between them:
 * whether SHOULD findings fail (STRICT), the share of requests a survey may see end without an
 * answer, and whether a MUST requirement judged in part is a gap. Two places that decide could
 * disagree; this is the only one.
 */
import type { ConformanceReport } from '../types/schemas';
import { type Coverage, openMustGaps } from './coverage';

/**
 * pass: everything the run set out to judge was judged, and holds; warn: only SHOULD findings (or a
 * baseline entry to tidy, or drift); fail: a MUST finding, or a SHOULD one under STRICT or outside
 * a baseline; inconclusive: no failure, but probe problems, run errors, a survey that did not
 * complete, nothing judged, or a MUST requirement not judged that no baseline accepts; error: the
 * configuration stopped it before anything was judged.
 */
export type RunVerdict = ConformanceReport['verdict'];

/** The exit status of each verdict: an interface CI depends on. */
export const EXIT_CODE: Record<RunVerdict, number> = { pass: 0, warn: 0, fail: 1, error: 2, inconclusive: 3 };

export interface VerdictPolicy {
  /** SHOULD findings fail (STRICT); else they warn. */
  strict: boolean;
  /** The share of requests that may end without an HTTP answer before nothing can be concluded: a survey's 5%, a run's none. */
  unansweredShare: number;
  /**
   * Which MUST gaps keep the verdict from a pass. `all`: every one no baseline accepts, judged in part
   * or not at all (a run: a check it set out to make did not run). `unmet`: a requirement of its plan
   * that nothing it met let it judge at all (a survey: its records are judged one by one, each it could
   * not judge counted and listed; what a service keeps it from judging, a next link to another origin,
   * is listed, and the run judges it, where a baseline can accept the gap).
   */
  gaps: 'all' | 'unmet';
}

export const RUN_POLICY = (strict: boolean): VerdictPolicy => ({ strict, unansweredShare: 0, gaps: 'all' });

/** A survey's: 5% of requests may go unanswered (a service's hiccups over hours), and each record judged stands. */
export const SURVEY_POLICY: VerdictPolicy = { strict: false, unansweredShare: 0.05, gaps: 'unmet' };

/** What a verdict is drawn from. */
export interface VerdictEvidence {
  /** A configuration error stopped it before anything was judged. */
  misconfigured?: boolean;
  /**
   * Findings no baseline accepts, by level; `must` also counts what fails whatever STRICT says (a
   * baseline entry past its date, drift under --fail-on-drift), and `inWords` says what it counts
   * where that is more than findings (a baseline's new failures, expired entries, drift).
   */
  findings: { must: number; should: number; inWords?: string };
  /** What warns, and fails under STRICT: a baseline entry whose failure is gone, or whose gap closed. */
  cleanups?: number;
  /** What only warns, whatever STRICT says: drift without --fail-on-drift. */
  notices?: number;
  probeProblems: number;
  /** Errors of the run outside its checks: transport, time-out, harness, preflight. */
  errors: number;
  /** A survey's requests: how many ended without an HTTP answer. */
  requests?: { total: number; unanswered: number };
  /** Why it stopped before it judged every unit of its plan, when it did: a survey's signal or silent service. */
  stopped?: string;
  /** Why it judged no record at all, when it did not, in words: a survey whose every NPI was not found, say. */
  nothingJudged?: string;
  /** The requirements whose baseline gap entry still has the placeholder reason --update-baseline wrote: it accepts nothing yet. */
  unexplainedGaps?: readonly string[];
  coverage: Pick<Coverage, 'judged' | 'partly' | 'gaps'>;
}

export interface Decision {
  verdict: RunVerdict;
  /** Why, in words, most decisive first: for the verdict line and the pages. */
  why: string[];
}

/** `1 new failure`, `2 new failures`: a count and its noun, singular for one (`many` for an irregular plural). */
export const counted = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The verdict of `evidence` under `policy`. */
export function decide(evidence: VerdictEvidence, policy: VerdictPolicy): Decision {
  if (evidence.misconfigured) return { verdict: 'error', why: ['the configuration stopped it before anything was judged'] };
  const { must, should } = evidence.findings;
  const cleanups = evidence.cleanups ?? 0;
  const notices = evidence.notices ?? 0;
  if (must > 0 || (policy.strict && should + cleanups > 0)) {
    const why = [
      ...(must > 0 ? [evidence.findings.inWords ?? `${counted(must, 'finding')} that fail${must === 1 ? 's' : ''} the run`] : []),
      ...(policy.strict && should > 0 ? [`${counted(should, 'SHOULD finding')} (STRICT)`] : []),
      ...(policy.strict && cleanups > 0 ? [`${counted(cleanups, 'baseline entry', 'baseline entries')} to remove (STRICT)`] : []),
    ];
    return { verdict: 'fail', why };
  }
  const inconclusive: string[] = [];
  if (evidence.probeProblems > 0)
    inconclusive.push(`${counted(evidence.probeProblems, 'probe problem')}: the probes promise what the service's answers contradict`);
  if (evidence.errors > 0) inconclusive.push(`${counted(evidence.errors, 'run error')}: checks that could not complete`);
  const { requests } = evidence;
  if (requests && requests.total > 0 && requests.unanswered / requests.total > policy.unansweredShare)
    inconclusive.push(
      `${requests.unanswered} of ${requests.total} requests ended without an HTTP answer${policy.unansweredShare > 0 ? ` (more than ${policy.unansweredShare * 100}%)` : ''}`,
    );
  if (evidence.stopped !== undefined) inconclusive.push(evidence.stopped);
  const { coverage } = evidence;
  if (evidence.nothingJudged !== undefined) inconclusive.push(evidence.nothingJudged);
  else if (coverage.judged + coverage.partly === 0) inconclusive.push('nothing was judged');
  const gaps = openMustGaps(coverage).filter((gap) => policy.gaps === 'all' || (gap.judged === 'not' && gap.reason.kind === 'not-met'));
  const unexplained = evidence.unexplainedGaps ?? [];
  if (unexplained.length > 0)
    inconclusive.push(
      `${counted(unexplained.length, 'gap entry', 'gap entries')} of the baseline still ${unexplained.length === 1 ? 'has' : 'have'} the placeholder reason --update-baseline wrote (${unexplained.join(', ')}): say why each gap is accepted, then run again`,
    );
  if (gaps.length > 0)
    inconclusive.push(
      `${counted(gaps.length, 'MUST requirement')} not judged in full: ${gaps.map((gap) => gap.id).join(', ')} (the coverage lines say why, and what closes each)`,
    );
  if (inconclusive.length > 0) return { verdict: 'inconclusive', why: inconclusive };
  // The MUST gaps the policy lets through (a survey's, judged in part): named, so that a pass never says more than was judged.
  const through = openMustGaps(coverage).filter((gap) => !gaps.includes(gap));
  const letThrough =
    through.length > 0
      ? [
          `${counted(through.length, 'MUST requirement')} judged in part, which this policy lets through: ${through.map((gap) => `${gap.id} (${gap.reason.text})`).join('; ')}`,
        ]
      : [];
  if (should + cleanups + notices > 0)
    return {
      verdict: 'warn',
      why: [
        ...(should > 0 ? [`${counted(should, 'SHOULD finding')}`] : []),
        ...(cleanups > 0 ? [`${counted(cleanups, 'baseline entry', 'baseline entries')} to remove`] : []),
        ...(notices > 0 ? [`${counted(notices, 'drifted observation')}`] : []),
        ...letThrough,
      ],
    };
  if (through.length > 0) return { verdict: 'pass', why: ['no finding, and nothing it judged is contradicted', ...letThrough] };
  return { verdict: 'pass', why: ['everything it set out to judge was judged, and holds'] };
}
