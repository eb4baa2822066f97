/**
 * The draft's organization probes: searches where the seeds' providers are, the identifiers their
 * organizations carry, a search of more than one page and one of more than 1000 matches. What each
 * search showed to match is kept (Shown), to choose the paging probes and to say why one is left empty.
 */
import { DEFAULT_MAX_PAGES } from '../config/run-config';
import { distinctByJson } from '../json/distinct';
import { entriesOf, ownSearchesOf, resourceOf, walkValueCounts, walkValuesOf } from '../rules/rulebook';
import { MAX_COUNT, PAGE_SIZE } from '../spec/constants';
import type { BoundedEndpoints } from './bounded-endpoints';
import { TRIES } from './draft-bound';
import type { Seed } from './draft-providers';
import { promiseStands as kept, verifyIdentifier, verifyMultiPage, verifyOverLimit, verifySearch } from './verify';

type Query = Record<string, string>;

/** The first `limit` distinct values (by their JSON), undefined ones left out. */
export const distinct = <T>(values: readonly (T | undefined)[], limit: number): T[] =>
  distinctByJson(values.filter((v): v is T => v !== undefined)).slice(0, limit);

/** Matches whose walk by Page fits the suite's default budget: 25 a page (§8), MAX_PAGES pages, the page past the last included. */
const WALK_FITS = PAGE_SIZE * (DEFAULT_MAX_PAGES - 1);

/**
 * The multiPage probe: of the candidates more than 25 match, the first whose walk by Page reaches its
 * end within the suite's page budget (a walk cut short leaves ORG-PAGE, ORG-TOTAL and ORG-NEXT-LINK
 * partial), else the smallest; each verified by two pages, TRIES.multiPage at most. Says why, in `notes`.
 */
export async function chooseMultiPage(
  api: BoundedEndpoints,
  sized: readonly { query: Record<string, string>; matches: number }[],
  notes: string[],
): Promise<{ query: Record<string, string> } | undefined> {
  const order = [
    ...sized.filter((c) => c.matches <= WALK_FITS),
    ...sized.filter((c) => c.matches > WALK_FITS).sort((a, b) => a.matches - b.matches),
  ];
  for (const candidate of distinctByJson(order).slice(0, TRIES.multiPage)) {
    const verdict = await verifyMultiPage(api, JSON.stringify(candidate.query), candidate.query);
    if (!kept(verdict)) {
      notes.push(
        `organization.multiPage ${JSON.stringify(candidate.query)}: its answers showed ${candidate.matches} matches, but ${verdict.observed}`,
      );
      continue;
    }
    const pages = Math.ceil(candidate.matches / PAGE_SIZE);
    notes.push(
      candidate.matches <= WALK_FITS
        ? `organization.multiPage ${JSON.stringify(candidate.query)}: ${candidate.matches} organizations match, so its walk by Page ends within MAX_PAGES=${DEFAULT_MAX_PAGES} (${pages} pages of ${PAGE_SIZE}, and the page past the last)`
        : `organization.multiPage ${JSON.stringify(candidate.query)}: ${candidate.matches} organizations match, the fewest of the queries tried that show more than ${PAGE_SIZE}; its walk by Page takes ${pages} pages, more than MAX_PAGES=${DEFAULT_MAX_PAGES}: raise MAX_PAGES, or write a query that matches ${PAGE_SIZE + 1}–${WALK_FITS} organizations, so that the walk reaches its end`,
    );
    return { query: candidate.query };
  }
  return undefined;
}

/** The words of a name that several organizations seen share, most shared first: what a name search of many matches asks. */
const commonNameWords = (resources: readonly Record<string, unknown>[]): string[] =>
  walkValueCounts(resources, 'name').flatMap(([word, count]) => (count > 1 ? [word] : []));

/** Where a seed's provider is, as an organization there carries it (§4.3 fields): the draft searches organizations by it. */
const placeOf = (seed: Seed) => ({ address: [{ city: seed.city ?? '', state: seed.state ?? '', postalCode: seed.zip ?? '' }] });

/** A search the draft made, and how many organizations its answer showed to match: its total, or its entries when that is more. */
export interface Shown {
  query: Record<string, string>;
  matches: number;
}

/** Whether a bundle's total shows more matches than its entries: a total that counts the page, is capped or is absent does not (§4.3 r4). */
const totalShowsMore = (total: unknown, entries: number) => typeof total === 'number' && Number.isSafeInteger(total) && total > entries;

const shownBy = (query: Record<string, string>, entries: number, total: unknown): Shown => ({
  query,
  matches: Math.max(entries, typeof total === 'number' && Number.isSafeInteger(total) ? total : 0),
});

/**
 * Why no search filled a probe that needs more than `threshold` matches, from what the answers
 * showed: none showed as many (each search and its count), or those that did broke the promise (the notes say how).
 */
