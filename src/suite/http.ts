/**
 * Cross-cutting HTTP rules. HTTP-JSON and HTTP-NO-5XX are checked on every answer of every entry;
 * here the suite adds the bad inputs a careless client sends, which must not make the service fail.
 */
import type { Probes } from '../types/schemas';
import type { SuiteGroup } from './entry';

const LONG = 'x'.repeat(4000);

/** Organization queries need a search parameter; the probe's gives a realistic one, `name` a neutral fallback. */
const searchParameter = (probes: Probes) => probes.organization?.searches?.[0]?.query ?? { name: 'a' };

export const HTTP: SuiteGroup = {
  file: 'http',
  describe: 'bad inputs get no 5xx',
  entries: [
    {
      title: 'organization search: bad Count and Page, long values, unknown names',
      subjects: ['http-answer'],
      plan: async ({ api, probes }) => {
        const query = searchParameter(probes);
        for (const value of ['abc', '-1', '0', '1.5', '99999999999999999999']) {
          await api.organizations({ ...query, Count: value });
          await api.organizations({ ...query, Page: value });
        }
        await api.organizations({ name: LONG });
        await api.organizations({ ...query, bogusParameter: '1' });
        await api.organizations({ ...query, active: 'maybe' });
      },
    },
    {
      title: 'searchSingleBest: long values, unknown names, odd characters',
      subjects: ['http-answer'],
      plan: async ({ api }) => {
        const queries: Record<string, string>[] = [
          { NPI: LONG },
          { LastName: LONG },
          { BogusParameter: 'x' },
          { LastName: "O'BRIEN; DROP TABLE--" },
          { LastName: '名前' },
          { 'State-': 'OH' },
        ];
        for (const query of queries) await api.searchSingleBest(query);
      },
    },
    {
      title: 'sourceRecords: unknown curated IDs, URL-special characters included',
      subjects: ['http-answer'],
      plan: async ({ api }) => {
        for (const curatedID of ['unknown-curated-id', 'a/b', 'x?y=1', '%', '#fragment', '..', '../..', ' ', 'ünïcödé', '<script>', LONG])
          await api.sourceRecords(curatedID);
      },
    },
  ],
};
