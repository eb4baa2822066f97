/**
 * GET {FHIR_PATH}/organization (§4.3): a searchset bundle, with Count/Page limits (§8).
 * Queries come only from the probes file.
 */
import type { RequirementId } from '../../src/spec/catalogue';
import type { Checks } from '../../src/rules/judgement';
import type { Exchange } from '../../src/client/exchange';
import { ForeignOriginError } from '../../src/client/http-client';
import { PROMISED, probeLabel } from '../../src/probes/promises';
import { forEachProbe, requiredFor } from '../../src/harness/probe-steps';
import { answerSummary, isJsonObject, rootKind } from '../../src/rules/answers';
import {
  activeProblems,
  type EntryProblem,
  entriesOf,
  filterProblems,
  fullUrlProblems,
  hasNextLink,
  identifierProblems,
  nextLink,
  organizationIds,
  partOfProblems,
  systemsOf,
} from '../../src/rules/organization';
import { fhirR4Problems } from '../../src/rules/fhir-r4';
import { judgeRepeats, matchCount, totalAcrossPagesProblem, type WalkedPage } from '../../src/rules/page-walk';
import { describeSuite, requirements, test } from '../../src/harness/suite';
import { SCHEMA } from '../../src/schema-validation/validator';
import { MAX_COUNT, PAGE_SIZE } from '../../src/spec/constants';

const NO_SEARCHES = 'PROBES_FILE has no organization.searches probes';
const NO_MULTIPAGE = 'PROBES_FILE has no organization.multiPage probe';
const NO_OVERLIMIT = 'PROBES_FILE has no organization.overLimit probe';
/** Page size of the next-link walk: not the default 25, so that a link that drops Count shows. */
const WALK_COUNT = 20;
/** A system no organization's identifier carries (FHIR token search: system|value must match both). */
const NO_SUCH_SYSTEM = 'urn:conformance:no-such-identifier-system';

const total = (exchange: Exchange): unknown => (exchange.body as { total?: unknown } | undefined)?.total;
const isSuccess = (exchange: Exchange) => exchange.status >= 200 && exchange.status < 300;
/** Only a successful, parsed bundle can contradict a probe: anything else is the service's own failure. */
const isBundle = (exchange: Exchange) => isSuccess(exchange) && isJsonObject(exchange);

/** One check of `id`: the request (in words) answered a bundle (§2.5). */
function answeredBundle(checks: Checks, id: RequirementId, exchange: Exchange, request: string): boolean {
  return checks.check(
    id,
    isBundle(exchange),
    () => `${request} answered ${exchange.status} with ${rootKind(exchange)}, not a bundle (§2.5)`,
    { exchange },
  );
}

/** Whether the bundle itself says that more matches exist than it holds: a next link, or a larger total. */
function showsMore(exchange: Exchange): boolean {
  const value = total(exchange);
  return hasNextLink(exchange.body) || (typeof value === 'number' && value > entriesOf(exchange.body).length);
}

const shortAnswer = (exchange: Exchange) =>
  `${entriesOf(exchange.body).length} entries, total ${JSON.stringify(total(exchange))}, no next link`;

/**
 * `Count=N` of a query promised to match at least N: exactly N entries (§4.3 "number of records to
 * return"). Fewer is the service's fault when its own bundle shows more matches, a probe problem otherwise.
 */
async function checkCountExactly(
  api: { organizations(q: Record<string, string>): Promise<Exchange> },
  checks: Checks,
  place: string,
  promised: string,
  query: Record<string, string>,
  count: number,
) {
  const exchange = await api.organizations({ ...query, Count: String(count) });
  const entries = entriesOf(exchange.body).length;
  if (!answeredBundle(checks, 'ORG-COUNT', exchange, `Count=${count} (at most ${MAX_COUNT} is allowed)`)) return;
  if (entries >= count || showsMore(exchange)) {
    checks.check(
      'ORG-COUNT',
      entries === count,
      () =>
        `Count=${count} returned ${entries} entries, though ${entries > count ? 'it asks for at most' : 'more organizations match (the bundle says so); it asks for'} ${count} (§4.3: the number of records to return)`,
      { exchange, pointer: '/entry' },
    );
  } else {
    checks.probeProblem(
      { probe: probeLabel(place, query), promised, observed: `Count=${count} returned ${shortAnswer(exchange)}` },
      exchange,
    );
  }
}

