/** The bad inputs a careless client sends each endpoint: HTTP-NO-5XX's requests, whose answers every rule of an answer judges. */
import type { Ask, Query } from './ask';

const LONG = 'x'.repeat(4000);

/** HTTP-NO-5XX (§0): an organization search (`query`, a realistic one) spoiled as a careless client spoils it: bad Count and Page, a long value, unknown names. */
export async function askBadOrganizationSearches(ask: Pick<Ask, 'organizations'>, query: Query): Promise<void> {
  for (const value of ['abc', '-1', '0', '1.5', '99999999999999999999']) {
    await ask.organizations({ ...query, Count: value });
    await ask.organizations({ ...query, Page: value });
  }
  await ask.organizations({ name: LONG });
  await ask.organizations({ ...query, bogusParameter: '1' });
  await ask.organizations({ ...query, active: 'maybe' });
}

/** HTTP-NO-5XX (§0): single-best searches with long values, unknown names and odd characters. */
export async function askBadSingleBestSearches(ask: Pick<Ask, 'searchSingleBest'>): Promise<void> {
  const queries: Query[] = [
    { NPI: LONG },
    { LastName: LONG },
    { BogusParameter: 'x' },
    { LastName: "O'BRIEN; DROP TABLE--" },
    { LastName: '名前' },
    { 'State-': 'OH' },
  ];
  for (const query of queries) await ask.searchSingleBest(query);
}

/** HTTP-NO-5XX (§0): source records of unknown curated IDs, URL-special characters included. */
export async function askBadLookups(ask: Pick<Ask, 'sourceRecords'>): Promise<void> {
  for (const curatedId of ['unknown-curated-id', 'a/b', 'x?y=1', '%', '#fragment', '..', '../..', ' ', 'ünïcödé', '<script>', LONG])
    await ask.sourceRecords(curatedId);
}
