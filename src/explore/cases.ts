/**
 * The queries `explore` generates (fast-check, seeded) from the records it met: each a case of one
 * kind, the input of one of the rulebook's plans. Every index shrinks toward 0, every list toward
 * empty, so that fast-check's smallest failing case has the fewest parameters, the first values
 * and the smallest numbers.
 */
import fc from 'fast-check';
import {
  dashedName,
  ownFilterValues,
  countQuery,
  ownValueSearches,
  type OwnValueSearch,
  type Query,
  PROVIDER_PARAMETER_NAMES,
  unusedUnmatchable,
  UNMATCHABLE_FILTERS,
  VALUE_PARAMETERS,
  WALK_COUNT,
  walkValuesOf,
  wholeValuesOf,
} from '../rules/rulebook';
import { USPS_STATE_CODES } from '../domain/usps-states';
import { MAX_COUNT, PAGE_SIZE } from '../spec/constants';
import type { MetProvider, MetRecords } from './records';

export type ExploreCase =
  /** §4.1 r3–r4: a provider's NPI, its own value of `parameter` (any of the values it holds), and `beside`, more of its own values. */
  | { kind: 'own-value'; provider: number; parameter: string; value: string; beside: readonly (readonly [string, string])[] }
  /** §4.1 r1–r2: a provider's NPI and a dashed parameter no provider matches. */
  | { kind: 'optional-parameter'; provider: number; parameter: string; value: string }
  /** §4.1 r4: values two providers met share, narrowed by one of them alone holds. */
  | { kind: 'ambiguous'; query: Query; narrowedBy: Query }
  /** §4.1 r3: a provider's NPI and a State it holds nowhere (a code that is also a word among them): a record answered holds that State (SB-MATCHES-QUERY). */
  | { kind: 'other-state'; provider: number; state: string }
  /** §4.3: an organization met, searched by one of its own values (ORG-FINDABLE). */
  | { kind: 'own-value-search'; organization: number; search: OwnValueSearch }
  /** §4.3: one or two filters, of an organization's own values or near them; every answer judged against its filters. */
  | { kind: 'filter'; query: Query }
  /** §4.3: a search of an organization's own value, whole, then with one filter more, of any value: it only narrows (ORG-FILTER-NARROWS). */
  | { kind: 'added-filter'; query: Query; added: Query }
  /** §4.3, §8: a filter search with Count. */
  | { kind: 'count'; query: Query; count: number }
  /** §4.3, §8: a filter search walked by Page. */
  | { kind: 'page-walk'; query: Query }
  /** §2.5, §4.3: a filter search with Count, walked by its next links (Count with Page, as links carry them). */
  | { kind: 'next-walk'; query: Query }
  /** §4.3: an identifier an organization carries, by value, then in the system|value form. */
  | { kind: 'identifier'; value: string }
  /** §4.3: a search whole with active=true, then active=false, for a tenant said to search by status. */
  | { kind: 'status'; query: Query }
  /** §4.1 r5 and §4.1 (not shown, observed): a provider's NPI and one of its own values, in lower case, with spaces around, and by parameter names in lower case. */
  | { kind: 'provider-forms'; provider: number; parameter: string; value: string }
  /** §4.3 (not shown, observed): an organization met by its own name, in lower case, with spaces around, and by parameter names in upper case. */
  | { kind: 'organization-forms'; name: string }
  /** §4.2: a provider met, its curated ID's source records asked twice. */
  | { kind: 'source-records'; provider: number }
  /** §1, §4.1 r7: values no provider can hold (unmatchable.ts), one or more parameters: no record, no array. */
  | { kind: 'no-match'; query: Query }
  /** §4.3, §8: a search with no parameter. */
  | { kind: 'no-parameter' }
  /** §4.1 r1, r4–r5: a provider met, by its first and last name and state, without its NPI, narrowed while ambiguous. */
  | { kind: 'demographics'; provider: number }
  /** §4.1 r2, r5: a provider's NPI (and own State) with each of some parameters at a value no provider holds, plain. */
  | { kind: 'parameter-sweep'; provider: number; parameters: readonly string[] };

export type CaseKind = ExploreCase['kind'];

export const CASE_KINDS: readonly CaseKind[] = [
  'own-value',
  'optional-parameter',
  'ambiguous',
  'other-state',
  'own-value-search',
  'filter',
  'added-filter',
  'count',
  'page-walk',
  'next-walk',
  'identifier',
  'status',
  'provider-forms',
  'organization-forms',
  'source-records',
  'no-match',
  'no-parameter',
  'demographics',
  'parameter-sweep',
];

/** Count at the edges §4.3 and §8 draw: one, a page either side of 25, the maximum either side of 1000. */
export const COUNTS: readonly number[] = [1, PAGE_SIZE - 1, PAGE_SIZE, PAGE_SIZE + 1, MAX_COUNT - 1, MAX_COUNT, MAX_COUNT + 1];

