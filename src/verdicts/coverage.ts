/**
 * What a run or a survey judged, and what it could not: every requirement judged fully, in part, not
 * at all, or not applicable, and each gap with its typed reason and what would close it. The reasons
 * come as data from the rule or driver that decided them (NotJudgedReason); this module reads their
 * kinds and fields, never their words, and says once what closes each kind of gap.
 */
import type { Level, RequirementId } from '../spec/catalogue';
import type { Gap, NotJudgedReason } from '../types/schemas';

export type { Gap, NotJudgedReason } from '../types/schemas';

export type Judged = 'fully' | 'partly' | 'not' | 'notApplicable';

/** A requirement as coverage reads it: how many checks ran, and every reason one could not. */
export interface RequirementReach {
  id: RequirementId;
  level: Level;
  checks: number;
  reasons: readonly NotJudgedReason[];
}

export interface Coverage {
  judged: number;
  partly: number;
  notJudged: number;
  notApplicable: number;
  /** MUST gaps first, then SHOULD, each in catalogue order. */
  gaps: Gap[];
}

/** A reason that leaves the requirement outside what the run set out to judge: listed, never a gap of the verdict. */
const outside = (reason: NotJudgedReason) => reason.kind === 'not-selected';

/**
 * fully: checks ran and nothing was left out (a condition that did not hold for one test, with checks
 * elsewhere, leaves nothing out); partly: checks ran and some could not; notApplicable: no check ran
 * and every reason given is that the condition the specification puts on it did not hold (one reason
 * of another kind beside it, a missing probe say, is a gap it must not hide); not: no check ran otherwise.
 */
export function judgedOf({ checks, reasons }: Pick<RequirementReach, 'checks' | 'reasons'>): Judged {
  // A test the user's own selection left out is outside what the run set out to judge: nothing it would have judged is missing.
  const missing = reasons.filter((r) => r.kind !== 'not-applicable' && (checks === 0 || !outside(r)));
  if (checks > 0) return missing.length > 0 ? 'partly' : 'fully';
  return reasons.length > 0 && missing.length === 0 ? 'notApplicable' : 'not';
}

/** Which reason a gap shows first: the one the team can act on before the ones it can only read. */
const PRIORITY: readonly NotJudgedReason['kind'][] = [
  'no-probe',
  'walk-cut',
  'precondition',
  'not-met',
  'refused',
  'test-not-run',
  'answer-unjudgeable',
  'foreign-origin',
  'validator',
  'run-stopped',
  'not-selected',
];

const firstReason = (reasons: readonly NotJudgedReason[]) =>
  [...reasons].filter((r) => r.kind !== 'not-applicable').sort((a, b) => PRIORITY.indexOf(a.kind) - PRIORITY.indexOf(b.kind))[0];

/** What each probe of the probes file is, and how `probes draft` fills it: what closes a gap for want of it. */
const PROBE_CLOSES: Record<string, string> = {
  'provider.unique':
    'add a provider.unique probe, a query that finds exactly one provider (probes draft writes one for each --npi seed the service finds)',
  'provider.ambiguous':
    "add a provider.ambiguous probe, a query several providers match and a narrowedBy that leaves one (probes draft tries each seed's name, its name and state, and its last name and state)",
  'provider.none':
    'add a provider.none probe, a query no provider matches (probes draft tries NPIs near the seeds that the service does not hold)',
  'organization.searches':
    "add organization.searches, searches some organizations match (probes draft uses the seeds' cities and postal codes)",
  'organization.multiPage':
    'add organization.multiPage, a search more than 25 organizations match (probes draft takes one from any search it made whose answers show more than 25 matches)',
  'organization.overLimit':
    "add organization.overLimit, a search more than 1000 organizations match (probes draft takes one from any search whose total shows more than 1000, the seeds' states first)",
  'organization.identifiers':
    'add organization.identifiers, identifiers some organization carries (probes draft takes them from the organizations its searches find)',
};

/** What would close a gap of this kind, in words. */
function closeWith(reason: NotJudgedReason): string {
  switch (reason.kind) {
    case 'no-probe':
      return PROBE_CLOSES[reason.probe] ?? `add ${reason.probe} to the probes file`;
    case 'precondition':
      return `give the probes data the check can use: ${reason.text}`;
    case 'answer-unjudgeable':
      return `the service must answer so that the answer can be read${reason.see ? ` (see ${reason.see})` : ''}; the check runs then`;
    case 'refused':
      return reason.status === 429 || reason.status === 503
        ? 'lower MAX_RPS (--max-rps), or run when the service allows more requests'
        : `check API_TOKEN and API_HEADERS: the service answered ${reason.status}, which says nothing of the data`;
    case 'walk-cut':
      if (reason.fixed)
        return `walk narrower searches (--organizations with a state and a city, or a postal code): no setting raises ${reason.budget}`;
      return `raise the page budget (${reason.budget}: MAX_PAGES), or give organization.multiPage a query that matches fewer organizations (probes draft chooses one whose walk ends within it)`;
    case 'foreign-origin':
      return `serve next links on the base URL's origin, or accept the gap in the baseline (gaps): the harness never follows a link to ${reason.origin} with credentials`;
    case 'validator':
      return 'nothing the service can do: the FHIR validator could not read the answer (report it, with the answer)';
    case 'not-applicable':
      return 'nothing: the specification makes the requirement conditional';
    case 'test-not-run':
      return {
        skipped: 'run the tests that judge it',
        timeout: 'see why the test timed out (REQUEST_TIMEOUT_MS, a slow service) and run again',
        transport: 'see the run errors: requests ended without an HTTP answer; run again when the service answers',
        harness: 'a bug of the harness: report it with the run error',
        interrupted: 'run again to the end',
        deselected: "run it: select tests with the harness's own --grep, and merge every shard of a sharded run",
      }[reason.outcome];
    case 'run-stopped':
      return 'see the run errors: the run stopped before its tests';
    case 'not-selected':
      return reason.needs && reason.needs.length > 0
        ? `the conformance run judges it (it needs ${reason.needs.join('; ')})`
        : 'run without --grep and --shard, or merge the shards';
    case 'not-met':
      return `make the requests it needs: ${reason.needs.join('; ')}`;
  }
}

/** The coverage of every requirement of a run or survey: counts, and the gaps, MUST first. */
export function coverageOf(reach: readonly RequirementReach[]): Coverage {
  const coverage: Coverage = { judged: 0, partly: 0, notJudged: 0, notApplicable: 0, gaps: [] };
  for (const r of reach) {
    const judged = judgedOf(r);
    if (judged === 'fully') coverage.judged++;
    else if (judged === 'partly') coverage.partly++;
    else if (judged === 'not') coverage.notJudged++;
    else coverage.notApplicable++;
    if (judged !== 'partly' && judged !== 'not') continue;
    const reason = firstReason(r.reasons) ?? {
      kind: 'not-met',
      needs: [],
      text: 'no check of this requirement ran',
    };
    coverage.gaps.push({
      id: r.id,
      level: r.level,
      judged,
      reason,
      closeWith: closeWith(reason),
    });
  }
  const rank = (gap: Gap) => (gap.level === 'MUST' ? 0 : 1);
  coverage.gaps.sort((a, b) => rank(a) - rank(b));
  return coverage;
}

/** The gaps that keep a verdict from standing: MUST, inside what the run set out to judge, and accepted by no baseline entry. */
export const openMustGaps = (coverage: Partial<Pick<Coverage, 'gaps'>>): Gap[] =>
  (coverage.gaps ?? []).filter((gap) => gap.level === 'MUST' && !outside(gap.reason) && gap.accepted === undefined);
