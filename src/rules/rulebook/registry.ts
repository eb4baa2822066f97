/**
 * The rulebook: every rule registered once, by the subject it judges, with the requirements it
 * judges. A driver hands a subject to `judge` and records the Judgement: the suite as annotations,
 * the survey in its counts, `probes check` as a promise held or not. What a driver checks for a
 * subject is `requirementsOf` that subject, never a list of its own; a requirement no subject of a
 * driver reaches is one it does not judge, and `notJudgedBy` says why (the request it would need).
 */
import { OBSERVATIONS, type ObservationId, REQUIREMENTS, type RequirementId } from '../../spec/catalogue';
import type { Endpoint } from '../../client/endpoints';
import type { Exchange } from '../../client/exchange';
import { judgeHttp } from '../http';
import type { Judgement } from '../judgement';
import {
  claimsBundle,
  judgeMinParams,
  judgeTotal,
  observeOrganizationNoMatch,
  observeParamCase as observeOrganizationParamCase,
} from '../organization/bundle';
import { judgeAddedFilter } from '../organization/added-filter';
import { judgeBundlePage, judgeEntryMatch, judgeEntryRecord, judgeSearchBundle, judgeSearchPage } from '../organization/entry-record';
import { judgeSearchFilters, judgeSearchIdentifier, judgeStatusSearch, observeNameValueForms } from '../organization/filters';
import { judgeIdentifierSearch, judgeQualifiedIdentifier } from '../organization/identifiers';
import {
  judgeCountAtMost,
  judgeCountExactly,
  judgeCountOverLimit,
  judgeNextLinkTarget,
  observeDefaultPageSize,
} from '../organization/paging';
import { judgeFoundByOwnValue } from '../organization/own-values';
import { judgeSearchReadings, judgeWalkReadings } from '../organization/readings';
import { replayPageWalk } from '../organization/walk-by-page';
import { replayNextWalk } from '../organization/walk-by-next';
import {
  judgeAmbiguous,
  judgeNoArray,
  judgeNarrowing,
  judgeNoMatch,
  judgeOptionalDash,
  judgeStrictParameters,
  judgeUniqueRecord,
  judgeAnsweredRecord,
  judgeAnsweredMatch,
  judgeOwnValueNarrowing,
  judgeUniqueRoot,
  observeParamCase as observeSingleBestParamCase,
  observeValueForms,
} from '../search-single-best';
import { judgeCoversGolden, judgeSourceRecords, judgeStable, observeUnknownCuratedId } from '../source-records';
import { judgeUniqueProbe } from '../unique-probe';
import { judgeEquivalentRequests, searchReading, singleBestReading } from '../equivalent-requests';
import { judgeFoundByDemographics, judgeSharedDemographics } from '../provider-findability';
import { SUBJECT_NEEDS, type SubjectKind, type Subjects } from './subjects';

export interface Rule<K extends SubjectKind = SubjectKind> {
  subject: K;
  /** The requirements it judges: a judgement that checks another is a bug of the harness. */
  requirements: readonly RequirementId[];
  /** What it records where the specification is silent: an observation it does not declare is a bug too. */
  observations: readonly ObservationId[];
  judge(subject: Subjects[K]): Judgement;
}

const rule = <K extends SubjectKind>(
  subject: K,
  judged: readonly (RequirementId | ObservationId)[],
  judge: (subject: Subjects[K]) => Judgement,
): Rule =>
  ({
    subject,
    requirements: judged.filter((id): id is RequirementId => !isObservation(id)),
    observations: judged.filter((id): id is ObservationId => isObservation(id)),
    judge,
  }) as unknown as Rule;

const OBSERVATION_IDS = new Set<string>(OBSERVATIONS.map((o) => o.id));
const isObservation = (id: string): id is ObservationId => OBSERVATION_IDS.has(id);

const PROVIDER_DATA: readonly RequirementId[] = ['DATA-SHAPE', 'DATA-FORMATS', 'DATA-CODES', 'DATA-NPI-CHECKDIGIT'];