/** The most pages a walk of `explore` asks for: a filter dropped on the second page shows on the second. */
export const EXPLORE_MAX_PAGES = 6;

/**
 * A search the walks of the sweep can finish within their pages: an own value more organizations
 * met carry than a page of a next walk holds, the nearest to two pages (the organizations met are
 * the fewest that match it). A walk that ends shows a record left off every page, which a walk cut
 * short cannot.
 */
function walkableSearch(organizations: readonly { resource: unknown }[]): Query | undefined {
  const carriers = new Map<string, { pair: readonly [string, string]; count: number }>();
  for (const { resource } of organizations)
    for (const pair of new Map(filterPairs(resource, false).map((p) => [p.join('='), p])).values()) {
      const key = pair.join('=');
      carriers.set(key, { pair, count: (carriers.get(key)?.count ?? 0) + 1 });
    }
  // Two pages of a next walk met, the nearest: the directory may hold more than were met, and the walk has room for three times that.
  const aim = 2 * WALK_COUNT;
  const [nearest] = [...carriers.values()]
    .filter(({ count }) => count > WALK_COUNT)
    .sort((a, b) => Math.abs(a.count - aim) - Math.abs(b.count - aim) || a.pair.join('=').localeCompare(b.pair.join('=')));
  return nearest && Object.fromEntries([nearest.pair]);
}

/** How many of the words organizations' names share most a Count is asked of: one of them may match more than 1000. */
const BROAD_WORDS = 3;

/**
 * Searches by a word many organizations met carry in their names, those most share first: a
 * Count at the maximum shows its edge only on a search that matches more than that. How a name
 * matches a word is not shown (§4.3); a search that matches fewer judges only what its bundle shows.
 */
export function broadSearches(organizations: readonly { resource: unknown }[]): Query[] {
  const carriers = new Map<string, number>();
  for (const { resource } of organizations)
    for (const name of ownFilterValues('name', resource as never))
      for (const word of new Set(name.split(/\s+/).filter((w) => /^\p{L}{3,}$/u.test(w))))
        carriers.set(word, (carriers.get(word) ?? 0) + 1);
  return [...carriers]
    .sort(([a, m], [b, n]) => n - m || a.localeCompare(b))
    .slice(0, BROAD_WORDS)
    .map(([word]) => ({ name: word }));
}

/** Values two providers share, as a query of these parameters: a State alone matches hundreds. */
const SHARED: readonly (readonly string[])[] = [
  ['State'],
  ['LastName'],
  ['City'],
  ['LastName', 'State'],
  ['FirstName', 'LastName'],
  ['City', 'State'],
  ['TaxonomyCode', 'State'],
];

/** The state codes an other-state case asks: every USPS code (src/domain), then any other the providers met hold. */
function stateCodesAsked(providers: readonly MetProvider[]): string[] {
  const met = providers.flatMap((p) => p.values.State ?? []).map((s) => s.trim().toUpperCase());
  return [...new Set([...USPS_STATE_CODES, ...met.sort()])].filter((state) => state !== '');
}

/** Those of `asked` a provider holds nowhere. */
function statesElsewhere(provider: MetProvider, asked: readonly string[]): string[] {
  const held = new Set((provider.values.State ?? []).map((s) => s.trim().toUpperCase()));
  return asked.filter((state) => !held.has(state));
}

/** Plain parameters that narrow an ambiguous query: §4.1 r4's "a more specific parameter". */
const NARROWERS = ['Zip', 'Phone', 'FirstName', 'City', 'Email', 'StreetAddress'] as const;

/** Groups of shared values kept, and candidates per group: a directory's States alone make thousands of pairs. */
const MAX_AMBIGUITIES = 4_000;
const MEMBERS_NARROWED = 4;

/** A value near an own one: its last letter or digit changed, as a typo is. */
export function nearValue(value: string): string {
  const last = value.at(-1) ?? '';
  const changed = /\d/.test(last) ? String((Number(last) + 1) % 10) : last.toUpperCase() === 'Z' ? 'Y' : 'Z';
  return `${value.slice(0, -1)}${changed}`;
}

const pairsOf = (provider: MetProvider, without: readonly string[] = ['NPI']) =>
  Object.entries(provider.values)
    .filter(([parameter]) => !without.includes(parameter))
    .flatMap(([parameter, values]) => values.map((value) => [parameter, value] as const));

/** Every value combination of `parameters` a provider holds (the first three values of each). */
function combinations(provider: MetProvider, parameters: readonly string[]): Query[] {
  let queries: Query[] = [{}];
  for (const parameter of parameters) {
    const values = (provider.values[parameter] ?? []).slice(0, 3);
    queries = queries.flatMap((query) => values.map((value) => ({ ...query, [parameter]: value })));
  }
  return queries;
}

/**
 * Queries at least two providers met match, each with a narrowing one of them alone holds. For a
 * kind no two providers met share (a few NPIs met), one provider's own values instead: a State
 * alone matches many in any directory, and the answer shows whether this one does (one that
 * matches the provider alone is a premise that did not hold, counted, not judged).
 */
