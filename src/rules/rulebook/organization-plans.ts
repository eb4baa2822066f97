/** The plans of the §4.3 subjects (ask.ts says what a plan is). */
import { type Exchange, holdsBody } from '../../client/exchange';
import { askedInTurn } from '../asked-in-turn';
import { wholeAnswer } from '../organization/added-filter';
import { isBundle } from '../organization/bundle';
import { entriesOf, hasNextLink, resourceOf } from '../organization/entries';
import { ownFilterValues, VALUE_PARAMETERS } from '../organization/parameters';
import { NO_SUCH_SYSTEM, reportedSystem } from '../organization/identifiers';
import { nextOwnValueRequest, type OwnValueSearch, ownValueSearches } from '../organization/own-values';
import { countQuery, isShortPage, pageQuery, WALK_COUNT, wholeSearch } from '../organization/paging';
import { readingCounts } from '../organization/readings';
import { NextWalk } from '../organization/walk-by-next';
import { type PageWalkOptions, walkByPage } from '../organization/walk-by-page';
import { serviceText } from '../service-text';
import { type Ask, askEquivalents, askInAnotherCase, type FollowAsk, type Query, type Refused, type Unmet } from './ask';
import type { Subjects } from './subjects';

/** §4.3: a tenant that searches by status: the search whole with active=true, then with active=false. */
export async function meetStatusSearch(ask: Pick<Ask, 'organizations'>, probe: string, query: Query): Promise<Subjects['status-search']> {
  const searches: { active: boolean; exchange: Exchange }[] = [];
  for (const active of [true, false])
    searches.push({ active, exchange: await ask.organizations({ ...wholeSearch(query), active: String(active) }) });
  return { probe, searches };
}

/** ORG-COUNT (§4.3): the search with Count=`count`. */
export async function meetCountSearch(ask: Pick<Ask, 'organizations'>, query: Query, count: number): Promise<Subjects['count-search']> {
  return { count, exchange: await ask.organizations(countQuery(query, count)) };
}

/**
 * ORG-COUNT (§4.3): Count=`count` of a search the probes promise matches at least that many (`place`,
 * `promised`). A page shorter than `count` that shows no more is followed by the page just past it,
 * whose new organizations are the evidence its bundle did not give.
 */
export async function meetCountExactly(
  ask: Pick<Ask, 'organizations'>,
  { place, promised }: { place: string; promised: string },
  query: Query,
  count: number,
): Promise<Subjects['count-exactly-search']> {
  const met = await meetCountSearch(ask, query, count);
  if (!isShortPage(met.exchange, count)) return { place, promised, query, ...met };
  return { place, promised, query, ...met, following: await ask.organizations(pageQuery(countQuery(query, count), 2)) };
}

/**
 * ORG-FILTER-NARROWS (§4.3): a search whole, then the same with `added` beside its filters, whole.
 * `added` may be read from the first answer (ownFilterAdded); unmet where it gives none.
 */
export async function meetAddedFilter(
  ask: Pick<Ask, 'organizations'>,
  query: Query,
  added: Query | ((base: Exchange) => Query | undefined),
): Promise<Subjects['added-filter'] | Unmet> {
  const base = await ask.organizations(wholeSearch(query));
  const filter = typeof added === 'function' ? added(base) : added;
  if (!filter)
    return {
      unmet: {
        kind: 'precondition',
        text: `the search ${new URLSearchParams(query).toString()} answered no organization with a value of a filter it lacks`,
      },
    };
  return { base, narrowed: await ask.organizations(wholeSearch({ ...query, ...filter })), added: filter };
}

/** A filter the query lacks, of the first organization a search answers: its own state first (a broad one keeps many), else its first own value of another. */
export function ownFilterAdded(query: Query): (base: Exchange) => Query | undefined {
  return (base) => {
    if (!isBundle(base)) return undefined;
    const [first] = entriesOf(base.body);
    if (!first) return undefined;
    const resource = resourceOf(first);
    const lacking = ['address-state' as const, ...VALUE_PARAMETERS.filter((p) => p !== 'address-state')].filter(
      (p) => query[p] === undefined,
    );
    for (const parameter of lacking) {
      const [value] = ownFilterValues(parameter, resource);
      if (value !== undefined) return { [parameter]: value };
    }
    return undefined;
  };
}

export async function meetWholeResult(ask: Pick<Ask, 'organizations'>, query: Query): Promise<Subjects['whole-result']> {
  return { exchange: await ask.organizations(wholeSearch(query)) };
}

