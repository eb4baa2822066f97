/**
 * Cross-cutting HTTP rules. HTTP-JSON and HTTP-NO-5XX are checked on every answer of every entry;
 * here the suite adds the bad inputs a careless client sends, which must not make the service fail.
 */
import { askBadLookups, askBadOrganizationSearches, askBadSingleBestSearches } from '../rules/rulebook';
import type { Probes } from '../types/schemas';
import type { SuiteGroup } from './entry';

/** Organization queries need a search parameter; the probe's gives a realistic one, `name` a neutral fallback. */
const searchParameter = (probes: Probes) => probes.organization?.searches?.[0]?.query ?? { name: 'a' };

export const HTTP: SuiteGroup = {
  file: 'http',
  describe: 'bad inputs get no 5xx',
  entries: [
    {
      title: 'organization search: bad Count and Page, long values, unknown names',
      subjects: ['http-answer'],
      plan: ({ api, probes }) => askBadOrganizationSearches(api, searchParameter(probes)),
    },
    {
      title: 'searchSingleBest: long values, unknown names, odd characters',
      subjects: ['http-answer'],
      plan: ({ api }) => askBadSingleBestSearches(api),
    },
    {
      title: 'sourceRecords: unknown curated IDs, URL-special characters included',
      subjects: ['http-answer'],
      plan: ({ api }) => askBadLookups(api),
    },
  ],
};
