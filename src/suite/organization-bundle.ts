/**
 * GET {FHIR_PATH}/organization (§4.3): the searchset bundle (§2.5) and its entries, what `total`
 * says, the search with no parameter, and parameter names. Queries come only from the probes file;
 * the rules are in src/rules/organization/bundle.ts.
 */
import {
  carriedValues,
  meetOrganizationParamCase,
  meetSearchEquivalents,
  meetSearchReadings,
  meetWholeResult,
  queryKey,
} from '../rules/rulebook';
import type { SuiteGroup } from './entry';
import { forEachProbe, noProbe } from './probe-steps';

const NO_SEARCHES = noProbe('organization.searches', 'organization.searches probes');

export const ORGANIZATION_BUNDLE: SuiteGroup = {
  file: 'organization-bundle',
  describe: 'organization search (§4.3)',
  entries: [
    {
      title: 'every probe search answers a valid searchset bundle',
      subjects: ['probe-search', 'search-page'],
      plan: async (context) => {
        const { api, checks, probes } = context;
        const searches = probes.organization?.searches ?? [];
        const answers = new Map(
          await Promise.all(searches.map(async (search) => [search, await api.organizations(search.query)] as const)),
        );
        // Every answer is evidence: an organization one search shows, carrying the values another searched, makes that one's empty answer the service's fault.
        const carried = carriedValues([...answers.values()]);
        await forEachProbe(context, 'organization.searches', searches, async (search, probe) => {
          const carriedBy = carried.get(queryKey(search.query));
          checks.judge('probe-search', { probe, exchange: answers.get(search)!, ...(carriedBy ? { carriedBy } : {}) });
        });
      },
    },
    {
      title: 'total covers the entries, and equals them when the whole result fits',
      subjects: ['whole-result'],
      plan: async ({ api, checks, probes, skipEntry }) => {
        const queries = [
          ...(probes.organization?.searches ?? []),
          ...(probes.organization?.overLimit ? [probes.organization.overLimit] : []),
        ];
        skipEntry(queries.length === 0, NO_SEARCHES);
        // Count at its maximum: fewer entries than Count, and no next link, means the whole result is here.
        for (const { query } of queries) checks.judge('whole-result', await meetWholeResult(api, query));
      },
    },
    {
      title: 'a search with no parameter returns no bundle of records',
      subjects: ['no-parameter-search'],
      plan: async ({ api, checks }) => {
        checks.judge('no-parameter-search', { exchange: await api.organizations({}) });
      },
    },
    {
      title: 'a search whole answers alike with its parameters in another order and with every byte percent-encoded, asked again between',
      subjects: ['search-equivalents'],
      plan: async ({ api, checks, probes, skipEntry }) => {
        const searches = probes.organization?.searches ?? [];
        skipEntry(searches.length === 0, NO_SEARCHES);
        checks.judge('search-equivalents', await meetSearchEquivalents(api, searches[0].query));
      },
    },
    {
      // Every probe search, and the multiPage one: results smaller than a page, where Count=N reads them all, and one of several pages.
      title:
        'every probe search read at the page sizes at the edges of its result holds organizations of the search whole, asked again after',
      subjects: ['search-readings'],
      plan: async ({ api, checks, probes, skipEntry }) => {
        const organization = probes.organization;
        const queries = [...(organization?.searches ?? []), ...(organization?.multiPage ? [organization.multiPage] : [])];
        skipEntry(queries.length === 0, NO_SEARCHES);
        for (const { query } of queries) checks.judge('search-readings', await meetSearchReadings(api, query));
      },
    },
    {
      title: 'organization parameter names in another case (observed)',
      subjects: ['organization-param-case'],
      plan: async ({ api, checks, probes, skipEntry }) => {
        const searches = probes.organization?.searches ?? [];
        skipEntry(searches.length === 0, NO_SEARCHES);
        const { query } = searches[0];
        checks.judge('organization-param-case', await meetOrganizationParamCase(api, query));
      },
    },
  ],
};