export function shownWhy(shown: readonly Shown[], threshold: number): string {
  const listed = (list: readonly Shown[]) => list.map((s) => `${JSON.stringify(s.query)} ${s.matches}`).join(', ');
  const over = shown.filter((s) => s.matches > threshold);
  if (shown.length === 0) return 'the draft made no organization search whose answer was a bundle';
  if (over.length === 0) return `no search the draft made showed more than ${threshold} matching organizations (${listed(shown)})`;
  return `the searches whose answers showed more than ${threshold} matches (${listed(over)}) did not keep the promise: see the notes`;
}

/** What the draft's organization searches showed. */
export interface SearchesShown {
  /** The searches whose answers held organizations: the probes' organization.searches. */
  searches: { query: Query }[];
  /** How many organizations each search showed to match: what fills multiPage and overLimit, and what the notes say. */
  shown: Shown[];
  /** Searches whose answer was a full page and whose total did not show more: how many match, Count=1000 tells. */
  untold: Query[];
  /** The organizations seen: a word many of their names share (CLINIC, MEDICAL) is a search more than 1000 may match. */
  organizations: Record<string, unknown>[];
}

/** Organizations in the seeds' cities, then their postal codes: each search that holds organizations is written. */
export async function draftSearches(api: BoundedEndpoints, seeds: readonly Seed[], notes: string[]): Promise<SearchesShown> {
  const drafted: SearchesShown = { searches: [], shown: [], untold: [], organizations: [] };
  const cityQueries = distinct(
    seeds.map((s) => ownSearchesOf('address-city', placeOf(s))[0]),
    TRIES.cities,
  );
  const postalQueries = distinct(
    seeds.map((s) => ownSearchesOf('address-postalcode', placeOf(s))[0]),
    TRIES.postalCodes,
  );
  for (const candidate of [...cityQueries, ...postalQueries]) {
    const found = await verifySearch(api, JSON.stringify(candidate), candidate);
    if (found.entries !== undefined) drafted.shown.push(shownBy(candidate, found.entries, found.total));
    if (found.entries !== undefined && found.entries >= PAGE_SIZE && !totalShowsMore(found.total, found.entries))
      drafted.untold.push(candidate);
    if (!kept(found)) continue;
    // Only an answer that holds organizations shows that the search matches: one of no match (an empty bundle, a 404: §4.3 r2) is not written as one.
    if (!found.entries) {
      notes.push(
        `organization.searches ${JSON.stringify(candidate)}: its answer held no organization (${found.observed}), so it is not written as a search that matches`,
      );
      continue;
    }
    drafted.searches.push({ query: candidate });
    drafted.organizations.push(...entriesOf(found.bundle).map(resourceOf));
  }
  return drafted;
}

/** The identifiers the organizations seen carry that find them again. */
export async function draftIdentifiers(api: BoundedEndpoints, organizations: readonly Record<string, unknown>[]): Promise<string[]> {
  const identifiers: string[] = [];
  const carried = organizations.flatMap((resource) => walkValuesOf('identifier', resource));
  for (const value of distinct(carried, TRIES.identifiers))
    if (kept(await verifyIdentifier(api, `identifier ${value}`, value))) identifiers.push(value);
  return identifiers;
}

/**
 * The overLimit probe: the seeds' states, each searched with Count=1000 (and its page 2 when its
 * total does not tell), then the searches whose answer did not tell how many match, then any other
 * that showed more than 1000, then the words most of the names seen share. Each answer says how many
 * match (added to `drafted.shown`); the first whose answers show more than 1000 and keep the promise is written.
 */
export async function draftOverLimit(
  api: BoundedEndpoints,
  states: readonly string[],
  drafted: SearchesShown,
  notes: string[],
): Promise<{ query: Query } | undefined> {
  let overLimit: { query: Query } | undefined;
  const verifiedOver = new Set<string>();
  const countOver = async (candidate: Query, label: string) => {
    const over = await verifyOverLimit(api, label, candidate, { countBeyond: true });
    verifiedOver.add(JSON.stringify(candidate));
    const seen = over.matches === undefined ? undefined : { query: candidate, matches: over.matches };
    if (seen) drafted.shown.push(seen);
    // Written only where the answers themselves show more than 1000 matches and the promise stands (a Count the service cuts short is its ORG-COUNT failure).
    const showsOver = seen !== undefined && seen.matches > MAX_COUNT;
    if (!overLimit && showsOver && kept(over)) overLimit = { query: candidate };
    else if (showsOver && !kept(over))
      notes.push(`organization.overLimit ${JSON.stringify(candidate)}: its answers showed ${seen.matches} matches, but ${over.observed}`);
  };
  for (const state of states) await countOver({ 'address-state': state }, state);
  for (const candidate of distinct(drafted.untold, TRIES.counted))
    if (!verifiedOver.has(JSON.stringify(candidate))) await countOver(candidate, JSON.stringify(candidate));
  const overCandidates = [
    ...drafted.shown.filter((s) => s.matches > MAX_COUNT && !verifiedOver.has(JSON.stringify(s.query))).map((s) => s.query),
    ...commonNameWords(drafted.organizations).map((word) => ({ name: word })),
  ];
  for (const candidate of distinct(overCandidates, TRIES.overLimit)) {
    if (overLimit) break;
    await countOver(candidate, JSON.stringify(candidate));
  }
  return overLimit;
}
