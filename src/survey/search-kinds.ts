/**
 * Every kind of organization search walked, not only the plan's own (§4.3, §8: Page and next links
 * page every search alike). With --findability, page 1 of the survey's first walk gives one search
 * of each kind (a word of the names, a city, a postal code, a type, an address, an identifier, a
 * phone), the value most of its organizations share, so that the search likely matches more than a
 * page; each is walked as the plan's walks are (by Page, and page 1's next link followed), and
 * ORG-PAGE, ORG-PAGE-DISJOINT, ORG-TOTAL and ORG-NEXT-LINK judge each kind. An identifier or a phone
 * most often names one organization, and its walk is then one page; one that several share (a
 * group's number, a switchboard) pages as any search does. Page 1 is one answer whichever shard
 * reads it, and the choice is the same from the same answer and seed: every shard, a resume and the
 * merge walk the same searches.
 */
import { entriesOf, objectsIn, ownValueSearches, resourceOf, textOf } from '../rules/rulebook';
import { drawOf } from './sample';

/** The kinds, in the order their walks are numbered: a kind added later goes last, so a survey journalled before it resumes. */
export const SEARCH_KINDS = ['name', 'address-city', 'address-postalcode', 'type', 'address', 'identifier', 'phone'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export interface KindSearch {
  kind: SearchKind;
  query: Record<string, string>;
}

/**
 * Each kind's values an organization carries: the words of its name (4 letters or more), its
 * cities, postal codes, types, cities as an address, and, as its own-value searches ask them, its
 * identifiers' values (in any system) and its phones' 10 digits.
 */
function kindValues(resource: Record<string, unknown>): Record<SearchKind, string[]> {
  const addresses = objectsIn(resource.address);
  const cities = addresses.map((a) => textOf(a.city).trim()).filter((c) => c !== '');
  const own = ownValueSearches(resource);
  const ownOf = (parameter: 'identifier' | 'phone') => [
    ...new Set(own.flatMap((s) => (s.parameter === parameter && !s.query[parameter].includes('|') ? [s.query[parameter]] : []))),
  ];
  return {
    name: [
      ...new Set(
        textOf(resource.name)
          .toUpperCase()
          .match(/\p{L}{4,}/gu) ?? [],
      ),
    ],
    'address-city': [...new Set(cities)],
    'address-postalcode': [...new Set(addresses.map((a) => textOf(a.postalCode).slice(0, 5)).filter((p) => /^\d{5}$/.test(p)))],
    type: [...new Set(objectsIn(resource.type).map((t) => textOf(t.text).trim()))].filter((t) => t !== ''),
    address: [...new Set(cities)],
    identifier: ownOf('identifier'),
    phone: ownOf('phone'),
  };
}

/** A kind's walk number: after the plan's walks, in SEARCH_KINDS' order, whichever kinds page 1 gives. */
export const kindWalkNumber = (plan: { walks: readonly unknown[] }, kind: SearchKind): number =>
  plan.walks.length + SEARCH_KINDS.indexOf(kind);

/**
 * One search of each kind from a page's organizations: the value the most of them carry, ties
 * broken by the seed (--seed); none for a kind no organization carries a value of, or whose search
 * is one of the plan's own walks.
 */
export function kindSearches(bundle: unknown, seed: number, planned: readonly Record<string, string>[]): KindSearch[] {
  const resources = entriesOf(bundle).map(resourceOf);
  const known = new Set(planned.map((q) => JSON.stringify(q)));
  return SEARCH_KINDS.flatMap((kind): KindSearch[] => {
    const counts = new Map<string, number>();
    for (const resource of resources) for (const value of kindValues(resource)[kind]) counts.set(value, (counts.get(value) ?? 0) + 1);
    // Ties broken as the sample draws records (sample.ts), then by the value itself: one order from one answer and seed.
    const draw = (value: string) => drawOf(seed, kind, value);
    const [best] = [...counts].sort(([a, m], [b, n]) => n - m || draw(a) - draw(b) || (a < b ? -1 : a > b ? 1 : 0));
    if (!best) return [];
    const query = { [kind]: best[0] };
    return known.has(JSON.stringify(query)) ? [] : [{ kind, query }];
  });
}