export function ambiguitiesOf(providers: readonly MetProvider[]): { query: Query; narrowedBy: Query; member: number }[] {
  const found: { query: Query; narrowedBy: Query; member: number }[] = [];
  // How many records a group's members are: one provider may be met by two of its NPIs.
  const distinct = (members: Set<number>) => new Set([...members].map((m) => providers[m].id)).size;
  for (const parameters of SHARED) {
    const groups = new Map<string, { query: Query; members: Set<number> }>();
    providers.forEach((provider, index) => {
      for (const query of combinations(provider, parameters)) {
        const key = JSON.stringify(query);
        const group = groups.get(key) ?? { query, members: new Set<number>() };
        groups.set(key, group.members.add(index) && group);
      }
    });
    const shared = [...groups.values()].filter(({ members }) => distinct(members) >= 2);
    for (const { query, members } of shared.length > 0 ? shared : groups.values()) {
      for (const member of [...members].slice(0, MEMBERS_NARROWED))
        for (const narrower of NARROWERS) {
          if (parameters.includes(narrower)) continue;
          const value = (providers[member].values[narrower] ?? []).find((v) =>
            [...members].every((other) => providers[other].id === providers[member].id || !providers[other].values[narrower]?.includes(v)),
          );
          if (value !== undefined) found.push({ query, narrowedBy: { [narrower]: value }, member });
        }
      if (found.length >= MAX_AMBIGUITIES) return found;
    }
  }
  return found;
}

/**
 * A value's class, by the characters it is made of: each ASCII punctuation character it holds, a
 * space between its words, a character beyond ASCII, and, for a value of digits alone, how many (a
 * ZIP or a ZIP+4, §2.3 r6). Nothing for letters and digits alone. Derived from the characters, not
 * from a list of spellings: a value with a `/`, a `&` or a `#` is a class of its own as an apostrophe is.
 */
export function valueClass(value: string): string {
  const marks = new Set<string>();
  for (const character of value.trim()) {
    if (/[A-Za-z0-9]/.test(character)) continue;
    marks.add(character === ' ' ? 'space' : /[\x21-\x7E]/.test(character) ? character : 'beyond ASCII');
  }
  if (/^\d+$/.test(value.trim())) marks.add(`${value.trim().length} digits`);
  return [...marks].sort().join(' ');
}

/** A value of a class beyond letters and digits: one a directory holds for few providers, which a uniform draw seldom meets. */
const typedLikeUsers = ([, value]: readonly [string, string]) => /[^A-Za-z0-9]/.test(value.trim());

/** An element of `items` by a natural number, which shrinks toward the first. */
const pick = <T>(items: readonly T[]) => fc.nat().map((n) => items[n % items.length]);

/** Count over its whole domain (§4.3, §8: 1 to the maximum, and one past it), the edges as often as the rest; smaller as it shrinks. */
const countDomain = fc.oneof(pick(COUNTS), fc.integer({ min: 1, max: MAX_COUNT + 1 }));

/** An organization's filter values, its own, and (`near`) each beside a value near it. */
/** How many letters of a longer word the shorter value keeps. */
const FIRST_LETTERS = 4;

/** The first letters of each word longer than FIRST_LETTERS that the table walks a record's value by (a name's words). */
const firstLettersOf = (parameter: (typeof VALUE_PARAMETERS)[number], resource: unknown): string[] =>
  walkValuesOf(parameter, resource as never)
    .filter((word) => word.length > FIRST_LETTERS)
    .map((word) => word.slice(0, FIRST_LETTERS));

/**
 * The first letters (FIRST_LETTERS, else one fewer) that the most of `words` begin with, where two
 * or more do: a value that begins several words of the directory, each a match where a part of a
 * word matches at all. Undefined where no two words share them.
 */
export function sharedFirstLetters(words: readonly string[]): string | undefined {
  const distinct = [...new Map(words.filter((word) => word.length > FIRST_LETTERS).map((word) => [word.toUpperCase(), word])).values()];
  for (const letters of [FIRST_LETTERS, FIRST_LETTERS - 1]) {
    const counts = new Map<string, { part: string; words: number }>();
    for (const word of distinct) {
      const key = word.slice(0, letters).toUpperCase();
      counts.set(key, { part: counts.get(key)?.part ?? word.slice(0, letters), words: (counts.get(key)?.words ?? 0) + 1 });
    }
    const best = [...counts.values()].reduce<{ part: string; words: number } | undefined>(
      (a, b) => (a && a.words >= b.words ? a : b),
      undefined,
    );
    if (best && best.words > 1) return best.part;
  }
  return undefined;
}

/**
 * The shorter values of a text a record holds, where the table walks it by its words (a name): each
 * such word, and its first letters. How a part of a value matches is open (§4.3), so these are
 * judged by what every reading agrees on: an organization answered holds the part
 * (filterReading), and a filter added only narrows.
 */
