/**
 * Every kind of organization search walked, not only the plan's own (§4.3, §8: Page and next links
 * page every search alike). With --findability, the first page of every walk of the plan gives, for
 * each kind (a word of the names, a city, a postal code, a type, an address, an identifier, a phone),
 * how many of its organizations carry each value; the value the most organizations carry across all
 * those pages is the kind's search, so that it likely matches more than a page; each is walked as the
 * plan's walks are (by Page, and page 1's next link followed), and ORG-PAGE, ORG-PAGE-DISJOINT,
 * ORG-TOTAL and ORG-NEXT-LINK judge each kind. An identifier or a phone most often names one
 * organization, and its walk is then one page; one that several share (a group's number, a
 * switchboard) pages as any search does. A walk's page 1 is one answer whichever shard reads it, and
 * the choice is the same from the same answers and seed: every shard, a resume and the merge walk
 * the same searches.
 */
import { entriesOf, resourceOf, WALKED_PARAMETERS, walkValueCounts } from '../rules/rulebook';
import { drawOf } from './sample';

/**
 * The kinds, in the order their walks are numbered: the parameters the organization parameter table
 * walks, in its order (a parameter added later goes last, so a survey journalled before it resumes).
 */
export const SEARCH_KINDS = WALKED_PARAMETERS;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export interface KindSearch {
  kind: SearchKind;
  query: Record<string, string>;
}

/** A kind's walk number: after the plan's walks, in SEARCH_KINDS' order, whichever kinds page 1 gives. */
export const kindWalkNumber = (plan: { walks: readonly unknown[] }, kind: SearchKind): number =>
  plan.walks.length + SEARCH_KINDS.indexOf(kind);

/** How many organizations of a page carry each value, per kind: the most carried first, at most KEPT_VALUES a kind. */
export type KindValueCounts = Partial<Record<SearchKind, [string, number][]>>;

/** Values kept per kind of a page: what a journal holds of each first page, whatever the page held. */
const KEPT_VALUES = 20;

/** Each kind's values a page's organizations carry, with how many carry each (a page 1 of a walk of the plan). */
export function kindValueCounts(bundle: unknown): KindValueCounts {
  const resources = entriesOf(bundle).map(resourceOf);
  const counted: KindValueCounts = {};
  for (const kind of SEARCH_KINDS) {
    const kept = walkValueCounts(resources, kind).slice(0, KEPT_VALUES);
    if (kept.length > 0) counted[kind] = kept;
  }
  return counted;
}

/**
 * One search of each kind from the values the first pages of the plan's walks showed (undefined
 * for a walk whose page 1 was left unanswered): the value the most organizations carry across
 * them, ties broken by the seed (--seed); none for a kind no organization carries a value of, or
 * whose search is one of the plan's own walks. None at all until every walk's page 1 answered: a
 * run whose page 1 of one walk went unanswered is incomplete, and its resume walks the searches a
 * whole run would, never others under the same walk numbers.
 */
export function kindSearches(
  firstPages: readonly ({ kindValues?: KindValueCounts } | undefined)[],
  plan: { walks: readonly Record<string, string>[]; sample?: { seed: number } },
): KindSearch[] {
  if (firstPages.length < plan.walks.length || firstPages.some((page) => page === undefined)) return [];
  const pages = firstPages.map((page) => page?.kindValues ?? {});
  const seed = plan.sample?.seed ?? 1;
  const known = new Set(plan.walks.map((q) => JSON.stringify(q)));
  return SEARCH_KINDS.flatMap((kind): KindSearch[] => {
    const counts = new Map<string, number>();
    for (const page of pages) for (const [value, count] of page[kind] ?? []) counts.set(value, (counts.get(value) ?? 0) + count);
    // Ties broken as the sample draws records (sample.ts), then by the value itself: one order from the same answers and seed.
    const draw = (value: string) => drawOf(seed, kind, value);
    const [best] = [...counts].sort(([a, m], [b, n]) => n - m || draw(a) - draw(b) || (a < b ? -1 : a > b ? 1 : 0));
    if (!best) return [];
    const query = { [kind]: best[0] };
    return known.has(JSON.stringify(query)) ? [] : [{ kind, query }];
  });
}
