/**
 * One page of an organization walk (§4.3 by Page alone), judged by the rulebook: the page as a
 * bundle, each organization on it as a record, each against the walk's query, and, on page 1, its
 * next link followed once. What the walk as a whole shows is judged when its end is known (tally.ts).
 */
import type { DirectoryEndpoints } from '../client/endpoints';
import type { Exchange } from '../client/exchange';
import { ForeignOriginError } from '../client/http-client';
import {
  type Judgement,
  type Redact,
  bundleTotal,
  entriesOf,
  entryShell,
  isBundle,
  isJsonObject,
  type JsonObject,
  NextWalk,
  organizationIds,
  organizationOfEntry,
  meetOwnValueSearches,
  pageOfWalk,
  pageQuery,
  resourceOf,
  SHELL_ENTRY,
} from '../rules/rulebook';
import { resourceNpis, organizationQuality, type QualityLists } from '../quality/record-quality';
import { kindValueCounts } from './search-kinds';
import { organizationDigests } from '../export/compare';
import { PAGE_SIZE } from '../spec/constants';
import { judgeSurveyed, judgeSurveyedAnswer } from './subjects';
import type { PageUnit } from './records';
import { recordVerdict } from './record-verdict';
import { inSample, type Sample } from './sample';
import { outcomeOf, type RecordSearches, type SearchOutcome } from './findability-rates';
import { aboutTheData, type TimedRequests } from './timed-requests';
import { ENTRIES_A_TURN, giveWay } from './give-way';
import { MAX_JUDGED_ENTRIES } from './walk-plan';

/** A walk's query in words, its records' key: `address-state=TX`. */
/** Whether a page 1 shows that its search has another page: a total larger than its entries, or a full page of 25 (§8). */
function showsAnotherPage(exchange: Exchange): boolean {
  const entries = organizationIds(exchange.body).length;
  const total = bundleTotal(exchange);
  return entries >= PAGE_SIZE || (typeof total === 'number' && total > entries);
}

export const queryKey = (query: Record<string, string>) => new URLSearchParams(query).toString();

/** The walk by next links a survey makes of each walk: page 1's link, followed once. */
const firstLinkOnly = (query: Record<string, string>) => ({
  query,
  maxPages: 2,
  budget: "page 1's next link, followed once",
  bounded: true as const,
});

/**
 * Page 1's next link, followed once: the walk by next links with a budget of two pages, judged by
 * its rule now; the organizations it reached kept for where it led (tally.ts); or, on another
 * origin, only that origin, observed.
 */
async function followNext(
  endpoints: DirectoryEndpoints,
  query: Record<string, string>,
  first: Exchange,
  requests: TimedRequests,
  redact: Redact,
): Promise<Pick<PageUnit, 'next' | 'nextElsewhere' | 'nextSkipped'>> {
  const walk = firstLinkOnly(query);
  const link = new NextWalk(walk).add(first).wanted;
  if (link === undefined) return {};
  let reached: Exchange;
  try {
    // A 5xx there says nothing of where the link leads: page 1 is left unanswered, as its own 5xx would leave it.
    reached = readInPart(await requests.ask('organization', () => endpoints.follow(link))).part;
  } catch (error) {
    // A link to another origin is never followed: credentials stay on the base URL's origin. The walk
    // rule records where it leads (OBS-CROSS-ORIGIN-LINK), as it does for the run; the survey counts walks by that origin.
    if (!(error instanceof ForeignOriginError)) throw error;
    const refused = { origin: endpoints.resolve(link).origin, message: error.message };
    const judged = judgeSurveyed('next-walk', { walk, answers: [first], refused });
    const observed = judged.observationRecords(redact).find((o) => o.id === 'OBS-CROSS-ORIGIN-LINK')?.value as
      { origin?: string } | undefined;
    // ORG-NEXT-LINK is not judged there, and the walk says why (the link is on another origin): its record carries the reason.
    const skipped = recordVerdict(queryKey(query), judged, { redact, exchangeOf: () => first }).skipped ?? [];
    return { nextElsewhere: observed?.origin ?? redact(refused.origin), ...(skipped.length > 0 ? { nextSkipped: skipped } : {}) };
  }
  const judged = judgeSurveyed('http-answer', { exchange: reached }).add(judgeSurveyed('next-walk', { walk, answers: [first, reached] }));
  // Every answer is evidence: the page the link reached is a bundle of its own (its organizations are the walk's to judge, by Page).
  if (isBundle(reached)) judged.add(judgeSurveyed('bundle-page', { exchange: reached, request: "page 1's next link" }));
  const answers = new Map([first, reached].map((exchange) => [exchange.url, exchange]));
  return {
    next: {
      ...answerLine(reached),
      ids: isBundle(reached) ? organizationIds(reached.body) : [],
      verdict: recordVerdict(queryKey(query), judged, { redact, exchangeOf: (url) => answers.get(url) ?? reached }),
    },
  };
}