const partsOf = (parameter: (typeof VALUE_PARAMETERS)[number], resource: unknown): string[] => [
  ...walkValuesOf(parameter, resource as never),
  ...firstLettersOf(parameter, resource),
];

function filterPairs(resource: unknown, near: boolean): (readonly [string, string])[] {
  return VALUE_PARAMETERS.flatMap((parameter) => [
    ...ownFilterValues(parameter, resource as never).flatMap((value) =>
      near ? [[parameter, value] as const, [parameter, nearValue(value)] as const] : [[parameter, value] as const],
    ),
    ...(near ? partsOf(parameter, resource).map((part) => [parameter, part] as const) : []),
  ]);
}

type OwnPairs = { i: number; pairs: (readonly [string, string])[] };

/**
 * A provider's NPI with up to three of its own values, each one parameter: the last is the one
 * judged, the others beside it, and any may be shrunk away. A quarter of the draws take one value as users
 * type it (typedLikeUsers), which a directory holds for few providers and a uniform draw seldom meets.
 */
function ownValueArbitrary(withOwn: readonly OwnPairs[], spelled: readonly { i: number; pair: readonly [string, string] }[]) {
  const any = fc.tuple(fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), pick(withOwn)).map(([picks, { i, pairs }]): ExploreCase => {
    const chosen = [...new Map(picks.map((n) => pairs[n % pairs.length])).entries()];
    const [parameter, value] = chosen.at(-1)!;
    return { kind: 'own-value', provider: i, parameter, value, beside: chosen.slice(0, -1) };
  });
  if (spelled.length === 0) return any;
  const typed = pick(spelled).map(({ i, pair: [parameter, value] }): ExploreCase => ({
    kind: 'own-value',
    provider: i,
    parameter,
    value,
    beside: [],
  }));
  return fc.oneof({ arbitrary: any, weight: 3 }, { arbitrary: typed, weight: 1 });
}

/** A provider's NPI beside a State it holds nowhere; none where every provider holds every state asked. */
function otherStateArbitrary(providers: readonly MetProvider[]): fc.Arbitrary<ExploreCase> | undefined {
  const asked = stateCodesAsked(providers);
  const elsewhere = providers.map((p, i) => ({ i, states: statesElsewhere(p, asked) })).filter(({ states }) => states.length > 0);
  if (elsewhere.length === 0) return undefined;
  return fc
    .tuple(pick(elsewhere), fc.nat())
    .map(([{ i, states }, n]): ExploreCase => ({ kind: 'other-state', provider: i, state: states[n % states.length] }));
}

/** The parameters a provider's NPI is asked beside, dashed: every §4.1 parameter of the table but the NPI itself. */
const DASHABLE: readonly string[] = PROVIDER_PARAMETER_NAMES.filter((name) => name !== 'NPI');

/** The 32 printable ASCII characters that are neither letters, digits nor space: each reserved in some URL or query language. */
const ASCII_PUNCTUATION: readonly string[] = [...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'];

/**
 * A dashed parameter's value, by value class (§4.1 r1–r2 hold whatever value it is): one no provider
 * can hold (the table's), a punctuation character alone and between letters, a value near the
 * record's own, another provider's own, and any text fast-check draws (letters of every script, up to
 * 64). An empty or blank value is no value: a service may refuse it as bad input (§7 shows no error),
 * so it is left to the bad-input observations. The simpler classes come first, so a failure shrinks
 * toward them.
 */
function dashedValue(providers: readonly MetProvider[], i: number, parameter: string): fc.Arbitrary<string> {
  const own = providers[i].values[parameter]?.[0];
  const others = providers.flatMap((p, j) => (j === i ? [] : (p.values[parameter] ?? [])));
  const unmatchable = unmatchablePairs([parameter])[0]?.[1];
  return fc.oneof(
    fc.constant(unmatchable ?? 'ZZNOTHING'),
    pick(ASCII_PUNCTUATION),
    pick(ASCII_PUNCTUATION).map((c) => `ZZ${c}ZZ`),
    ...(own === undefined ? [] : [fc.constant(`${nearValue(own)} ZZ`)]),
    ...(others.length === 0 ? [] : [pick(others)]),
    // Control characters and blank values aside: a service may refuse them as no value (§7 shows no error), which says nothing of r2.
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 64 }).filter((text) => text.trim() !== '' && !/\p{Cc}/u.test(text)),
  );
}

/** What the target is said to do beyond the records: §4.3's `active`, for a tenant configured to search by status. */
export interface TargetTraits {
  statusSearch: boolean;
}

/** Between `min` and `max` parameters of §4.1, each at a value no provider can hold (unmatchable.ts), fewer and earlier ones as it shrinks. */
const unmatchableQuery = (min: number, max: number) => {
  const pairs = unusedUnmatchable({});
  return fc
    .uniqueArray(fc.nat(pairs.length - 1), { minLength: min, maxLength: max })
    .map((picks) => Object.fromEntries(picks.map((n) => pairs[n])));
};

