/**
 * Paging of GET {FHIR_PATH}/organization (§4.3, §8): `Count`, `Page` alone, and `next` links. The
 * tests walk the pages; the rules that judge them are in src/rules/organization/paging.ts.
 */
import { ForeignOriginError } from '../../src/client/http-client';
import { forEachProbe, noProbe, requiredFor, skipTest } from '../../src/harness/probe-steps';
import { describeSuite, judging, test } from '../../src/harness/suite';
import { PROMISED } from '../../src/probes/promises';
import { WALK_COUNT, NextWalk, walkByPage } from '../../src/rules/rulebook';
import { MAX_COUNT, PAGE_SIZE } from '../../src/spec/constants';

const NO_MULTIPAGE = noProbe('organization.multiPage');
const NO_OVERLIMIT = noProbe('organization.overLimit');

describeSuite('organization search (§4.3)', () => {
  test('Count=N returns at most N entries', judging('count-search'), async ({ api, checks, probes }) => {
    let index = 0;
    await forEachProbe('organization.searches', probes.organization?.searches, async ({ query }) => {
      const count = 1 + (index++ % 3);
      checks.judge('count-search', { count, exchange: await api.organizations({ ...query, Count: String(count) }) });
    });
  });

  test('Count=N returns exactly N when at least N match', judging('count-exactly-search'), async ({ api, checks, probes }) => {
    const { multiPage, overLimit } = probes.organization ?? {};
    skipTest(
      !multiPage && !overLimit,
      noProbe('organization.multiPage', 'organization.multiPage probe and no organization.overLimit probe'),
    );
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
    else checks.skip('ORG-COUNT', { ...NO_MULTIPAGE, text: `${NO_MULTIPAGE.text}: Count below 26 not checked for exactness` });
    if (overLimit) await exactly('organization.overLimit', PROMISED.overLimit, overLimit.query, MAX_COUNT);
    else checks.skip('ORG-COUNT', { ...NO_OVERLIMIT, text: `${NO_OVERLIMIT.text}: Count=${MAX_COUNT} not checked for exactness` });
  });

  test('Count above 1000 never yields more than 1000', judging('count-over-limit-search'), async ({ api, checks, probes }) => {
    const overLimit = requiredFor(probes.organization?.overLimit, NO_OVERLIMIT);
    for (const count of [MAX_COUNT, MAX_COUNT + 1, 5000])
      checks.judge('count-over-limit-search', { count, exchange: await api.organizations({ ...overLimit.query, Count: String(count) }) });
  });

  test(
    'Page alone gives pages of 25, disjoint, each filtered, with one meaning of total, and every page is a whole bundle',
    judging('page-walk', 'search-page', 'search-filters'),
    async ({ api, checks, probes, harness }) => {
      const { query } = requiredFor(probes.organization?.multiPage, NO_MULTIPAGE);
      // The walk rule says which page comes next and when the walk is over; the test only fetches. Every
      // page is judged as a bundle of its own, and against the search's filters, by the client, whatever page it is (judgeAnswer).
      const options = { query, maxPages: harness.maxPages, promised: true, budget: `MAX_PAGES=${harness.maxPages} pages` };
      const pages = await walkByPage(options, (page) => api.organizations({ ...query, Page: String(page) }));
      // §4.3: the pages hold every match. The same search with Count=1000 holds them all when fewer match;
      // Page=0 is a service's first page when its pages count from 0.
      const whole = await api.organizations({ ...query, Count: String(MAX_COUNT) });
      const pageZero = await api.organizations({ ...query, Page: '0' });
      checks.judge('page-walk', { walk: options, pages, whole, pageZero });
    },
  );

  test('following next continues the same search to its end', judging('next-walk'), async ({ api, checks, probes, harness }) => {
    const { query } = requiredFor(probes.organization?.multiPage, NO_MULTIPAGE);
    const options = { query, count: WALK_COUNT, maxPages: harness.maxPages, budget: `MAX_PAGES=${harness.maxPages} pages` };
    const walk = new NextWalk(options);
    const answers = [await api.organizations({ ...query, Count: String(WALK_COUNT) })];
    let refused: { origin: string; message: string } | undefined;
    for (let link = walk.add(answers[0]).wanted; link !== undefined; link = walk.wanted) {
      try {
        answers.push(await api.follow(link));
      } catch (error) {
        if (!(error instanceof ForeignOriginError)) throw error;
        refused = { origin: api.resolve(link).origin, message: error.message };
        walk.refused(refused.origin, refused.message);
        break;
      }
      walk.add(answers[answers.length - 1]);
    }
    const whole = await api.organizations({ ...query, Count: String(MAX_COUNT) });
    checks.judge('next-walk', { walk: options, answers, whole, ...(refused ? { refused } : {}) });
  });

  test('entries returned without Count and Page (observed)', judging('default-page'), async ({ api, checks, probes }) => {
    const { query } = requiredFor(probes.organization?.multiPage, NO_MULTIPAGE);
    checks.judge('default-page', { exchange: await api.organizations(query) });
  });
});
