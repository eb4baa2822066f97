/**
 * What `explore` sets out to judge: each kind of case declares the requirements it can judge (its
 * subjects' and those of every answer of its endpoint), and explore's verdict is over their union.
 * A requirement of that scope that no case judged is a gap, with why: the records met gave the kind
 * nothing to draw from (named with what it lacked), the budget ran out before the kind was drawn, or
 * the cases drawn did not meet it. A requirement outside the scope is listed as such, never as
 * chosen away by flags the user did not give.
 */
import { ANSWER_SUBJECTS, needsOf, type RequirementRecord, requirementsOf, type SubjectKind } from '../rules/rulebook';
import { notApplicable, type RequirementId, requirement } from '../spec/catalogue';
import type { NotJudgedReason, NotSelectedReason } from '../types/schemas';
import type { TestResult } from '../verdicts/aggregate';
import { CASE_KINDS, type CaseKind } from './cases';
import { CASE_SUBJECTS, endpointOfKind } from './meet-case';
import type { Endpoint } from '../client/endpoints';

/** The rules every answer of an endpoint meets (judgeAnswer): a kind's cases judge them of every answer they get. */
const ANSWER_OF: Readonly<Record<Endpoint, readonly SubjectKind[]>> = {
  searchSingleBest: ['http-answer', 'single-best-answer'],
  sourceRecords: ['http-answer'],
  organization: ANSWER_SUBJECTS.filter((s) => s !== 'single-best-answer'),
};

/** The requirements a case of `kind` can judge. */
export function kindScope(kind: CaseKind): RequirementId[] {
  return [...requirementsOf(...CASE_SUBJECTS[kind], ...ANSWER_OF[endpointOfKind(kind)])];
}

/** Where a kind's cases come from, when the records met give it nothing: what it lacked, in words, and what gives it. */
const PROVIDERS = '(--npis, or the NPIs of the probes file’s provider probes)';
const ORGANIZATIONS = '(the probes file’s organization searches)';
const FILTERED = `an organization met that carries a value of a §4.3 filter ${ORGANIZATIONS}`;
const LACKED: Readonly<Record<CaseKind, string>> = {
  'own-value': `a provider met by its NPI that holds a value of a §4.1 parameter ${PROVIDERS}`,
  'optional-parameter': `a provider met by its NPI ${PROVIDERS}`,
  ambiguous: `values providers met share, and one a provider alone holds ${PROVIDERS}`,
  'other-state': `a provider met by its NPI that holds some state nowhere ${PROVIDERS}`,
  'own-value-search': `an organization met that carries a value it can be searched by ${ORGANIZATIONS}`,
  filter: FILTERED,
  'added-filter': FILTERED,
  count: FILTERED,
  'page-walk': FILTERED,
  'next-walk': FILTERED,
  identifier: `an organization met that carries an identifier ${ORGANIZATIONS}`,
  status: FILTERED,
  'provider-forms': `a provider met by its NPI that holds a value of a §4.1 parameter ${PROVIDERS}`,
  'organization-forms': `an organization met that carries a name ${ORGANIZATIONS}`,
  'source-records': `a provider met by its NPI ${PROVIDERS}`,
  'no-match': 'nothing: its values are the contract’s own',
  'no-parameter': 'nothing: it asks with no parameter',
  demographics: `a provider met by its NPI ${PROVIDERS}`,
  'parameter-sweep': `a provider met by its NPI ${PROVIDERS}`,
};

/** How explore's kinds stood once it stopped: those it could draw from, and those it drew. */
export interface KindsReached {
  /** The tenant searches by status: the `status` kind applies (§4.3). */
  statusSearch: boolean;
  /** The kinds the records met gave something to draw from. */
  drawable: readonly CaseKind[];
  /** The kinds of which at least one case was asked. */
  drawn: readonly CaseKind[];
  /** What ended the drawing before every kind was drawn, in words (the budget spent, a signal). */
  stoppedBy?: string;
  /** Meeting the records to start from was cut short (the budget spent, a signal): what the records lack may be what was not asked. */
  recordsCut?: boolean;
  /** `--case K`: the one kind asked; every other kind is chosen away by the flag. */
  caseIndex?: number;
  caseKind?: CaseKind;
}