/** The kinds whose premise is the contract's alone: a provider met at most, and values no provider can hold. */
function contractKinds(providers: number): Kinds {
  const provider = providers === 0 ? undefined : fc.nat(providers - 1);
  return [
    ['source-records', provider?.map((p): ExploreCase => ({ kind: 'source-records', provider: p }))],
    ['no-match', unmatchableQuery(1, 3).map((query): ExploreCase => ({ kind: 'no-match', query }))],
    ['no-parameter', fc.constant<ExploreCase>({ kind: 'no-parameter' })],
    ['demographics', provider?.map((p): ExploreCase => ({ kind: 'demographics', provider: p }))],
    [
      'parameter-sweep',
      provider &&
        fc
          .tuple(unmatchableQuery(1, 4), provider)
          .map(([query, p]): ExploreCase => ({ kind: 'parameter-sweep', provider: p, parameters: Object.keys(query) })),
    ],
  ];
}

/** Up to `size` filters of one organization's pairs. */
const filterQuery = (byOrganization: (readonly [string, string])[][], size: number) =>
  fc
    // The list first: fast-check shrinks a tuple's parts in order, and fewer parameters is the shrink that matters most.
    .tuple(fc.array(fc.nat(), { minLength: 1, maxLength: size }), pick(byOrganization))
    .map(([picks, pairs]) => Object.fromEntries(picks.map((n) => pairs[n % pairs.length])));

type Kinds = [CaseKind, fc.Arbitrary<ExploreCase> | undefined][];

/** The §4.1 kinds the providers met draw from; none where they give a kind nothing to draw. */
function providerKinds(providers: readonly MetProvider[]): Kinds {
  const withOwn = providers.map((p, i) => ({ i, pairs: pairsOf(p) })).filter((p) => p.pairs.length > 0);
  const spelled = withOwn.flatMap(({ i, pairs }) => pairs.filter(typedLikeUsers).map((pair) => ({ i, pair })));
  const ambiguities = ambiguitiesOf(providers);
  return [
    ['own-value', withOwn.length === 0 ? undefined : ownValueArbitrary(withOwn, spelled)],
    [
      'optional-parameter',
      providers.length === 0
        ? undefined
        : fc.tuple(fc.nat(providers.length - 1), pick(DASHABLE)).chain(([i, parameter]) =>
            dashedValue(providers, i, parameter).map((value): ExploreCase => ({
              kind: 'optional-parameter',
              provider: i,
              parameter,
              value,
            })),
          ),
    ],
    [
      'ambiguous',
      ambiguities.length === 0
        ? undefined
        : pick(ambiguities).map(({ query, narrowedBy }): ExploreCase => ({ kind: 'ambiguous', query, narrowedBy })),
    ],
    ['other-state', otherStateArbitrary(providers)],
    [
      'provider-forms',
      withOwn.length === 0
        ? undefined
        : fc.tuple(pick(withOwn), fc.nat()).map(([{ i, pairs }, n]): ExploreCase => {
            const [parameter, value] = pairs[n % pairs.length];
            return { kind: 'provider-forms', provider: i, parameter, value };
          }),
    ],
  ];
}

/** The §4.3 kinds the organizations met draw from; none where they give a kind nothing to draw. */
function organizationKinds(organizations: MetRecords['organizations'], { statusSearch }: TargetTraits): Kinds {
  // Searches by own values match, and a walk or a Count has pages to show; near values are the filters' own test.
  const ownPairs = organizations.map((o) => filterPairs(o.resource, false)).filter((pairs) => pairs.length > 0);
  const nearPairs = organizations.map((o) => filterPairs(o.resource, true)).filter((pairs) => pairs.length > 0);
  const searches = organizations.flatMap((o, organization) => ownValueSearches(o.resource).map((search) => ({ organization, search })));
  const identifiers = [...new Set(organizations.flatMap((o) => ownFilterValues('identifier', o.resource as never)))];
  const broad = broadSearches(organizations);
  const names = [...new Set(organizations.flatMap((o) => ownFilterValues('name', o.resource as never)))];
  const anyState = pick(USPS_STATE_CODES).map((state) => ({ 'address-state': state }));
  const own = ownPairs.length === 0 ? undefined : filterQuery(ownPairs, 1);
  return [
    ['own-value-search', searches.length === 0 ? undefined : pick(searches).map((s): ExploreCase => ({ kind: 'own-value-search', ...s }))],
    [
      'filter',
      // An own value beside any code of address-state's domain (src/domain): the filters in combination.
      own &&
        fc
          .oneof(
            filterQuery(nearPairs, 2),
            fc.tuple(own, anyState).map(([q, state]) => ({ ...q, ...state })),
          )
          .map((query): ExploreCase => ({ kind: 'filter', query })),
    ],
    [
      'added-filter',
      // Whatever the filter added, an own value or near one, or any state code: the relation needs no premise of it.
      own &&
        fc
          .tuple(own, fc.oneof(filterQuery(nearPairs, 1), anyState))
          // A filter of another parameter: one of the same would replace the search's, not add to it.
          .filter(([query, added]) => Object.keys(added).every((name) => query[name] === undefined))
          .map(([query, added]): ExploreCase => ({ kind: 'added-filter', query, added })),
    ],
    [
      'count',
      own &&
        fc
          .tuple(broad.length === 0 ? own : fc.oneof(pick(broad), own), countDomain)
          .map(([query, count]): ExploreCase => ({ kind: 'count', query, count })),
    ],
    ['page-walk', own?.map((query): ExploreCase => ({ kind: 'page-walk', query }))],
    ['next-walk', own?.map((query): ExploreCase => ({ kind: 'next-walk', query }))],
    ['identifier', identifiers.length === 0 ? undefined : pick(identifiers).map((value): ExploreCase => ({ kind: 'identifier', value }))],
    ['organization-forms', names.length === 0 ? undefined : pick(names).map((name): ExploreCase => ({ kind: 'organization-forms', name }))],
    [
      'status',
      // On a search of one page and on one of many (a word of many names).
      !statusSearch || !own
        ? undefined
        : (broad.length === 0 ? own : fc.oneof(own, pick(broad))).map((query): ExploreCase => ({ kind: 'status', query })),
    ],
  ];
}

