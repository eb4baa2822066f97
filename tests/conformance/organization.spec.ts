/**
 * GET {FHIR_PATH}/organization (§4.3): a searchset bundle, with Count/Page limits (§8).
 * Queries come only from the probes file.
 */
import type { Exchange } from '../../src/harness/exchange';
import { answerSummary, isJsonObject, rootKind } from '../../src/harness/rules/answers';
import {
  activeProblems, entriesOf, filterProblems, fullUrlProblems, hasNextLink, identifierProblems, organizationIds, partOfProblems, resourceOf,
} from '../../src/harness/rules/organization';
import { ROUTES } from '../../src/harness/rules/schema-routing';
import { requirements, test } from '../../src/harness/suite';
import { verifyProblems, verifySchema } from '../../src/harness/verify';
import { SCHEMA } from '../../src/schemas/validator';
import { MAX_COUNT, PAGE_SIZE } from '../../src/spec/constants';

const NO_SEARCHES = 'PROBES_FILE has no organization.searches probes';
const NO_MULTIPAGE = 'PROBES_FILE has no organization.multiPage probe';
const NO_OVERLIMIT = 'PROBES_FILE has no organization.overLimit probe';
/** Pages walked at most for the multiPage query: enough to see full pages and a last one, bounded for large directories. */
const MAX_PAGES = 12;

const bundleOf = (exchange: Exchange): unknown => (exchange.json.ok ? exchange.json.value : undefined);
const total = (exchange: Exchange): unknown => (bundleOf(exchange) as { total?: unknown } | undefined)?.total;
const isSuccess = (exchange: Exchange) => exchange.status >= 200 && exchange.status < 300;