/**
 * OBS-PAGE-BEYOND-LAST (§4.3 does not show it): the last page of the walk is the one past the last
 * page of matches. Repeats are ORG-PAGE-DISJOINT's to judge; organizations not seen before show the
 * short page before it was not the last (ORG-PAGE).
 */
function observeBeyondLast(checks: Checks, walked: readonly WalkedPage[]): void {
  const beyond = walked[walked.length - 1];
  const earlier = new Set(walked.slice(0, -1).flatMap((p) => p.ids));
  const lastIds = walked.length > 1 ? walked[walked.length - 2].ids : [];
  const { exchange, ids, label } = beyond;
  const fresh = ids.filter((id) => !earlier.has(id));
  let outcome: string;
  if (!isSuccess(exchange)) outcome = 'an error';
  else if (!isBundle(exchange)) outcome = `not a bundle (${rootKind(exchange)})`;
  else if (ids.length === 0) outcome = 'an empty bundle';
  else if (fresh.length > 0) outcome = 'organizations not seen on earlier pages';
  else outcome = JSON.stringify(ids) === JSON.stringify(lastIds) ? 'the last page again' : 'organizations of earlier pages';
  checks.observe('OBS-PAGE-BEYOND-LAST', { page: label, status: exchange.status, outcome, entries: ids.length });
  if (fresh.length > 0)
    checks.check(
      'ORG-PAGE',
      false,
      `${label}, past the page of fewer than ${PAGE_SIZE} entries that ended the walk, holds ${fresh.length} organizations not seen before: pages before the last hold ${PAGE_SIZE} (§8)`,
      { exchange, pointer: '/entry' },
    );
}