/** The cases a kind draws from the records met; none where the records give it nothing to draw. */
function kindArbitraries(records: MetRecords, traits: TargetTraits): [CaseKind, fc.Arbitrary<ExploreCase>][] {
  const kinds: Kinds = [
    ...providerKinds(records.providers),
    ...organizationKinds(records.organizations, traits),
    ...contractKinds(records.providers.length),
  ];
  return kinds.filter((k): k is [CaseKind, fc.Arbitrary<ExploreCase>] => k[1] !== undefined);
}

/**
 * Every kind the records allow, in turn: a case is one of them, and shrinks within its kind. Some
 * kind is always drawable: those whose premise is the contract's alone need no record.
 */
export function caseArbitrary(records: MetRecords, traits: TargetTraits): { arbitrary: fc.Arbitrary<ExploreCase>; kinds: CaseKind[] } {
  const kinds = kindArbitraries(records, traits);
  return { arbitrary: fc.oneof(...kinds.map(([, arbitrary]) => arbitrary)), kinds: kinds.map(([kind]) => kind) };
}

/**
 * The cases asked before any is drawn, each already as small as a case of its kind gets:
 *   - a provider's NPI with each §4.1 parameter of its own, once (the first provider that holds it),
 *     in each class of value it holds (valueClass: the punctuation, spaces and letters beyond ASCII a
 *     value is made of), and with a value two of a record's entries hold (one of each);
 *   - the first provider's NPI with each parameter dashed;
 *   - each state code that is a word, beside the NPI of a provider that holds it nowhere;
 *   - the first values providers share of each kind, narrowed;
 *   - a search at each Count of COUNTS;
 *   - each filter and state code met once, each state code that is a word, and each text filter by a word's first letters;
 *   - a search walked by Page and by its next links, and an identifier.
 * A draw of a few hundred requests meets every parameter this way, which chance alone would not.
 */