const answerLine = ({ url, status, contentType }: Exchange) => ({ url, status, contentType });

/** What the page's own rules observed (its no-match answer), as survey.json counts it, redacted. */
function observed(judgement: Judgement, redact: Redact): Pick<PageUnit, 'observed'> {
  const records = judgement.observationRecords(redact).filter((o) => o.unobserved === undefined);
  return records.length > 0 ? { observed: records.map(({ id, value }) => ({ id, value })) } : {};
}

/** What decides how far a walk goes: whether the answer is a bundle, its entries, its total, its organization ids and which of them match the search under no reading. */
export type PageOutline = Pick<PageUnit, 'bundle' | 'entries' | 'total' | 'ids' | 'unmatched' | 'kindValues'>;

/**
 * A page as the survey reads it: its first MAX_JUDGED_ENTRIES entries, which every rule then reads,
 * and how many it held past them, counted and never judged. What a page held more is not read again
 * and again by each rule, and no unit grows with it.
 */
function readInPart(exchange: Exchange): { part: Exchange; notJudged: number } {
  const { body } = exchange;
  if (!isJsonObject(body) || !Array.isArray(body.entry) || body.entry.length <= MAX_JUDGED_ENTRIES) return { part: exchange, notJudged: 0 };
  const entry = body.entry.slice(0, MAX_JUDGED_ENTRIES);
  return { part: { ...exchange, body: { ...body, entry } }, notJudged: body.entry.length - entry.length };
}

/** The outline of a page read in part (readInPart): its entries are all it held. */
function pageOutline(exchange: Exchange, query: Record<string, string>, notJudged: number, kindValues?: boolean): PageOutline {
  const { bundle, ids, total, unmatched = [] } = pageOfWalk(1, exchange, query);
  const counted = kindValues && bundle ? kindValueCounts(exchange.body) : {};
  return {
    bundle,
    entries: ids.length + notJudged,
    total,
    ids: [...ids],
    ...(unmatched.length > 0 ? { unmatched: [...unmatched] } : {}),
    ...(Object.keys(counted).length > 0 ? { kindValues: counted } : {}),
  };
}

/**
 * ORG-FINDABLE for one organization met: a search by each value it carries, each asked as the rule
 * says (nextOwnValueRequest), judged by the rulebook. A request without an answer about the data
 * throws, as the page's own would: the page is left for --resume.
 */
async function findable(
  endpoints: DirectoryEndpoints,
  entry: Exchange,
  seenIn: string,
  requests: TimedRequests,
): Promise<{ judgements: Judgement[]; searches: RecordSearches; answers: Map<string, Exchange> }> {
  const { id, resource } = organizationOfEntry(entriesOf(entry.body)[0]);
  const judgements: Judgement[] = [];
  const searches: [string, SearchOutcome][] = [];
  const answers = new Map<string, Exchange>();
  const ask = { organizations: (query: Record<string, string>) => requests.ask('organization', () => endpoints.organizations(query)) };
  for (const met of await meetOwnValueSearches(ask, { id, resource, seenIn })) {
    const { search, answers: asked } = met;
    for (const exchange of asked) answers.set(exchange.url, exchange);
    const judgement = judgeSurveyed('own-value-search', met);
    judgements.push(judgement);
    // Every answer is evidence: the bundle, its organizations, and each against what was searched (the organization's record carries them).
    for (const exchange of asked) judgements.push(judgeSurveyedAnswer('organization', exchange));
    searches.push([search.parameter, outcomeOf(judgement, 'ORG-FINDABLE')]);
  }
  return { judgements, searches, answers };
}

/** What a walk asks of one page: the walk's number and query, the page, and whether each organization on it is searched by its own values. */
export interface WalkPageRequest {
  walk: number;
  query: Record<string, string>;
  page: number;
  findability: boolean;
  /** --sample: only the organizations drawn are searched by their own values. */
  sample?: Sample;
  /** Set when the survey abandons the page (it is stopping): the judging ends at its next turn. */
  abandon?: AbortSignal;
  /** The scorecard's lists (--deactivated-npis). */
  lists: QualityLists;
  /** Page 1 of a walk of the plan, with --findability: count the values of each kind its organizations carry (search-kinds.ts). */
  kindValues?: boolean;
  /** With --export: whether the export holds an organization (DQ-EXPORT-UNPUBLISHED). */
  exported?: (organization: JsonObject) => boolean;
}