/** OBS-PARAM-CASE (§4.3): a search, then the same with its parameter names in upper case. */
export async function meetOrganizationParamCase(
  ask: Pick<Ask, 'organizations'>,
  query: Query,
): Promise<Subjects['organization-param-case']> {
  return askInAnotherCase(
    (q) => ask.organizations(q),
    query,
    (name) => name.toUpperCase(),
  );
}

/** The pages of a search by Page alone, as the walk rule asks for them (which page next, and when the walk is over). */
export const walkPages = (ask: Pick<Ask, 'organizations'>, walk: PageWalkOptions) =>
  walkByPage(walk, (page) => ask.organizations(pageQuery(walk.query, page)));

/**
 * ORG-PAGE and the rest of a walk by Page (§4.3, §8): its pages; the same search at Count=1000,
 * which holds every match when fewer match; and Page=0, a service's first page when its pages count from 0.
 */
export async function meetPageWalk(
  ask: Pick<Ask, 'organizations'>,
  walk: PageWalkOptions,
): Promise<Subjects['page-walk'] & { whole: Exchange }> {
  const pages = await walkPages(ask, walk);
  const whole = await ask.organizations(wholeSearch(walk.query));
  const pageZero = await ask.organizations(pageQuery(walk.query, 0));
  return { walk, pages, whole, pageZero };
}

/** ORG-FILTER-IDENTIFIER (§4.3): `identifier=value`; `carriedBy`: where an answer of the run showed an organization carrying it. */
export async function meetIdentifierSearch(
  ask: Pick<Ask, 'organizations'>,
  probe: string,
  value: string,
  carriedBy?: string,
): Promise<Subjects['identifier-search']> {
  return { probe, value, exchange: await ask.organizations({ identifier: value }), ...(carriedBy ? { carriedBy } : {}) };
}

/**
 * ORG-NEXT-LINK (§2.5, §4.3): a search's next links followed to the end the walk rule says, from
 * Count=WALK_COUNT, or, where that offers no link (§4.3: "Searching with Count only returns one
 * page"), from Page=1 when that offers one; then the same search at Count=1000.
 */
export async function meetNextWalk(
  ask: Pick<Ask, 'organizations'> & FollowAsk,
  query: Query,
  budget: { maxPages: number; budget: string },
): Promise<Subjects['next-walk'] & { whole: Exchange }> {
  let walk: Subjects['next-walk']['walk'] = { query, count: WALK_COUNT, ...budget };
  let first = await ask.organizations(countQuery(query, WALK_COUNT));
  if (isBundle(first) && !hasNextLink(first.body)) {
    const paged = await ask.organizations(pageQuery(query, 1));
    if (isBundle(paged) && hasNextLink(paged.body)) [walk, first] = [{ query, ...budget }, paged];
  }
  const rule = new NextWalk(walk);
  const answers = [first];
  let refused: Refused['refused'] | undefined;
  for (let link = rule.add(first).wanted; link !== undefined; link = rule.wanted) {
    const followed = await ask.follow(link);
    if ('refused' in followed) {
      refused = followed.refused;
      rule.refused(refused.origin, refused.message);
      break;
    }
    answers.push(followed);
    rule.add(followed);
  }
  const whole = await ask.organizations(wholeSearch(query));
  return { walk, answers, whole, ...(refused ? { refused } : {}) };
}

/**
 * ORG-FILTER-IDENTIFIER (§4.3, the FHIR token form), after `identifier=value` answered `byValue`:
 * where that answer reports the identifier's system, `system|value`, and the value under a system
 * no organization carries; none where it reports none.
 */
export async function meetSystemIdentifierSearches(
  ask: Pick<Ask, 'organizations'>,
  value: string,
  byValue: Exchange,
): Promise<{ qualified: Subjects['qualified-identifier-search']; foreign: Subjects['foreign-identifier-search'] } | undefined> {
  const system = reportedSystem(value, byValue);
  if (!system) return undefined;
  const qualified = { value, system, exchange: await ask.organizations({ identifier: `${system}|${value}` }) };
  const foreign = { value, exchange: await ask.organizations({ identifier: `${NO_SUCH_SYSTEM}|${value}` }) };
  return { qualified, foreign };
}

/**
 * OBS-VALUE-CASE, OBS-VALUE-WHITESPACE (§4.3): an organization search, then its name in lower case
 * and with surrounding spaces; unmet where the search itself answers no organization, since its
 * other forms then have nothing to be compared with.
 */
