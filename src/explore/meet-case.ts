/**
 * One generated case met through the rulebook's plans and handed to its subjects' rules: `explore`
 * builds no request of a subject and judges nothing of its own. Every answer is judged as well by
 * the rules of its endpoint and query, by the `ask` the driver supplies (the suite's client).
 */
import {
  type Ask,
  type FollowAsk,
  meetAmbiguousSearch,
  meetAddedFilter,
  meetCountSearch,
  meetDemographicSearch,
  meetParameterSweep,
  meetRepeatedLookup,
  meetCountExactly,
  meetIdentifierSearch,
  meetNarrowedSearch,
  meetOptionalParameter,
  meetOwnValueNarrowing,
  meetOwnValueSearch,
  meetSearchEquivalents,
  meetSearchReadings,
  nextWalkReadings,
  pageWalkReadings,
  meetSingleBestEquivalents,
  meetSingleBestParamCase,
  meetSingleBestValueForms,
  meetNextWalk,
  meetOrganizationParamCase,
  meetOrganizationValueForms,
  meetPageWalk,
  meetStatusSearch,
  meetSystemIdentifierSearches,
  type Query,
  type SubjectKind,
  type Unmet,
  type Subjects,
} from '../rules/rulebook';
import type { Endpoint } from '../client/endpoints';
import { MAX_COUNT } from '../spec/constants';
import { type CaseKind, caseQuery, EXPLORE_MAX_PAGES, type ExploreCase, unmatchablePairs } from './cases';
import type { MetRecords } from './records';

/** The subjects each kind hands to the rulebook, besides every answer's own (judgeAnswer). */
export const CASE_SUBJECTS: Readonly<Record<CaseKind, readonly SubjectKind[]>> = {
  'own-value': ['own-value-narrowing'],
  'optional-parameter': ['optional-parameter'],
  ambiguous: ['ambiguous-search', 'narrowed-search'],
  'other-state': [],
  'own-value-search': ['own-value-search'],
  filter: [],
  'added-filter': ['added-filter'],
  count: ['count-search', 'count-exactly-search', 'count-over-limit-search', 'search-readings'],
  'page-walk': ['page-walk', 'walk-readings'],
  'next-walk': ['next-walk', 'walk-readings'],
  identifier: ['identifier-search', 'qualified-identifier-search', 'foreign-identifier-search'],
  status: ['status-search'],
  'provider-forms': ['single-best-value-forms', 'single-best-param-case', 'single-best-equivalents'],
  'organization-forms': ['organization-value-forms', 'organization-param-case', 'search-equivalents'],
  'source-records': ['source-records', 'repeated-lookup'],
  'no-match': ['no-match-search'],
  'no-parameter': ['no-parameter-search'],
  demographics: ['demographic-search'],
  'parameter-sweep': ['parameter-sweep'],
};

/** What a case's subjects go to: the rulebook, through the checks of the case. */
export interface CaseJudge {
  judge<K extends SubjectKind>(subject: K, value: Subjects[K]): unknown;
  /** A subject a plan did not meet, and why. */
  skipSubject(subject: SubjectKind, reason: Unmet['unmet']): void;
}

/** A case's query as the probe its premise names. */
const probeOf = (query: Query) => `explore ${new URLSearchParams(query).toString()}`;

const BUNDLE_SHOWS_MORE = 'more matching organizations than Count, by its total or a next link';

/** The walks' pages: a filter dropped on the second page shows on the second. */
const WALK_BUDGET = { maxPages: EXPLORE_MAX_PAGES, budget: `explore's ${EXPLORE_MAX_PAGES} pages` };

const PROVIDER_KINDS = [
  'own-value',
  'optional-parameter',
  'ambiguous',
  'other-state',
  'provider-forms',
  'source-records',
  'no-match',
  'demographics',
  'parameter-sweep',
] as const satisfies readonly CaseKind[];
type ProviderCase = Extract<ExploreCase, { kind: (typeof PROVIDER_KINDS)[number] }>;
type OrganizationCase = Exclude<ExploreCase, ProviderCase>;

/** The endpoint a kind's cases ask (§4.1, §4.2 or §4.3): whose answers' own rules they judge. */
export function endpointOfKind(kind: CaseKind): Endpoint {
  if (kind === 'source-records') return 'sourceRecords';
  return (PROVIDER_KINDS as readonly CaseKind[]).includes(kind) ? 'searchSingleBest' : 'organization';
}
const isProviderCase = (c: ExploreCase): c is ProviderCase => endpointOfKind(c.kind) !== 'organization';

export async function meetCase(c: ExploreCase, records: MetRecords, ask: Ask & FollowAsk, checks: CaseJudge): Promise<void> {
  if (isProviderCase(c)) await meetProviderCase(c, records, ask, checks);
  else await meetOrganizationCase(c, records, ask, checks);
}