describeSuite('organization search (§4.3)', () => {
  test(
    'every probe search answers a valid searchset bundle',
    requirements('ORG-BUNDLE-SHAPE', 'ORG-ENTRY-SHAPE', 'ORG-SEARCH-MODE', 'ORG-RESOURCE-SHAPE', 'ORG-PARTOF', 'ORG-FHIR-R4'),
    async ({ api, checks, probes }) => {
      await forEachProbe('organization.searches', probes.organization?.searches, NO_SEARCHES, async ({ query }, probe) => {
        const exchange = await api.organizations(query);
        if (!answeredBundle(checks, 'ORG-BUNDLE-SHAPE', exchange, `a search that matches`)) return;
        if (entriesOf(exchange.body).length === 0) {
          checks.probeProblem(
            {
              probe,
              promised: PROMISED.searches,
              observed: `the service answered ${exchange.status} with a bundle of no entry (total ${JSON.stringify(total(exchange))})`,
            },
            exchange,
          );
        }
        checks.schema(SCHEMA.bundle, exchange.body, exchange);
        checks.problems(
          'ORG-ENTRY-SHAPE',
          fullUrlProblems(exchange.body),
          exchange,
          "fullUrl does not name the entry's organization (§2.5)",
        );
        checks.problems(
          'ORG-PARTOF',
          partOfProblems(exchange.body),
          exchange,
          'partOf does not resolve to a contained organization (§2.5)',
        );
        let fhirErrors: EntryProblem[];
        try {
          fhirErrors = fhirR4Problems(exchange.body);
        } catch (error) {
          return checks.skip('ORG-FHIR-R4', `${probe}: the FHIR validator could not read the bundle (${(error as Error).message})`);
        }
        checks.problems('ORG-FHIR-R4', fhirErrors, exchange, 'a FHIR R4 validator (FHIR.js) finds errors in the bundle (§2.5, FHIR R4)');
      });
    },
  );

  test(
    'total covers the entries, and equals them when the whole result fits',
    requirements('ORG-TOTAL'),
    async ({ api, checks, probes }) => {
      const queries = [
        ...(probes.organization?.searches ?? []),
        ...(probes.organization?.overLimit ? [probes.organization.overLimit] : []),
      ];
      test.skip(queries.length === 0, NO_SEARCHES);
      for (const { query } of queries) {
        // Count at its maximum: fewer entries than Count, and no next link, means the whole result is here.
        const exchange = await api.organizations({ ...query, Count: String(MAX_COUNT) });
        const entries = entriesOf(exchange.body).length;
        const value = total(exchange);
        if (!isSuccess(exchange) || typeof value !== 'number') continue;
        checks.check('ORG-TOTAL', value >= entries, `total ${value} is less than the ${entries} entries in the bundle (§2.5)`, {
          exchange,
          pointer: '/total',
        });
        if (entries < MAX_COUNT && !hasNextLink(exchange.body)) {
          checks.check(
            'ORG-TOTAL',
            value === entries,
            `the whole result (${entries} entries, Count=${MAX_COUNT}, no next link) is in this bundle, but total is ${value}`,
            { exchange, pointer: '/total' },
          );
        }
      }
    },
  );

  test('Count=N returns at most N entries', requirements('ORG-COUNT'), async ({ api, checks, probes }) => {
    let index = 0;
    await forEachProbe('organization.searches', probes.organization?.searches, NO_SEARCHES, async ({ query }) => {
      const count = 1 + (index++ % 3);
      const exchange = await api.organizations({ ...query, Count: String(count) });
      const entries = entriesOf(exchange.body).length;
      checks.check('ORG-COUNT', entries <= count, `Count=${count} returned ${entries} entries (§4.3)`, { exchange, pointer: '/entry' });
    });
  });

  test('Count=N returns exactly N when at least N match', requirements('ORG-COUNT'), async ({ api, checks, probes }) => {
    const { multiPage, overLimit } = probes.organization ?? {};
    test.skip(!multiPage && !overLimit, `${NO_MULTIPAGE} and no organization.overLimit probe`);
    if (multiPage)
      for (const count of [1, 10, PAGE_SIZE])
        await checkCountExactly(api, checks, 'organization.multiPage', PROMISED.multiPage, multiPage.query, count);
    else checks.skip('ORG-COUNT', `${NO_MULTIPAGE}: Count below 26 not checked for exactness`);
    if (overLimit) await checkCountExactly(api, checks, 'organization.overLimit', PROMISED.overLimit, overLimit.query, MAX_COUNT);
    else checks.skip('ORG-COUNT', `${NO_OVERLIMIT}: Count=${MAX_COUNT} not checked for exactness`);
  });

  test(
    'Count above 1000 never yields more than 1000',
    requirements('ORG-COUNT', 'OBS-COUNT-OVER-LIMIT'),
    async ({ api, checks, probes }) => {
      const overLimit = requiredFor(probes.organization?.overLimit, NO_OVERLIMIT);
      for (const count of [MAX_COUNT, MAX_COUNT + 1, 5000]) {
        const exchange = await api.organizations({ ...overLimit.query, Count: String(count) });
        const entries = entriesOf(exchange.body).length;
        checks.check(
          'ORG-COUNT',
          entries <= Math.min(count, MAX_COUNT),
          `Count=${count} returned ${entries} entries; the maximum is ${MAX_COUNT} (§4.3, §8)`,
          { exchange, pointer: '/entry' },
        );
        if (count > MAX_COUNT) {
          checks.observe(
            'OBS-COUNT-OVER-LIMIT',
            isSuccess(exchange)
              ? { Count: count, outcome: `clamped: ${entries} entries`, status: exchange.status }
              : { Count: count, outcome: 'rejected', status: exchange.status },
          );
        }
      }
    },
  );

  test(
    'Page alone gives pages of 25, disjoint, each filtered, with one meaning of total',
    requirements('ORG-PAGE', 'ORG-PAGE-DISJOINT', 'ORG-FILTERS', 'ORG-TOTAL', 'OBS-TOTAL-ACROSS-PAGES', 'OBS-PAGE-BEYOND-LAST'),
    async ({ api, checks, probes, harness }) => {
      const { query } = requiredFor(probes.organization?.multiPage, NO_MULTIPAGE);
      const pages: WalkedPage[] = [];
      let firstShowedMore = false;
      /** The page the walk ended on by itself: the first with fewer than 25 entries. */
      let last: number | undefined;
      for (let page = 1; page <= harness.maxPages; page++) {
        const exchange = await api.organizations({ ...query, Page: String(page) });
        const bundle = exchange.body;
        const entries = entriesOf(bundle).length;
        if (!answeredBundle(checks, 'ORG-PAGE', exchange, `Page=${page}`)) break;
        checks.check(
          'ORG-PAGE',
          entries <= PAGE_SIZE,
          `Page=${page} returned ${entries} entries; Page alone gives at most ${PAGE_SIZE} (§8)`,
          { exchange, pointer: '/entry' },
        );
        // Filters hold on every page, not only on the first one.
        if (entries > 0)
          checks.problems(
            'ORG-FILTERS',
            filterProblems(bundle, query),
            exchange,
            `Page=${page} of ${JSON.stringify(query)} holds organizations that do not match it`,
          );
        if (page === 1) {
          firstShowedMore = showsMore(exchange);
          const value = total(exchange);
          checks.observe(
            'OBS-TOTAL-ACROSS-PAGES',
            typeof value !== 'number'
              ? { total: value }
              : value > entries
                ? `all matches: total ${value}, page 1 holds ${entries}`
                : `the page's count: total ${value}, page 1 holds ${entries}`,
          );
        }
        pages.push({ label: `Page=${page}`, ids: organizationIds(bundle), total: total(exchange), exchange });
        // The query matches more than 25: page 1 is full and page 2 is not empty, unless the probe is wrong.
        const short = page === 1 ? entries < PAGE_SIZE : page === 2 && entries === 0;
        if (short && !(page === 1 ? showsMore(exchange) : firstShowedMore)) {
          checks.probeProblem(
            {
              probe: probeLabel('organization.multiPage', query),
              promised: PROMISED.multiPage,
              observed: `Page=${page} returned ${shortAnswer(exchange)}`,
            },
            exchange,
          );
          return;
        }
        if (short) {
          // Not the last page, though it is short: the walk stops here without an end to look past.
          checks.check(
            'ORG-PAGE',
            false,
            `Page=${page} returned ${entries} entries, though the bundle${page === 2 ? ' of page 1' : ''} shows more matches: pages before the last hold ${PAGE_SIZE} (§8)`,
            { exchange, pointer: '/entry' },
          );
          break;
        }
        if (entries < PAGE_SIZE) {
          last = page;
          break;
        }
        if (page === harness.maxPages)
          checks.skip('ORG-PAGE', `the walk stopped at MAX_PAGES=${harness.maxPages} pages; later pages were not checked`);
      }
      // An empty page that ends the walk is already past the last one; its total says nothing of the matches.
      const lastEmpty = last !== undefined && last > 1 && pages[pages.length - 1].ids.length === 0;
      const counted = lastEmpty ? pages.slice(0, -1) : pages;
      if (counted.length > 1) {
        const problem = totalAcrossPagesProblem(counted);
        checks.check('ORG-TOTAL', !problem, () => problem!.message, { exchange: problem?.page.exchange, pointer: '/total' });
      }
      let walked = pages;
      if (last !== undefined && !lastEmpty) {
        const beyond = await api.organizations({ ...query, Page: String(last + 1) });
        walked = [
          ...pages,
          { label: `Page=${last + 1}`, ids: isBundle(beyond) ? organizationIds(beyond.body) : [], total: total(beyond), exchange: beyond },
        ];
      }
      if (last !== undefined) observeBeyondLast(checks, walked);
      const judged = judgeRepeats(walked, { ended: last !== undefined, pageSize: PAGE_SIZE, matches: matchCount(counted) });
      for (const { page, message, level } of judged)
        checks.check('ORG-PAGE-DISJOINT', level === undefined, () => message!, { exchange: page.exchange }, level);
    },
  );

  test(
    'following next continues the same search to its end',
    requirements('ORG-NEXT-LINK', 'ORG-TOTAL', 'OBS-CROSS-ORIGIN-LINK'),
    async ({ api, checks, probes, harness }) => {
      const { query } = requiredFor(probes.organization?.multiPage, NO_MULTIPAGE);
      const first = await api.organizations({ ...query, Count: String(WALK_COUNT) });
      const size = entriesOf(first.body).length;
      let link = nextLink(first.body);
      if (!link) {
        checks.skip(
          'ORG-NEXT-LINK',
          `the first bundle of ${JSON.stringify(query)} with Count=${WALK_COUNT} has no next link: there is nothing to follow (§2.5 names no relation but self)`,
        );
        return;
      }
      const pages: WalkedPage[] = [{ label: 'page 1', ids: organizationIds(first.body), total: total(first), exchange: first }];
      const followed = new Set<string>();
      let ended = false;
      for (let page = 2; link; page++) {
        if (page > harness.maxPages) {
          checks.skip('ORG-NEXT-LINK', `the walk stopped at MAX_PAGES=${harness.maxPages} pages; the rest was not followed`);
          break;
        }
        // A link followed before leads where it led before: the links loop, and the walk has reached all it can.
        const target = api.resolve(link).href;
        if (followed.has(target)) {
          ended = true;
          break;
        }
        followed.add(target);
        let exchange: Exchange;
        try {
          exchange = await api.follow(link);
        } catch (error) {
          if (!(error instanceof ForeignOriginError)) throw error;
          checks.observe('OBS-CROSS-ORIGIN-LINK', { nextLinks: 'on another origin', origin: api.resolve(link).origin, page: page - 1 });
          checks.skip(
            'ORG-NEXT-LINK',
            `the next link of page ${page - 1} is not followed: ${error.message}, and credentials never leave it`,
          );
          return;
        }
        if (page === 2) checks.observe('OBS-CROSS-ORIGIN-LINK', { nextLinks: "on the base URL's origin" });
        const bundle = exchange.body;
        if (!answeredBundle(checks, 'ORG-NEXT-LINK', exchange, `following the next link of page ${page - 1}`)) return;
        const ids = organizationIds(bundle);
        // Entries that match under no reading show the link dropped the search; near misses are ORG-FILTERS' to judge.
        checks.problems(
          'ORG-NEXT-LINK',
          filterProblems(bundle, query).filter((p) => p.level === 'MUST'),
          exchange,
          `page ${page}, reached by next, holds organizations that do not match ${JSON.stringify(query)}: the link does not continue the same search`,
        );
        pages.push({ label: `page ${page} (reached by next)`, ids, total: total(exchange), exchange });
        link = nextLink(bundle);
        const larger = ids.length > WALK_COUNT;
        const sizeOk = link ? ids.length === size : ids.length <= size;
        checks.check(
          'ORG-NEXT-LINK',
          !larger && sizeOk,
          () =>
            larger
              ? `page ${page}, reached by next, holds ${ids.length} entries, more than the Count=${WALK_COUNT} the search asked for (§4.3): the link does not continue the same search`
              : `page ${page}, reached by next, holds ${ids.length} entries; the first page held ${size} (Count=${WALK_COUNT}), and ${link ? 'every page before the last holds as many' : 'the last holds at most as many'}`,
          { exchange, pointer: '/entry' },
          larger ? 'MUST' : 'SHOULD',
        );
        if (!link) ended = true;
      }
      const counted = pages.filter((p, i) => i === 0 || p.ids.length > 0);
      if (counted.length > 1) {
        const problem = totalAcrossPagesProblem(counted);
        checks.check('ORG-TOTAL', !problem, () => problem!.message, { exchange: problem?.page.exchange, pointer: '/total' });
      }
      for (const { page, message, level } of judgeRepeats(pages, { ended, pageSize: WALK_COUNT, matches: matchCount(counted) }))
        checks.check('ORG-NEXT-LINK', level === undefined, () => message!, { exchange: page.exchange }, level);
    },
  );

  test('entries returned without Count and Page (observed)', requirements('OBS-DEFAULT-PAGE-SIZE'), async ({ api, checks, probes }) => {
    const { query } = requiredFor(probes.organization?.multiPage, NO_MULTIPAGE);
    const exchange = await api.organizations(query);
    checks.observe('OBS-DEFAULT-PAGE-SIZE', {
      status: exchange.status,
      entries: entriesOf(exchange.body).length,
      total: total(exchange),
      nextLink: hasNextLink(exchange.body),
    });
  });

  test(
    'a search with no parameter returns no bundle of records',
    requirements('ORG-MIN-PARAMS', 'OBS-ORG-NO-PARAMS'),
    async ({ api, checks }) => {
      const exchange = await api.organizations({});
      const entries = entriesOf(exchange.body).length;
      checks.check(
        'ORG-MIN-PARAMS',
        !(isSuccess(exchange) && entries > 0),
        `a search with no parameter answered ${exchange.status} with ${entries} entries; at least one parameter is required (§4.3, §8)`,
        { exchange, pointer: '/entry' },
      );
      checks.observe('OBS-ORG-NO-PARAMS', answerSummary(exchange));
    },
  );

  test(
    'identifier searches return only organizations carrying it',
    requirements('ORG-FILTER-IDENTIFIER'),
    async ({ api, checks, probes }) => {
      await forEachProbe(
        'organization.identifiers',
        probes.organization?.identifiers,
        'PROBES_FILE has no organization.identifiers',
        async (value, probe) => {
          const exchange = await api.organizations({ identifier: value });
          const bundle = exchange.body;
          // §4.3 names the identifier parameter: refusing it is the service's fault; an unreadable body is HTTP-JSON's.
          if (
            !checks.check(
              'ORG-FILTER-IDENTIFIER',
              isSuccess(exchange),
              () => `identifier=${value} answered ${exchange.status} with ${rootKind(exchange)}, not a bundle (§4.3)`,
              { exchange },
            )
          )
            return;
          if (!isJsonObject(exchange)) {
            checks.skip('ORG-FILTER-IDENTIFIER', `identifier=${value} answered ${rootKind(exchange)}: see HTTP-JSON`);
            return;
          }
          if (entriesOf(bundle).length === 0) {
            checks.probeProblem(
              {
                probe,
                promised: PROMISED.identifiers,
                observed: `identifier=${value} answered ${exchange.status} with no organization`,
              },
              exchange,
            );
            return;
          }
          checks.problems(
            'ORG-FILTER-IDENTIFIER',
            identifierProblems(bundle, value),
            exchange,
            `identifier=${value} returned organizations without it`,
          );
          // §4.3: the FHIR token form system|value, with the system the service itself reports.
          const system = systemsOf(bundle, value)[0];
          if (!system) return;
          const qualified = await api.organizations({ identifier: `${system}|${value}` });
          const qualifiedBundle = qualified.body;
          if (
            checks.check(
              'ORG-FILTER-IDENTIFIER',
              entriesOf(qualifiedBundle).length > 0,
              `identifier=${system}|${value} found nothing, though identifier=${value} found organizations carrying it with that system`,
              { exchange: qualified },
            )
          ) {
            checks.problems(
              'ORG-FILTER-IDENTIFIER',
              identifierProblems(qualifiedBundle, value, system),
              qualified,
              `identifier=${system}|${value} returned organizations without it`,
            );
          }
          // FHIR token search: system|value means both, so a system the identifier does not carry matches nothing.
          const foreign = await api.organizations({ identifier: `${NO_SUCH_SYSTEM}|${value}` });
          if (isSuccess(foreign)) {
            checks.problems(
              'ORG-FILTER-IDENTIFIER',
              identifierProblems(foreign.body, value, NO_SUCH_SYSTEM),
              foreign,
              `identifier=${NO_SUCH_SYSTEM}|${value} matched organizations whose identifier ${value} has another system: system|value must match both (§4.3, FHIR token search)`,
            );
          }
        },
      );
    },
  );

  test('results contain the searched values', requirements('ORG-FILTERS'), async ({ api, checks, probes }) => {
    await forEachProbe('organization.searches', probes.organization?.searches, NO_SEARCHES, async ({ query }) => {
      const exchange = await api.organizations(query);
      const bundle = exchange.body;
      // An empty answer is a probe problem, reported by the bundle-shape test: there is nothing to judge here.
      if (entriesOf(bundle).length === 0) return;
      checks.problems(
        'ORG-FILTERS',
        filterProblems(bundle, query),
        exchange,
        `results of ${JSON.stringify(query)} do not contain the searched values`,
      );
    });
  });

  test(
    'active=true/false returns only organizations with that flag',
    requirements('ORG-ACTIVE'),
    async ({ api, checks, probes, harness }) => {
      test.skip(
        !harness.statusSearch,
        "neither STATUS_SEARCH=true nor the probes file's organization.statusSearch says the tenant searches by status (§4.3)",
      );
      const searches = probes.organization?.searches ?? [];
      test.skip(searches.length === 0, NO_SEARCHES);
      for (const active of [true, false]) {
        const exchange = await api.organizations({ ...searches[0].query, active: String(active), Count: String(MAX_COUNT) });
        checks.check('ORG-ACTIVE', isSuccess(exchange), `active=${active} answered ${exchange.status}`, { exchange });
        checks.problems(
          'ORG-ACTIVE',
          activeProblems(exchange.body, active),
          exchange,
          `active=${active} returned organizations with another flag`,
        );
      }
    },
  );

  test('organization parameter names in another case (observed)', requirements('OBS-PARAM-CASE'), async ({ api, checks, probes }) => {
    const searches = probes.organization?.searches ?? [];
    test.skip(searches.length === 0, NO_SEARCHES);
    const { query } = searches[0];
    const upper = Object.fromEntries(Object.entries(query).map(([name, value]) => [name.toUpperCase(), value]));
    const base = await api.organizations(query);
    const exchange = await api.organizations(upper);
    const same = isSuccess(exchange) && total(exchange) === total(base) && entriesOf(exchange.body).length > 0;
    checks.observe('OBS-PARAM-CASE', {
      endpoint: 'organization',
      sent: Object.keys(upper).join(', '),
      status: exchange.status,
      outcome: same ? 'same results: names are case-insensitive' : 'other results: names are case-sensitive',
    });
  });

  test(
    'organization name values in lower case and with surrounding spaces (observed)',
    requirements('OBS-VALUE-CASE', 'OBS-VALUE-WHITESPACE'),
    async ({ api, checks, probes }) => {
      const probe = (probes.organization?.searches ?? []).find(({ query }) => /\p{L}/u.test(query.name ?? ''));
      const { query } = requiredFor(probe, 'PROBES_FILE has no organization.searches probe with a name');
      const base = await api.organizations(query);
      if (!isBundle(base) || entriesOf(base.body).length === 0) return;
      const same = (exchange: Exchange) =>
        !isBundle(exchange) || entriesOf(exchange.body).length === 0
          ? 'no results'
          : JSON.stringify(organizationIds(exchange.body)) === JSON.stringify(organizationIds(base.body)) && total(exchange) === total(base)
            ? 'same results'
            : 'other results';
      const name = query.name!;
      const lower = await api.organizations({ ...query, name: name.toLowerCase() });
      checks.observe('OBS-VALUE-CASE', {
        endpoint: 'organization',
        sent: `name=${name.toLowerCase()}`,
        status: lower.status,
        outcome: same(lower),
      });
      const spaced = await api.organizations({ ...query, name: `  ${name}  ` });
      checks.observe('OBS-VALUE-WHITESPACE', {
        endpoint: 'organization',
        sent: `name="  ${name}  "`,
        status: spaced.status,
        outcome: same(spaced),
      });
    },
  );
});