test.describe('organization search (§4.3)', () => {
  test(
    'ORG-*-SHAPE, ORG-SEARCH-MODE, ORG-PARTOF: every probe search answers a valid searchset bundle',
    requirements('ORG-BUNDLE-SHAPE', 'ORG-ENTRY-SHAPE', 'ORG-SEARCH-MODE', 'ORG-RESOURCE-SHAPE', 'ORG-PARTOF'),
    async ({ api, checks, probes, schemas }) => {
      const searches = probes.organization?.searches ?? [];
      test.skip(searches.length === 0, NO_SEARCHES);
      for (const { query } of searches) {
        const exchange = await api.organizations(query);
        const ok = isSuccess(exchange) && isJsonObject(exchange);
        if (!checks.check('ORG-BUNDLE-SHAPE', ok, () => `a search that matches answered ${exchange.status} with ${rootKind(exchange)}, not a bundle (§2.5)`, { exchange })) continue;
        verifySchema(checks, schemas, SCHEMA.bundle, ROUTES.bundle, ['ORG-BUNDLE-SHAPE', 'ORG-ENTRY-SHAPE', 'ORG-SEARCH-MODE', 'ORG-RESOURCE-SHAPE', 'ORG-PARTOF'], bundleOf(exchange), exchange);
        verifyProblems(checks, 'ORG-ENTRY-SHAPE', fullUrlProblems(bundleOf(exchange)), exchange, 'fullUrl does not name the entry\'s organization (§2.5)');
        verifyProblems(checks, 'ORG-PARTOF', partOfProblems(bundleOf(exchange)), exchange, 'partOf does not resolve to a contained organization (§2.5)');
      }
    },
  );

  test('ORG-TOTAL: total covers the entries, and equals them when the whole result fits', requirements('ORG-TOTAL'), async ({ api, checks, probes }) => {
    const queries = [...(probes.organization?.searches ?? []), ...(probes.organization?.overLimit ? [probes.organization.overLimit] : [])];
    test.skip(queries.length === 0, NO_SEARCHES);
    for (const { query } of queries) {
      // Count at its maximum: fewer entries than Count, and no next link, means the whole result is here.
      const exchange = await api.organizations({ ...query, Count: String(MAX_COUNT) });
      const entries = entriesOf(bundleOf(exchange)).length;
      const value = total(exchange);
      if (!isSuccess(exchange) || typeof value !== 'number') continue;
      checks.check('ORG-TOTAL', value >= entries, `total ${value} is less than the ${entries} entries in the bundle (§2.5)`, { exchange, pointer: '/total' });
      if (entries < MAX_COUNT && !hasNextLink(bundleOf(exchange))) {
        checks.check('ORG-TOTAL', value === entries, `the whole result (${entries} entries, Count=${MAX_COUNT}, no next link) is in this bundle, but total is ${value}`, { exchange, pointer: '/total' });
      }
    }
  });

  test('ORG-COUNT: Count=N returns at most N entries', requirements('ORG-COUNT'), async ({ api, checks, probes }) => {
    const searches = probes.organization?.searches ?? [];
    test.skip(searches.length === 0, NO_SEARCHES);
    for (const [index, { query }] of searches.entries()) {
      const count = 1 + (index % 3);
      const exchange = await api.organizations({ ...query, Count: String(count) });
      const entries = entriesOf(bundleOf(exchange)).length;
      checks.check('ORG-COUNT', entries <= count, `Count=${count} returned ${entries} entries (§4.3)`, { exchange, pointer: '/entry' });
    }
  });

  test('ORG-COUNT: Count above 1000 never yields more than 1000', requirements('ORG-COUNT'), async ({ api, checks, probes }) => {
    const overLimit = probes.organization?.overLimit;
    test.skip(!overLimit, NO_OVERLIMIT);
    for (const count of [MAX_COUNT, MAX_COUNT + 1, 5000]) {
      const exchange = await api.organizations({ ...overLimit!.query, Count: String(count) });
      const entries = entriesOf(bundleOf(exchange)).length;
      checks.check('ORG-COUNT', entries <= Math.min(count, MAX_COUNT), `Count=${count} returned ${entries} entries; the maximum is ${MAX_COUNT} (§4.3, §8)`, { exchange, pointer: '/entry' });
      if (count > MAX_COUNT) {
        checks.observe('OBS-COUNT-OVER-LIMIT', isSuccess(exchange) ? { Count: count, outcome: `clamped: ${entries} entries`, status: exchange.status } : { Count: count, outcome: 'rejected', status: exchange.status });
      }
    }
  });

  test('ORG-PAGE, ORG-PAGE-DISJOINT: Page alone gives pages of 25, disjoint', requirements('ORG-PAGE', 'ORG-PAGE-DISJOINT'), async ({ api, checks, probes }) => {
    const multiPage = probes.organization?.multiPage;
    test.skip(!multiPage, NO_MULTIPAGE);
    const seen = new Map<string, number>();
    for (let page = 1; page <= MAX_PAGES; page++) {
      const exchange = await api.organizations({ ...multiPage!.query, Page: String(page) });
      const bundle = bundleOf(exchange);
      const entries = entriesOf(bundle).length;
      checks.check('ORG-PAGE', entries <= PAGE_SIZE, `Page=${page} returned ${entries} entries; Page alone gives at most ${PAGE_SIZE} (§8)`, { exchange, pointer: '/entry' });
      // The query matches more than 25: pages 1 and 2 cannot be the last full one.
      if (page <= 2) checks.check('ORG-PAGE', page === 1 ? entries === PAGE_SIZE : entries > 0, `Page=${page} returned ${entries} entries, but the multiPage query matches more than ${PAGE_SIZE}`, { exchange, pointer: '/entry' });
      const duplicates = organizationIds(bundle).filter((id) => seen.has(id));
      checks.check('ORG-PAGE-DISJOINT', duplicates.length === 0, () => `Page=${page} repeats organizations of earlier pages: ${duplicates.slice(0, 5).map((id) => `${id} (page ${seen.get(id)})`).join(', ')}`, { exchange });
      for (const id of organizationIds(bundle)) seen.set(id, page);
      if (page === 1) {
        const value = total(exchange);
        checks.observe('OBS-TOTAL-ACROSS-PAGES', typeof value !== 'number' ? { total: value } : value > entries ? `all matches: total ${value}, page 1 holds ${entries}` : `the page's count: total ${value}, page 1 holds ${entries}`);
      }
      if (entries < PAGE_SIZE) break;
    }
  });

  test('OBS-DEFAULT-PAGE-SIZE: entries returned without Count and Page (observed)', async ({ api, checks, probes }) => {
    const multiPage = probes.organization?.multiPage;
    test.skip(!multiPage, NO_MULTIPAGE);
    const exchange = await api.organizations(multiPage!.query);
    checks.observe('OBS-DEFAULT-PAGE-SIZE', { status: exchange.status, entries: entriesOf(bundleOf(exchange)).length, total: total(exchange), nextLink: hasNextLink(bundleOf(exchange)) });
  });

  test('ORG-MIN-PARAMS: a search with no parameter returns no bundle of records', requirements('ORG-MIN-PARAMS'), async ({ api, checks }) => {
    const exchange = await api.organizations({});
    const entries = entriesOf(bundleOf(exchange)).length;
    checks.check('ORG-MIN-PARAMS', !(isSuccess(exchange) && entries > 0), `a search with no parameter answered ${exchange.status} with ${entries} entries; at least one parameter is required (§4.3, §8)`, { exchange, pointer: '/entry' });
    checks.observe('OBS-ORG-NO-PARAMS', answerSummary(exchange));
  });

  test('ORG-FILTER-IDENTIFIER: identifier searches return only organizations carrying it', requirements('ORG-FILTER-IDENTIFIER'), async ({ api, checks, probes }) => {
    const identifiers = probes.organization?.identifiers ?? [];
    test.skip(identifiers.length === 0, 'PROBES_FILE has no organization.identifiers');
    for (const value of identifiers) {
      const exchange = await api.organizations({ identifier: value });
      const bundle = bundleOf(exchange);
      if (!checks.check('ORG-FILTER-IDENTIFIER', entriesOf(bundle).length > 0, `identifier=${value} found nothing, though the probe says an organization carries it`, { exchange })) continue;
      verifyProblems(checks, 'ORG-FILTER-IDENTIFIER', identifierProblems(bundle, value), exchange, `identifier=${value} returned organizations without it`);
      // §4.3: the FHIR token form system|value, with the system the service itself reports.
      const system = entriesOf(bundle).flatMap((e) => (resourceOf(e).identifier as { system?: string; value?: string }[] | undefined) ?? []).find((i) => i.value === value)?.system;
      if (!system) continue;
      const qualified = await api.organizations({ identifier: `${system}|${value}` });
      const qualifiedBundle = bundleOf(qualified);
      if (!checks.check('ORG-FILTER-IDENTIFIER', entriesOf(qualifiedBundle).length > 0, `identifier=${system}|${value} found nothing, though identifier=${value} did`, { exchange: qualified })) continue;
      verifyProblems(checks, 'ORG-FILTER-IDENTIFIER', identifierProblems(qualifiedBundle, value, system), qualified, `identifier=${system}|${value} returned organizations without it`);
    }
  });

  test('ORG-FILTERS: results contain the searched values', requirements('ORG-FILTERS'), async ({ api, checks, probes }) => {
    const searches = probes.organization?.searches ?? [];
    test.skip(searches.length === 0, NO_SEARCHES);
    for (const { query } of searches) {
      const exchange = await api.organizations(query);
      const bundle = bundleOf(exchange);
      if (!checks.check('ORG-FILTERS', entriesOf(bundle).length > 0, `${JSON.stringify(query)} found nothing, though the probe says it matches`, { exchange })) continue;
      verifyProblems(checks, 'ORG-FILTERS', filterProblems(bundle, query), exchange, `results of ${JSON.stringify(query)} do not contain the searched values`);
    }
  });

  test('ORG-ACTIVE: active=true/false returns only organizations with that flag', requirements('ORG-ACTIVE'), async ({ api, checks, probes, harness }) => {
    test.skip(!harness.statusSearch, 'STATUS_SEARCH is not true: the tenant does not search by status (§4.3)');
    const searches = probes.organization?.searches ?? [];
    test.skip(searches.length === 0, NO_SEARCHES);
    for (const active of [true, false]) {
      const exchange = await api.organizations({ ...searches[0].query, active: String(active), Count: String(MAX_COUNT) });
      checks.check('ORG-ACTIVE', isSuccess(exchange), `active=${active} answered ${exchange.status}`, { exchange });
      verifyProblems(checks, 'ORG-ACTIVE', activeProblems(bundleOf(exchange), active), exchange, `active=${active} returned organizations with another flag`);
    }
  });

  test('OBS-PARAM-CASE: organization parameter names in another case (observed)', async ({ api, checks, probes }) => {
    const searches = probes.organization?.searches ?? [];
    test.skip(searches.length === 0, NO_SEARCHES);
    const { query } = searches[0];
    const upper = Object.fromEntries(Object.entries(query).map(([name, value]) => [name.toUpperCase(), value]));
    const base = await api.organizations(query);
    const exchange = await api.organizations(upper);
    const same = isSuccess(exchange) && total(exchange) === total(base) && entriesOf(bundleOf(exchange)).length > 0;
    checks.observe('OBS-PARAM-CASE', { endpoint: 'organization', sent: Object.keys(upper).join(', '), status: exchange.status, outcome: same ? 'same results: names are case-insensitive' : 'other results: names are case-sensitive' });
  });
});