export const RULEBOOK: readonly Rule[] = [
  rule('http-answer', ['HTTP-JSON', 'HTTP-NO-5XX', 'OBS-TRANSPORT-RETRY', 'OBS-RATE-LIMITED'], ({ exchange, ambiguityAllowed }) =>
    judgeHttp(exchange, { ambiguityAllowed }),
  ),
  rule('single-best-answer', ['SB-ROOT-OBJECT'], ({ exchange }) => judgeNoArray(exchange)),
  rule('single-best-answer', ['SB-RECORD-SHAPE', ...PROVIDER_DATA, 'OBS-CODED-VALUES'], ({ exchange }) => judgeAnsweredRecord(exchange)),
  // Whatever request brought it, a record answered agrees with the query it was asked with (§4.1).
  rule('single-best-answer', ['SB-MATCHES-QUERY'], ({ exchange }) => judgeAnsweredMatch(queryOf(exchange), exchange)),
  rule('unique-search', ['SB-RECORD-SHAPE'], ({ probe, exchange }) => judgeUniqueRecord(probe, exchange)),
  rule('unique-search', ['SB-ROOT-OBJECT'], ({ probe, exchange }) => judgeUniqueRoot(probe, exchange)),
  rule('source-records', ['SR-ROOT-ARRAY', 'SR-ELEMENT-SHAPE', ...PROVIDER_DATA, 'OBS-CODED-VALUES'], ({ golden, exchange }) =>
    judgeSourceRecords(golden.id, exchange),
  ),
  rule('source-records', ['SR-COVERS-GOLDEN'], ({ golden, exchange }) => judgeCoversGolden(golden, exchange)),
  rule('bundle-page', ['ORG-BUNDLE-SHAPE', 'ORG-FHIR-R4'], ({ exchange, request }) => judgeBundlePage(exchange, request)),
  rule('organization-entry', ['ORG-ENTRY-SHAPE', 'ORG-SEARCH-MODE', 'ORG-RESOURCE-SHAPE', 'ORG-PARTOF', 'ORG-FHIR-R4'], ({ entry }) =>
    judgeEntryRecord(entry),
  ),
  rule('organization-match', ['ORG-FILTERS'], ({ entry, query }) => judgeEntryMatch(entry, query)),
  rule(
    'search-page',
    ['ORG-BUNDLE-SHAPE', 'ORG-ENTRY-SHAPE', 'ORG-SEARCH-MODE', 'ORG-RESOURCE-SHAPE', 'ORG-PARTOF', 'ORG-FHIR-R4'],
    ({ exchange, request }) => judgeSearchPage(exchange, request),
  ),
  rule(
    'page-walk',
    ['ORG-PAGE', 'ORG-TOTAL', 'ORG-PAGE-DISJOINT', 'OBS-TOTAL-ACROSS-PAGES', 'OBS-PAGE-BEYOND-LAST'],
    ({ walk, pages, whole, pageZero }) => replayPageWalk(walk, pages).judgement({ whole, pageZero }),
  ),
  rule('next-link-target', ['ORG-NEXT-LINK'], ({ pages, from, reached }) => judgeNextLinkTarget(pages, from, reached)),
  rule('probe-search', ['ORG-BUNDLE-SHAPE', 'ORG-FHIR-R4', 'ORG-FINDABLE'], ({ probe, exchange, carriedBy }) =>
    judgeSearchBundle(probe, exchange, carriedBy),
  ),
  rule('search-filters', ['ORG-FILTERS'], ({ exchange }) => judgeSearchFilters(exchange)),
  rule('search-identifier', ['ORG-FILTER-IDENTIFIER'], ({ exchange }) => judgeSearchIdentifier(exchange)),
  rule('count-search', ['ORG-COUNT'], ({ count, exchange }) => judgeCountAtMost(count, exchange)),
  rule('count-exactly-search', ['ORG-COUNT'], judgeCountExactly),
  rule('count-over-limit-search', ['ORG-COUNT', 'OBS-COUNT-OVER-LIMIT'], ({ count, exchange }) => judgeCountOverLimit(count, exchange)),
  rule('whole-result', ['ORG-TOTAL'], ({ exchange }) => judgeTotal(exchange)),
  rule('no-parameter-search', ['ORG-MIN-PARAMS', 'OBS-ORG-NO-PARAMS'], ({ exchange }) => judgeMinParams(exchange)),
  rule('added-filter', ['ORG-FILTER-NARROWS'], ({ base, narrowed, added }) => judgeAddedFilter(base, narrowed, added)),
  rule('status-search', ['ORG-ACTIVE'], ({ probe, searches }) => judgeStatusSearch(probe, searches)),
  rule('ambiguous-search', ['SB-AMBIGUOUS', 'OBS-AMBIGUITY-RESPONSE'], ({ probe, narrowedBy, exchange, narrowed }) =>
    judgeAmbiguous(probe, narrowedBy, exchange, narrowed),
  ),
  rule('no-match-search', ['SB-NO-MATCH', 'OBS-NO-MATCH'], ({ probe, query, exchange }) => judgeNoMatch(probe, query, exchange)),
  rule('optional-parameter', ['SB-OPTIONAL-DASH'], ({ parameter, value, recordId, exchange }) =>
    judgeOptionalDash(parameter, value, recordId, exchange),
  ),
  rule('own-value-narrowing', ['SB-NARROWING'], ({ recordId, parameter, value, exchange }) =>
    judgeOwnValueNarrowing(recordId, parameter, value, exchange),
  ),
  rule('demographic-search', ['SB-FINDABLE'], ({ recordId, search, answers }) => judgeFoundByDemographics(recordId, search, answers)),
  rule('shared-demographics', ['SB-AMBIGUOUS'], ({ recordId, search, answers }) => judgeSharedDemographics(recordId, search, answers)),
  rule('repeated-lookup', ['SR-STABLE'], ({ first, second }) => judgeStable(first, second)),
  rule('identifier-search', ['ORG-FILTER-IDENTIFIER'], ({ probe, value, exchange, carriedBy }) =>
    judgeIdentifierSearch(probe, value, exchange, carriedBy),
  ),
  rule('own-value-search', ['ORG-FINDABLE'], ({ id, search, seenIn, answers }) => judgeFoundByOwnValue(id, search, seenIn, answers)),
  rule('qualified-identifier-search', ['ORG-FILTER-IDENTIFIER'], ({ value, system, exchange }) =>
    judgeQualifiedIdentifier(value, system, exchange),
  ),
  rule('foreign-identifier-search', ['OBS-ORG-NO-MATCH'], ({ exchange }) => observeOrganizationNoMatch(exchange)),
  rule('unmatched-search', ['OBS-ORG-NO-MATCH'], ({ exchange }) => observeOrganizationNoMatch(exchange)),
  rule('next-walk', ['ORG-NEXT-LINK', 'ORG-TOTAL', 'OBS-CROSS-ORIGIN-LINK'], ({ walk, answers, refused, whole }) =>
    replayNextWalk(walk, answers, refused).judgement(whole),
  ),
  rule('narrowed-search', ['SB-NARROWING'], ({ probe, query, narrowedBy, plain, dashed }) =>
    judgeNarrowing(probe, query, narrowedBy, plain, dashed),
  ),
  rule('parameter-sweep', ['SB-STRICT-PARAM'], ({ query, recordId, sweep, last }) => judgeStrictParameters(query, recordId, sweep, last)),
  rule('unique-answer', [], ({ probe, exchange }) => judgeUniqueProbe(probe, exchange).judgement),
  rule('single-best-value-forms', ['OBS-VALUE-CASE', 'OBS-VALUE-WHITESPACE'], ({ recordId, lower, spaced }) =>
    observeValueForms(recordId, lower, spaced),
  ),
  rule('single-best-param-case', ['OBS-PARAM-CASE'], ({ base, other, sent }) => observeSingleBestParamCase(base, other, sent)),
  rule('organization-param-case', ['OBS-PARAM-CASE'], ({ base, other, sent }) => observeOrganizationParamCase(base, other, sent)),
  rule('organization-value-forms', ['OBS-VALUE-CASE', 'OBS-VALUE-WHITESPACE'], ({ base, lower, spaced }) =>
    observeNameValueForms(base, lower, spaced),
  ),
  rule('single-best-equivalents', ['SB-EQUIVALENT-QUERY'], (requests) =>
    judgeEquivalentRequests('SB-EQUIVALENT-QUERY', singleBestReading, requests),
  ),
  rule('search-equivalents', ['ORG-EQUIVALENT-QUERY'], (requests) =>
    judgeEquivalentRequests('ORG-EQUIVALENT-QUERY', searchReading, requests),
  ),
  rule('search-readings', ['ORG-READINGS-AGREE'], judgeSearchReadings),
  rule('walk-readings', ['ORG-READINGS-AGREE'], judgeWalkReadings),
  rule('default-page', ['OBS-DEFAULT-PAGE-SIZE'], ({ exchange }) => observeDefaultPageSize(exchange)),
  rule('unknown-lookup', ['OBS-UNKNOWN-CURATED-ID'], ({ exchange }) => observeUnknownCuratedId(exchange)),
];