export async function meetOrganizationValueForms(
  ask: Pick<Ask, 'organizations'>,
  query: Query & { name: string },
): Promise<Subjects['organization-value-forms'] | Unmet> {
  const { name } = query;
  const base = await ask.organizations(query);
  if (!isBundle(base) || entriesOf(base.body).length === 0)
    return {
      unmet: {
        kind: 'precondition',
        text: `name=${serviceText(name)} answered no organization: its other forms have nothing to be compared with`,
      },
    };
  const lower = await ask.organizations({ ...query, name: name.toLowerCase() });
  const spaced = await ask.organizations({ ...query, name: `  ${name}  ` });
  return { base, lower: { sent: `name=${name.toLowerCase()}`, exchange: lower }, spaced: { sent: `name="  ${name}  "`, exchange: spaced } };
}

/**
 * ORG-FINDABLE (§4.3): organization `id`, seen carrying `resource`'s values (`seenIn`, in words),
 * searched by one of them (`search`, one of ownValueSearches), asked as the rule says (the search as
 * it is, then whole, then narrowed by the organization's own state, while its answers do not show enough).
 */
export async function meetOwnValueSearch(
  ask: Pick<Ask, 'organizations'>,
  { id, search, seenIn }: { id: string; search: OwnValueSearch; seenIn: string },
): Promise<Subjects['own-value-search']> {
  const answers = await askedInTurn(
    (asked) => nextOwnValueRequest(id, search, asked),
    (query) => ask.organizations(query),
  );
  return { id, search, seenIn, answers };
}

/** ORG-FINDABLE (§4.3): organization `id` searched by each of its own values (ownValueSearches), in turn (meetOwnValueSearch). */
export async function meetOwnValueSearches(
  ask: Pick<Ask, 'organizations'>,
  { id, resource, seenIn }: { id: string; resource: unknown; seenIn: string },
): Promise<Subjects['own-value-search'][]> {
  const met: Subjects['own-value-search'][] = [];
  for (const search of ownValueSearches(resource)) met.push(await meetOwnValueSearch(ask, { id, search, seenIn }));
  return met;
}

/** ORG-EQUIVALENT-QUERY (§4.3): a search whole (Count=1000), in forms equivalent to it, and again. */
export async function meetSearchEquivalents(ask: Pick<Ask, 'organizations'>, query: Query): Promise<Subjects['search-equivalents']> {
  return askEquivalents((q) => ask.organizations(q), wholeSearch(query));
}

/** ORG-READINGS-AGREE (§4.3): a search whole, the same at `counts` (by default the edges of its result, readingCounts), and whole again. */
export async function meetSearchReadings(
  ask: Pick<Ask, 'organizations'>,
  query: Query,
  counts?: readonly number[],
): Promise<Subjects['search-readings']> {
  const whole = await ask.organizations(wholeSearch(query));
  const first = wholeAnswer(whole);
  // Nothing is read against an answer that is not whole: a target that fails every search is asked it once.
  if (!first) return { query, whole, counted: [] };
  const sizes = counts ?? readingCounts(first.ids.size);
  const counted: { count: number; exchange: Exchange }[] = [];
  for (const count of sizes) counted.push({ count, exchange: await ask.organizations(countQuery(query, count)) });
  return { query, whole, counted, again: await ask.organizations(wholeSearch(query)) };
}

/** ORG-READINGS-AGREE over a walk by Page (meetPageWalk): its pages and the search whole, asked after them. */
export const pageWalkReadings = ({ walk, pages, whole }: Subjects['page-walk'] & { whole: Exchange }): Subjects['walk-readings'] => ({
  walk: 'the walk by Page',
  query: walk.query,
  pages: pages.flatMap((p) => (holdsBody(p.exchange) ? [{ label: `Page=${p.page}`, exchange: p.exchange }] : [])),
  whole,
});

/** ORG-READINGS-AGREE over a walk by next links (meetNextWalk): its answers and the search whole, asked after them. */
export const nextWalkReadings = ({ walk, answers, whole }: Subjects['next-walk'] & { whole: Exchange }): Subjects['walk-readings'] => ({
  walk: 'following next links from page 1',
  query: walk.query,
  pages: answers.map((exchange, i) => ({ label: i === 0 ? 'page 1' : `page ${i + 1}, reached by next`, exchange })),
  whole,
});
