/**
 * GET {FHIR_PATH}/organization (§4.3): the searchset bundle (§2.5) and its entries, what `total`
 * says, the search with no parameter, and parameter names. Queries come only from the probes file;
 * the rules are in src/rules/organization/bundle.ts.
 */
import { forEachProbe, noProbe, skipTest } from '../../src/harness/probe-steps';
import { describeSuite, judging, test } from '../../src/harness/suite';
import { carriedValues, queryKey } from '../../src/rules/rulebook';
import { MAX_COUNT } from '../../src/spec/constants';

const NO_SEARCHES = noProbe('organization.searches', 'organization.searches probes');

describeSuite('organization search (§4.3)', () => {
  test('every probe search answers a valid searchset bundle', judging('probe-search', 'search-page'), async ({ api, checks, probes }) => {
    const searches = probes.organization?.searches ?? [];
    const answers = new Map(await Promise.all(searches.map(async (search) => [search, await api.organizations(search.query)] as const)));
    // Every answer is evidence: an organization one search shows, carrying the values another searched, makes that one's empty answer the service's fault.
    const carried = carriedValues([...answers.values()]);
    await forEachProbe('organization.searches', searches, async (search, probe) => {
      const carriedBy = carried.get(queryKey(search.query));
      checks.judge('probe-search', { probe, exchange: answers.get(search)!, ...(carriedBy ? { carriedBy } : {}) });
    });
  });

  test('total covers the entries, and equals them when the whole result fits', judging('whole-result'), async ({ api, checks, probes }) => {
    const queries = [...(probes.organization?.searches ?? []), ...(probes.organization?.overLimit ? [probes.organization.overLimit] : [])];
    skipTest(queries.length === 0, NO_SEARCHES);
    // Count at its maximum: fewer entries than Count, and no next link, means the whole result is here.
    for (const { query } of queries)
      checks.judge('whole-result', { exchange: await api.organizations({ ...query, Count: String(MAX_COUNT) }) });
  });

  test('a search with no parameter returns no bundle of records', judging('no-parameter-search'), async ({ api, checks }) => {
    checks.judge('no-parameter-search', { exchange: await api.organizations({}) });
  });

  test('organization parameter names in another case (observed)', judging('organization-param-case'), async ({ api, checks, probes }) => {
    const searches = probes.organization?.searches ?? [];
    skipTest(searches.length === 0, NO_SEARCHES);
    const { query } = searches[0];
    const upper = Object.fromEntries(Object.entries(query).map(([name, value]) => [name.toUpperCase(), value]));
    const base = await api.organizations(query);
    checks.judge('organization-param-case', { base, other: await api.organizations(upper), sent: Object.keys(upper).join(', ') });
  });
});
