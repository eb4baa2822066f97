/**
 * Paging of GET {FHIR_PATH}/organization (§4.3, §8): `Count`, `Page` alone, and `next` links. The
 * entries walk the pages; the rules that judge them are in src/rules/organization/paging.ts and the
 * two walk rules, which alone say where a walk ends.
 */
import { PROMISED } from '../probes/promises';
import {
  meetCountExactly,
  meetCountSearch,
  meetNextWalk,
  meetPageWalk,
  nextWalkReadings,
  pageWalkReadings,
  type Query,
} from '../rules/rulebook';
import { MAX_COUNT, PAGE_SIZE } from '../spec/constants';
import type { SuiteGroup } from './entry';
import { forEachProbe, noProbe, requiredFor } from './probe-steps';

const NO_MULTIPAGE = noProbe('organization.multiPage');
const NO_OVERLIMIT = noProbe('organization.overLimit');

export const ORGANIZATION_PAGING: SuiteGroup = {
  file: 'organization-paging',
  describe: 'organization search (§4.3)',
  entries: [
    {
      title: 'Count=N returns at most N entries',
      subjects: ['count-search'],
      plan: async (context) => {
        let index = 0;
        await forEachProbe(context, 'organization.searches', context.probes.organization?.searches, async ({ query }) => {
          const count = 1 + (index++ % 3);
          context.checks.judge('count-search', await meetCountSearch(context.api, query, count));
        });
      },
    },
    {
      title: 'Count=N returns exactly N when at least N match',
      subjects: ['count-exactly-search'],
      plan: async ({ api, checks, probes, skipEntry }) => {
        const { multiPage, overLimit } = probes.organization ?? {};
        skipEntry(
          !multiPage && !overLimit,
          noProbe('organization.multiPage', 'organization.multiPage probe and no organization.overLimit probe'),
        );
        const exactly = async (place: string, promised: string, query: Record<string, string>, count: number) =>
          checks.judge('count-exactly-search', await meetCountExactly(api, { place, promised }, query, count));
        if (multiPage)
          for (const count of [1, 10, PAGE_SIZE]) await exactly('organization.multiPage', PROMISED.multiPage, multiPage.query, count);
        else checks.skip('ORG-COUNT', { ...NO_MULTIPAGE, text: `${NO_MULTIPAGE.text}: Count below 26 not checked for exactness` });
        if (overLimit) await exactly('organization.overLimit', PROMISED.overLimit, overLimit.query, MAX_COUNT);
        else checks.skip('ORG-COUNT', { ...NO_OVERLIMIT, text: `${NO_OVERLIMIT.text}: Count=${MAX_COUNT} not checked for exactness` });
      },
    },
    {
      title: 'Count above 1000 never yields more than 1000',
      subjects: ['count-over-limit-search'],
      plan: async (context) => {
        const overLimit = requiredFor(context, context.probes.organization?.overLimit, NO_OVERLIMIT);
        // Count=1000 itself is the entry above's: exactly 1000 of this probe, which no answer over 1000 passes. Asked
        // here too, it was the same thousand organizations fetched and judged twice.
        for (const count of [MAX_COUNT + 1, 5000])
          context.checks.judge('count-over-limit-search', await meetCountSearch(context.api, overLimit.query, count));
      },
    },
    {
      title: 'Page alone gives pages of 25, disjoint, each filtered, with one meaning of total, and every page is a whole bundle',
      subjects: ['page-walk', 'walk-readings', 'search-page', 'search-filters'],
      plan: async (context) => {
        const { api, checks, settings } = context;
        const { query } = requiredFor(context, context.probes.organization?.multiPage, NO_MULTIPAGE);
        // The walk rule says which page comes next and when the walk is over; the entry only fetches. Every page is
        // judged as a bundle of its own, and against the search's filters, by the client, whatever page it is (judgeAnswer).
        const options = { query, maxPages: settings.maxPages, promised: true, budget: `MAX_PAGES=${settings.maxPages} pages` };
        const walked = await meetPageWalk(api, options);
        checks.judge('page-walk', walked);
        checks.judge('walk-readings', pageWalkReadings(walked));
      },
    },
    {
      title: 'following next continues the same search to its end',
      subjects: ['next-walk', 'walk-readings'],
      plan: async (context) => {
        const { api, checks, settings } = context;
        const { query } = requiredFor(context, context.probes.organization?.multiPage, NO_MULTIPAGE);
        const budget = { maxPages: settings.maxPages, budget: `MAX_PAGES=${settings.maxPages} pages` };
        // A link off the base URL's origin is refused by the client: the plan says so, and the walk stops there.
        const ask = { organizations: (q: Query) => api.organizations(q), follow: (link: string) => api.followOrRefuse(link) };
        const walked = await meetNextWalk(ask, query, budget);
        checks.judge('next-walk', walked);
        checks.judge('walk-readings', nextWalkReadings(walked));
      },
    },
    {
      title: 'entries returned without Count and Page (observed)',
      subjects: ['default-page'],
      plan: async (context) => {
        const { query } = requiredFor(context, context.probes.organization?.multiPage, NO_MULTIPAGE);
        context.checks.judge('default-page', { exchange: await context.api.organizations(query) });
      },
    },
  ],
};