export function sweepCases(records: MetRecords, { statusSearch }: TargetTraits): ExploreCase[] {
  const { providers, organizations } = records;
  const swept: ExploreCase[] = [];
  const seen = new Set<string>();
  providers.forEach((provider, i) => {
    for (const [parameter, value] of pairsOf(provider)) {
      // A value two of the record's entries hold is asked once too: a search that joins entries may count the provider twice.
      const forms = [valueClass(value), ...(provider.heldTwice[parameter]?.includes(value) ? ['held twice'] : [])];
      const keys = forms.map((form) => `${parameter} ${form}`);
      if (keys.every((key) => seen.has(key))) continue;
      for (const key of keys) seen.add(key);
      swept.push({ kind: 'own-value', provider: i, parameter, value, beside: [] });
    }
  });
  if (providers.length > 0)
    for (const [parameter, value] of unusedUnmatchable({ NPI: providers[0].npi }))
      swept.push({ kind: 'optional-parameter', provider: 0, parameter, value });
  // Each state code of the USPS list (src/domain), beside the NPI of the first provider that holds it nowhere: every value of §4.1 State's domain asked once.
  for (const state of USPS_STATE_CODES) {
    const provider = providers.findIndex((p) => statesElsewhere(p, [state]).length > 0);
    if (provider >= 0) swept.push({ kind: 'other-state', provider, state });
  }
  // Each kind of shared values (a State alone, a last name, a city, …) narrowed toward two of the providers that
  // share its first values: a service that answers one of them anyway answers the other wrongly.
  const narrowedToward = new Map<string, Set<number>>();
  for (const { query, narrowedBy, member } of ambiguitiesOf(providers)) {
    const kind = Object.keys(query).join('+');
    const members = narrowedToward.get(kind) ?? new Set<number>();
    narrowedToward.set(kind, members);
    if (members.size >= 2 || members.has(member)) continue;
    members.add(member);
    swept.push({ kind: 'ambiguous', query, narrowedBy });
  }
  // Each Count of the broadest search met: the maximum's edge shows only where more than 1000 match.
  const first = organizations.map((o) => filterPairs(o.resource, false)).find((pairs) => pairs.length > 0)?.[0];
  const [broadest] = broadSearches(organizations);
  const counted = broadest ?? (first && Object.fromEntries([first]));
  if (counted) for (const count of COUNTS) swept.push({ kind: 'count', query: counted, count });
  // active=true and false of a search of one organization's value (a page), and of the broadest (many pages).
  if (statusSearch && first)
    for (const query of [Object.fromEntries([first]), ...(broadest ? [broadest] : [])]) swept.push({ kind: 'status', query });
  // Each §4.3 filter by the first own value met and by a word's first letters, every state code met, walks by
  // Page and by next links of a search they can finish (else a state's), and the first identifier by value and as system|value.
  const filters = filtersSwept(organizations, swept);
  // Each organization's first own value, narrowed by its own state: the search and the search with one filter more.
  for (const { resource } of organizations.slice(0, 3)) {
    const [pair] = filterPairs(resource, false).filter(([parameter]) => parameter !== 'address-state');
    const [state] = ownFilterValues('address-state', resource as never);
    if (pair && state !== undefined)
      swept.push({ kind: 'added-filter', query: Object.fromEntries([pair]), added: { 'address-state': state } });
  }
  // Every state code of the USPS list (src/domain), met or not: §4.3 address-state's whole domain, each asked once.
  for (const state of USPS_STATE_CODES)
    if (!filters.has(`address-state=${state}`)) swept.push({ kind: 'filter', query: { 'address-state': state } });
  const state = swept.find((c) => c.kind === 'filter' && c.query['address-state'] !== undefined);
  const walked = walkableSearch(organizations) ?? (state?.kind === 'filter' ? state.query : undefined);
  if (walked) swept.push({ kind: 'page-walk', query: walked }, { kind: 'next-walk', query: walked });
  const identifier = organizations.flatMap((o) => ownFilterValues('identifier', o.resource as never))[0];
  if (identifier !== undefined) swept.push({ kind: 'identifier', value: identifier });
  // What §4.1 and §4.3 leave open, observed once: values in another case and with spaces, parameter names in another case.
  const own = providers.flatMap((provider, i) => pairsOf(provider).map((pair) => ({ i, pair })))[0];
  if (own) swept.push({ kind: 'provider-forms', provider: own.i, parameter: own.pair[0], value: own.pair[1] });
  const name = organizations.flatMap((o) => ownFilterValues('name', o.resource as never))[0];
  if (name !== undefined) swept.push({ kind: 'organization-forms', name });
  // Each parameter an organization met is searched by, once (the first organization that carries it): ORG-FINDABLE.
  const searchedBy = new Set<string>();
  organizations.forEach(({ resource }, organization) => {
    for (const search of ownValueSearches(resource))
      if (!searchedBy.has(search.parameter)) {
        searchedBy.add(search.parameter);
        swept.push({ kind: 'own-value-search', organization, search });
      }
  });
  // The requests whose premise is the contract's alone: a search with no parameter, and values no provider can hold.
  swept.push({ kind: 'no-parameter' });
  for (const [parameter, value] of unusedUnmatchable({})) swept.push({ kind: 'no-match', query: { [parameter]: value } });
  if (providers.length > 0)
    swept.push(
      { kind: 'source-records', provider: 0 },
      { kind: 'demographics', provider: 0 },
      { kind: 'parameter-sweep', provider: 0, parameters: unusedUnmatchable({ NPI: providers[0].npi }).map(([parameter]) => parameter) },
    );
  return inTurns(swept);
}