/** The subjects every answer is handed to, whatever request brought it (judgeAnswer). */
export const ANSWER_SUBJECTS = [
  'http-answer',
  'single-best-answer',
  'search-page',
  'search-filters',
  'search-identifier',
] as const satisfies readonly SubjectKind[];

/**
 * Every answer is evidence: whatever request brought it, the rules of an answer of its endpoint, and
 * of the parameters it was asked with, judge it. Any answer: HTTP-JSON and HTTP-NO-5XX. A
 * searchSingleBest answer: never an array, and a record it holds has the record's shape (§1, §2.1).
 * An organization answer that is a bundle: the bundle and every entry (§2.5), and every entry
 * against the filters and identifier of its own query (§4.3) — a page of a walk, a Count probe, a
 * search by an organization's own values alike. An answer that does not claim to be a bundle (an
 * OperationOutcome for no parameter or no match, §4.3 r2) is left to the rule of the request that
 * promised one.
 */
export function judgeAnswer(endpoint: Endpoint, exchange: Exchange): Judgement {
  const judgement = judge('http-answer', { exchange, ambiguityAllowed: endpoint === 'searchSingleBest' });
  if (endpoint === 'searchSingleBest') judgement.add(judge('single-best-answer', { exchange }));
  if (endpoint === 'organization' && claimsBundle(exchange))
    judgement
      .add(judge('search-page', { exchange, request: `the search ${searchOf(exchange)}` }))
      .add(judge('search-filters', { exchange }))
      .add(judge('search-identifier', { exchange }));
  return judgement;
}