/** §4.1's cases: a provider met, or values providers met share. */
async function meetProviderCase(c: ProviderCase, records: MetRecords, ask: Ask, checks: CaseJudge): Promise<void> {
  switch (c.kind) {
    case 'own-value': {
      const { id, npi } = records.providers[c.provider];
      const base = { NPI: npi, ...Object.fromEntries(c.beside) };
      checks.judge('own-value-narrowing', await meetOwnValueNarrowing(ask, base, id, [c.parameter, c.value]));
      return;
    }
    case 'optional-parameter': {
      const { id, npi } = records.providers[c.provider];
      checks.judge('optional-parameter', await meetOptionalParameter(ask, { NPI: npi }, id, [c.parameter, c.value]));
      return;
    }
    case 'ambiguous': {
      const probe = probeOf(c.query);
      checks.judge('ambiguous-search', await meetAmbiguousSearch(ask, probe, c.query, c.narrowedBy));
      checks.judge('narrowed-search', await meetNarrowedSearch(ask, probe, c.query, c.narrowedBy));
      return;
    }
    case 'other-state':
      // Judged by the rules of its answer: a record answered holds the State searched (judgeAnswer).
      await ask.searchSingleBest(caseQuery(c, records));
      return;
    case 'provider-forms': {
      const { id, npi } = records.providers[c.provider];
      const query = { NPI: npi, [c.parameter]: c.value };
      checks.judge('single-best-value-forms', await meetSingleBestValueForms(ask, id, query));
      checks.judge('single-best-param-case', await meetSingleBestParamCase(ask, query));
      checks.judge('single-best-equivalents', await meetSingleBestEquivalents(ask, query));
      return;
    }
    case 'source-records': {
      const { id, data } = records.providers[c.provider];
      const repeated = await meetRepeatedLookup(ask, id);
      checks.judge('source-records', { golden: { id, data }, exchange: repeated.first });
      checks.judge('repeated-lookup', repeated);
      return;
    }
    case 'no-match':
      checks.judge('no-match-search', { probe: probeOf(c.query), query: c.query, exchange: await ask.searchSingleBest(c.query) });
      return;
    case 'demographics': {
      const { id, data } = records.providers[c.provider];
      const met = await meetDemographicSearch(ask, { id, data });
      if ('unmet' in met) checks.skipSubject('demographic-search', met.unmet);
      else checks.judge('demographic-search', met);
      return;
    }
    case 'parameter-sweep': {
      const { id, npi, data } = records.providers[c.provider];
      const alone = await ask.searchSingleBest({ NPI: npi });
      checks.judge('parameter-sweep', await meetParameterSweep(ask, { NPI: npi }, { id, data }, unmatchablePairs(c.parameters), alone));
      return;
    }
  }
}

/** §4.3's cases: an organization met, or a search of its values. */
async function meetOrganizationCase(c: OrganizationCase, records: MetRecords, ask: Ask & FollowAsk, checks: CaseJudge): Promise<void> {
  switch (c.kind) {
    case 'own-value-search': {
      const { id, seenIn } = records.organizations[c.organization];
      checks.judge('own-value-search', await meetOwnValueSearch(ask, { id, search: c.search, seenIn }));
      return;
    }
    case 'filter':
      // Judged by the rules of its answer: every organization holds every searched value (judgeAnswer).
      await ask.organizations(c.query);
      return;
    case 'added-filter': {
      const met = await meetAddedFilter(ask, c.query, c.added);
      if ('unmet' in met) checks.skipSubject('added-filter', met.unmet);
      else checks.judge('added-filter', met);
      return;
    }
    case 'count': {
      if (c.count > MAX_COUNT) {
        const met = await meetCountSearch(ask, c.query, c.count);
        checks.judge('count-search', met);
        checks.judge('count-over-limit-search', met);
        return;
      }
      // Exactly Count where the bundle, or the page just past a short one, shows more matches (§4.3); where neither does, the premise did not hold.
      const met = await meetCountExactly(ask, { place: 'explore', promised: BUNDLE_SHOWS_MORE }, c.query, c.count);
      checks.judge('count-search', met);
      checks.judge('count-exactly-search', met);
      // §8: Count at the maximum is that rule's subject too; below it, the same Count is one reading of the search whole, asked before and after it (§4.3).
      if (c.count === MAX_COUNT) checks.judge('count-over-limit-search', met);
      else checks.judge('search-readings', await meetSearchReadings(ask, c.query, [c.count]));
      return;
    }
    case 'page-walk': {
      const walked = await meetPageWalk(ask, { query: c.query, ...WALK_BUDGET, fixedBudget: true });
      checks.judge('page-walk', walked);
      checks.judge('walk-readings', pageWalkReadings(walked));
      return;
    }
    case 'next-walk': {
      const walked = await meetNextWalk(ask, c.query, WALK_BUDGET);
      checks.judge('next-walk', walked);
      checks.judge('walk-readings', nextWalkReadings(walked));
      return;
    }
    case 'identifier': {
      const byValue = await meetIdentifierSearch(ask, probeOf({ identifier: c.value }), c.value);
      checks.judge('identifier-search', byValue);
      const system = await meetSystemIdentifierSearches(ask, c.value, byValue.exchange);
      if (system) {
        checks.judge('qualified-identifier-search', system.qualified);
        checks.judge('foreign-identifier-search', system.foreign);
      }
      return;
    }
    case 'organization-forms': {
      const forms = await meetOrganizationValueForms(ask, { name: c.name });
      if ('unmet' in forms) checks.skipSubject('organization-value-forms', forms.unmet);
      else checks.judge('organization-value-forms', forms);
      checks.judge('organization-param-case', await meetOrganizationParamCase(ask, { name: c.name }));
      checks.judge('search-equivalents', await meetSearchEquivalents(ask, { name: c.name }));
      return;
    }
    case 'status':
      checks.judge('status-search', await meetStatusSearch(ask, probeOf(c.query), c.query));
      return;
    case 'no-parameter':
      checks.judge('no-parameter-search', { exchange: await ask.organizations({}) });
      return;
  }
}