/** Each §4.3 filter by the first own value met, each state code met, and each text filter by a word's first letters, pushed on `swept`; what was met, by filter (a state by its code). */
function filtersSwept(organizations: MetRecords['organizations'], swept: ExploreCase[]): Set<string> {
  const filters = new Set<string>();
  for (const { resource } of organizations)
    for (const [parameter, value] of filterPairs(resource, false)) {
      const key = parameter === 'address-state' ? `${parameter}=${value}` : parameter;
      if (filters.has(key)) continue;
      filters.add(key);
      swept.push({ kind: 'filter', query: { [parameter]: value } });
    }
  // The shorter value, met once: the first letters of a word of the first organization that has one,
  // and the first letters the most words met share (a value that begins several words, each a match).
  for (const parameter of VALUE_PARAMETERS) {
    const part = organizations.flatMap(({ resource }) => firstLettersOf(parameter, resource))[0];
    if (part !== undefined) swept.push({ kind: 'filter', query: { [parameter]: part } });
    const shared = sharedFirstLetters(organizations.flatMap(({ resource }) => walkValuesOf(parameter, resource as never)));
    if (shared !== undefined && shared !== part) swept.push({ kind: 'filter', query: { [parameter]: shared } });
  }
  // A value no organization holds, of each parameter: the contract's own, asked whatever was met.
  for (const [parameter, value] of UNMATCHABLE_FILTERS) swept.push({ kind: 'filter', query: { [parameter]: value } });
  // Two filters in combination, one the organization's own and one near it: every organization answered holds both. Its own
  // value both as the table walks it (a word) and whole, of the organization whose whole value has the most words: a value of
  // several words is read otherwise than one word (§4.3 leaves open how), so a filter OR-ed with the other shows only there.
  const words = (value: string | undefined) => value?.trim().split(/\s+/).length ?? 0;
  for (const [held, near] of [
    ['name', 'address'],
    ['address', 'name'],
  ] as const) {
    const both = organizations.filter(({ resource }) => [held, near].every((p) => ownFilterValues(p, resource as never).length > 0));
    if (both.length === 0) continue;
    const [other] = ownFilterValues(near, both[0].resource as never);
    swept.push({ kind: 'filter', query: { [held]: ownFilterValues(held, both[0].resource as never)[0], [near]: nearValue(other) } });
    const [[whole, beside]] = both
      .map(({ resource }) => [wholeValuesOf(held, resource as never)[0], ownFilterValues(near, resource as never)[0]] as const)
      .sort(([a], [b]) => words(b) - words(a));
    if (words(whole) > 1) swept.push({ kind: 'filter', query: { [held]: whole!, [near]: nearValue(beside) } });
  }
  return filters;
}

/**
 * The sweep's cases a kind at a time, in turn (each kind's first, then each kind's second, …): a
 * budget that ends inside the sweep has met every kind it could, not the first kinds' every case.
 */
function inTurns(cases: readonly ExploreCase[]): ExploreCase[] {
  const byKind = new Map<CaseKind, ExploreCase[]>();
  for (const c of cases) byKind.set(c.kind, [...(byKind.get(c.kind) ?? []), c]);
  const turns = Math.max(0, ...[...byKind.values()].map((list) => list.length));
  return Array.from({ length: turns }, (_, turn) =>
    [...byKind.values()].flatMap((list) => (turn < list.length ? [list[turn]] : [])),
  ).flat();
}

/** The query a case sends first, in the URL's form: what the report and the terminal show of it. */
export function caseQuery(c: ExploreCase, records: MetRecords): Query {
  switch (c.kind) {
    case 'own-value':
      return { NPI: records.providers[c.provider].npi, ...Object.fromEntries(c.beside), [c.parameter]: c.value };
    case 'optional-parameter':
      return { NPI: records.providers[c.provider].npi, [dashedName(c.parameter)]: c.value };
    case 'ambiguous':
      return { ...c.query, ...c.narrowedBy };
    case 'other-state':
      return { NPI: records.providers[c.provider].npi, State: c.state };
    case 'own-value-search':
      return c.search.query;
    case 'filter':
    case 'page-walk':
      return c.query;
    case 'added-filter':
      return { ...c.query, ...c.added };
    case 'next-walk':
      return countQuery(c.query, WALK_COUNT);
    case 'status':
      return { ...c.query, active: 'true' };
    case 'provider-forms':
      return { NPI: records.providers[c.provider].npi, [c.parameter]: c.value };
    case 'organization-forms':
      return { name: c.name };
    case 'count':
      return { ...c.query, Count: String(c.count) };
    case 'identifier':
      return { identifier: c.value };
    case 'source-records':
      return { curatedID: records.providers[c.provider].id };
    case 'no-match':
      return c.query;
    case 'no-parameter':
      return {};
    case 'demographics':
      return { NPI: records.providers[c.provider].npi };
    case 'parameter-sweep':
      return { NPI: records.providers[c.provider].npi, ...Object.fromEntries(unmatchablePairs(c.parameters)) };
  }
}

/** The unmatchable value of each of `parameters` (unmatchable.ts). */
export function unmatchablePairs(parameters: readonly string[]): [string, string][] {
  const values = new Map(unusedUnmatchable({}));
  return parameters.flatMap((parameter) => (values.has(parameter) ? [[parameter, values.get(parameter)!] as [string, string]] : []));
}

const queryText = (query: Query) => new URLSearchParams(query).toString();

/** A case in words: its kind and its query, as a URL's query string (an ambiguous one, and what narrows it). */
export const caseText = (c: ExploreCase, records: MetRecords): string =>
  c.kind === 'ambiguous'
    ? `${c.kind}: ${queryText(c.query)}, narrowed by ${queryText(c.narrowedBy)}`
    : `${c.kind}: ${queryText(caseQuery(c, records))}`;