/** The parameters of an answer's request, as sent (a name given twice: its last value). */
function queryOf(exchange: Exchange): Record<string, string> {
  return Object.fromEntries(new URL(exchange.url).searchParams);
}

/** The query of an answer's request, as sent: `?name=A&Count=1`, or "with no parameter". */
function searchOf(exchange: Exchange): string {
  const { search } = new URL(exchange.url);
  return search === '' ? 'with no parameter' : search;
}

/** Every rule of `subject`, judged, in one Judgement. None at all is a bug. */
export function judge<K extends SubjectKind>(subject: K, value: Subjects[K]): Judgement {
  const rules = RULEBOOK.filter((r) => r.subject === subject);
  if (rules.length === 0) throw new Error(`harness bug: no rule judges ${subject}`);
  const [first, ...rest] = rules.map((r) => judgedBy(r, value));
  return rest.reduce((all, judgement) => all.add(judgement), first);
}

function judgedBy(rule: Rule, value: unknown): Judgement {
  const judgement = rule.judge(value as never);
  const stray = [
    ...judgement.requirementIds.filter((id) => !rule.requirements.includes(id)),
    ...judgement.observationIds.filter((id) => !rule.observations.includes(id)),
  ];
  if (stray.length > 0) throw new Error(`harness bug: a rule of ${rule.subject} judged ${stray.join(', ')}, which it does not declare`);
  return judgement;
}

/** The requirements the rules of `subjects` judge. */
export function requirementsOf(...subjects: SubjectKind[]): ReadonlySet<RequirementId> {
  return new Set(RULEBOOK.filter((r) => subjects.includes(r.subject)).flatMap((r) => r.requirements));
}

/** The observations the rules of `subjects` record. */
export function observationsOf(...subjects: SubjectKind[]): ReadonlySet<ObservationId> {
  return new Set(RULEBOOK.filter((r) => subjects.includes(r.subject)).flatMap((r) => r.observations));
}

/** The requirements a driver that meets only `subjects` does not judge, each with the requests it would need. */
export function notJudgedBy(subjects: readonly SubjectKind[]): { id: RequirementId; needs: string[] }[] {
  const judged = requirementsOf(...subjects);
  return REQUIREMENTS.filter((r) => !judged.has(r.id)).map((r) => ({ id: r.id, needs: needsOf(r.id) }));
}

/** What a driver must ask to judge `id`, in words: the requests of the subjects whose rules judge it. */
export function needsOf(id: RequirementId): string[] {
  return [...new Set(RULEBOOK.filter((rule) => rule.requirements.includes(id)).map((rule) => SUBJECT_NEEDS[rule.subject]))];
}