/** Why a kind's requirements went unjudged by it, or undefined for a kind whose cases were asked. */
function unmetReason(kind: CaseKind, reached: KindsReached): NotJudgedReason | undefined {
  if (reached.drawn.includes(kind)) return undefined;
  if (!reached.drawable.includes(kind) && reached.recordsCut)
    return {
      kind: 'not-met',
      needs: [`a larger --max-requests, so that explore meets ${LACKED[kind]}`],
      text: `explore drew no case of kind ${kind}: ${reached.stoppedBy ?? 'meeting the records stopped'}`,
    };
  if (!reached.drawable.includes(kind))
    return { kind: 'not-met', needs: [LACKED[kind]], text: `explore drew no case of kind ${kind}: it lacked ${LACKED[kind]}` };
  return {
    kind: 'not-met',
    needs: [`a larger --max-requests, so that explore draws a case of kind ${kind}`],
    text: `explore drew no case of kind ${kind}: ${reached.stoppedBy ?? 'drawing stopped'} before one was drawn`,
  };
}

/** The kinds in explore's scope: every kind, but `status` only for a tenant said to search by status, and the one kind `--case` asked. */
function kindsInScope(reached: KindsReached): CaseKind[] {
  if (reached.caseKind !== undefined) return [reached.caseKind];
  return CASE_KINDS.filter((kind) => kind !== 'status' || reached.statusSearch);
}

/**
 * explore's scope as one outcome of the report: it declares every requirement of the kinds in
 * scope, and, for each kind that was not asked, gives its requirements the reason. A requirement
 * the status kind alone could judge, for a tenant that does not search by status, is not applicable (§4.3).
 */
export function scopeOutcome(reached: KindsReached): TestResult {
  const inScope = kindsInScope(reached);
  const declares = new Set(inScope.flatMap(kindScope));
  const reasons = new Map<RequirementId, NotJudgedReason[]>();
  const add = (id: RequirementId, reason: NotJudgedReason) => reasons.set(id, [...(reasons.get(id) ?? []), reason]);
  // A kind not asked leaves out what no kind asked judges: every answer's rules of its endpoint are judged by the others.
  const judgedElsewhere = new Set(reached.drawn.flatMap(kindScope));
  for (const kind of inScope) {
    const reason = unmetReason(kind, reached);
    if (reason) for (const id of kindScope(kind)) if (!judgedElsewhere.has(id)) add(id, reason);
  }
  if (!inScope.includes('status') && reached.caseKind === undefined)
    for (const id of kindScope('status'))
      if (requirement(id).appliesWhen?.condition === 'status-search') {
        declares.add(id);
        add(id, notApplicable(id));
      }
  const results: RequirementRecord[] = [...reasons].map(([id, skipped]) => ({ id, checks: 0, failures: [], skipped }));
  return {
    title: 'explore › its scope',
    status: 'passed',
    declares: [...declares],
    records: [],
    results,
    observations: [],
    probeProblems: [],
    errors: [],
  };
}

/** Why a requirement outside explore's scope was not judged: no kind of case judges it (or `--case` asked one case), and what would. */
export function outsideScope(reached: KindsReached): (id: RequirementId) => NotSelectedReason {
  return (id) =>
    reached.caseKind === undefined
      ? { kind: 'not-selected', needs: needsOf(id), text: "outside explore's scope: no kind of case judges it (run does)" }
      : {
          kind: 'not-selected',
          text: `--case ${reached.caseIndex} asked one ${reached.caseKind} case: the other kinds were not drawn`,
        };
}