/** Page `page` of walk `walk`; a request without an answer about the data throws (TimedRequests), with `requests` holding what was asked. */
export async function surveyWalkPage(
  endpoints: DirectoryEndpoints,
  { walk, query, page, findability, sample, abandon, lists, kindValues, exported }: WalkPageRequest,
  redact: Redact,
  requests: TimedRequests,
): Promise<PageUnit> {
  const { part: exchange, notJudged } = readInPart(
    await requests.ask('organization', () => endpoints.organizations(pageQuery(query, page))),
  );
  const key = queryKey(query);
  // A walk's first page that finds nothing with a 4xx is the service's no-match answer (§4.3 r2: not shown), observed: nothing the
  // survey has seen says the search matches. Any other page 1, and every later page of a walk that showed matches, is a bundle or a fault.
  const noMatch = page === 1 && exchange.status >= 400 && exchange.status < 500;
  const own = judgeSurveyed('http-answer', { exchange }).add(
    noMatch
      ? judgeSurveyed('unmatched-search', { exchange })
      : judgeSurveyed('bundle-page', { exchange, request: `Page=${page} of ${key}` }),
  );
  const shape = pageOutline(exchange, query, notJudged, page === 1 && kindValues);
  // §2.5 requires no next link: a page 1 without one leaves ORG-NEXT-LINK not applicable to this walk, as the walk rule says,
  // where it shows a search of more than one page (a larger total, or a full page). A page 1 that held every match shows nothing
  // of whether the service offers next links: no reason at all.
  if (page === 1 && shape.bundle && showsAnotherPage(exchange) && new NextWalk(firstLinkOnly(query)).add(exchange).wanted === undefined)
    own.add(judgeSurveyed('next-walk', { walk: firstLinkOnly(query), answers: [exchange] }));
  const unit: PageUnit = {
    kind: 'page',
    walk,
    page,
    ...answerLine(exchange),
    requests: requests.outcomes,
    ...shape,
    shell: recordVerdict(key, own, { redact, exchangeOf: () => (shape.bundle ? entryShell(exchange) : exchange) }),
    ...observed(own, redact),
    organizations: [],
    filters: [],
    ...(notJudged > 0 ? { notJudged } : {}),
  };
  if (!shape.bundle) return unit;
  const entries = entriesOf(exchange.body);
  const npis: string[][] = [];
  for (const [index, id] of unit.ids.entries()) {
    if (index % ENTRIES_A_TURN === ENTRIES_A_TURN - 1) await giveWay(abandon);
    const entry = entryShell(exchange, entries[index]);
    // Judged alone in the page's shell, at /entry/0; counted at its place in the page.
    const atItsPlace = (judgement: Judgement) => judgement.relocated(SHELL_ENTRY, `/entry/${index}`);
    const options = { redact, exchangeOf: () => exchange };
    const organization = id === '' ? `(no id: entry ${index} of Page=${page} of ${key})` : id;
    const own = atItsPlace(judgeSurveyed('organization-entry', { entry }));
    // The searches by its own values are the organization's record too: counted once, where a walk first met it.
    const drawn = findability && id !== '' && inSample(sample, 'organization', id);
    const searched = drawn ? await findable(endpoints, entry, `Page=${page} of ${key}`, requests) : undefined;
    for (const judgement of searched?.judgements ?? []) own.add(judgement);
    if (findability) (unit.findability ??= []).push(searched?.searches ?? []);
    unit.organizations.push(recordVerdict(organization, own, { redact, exchangeOf: (url) => searched?.answers.get(url) ?? exchange }));
    unit.filters.push(recordVerdict(organization, atItsPlace(judgeSurveyed('organization-match', { entry, query })), options));
    const resource = resourceOf(entries[index]);
    const carried = resourceNpis(resource);
    (unit.quality ??= []).push(organizationQuality(resource, lists, carried));
    if (exported) (unit.exported ??= []).push(isJsonObject(resource) && exported(resource));
    (unit.fields ??= []).push(isJsonObject(resource) ? organizationDigests(resource) : {});
    npis.push(carried);
  }
  if (npis.some((own) => own.length > 0)) unit.npis = npis;
  if (page === 1) Object.assign(unit, await followNext(endpoints, query, exchange, requests, redact));
  return unit;
}

/**
 * Page 1 as a shard that does not own it reads it: only what decides how far the walk goes. It is
 * not judged, journaled or counted: its owner does that.
 */
export async function peekPage(endpoints: DirectoryEndpoints, query: Record<string, string>, kindValues?: boolean): Promise<PageOutline> {
  const { part, notJudged } = readInPart(aboutTheData(await endpoints.organizations(pageQuery(query, 1))));
  return pageOutline(part, query, notJudged, kindValues);
}
