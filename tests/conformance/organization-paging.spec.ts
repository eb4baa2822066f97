/**
 * Paging of GET {FHIR_PATH}/organization (§4.3, §8): `Count`, `Page` alone, and `next` links. The
 * tests walk the pages; the rules that judge them are in src/rules/organization/paging.ts.
 */
import type { Exchange } from '../../src/client/exchange';
import { ForeignOriginError } from '../../src/client/http-client';
import { forEachProbe, requiredFor } from '../../src/harness/probe-steps';
import { describeSuite, requirements, test } from '../../src/harness/suite';
import { PROMISED } from '../../src/probes/promises';
import { nextLink } from '../../src/rules/organization/entries';
import {
  type NextWalkStop,
  observeDefaultPageSize,
  pageShapeOf,
  pageToLookPast,
  WALK_COUNT,
  walkByNextGoesOn,
  walkByPageGoesOn,
} from '../../src/rules/organization/paging';
import { MAX_COUNT, PAGE_SIZE } from '../../src/spec/constants';

const NO_SEARCHES = 'PROBES_FILE has no organization.searches probes';
const NO_MULTIPAGE = 'PROBES_FILE has no organization.multiPage probe';
const NO_OVERLIMIT = 'PROBES_FILE has no organization.overLimit probe';

describeSuite('organization search (§4.3)', () => {
  test('Count=N returns at most N entries', requirements('ORG-COUNT'), async ({ api, checks, probes }) => {
    let index = 0;
    await forEachProbe('organization.searches', probes.organization?.searches, NO_SEARCHES, async ({ query }) => {
      const count = 1 + (index++ % 3);
      checks.judge('count-search', { count, exchange: await api.organizations({ ...query, Count: String(count) }) });
    });
  });

  test('Count=N returns exactly N when at least N match', requirements('ORG-COUNT'), async ({ api, checks, probes }) => {
    const { multiPage, overLimit } = probes.organization ?? {};
    test.skip(!multiPage && !overLimit, `${NO_MULTIPAGE} and no organization.overLimit probe`);
    const exactly = async (place: string, promised: string, query: Record<string, string>, count: number) =>
      checks.judge('count-exactly-search', {
        place,
        promised,
        query,
        count,
        exchange: await api.organizations({ ...query, Count: String(count) }),
      });
    if (multiPage)
      for (const count of [1, 10, PAGE_SIZE]) await exactly('organization.multiPage', PROMISED.multiPage, multiPage.query, count);
    else checks.skip('ORG-COUNT', `${NO_MULTIPAGE}: Count below 26 not checked for exactness`);
    if (overLimit) await exactly('organization.overLimit', PROMISED.overLimit, overLimit.query, MAX_COUNT);
    else checks.skip('ORG-COUNT', `${NO_OVERLIMIT}: Count=${MAX_COUNT} not checked for exactness`);
  });

  test(
    'Count above 1000 never yields more than 1000',
    requirements('ORG-COUNT', 'OBS-COUNT-OVER-LIMIT'),
    async ({ api, checks, probes }) => {
      const overLimit = requiredFor(probes.organization?.overLimit, NO_OVERLIMIT);
      for (const count of [MAX_COUNT, MAX_COUNT + 1, 5000])
        checks.judge('count-over-limit-search', { count, exchange: await api.organizations({ ...overLimit.query, Count: String(count) }) });
    },
  );

  test(
    'Page alone gives pages of 25, disjoint, each filtered, with one meaning of total',
    requirements('ORG-PAGE', 'ORG-PAGE-DISJOINT', 'ORG-FILTERS', 'ORG-TOTAL', 'OBS-TOTAL-ACROSS-PAGES', 'OBS-PAGE-BEYOND-LAST'),
    async ({ api, checks, probes, harness }) => {
      const { query } = requiredFor(probes.organization?.multiPage, NO_MULTIPAGE);
      const pages: Exchange[] = [];
      for (let page = 1; page <= harness.maxPages; page++) {
        const exchange = await api.organizations({ ...query, Page: String(page) });
        pages.push(exchange);
        if (!walkByPageGoesOn(pageShapeOf(exchange))) break;
      }
      const past = pageToLookPast(query, pages, harness.maxPages);
      const beyond = past === undefined ? undefined : await api.organizations({ ...query, Page: String(past) });
      checks.judge('probe-page-walk', { query, answers: pages, maxPages: harness.maxPages, ...(beyond ? { beyond } : {}) });
    },
  );

  test(
    'following next continues the same search to its end',
    requirements('ORG-NEXT-LINK', 'ORG-TOTAL', 'OBS-CROSS-ORIGIN-LINK'),
    async ({ api, checks, probes, harness }) => {
      const { query } = requiredFor(probes.organization?.multiPage, NO_MULTIPAGE);
      const first = await api.organizations({ ...query, Count: String(WALK_COUNT) });
      const followed: Exchange[] = [];
      const links = new Set<string>();
      let stop: NextWalkStop | undefined;
      for (let page = 2, link = nextLink(first.body); link; page++, link = nextLink(followed[followed.length - 1].body)) {
        if (page > harness.maxPages) {
          stop = { kind: 'max-pages', maxPages: harness.maxPages };
          break;
        }
        // A link followed before leads where it led before: the links loop, and the walk has reached all it can.
        const target = api.resolve(link).href;
        if (links.has(target)) {
          stop = { kind: 'loop' };
          break;
        }
        links.add(target);
        try {
          followed.push(await api.follow(link));
        } catch (error) {
          if (!(error instanceof ForeignOriginError)) throw error;
          stop = { kind: 'foreign', origin: api.resolve(link).origin, page: page - 1, message: error.message };
          break;
        }
        if (!walkByNextGoesOn(followed[followed.length - 1])) break;
      }
      checks.judge('next-walk', { query, first, followed, ...(stop ? { stop } : {}) });
    },
  );

  test('entries returned without Count and Page (observed)', requirements('OBS-DEFAULT-PAGE-SIZE'), async ({ api, checks, probes }) => {
    const { query } = requiredFor(probes.organization?.multiPage, NO_MULTIPAGE);
    checks.record(observeDefaultPageSize(await api.organizations(query)));
  });
});
