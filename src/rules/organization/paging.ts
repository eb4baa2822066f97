/**
 * Paging of the organization search (§4.3, §8): `Count`, `Page` alone, and `next` links. A walk is
 * judged from the answers it was given, whoever fetched them: the suite walks the multiPage probe,
 * and the walking stops where walkByPageGoesOn says.
 */
import type { Exchange } from '../../client/exchange';
import { PROMISED, probeLabel } from '../../probes/promises';
import { MAX_COUNT, PAGE_SIZE } from '../../spec/constants';
import { rootKind } from '../answers';
import { Judgement } from '../judgement';
import { answeredBundle, isBundle, isSuccess, shortAnswer, showsMore, total } from './bundle';
import { entriesOf, nextLink, organizationIds } from './entries';
import { filterProblems } from './filters';
import { judgeRepeats, matchCount, totalAcrossPagesProblem, unreachedTotalProblem, type WalkedPage } from './page-walk';

/** Page size of the next-link walk: not the default 25, so that a link that drops Count shows. */
export const WALK_COUNT = 20;

/** ORG-COUNT: `Count=N` returns at most N entries (§4.3). */
export function judgeCountAtMost(count: number, exchange: Exchange): Judgement {
  const judgement = new Judgement();
  const entries = entriesOf(exchange.body).length;
  judgement.check('ORG-COUNT', entries <= count, `Count=${count} returned ${entries} entries (§4.3)`, { exchange, pointer: '/entry' });
  return judgement;
}

/**
 * ORG-COUNT: `Count=N` of a query promised to match at least N returns exactly N (§4.3 "number of
 * records to return"). Fewer is the service's fault when its own bundle shows more matches, a
 * probe problem otherwise.
 */
export function judgeCountExactly(
  place: string,
  promised: string,
  query: Record<string, string>,
  count: number,
  exchange: Exchange,
): Judgement {
  const judgement = new Judgement();
  const entries = entriesOf(exchange.body).length;
  if (!answeredBundle(judgement, 'ORG-COUNT', exchange, `Count=${count} (at most ${MAX_COUNT} is allowed)`)) return judgement;
  if (entries >= count || showsMore(exchange)) {
    judgement.check(
      'ORG-COUNT',
      entries === count,
      () =>
        `Count=${count} returned ${entries} entries, though ${entries > count ? 'it asks for at most' : 'more organizations match (the bundle says so); it asks for'} ${count} (§4.3: the number of records to return)`,
      { exchange, pointer: '/entry' },
    );
    return judgement;
  }
  return judgement.probeProblem(
    { probe: probeLabel(place, query), promised, observed: `Count=${count} returned ${shortAnswer(exchange)}` },
    exchange,
  );
}

/** ORG-COUNT: `Count` at 1000 and above never yields more than 1000 (§4.3, §8); what happens above is observed. */
export function judgeCountOverLimit(count: number, exchange: Exchange): Judgement {
  const judgement = new Judgement();
  const entries = entriesOf(exchange.body).length;
  judgement.check(
    'ORG-COUNT',
    entries <= Math.min(count, MAX_COUNT),
    `Count=${count} returned ${entries} entries; the maximum is ${MAX_COUNT} (§4.3, §8)`,
    { exchange, pointer: '/entry' },
  );
  if (count > MAX_COUNT)
    judgement.observe(
      'OBS-COUNT-OVER-LIMIT',
      isSuccess(exchange)
        ? { Count: count, outcome: `clamped: ${entries} entries`, status: exchange.status }
        : { Count: count, outcome: 'rejected', status: exchange.status },
    );
  return judgement;
}

/** OBS-DEFAULT-PAGE-SIZE (§4.3): the entries a search returns without Count and Page. */
export function observeDefaultPageSize(exchange: Exchange): Judgement {
  return new Judgement().observe('OBS-DEFAULT-PAGE-SIZE', {
    status: exchange.status,
    entries: entriesOf(exchange.body).length,
    total: total(exchange),
    nextLink: nextLink(exchange.body) !== undefined,
  });
}

/** What decides whether a walk by `Page` goes on after a page: a bundle, and how many entries it holds. */
export type PageShape = { bundle: boolean; entries: number };

/** The page's shape, from its answer. */
export const pageShapeOf = (exchange: Exchange): PageShape => ({
  bundle: isBundle(exchange),
  entries: isBundle(exchange) ? entriesOf(exchange.body).length : 0,
});

/**
 * Whether a walk by `Page` asks for the page after this one, for every driver (the suite's walk, the
 * survey's plan and its tally): after a bundle of at least 25 entries (§8: pages before the last
 * hold 25). A shorter page, or an answer that is no bundle, is the last.
 */
export function walkByPageGoesOn(page: PageShape): boolean {
  return page.bundle && page.entries >= PAGE_SIZE;
}

/**
 * Whether page 1 of a search by `Page` alone shows by itself that more than `threshold`
 * organizations match (the multiPage and overLimit promises): it holds more, or it shows more
 * matches than it holds (a next link, a larger total) where the threshold is one page, or a total
 * above the threshold. The suite and `probes check` judge the promise by this one rule.
 */
export function firstPageShowsMoreThan(first: Exchange, threshold: number): boolean {
  const value = total(first);
  return (
    isBundle(first) &&
    (entriesOf(first.body).length > threshold ||
      (showsMore(first) && (threshold <= PAGE_SIZE || (typeof value === 'number' && value > threshold))))
  );
}

/** Whether a walk by next links follows this answer's next link, when it has one: only a bundle leads on. */
export function walkByNextGoesOn(exchange: Exchange): boolean {
  return isBundle(exchange);
}

interface PageWalkReplay {
  judgement: Judgement;
  pages: WalkedPage[];
  /** The page the walk ended on by itself: the first with fewer than 25 entries, not flagged as a short page. */
  last?: number;
  /** A probe problem ended it: nothing else of the walk is judged. */
  contradicted: boolean;
}

/** The walk's pages one by one, as they were asked for: each page's checks, and where the walk ended. */
function replayPageWalk(query: Record<string, string>, answers: readonly Exchange[], maxPages: number): PageWalkReplay {
  const judgement = new Judgement();
  const pages: WalkedPage[] = [];
  let firstShowedMore = false;
  for (const [index, exchange] of answers.entries()) {
    const page = index + 1;
    const bundle = exchange.body;
    const entries = entriesOf(bundle).length;
    if (!answeredBundle(judgement, 'ORG-PAGE', exchange, `Page=${page}`)) break;
    judgement.check(
      'ORG-PAGE',
      entries <= PAGE_SIZE,
      `Page=${page} returned ${entries} entries; Page alone gives at most ${PAGE_SIZE} (§8)`,
      {
        exchange,
        pointer: '/entry',
      },
    );
    // Filters hold on every page, not only on the first one.
    if (entries > 0)
      judgement.problems(
        'ORG-FILTERS',
        filterProblems(bundle, query),
        exchange,
        `Page=${page} of ${JSON.stringify(query)} holds organizations that do not match it`,
      );
    if (page === 1) {
      firstShowedMore = firstPageShowsMoreThan(exchange, PAGE_SIZE);
      const value = total(exchange);
      judgement.observe(
        'OBS-TOTAL-ACROSS-PAGES',
        typeof value !== 'number'
          ? { total: value }
          : value > entries
            ? `all matches: total ${value}, page 1 holds ${entries}`
            : `the page's count: total ${value}, page 1 holds ${entries}`,
      );
    }
    pages.push({ label: `Page=${page}`, ids: organizationIds(bundle), total: total(exchange), exchange });
    // The query matches more than 25: page 1 is full and page 2 is not empty, unless the probe is wrong.
    const short = page === 1 ? entries < PAGE_SIZE : page === 2 && entries === 0;
    if (short && !(page === 1 ? firstPageShowsMoreThan(exchange, PAGE_SIZE) : firstShowedMore)) {
      judgement.probeProblem(
        {
          probe: probeLabel('organization.multiPage', query),
          promised: PROMISED.multiPage,
          observed: `Page=${page} returned ${shortAnswer(exchange)}`,
        },
        exchange,
      );
      return { judgement, pages, contradicted: true };
    }
    if (short) {
      // Not the last page, though it is short: the walk stops here without an end to look past.
      judgement.check(
        'ORG-PAGE',
        false,
        `Page=${page} returned ${entries} entries, though the bundle${page === 2 ? ' of page 1' : ''} shows more matches: pages before the last hold ${PAGE_SIZE} (§8)`,
        { exchange, pointer: '/entry' },
      );
      break;
    }
    if (entries < PAGE_SIZE) return { judgement, pages, last: page, contradicted: false };
    if (page === maxPages) judgement.skip('ORG-PAGE', `the walk stopped at MAX_PAGES=${maxPages} pages; later pages were not checked`);
  }
  return { judgement, pages, contradicted: false };
}

/** An empty page that ends the walk is already past the last one; its total says nothing of the matches. */
const endsEmpty = (replay: PageWalkReplay) =>
  replay.last !== undefined && replay.last > 1 && replay.pages[replay.pages.length - 1].ids.length === 0;

/** The page past the last one to ask for (OBS-PAGE-BEYOND-LAST), when the walk ended by itself on a page with entries. */
export function pageToLookPast(query: Record<string, string>, answers: readonly Exchange[], maxPages: number): number | undefined {
  const replay = replayPageWalk(query, answers, maxPages);
  return replay.last !== undefined && !endsEmpty(replay) ? replay.last + 1 : undefined;
}

/**
 * OBS-PAGE-BEYOND-LAST (§4.3 does not show it): the last page of the walk is the one past the last
 * page of matches. Repeats are ORG-PAGE-DISJOINT's to judge; organizations not seen before show the
 * short page before it was not the last (ORG-PAGE).
 */
function observeBeyondLast(judgement: Judgement, walked: readonly WalkedPage[], exchange: Exchange): void {
  const beyond = walked[walked.length - 1];
  const earlier = new Set(walked.slice(0, -1).flatMap((p) => p.ids));
  const lastIds = walked.length > 1 ? walked[walked.length - 2].ids : [];
  const { ids, label } = beyond;
  const fresh = ids.filter((id) => !earlier.has(id));
  let outcome: string;
  if (!isSuccess(exchange)) outcome = 'an error';
  else if (!isBundle(exchange)) outcome = `not a bundle (${rootKind(exchange)})`;
  else if (ids.length === 0) outcome = 'an empty bundle';
  else if (fresh.length > 0) outcome = 'organizations not seen on earlier pages';
  else outcome = JSON.stringify(ids) === JSON.stringify(lastIds) ? 'the last page again' : 'organizations of earlier pages';
  judgement.observe('OBS-PAGE-BEYOND-LAST', { page: label, status: exchange.status, outcome, entries: ids.length });
  if (fresh.length > 0)
    judgement.check(
      'ORG-PAGE',
      false,
      `${label}, past the page of fewer than ${PAGE_SIZE} entries that ended the walk, holds ${fresh.length} organizations not seen before: pages before the last hold ${PAGE_SIZE} (§8)`,
      { exchange, pointer: '/entry' },
    );
}

/**
 * A walk of a query promised to match more than 25 by `Page` alone (§4.3, §8): pages of 25 before
 * the last (ORG-PAGE), each filtered (ORG-FILTERS), one meaning of total across them (ORG-TOTAL),
 * no organization on two pages (ORG-PAGE-DISJOINT), and what the page past the last answers
 * (`beyond`, asked for when pageToLookPast said so).
 */
export function judgePageWalk(query: Record<string, string>, answers: readonly Exchange[], maxPages: number, beyond?: Exchange): Judgement {
  const replay = replayPageWalk(query, answers, maxPages);
  const { judgement, pages, last } = replay;
  if (replay.contradicted) return judgement;
  const counted = endsEmpty(replay) ? pages.slice(0, -1) : pages;
  if (counted.length > 1) {
    const problem = totalAcrossPagesProblem(counted);
    judgement.check('ORG-TOTAL', !problem, () => problem!.message, { exchange: problem?.page.exchange, pointer: '/total' });
  }
  const walked =
    beyond && last !== undefined
      ? [
          ...pages,
          { label: `Page=${last + 1}`, ids: isBundle(beyond) ? organizationIds(beyond.body) : [], total: total(beyond), exchange: beyond },
        ]
      : pages;
  if (last !== undefined) observeBeyondLast(judgement, walked, beyond ?? answers[last - 1]);
  for (const { page, message, level } of judgeRepeats(walked, {
    ended: last !== undefined,
    pageSize: PAGE_SIZE,
    matches: matchCount(counted),
  }))
    judgement.check('ORG-PAGE-DISJOINT', level === undefined, () => message!, { exchange: page.exchange }, level);
  return judgement;
}

/** Why a walk by next links stopped before a bundle without one, when it did. */
export type NextWalkStop =
  | { kind: 'max-pages'; maxPages: number }
  /** A link already followed: the links loop, and the walk has reached all it can. */
  | { kind: 'loop' }
  /** A link to another origin, never followed: credentials stay on the base URL's origin. */
  | { kind: 'foreign'; origin: string; page: number; message: string };

/**
 * ORG-NEXT-LINK (§2.5, FHIR R4 paging): following `next` from the first bundle of a query with
 * Count=WALK_COUNT continues the same search: every page a bundle, no entry that matches the query
 * under no reading, no page larger than Count, one meaning of total (ORG-TOTAL), and no repeats
 * that leave records unreached. `followed` holds the answers to the links, in order.
 */
export function judgeNextWalk(
  query: Record<string, string>,
  first: Exchange,
  followed: readonly Exchange[],
  stop?: NextWalkStop,
): Judgement {
  const judgement = new Judgement();
  const size = entriesOf(first.body).length;
  // A link without a URL leads nowhere, as no link does.
  if (!nextLink(first.body))
    return judgement.skip(
      'ORG-NEXT-LINK',
      `the first bundle of ${JSON.stringify(query)} with Count=${WALK_COUNT} has no next link: there is nothing to follow (§2.5 names no relation but self)`,
    );
  const pages: WalkedPage[] = [{ label: 'page 1', ids: organizationIds(first.body), total: total(first), exchange: first }];
  for (const [index, exchange] of followed.entries()) {
    const page = index + 2;
    if (page === 2) judgement.observe('OBS-CROSS-ORIGIN-LINK', { nextLinks: "on the base URL's origin" });
    if (!answeredBundle(judgement, 'ORG-NEXT-LINK', exchange, `following the next link of page ${page - 1}`)) return judgement;
    const bundle = exchange.body;
    const ids = organizationIds(bundle);
    // Entries that match under no reading show the link dropped the search; near misses are ORG-FILTERS' to judge.
    judgement.problems(
      'ORG-NEXT-LINK',
      filterProblems(bundle, query).filter((p) => p.level === 'MUST'),
      exchange,
      `page ${page}, reached by next, holds organizations that do not match ${JSON.stringify(query)}: the link does not continue the same search`,
    );
    pages.push({ label: `page ${page} (reached by next)`, ids, total: total(exchange), exchange });
    const link = nextLink(bundle);
    const larger = ids.length > WALK_COUNT;
    const sizeOk = link ? ids.length === size : ids.length <= size;
    judgement.check(
      'ORG-NEXT-LINK',
      !larger && sizeOk,
      () =>
        larger
          ? `page ${page}, reached by next, holds ${ids.length} entries, more than the Count=${WALK_COUNT} the search asked for (§4.3): the link does not continue the same search`
          : `page ${page}, reached by next, holds ${ids.length} entries; the first page held ${size} (Count=${WALK_COUNT}), and ${link ? 'every page before the last holds as many' : 'the last holds at most as many'}`,
      { exchange, pointer: '/entry' },
      larger ? 'MUST' : 'SHOULD',
    );
  }
  if (stop?.kind === 'foreign') {
    judgement.observe('OBS-CROSS-ORIGIN-LINK', { nextLinks: 'on another origin', origin: stop.origin, page: stop.page });
    return judgement.skip(
      'ORG-NEXT-LINK',
      `the next link of page ${stop.page} is not followed: ${stop.message}, and credentials never leave it`,
    );
  }
  if (stop?.kind === 'max-pages')
    judgement.skip('ORG-NEXT-LINK', `the walk stopped at MAX_PAGES=${stop.maxPages} pages; the rest was not followed`);
  const ended = stop?.kind === 'loop' || !nextLink((followed[followed.length - 1] ?? first).body);
  const counted = pages.filter((p, i) => i === 0 || p.ids.length > 0);
  if (counted.length > 1) {
    const problem = totalAcrossPagesProblem(counted);
    judgement.check('ORG-TOTAL', !problem, () => problem!.message, { exchange: problem?.page.exchange, pointer: '/total' });
  }
  const matches = matchCount(counted);
  for (const { page, message, level } of judgeRepeats(pages, { ended, pageSize: WALK_COUNT, matches }))
    judgement.check('ORG-NEXT-LINK', level === undefined, () => message!, { exchange: page.exchange }, level);
  // Links that skip pages repeat nothing: the walk that ended short of what total counts shows them.
  const distinct = new Set(pages.flatMap((p) => p.ids)).size;
  if (ended && matches !== undefined)
    judgement.check(
      'ORG-NEXT-LINK',
      distinct >= matches,
      () =>
        `following next from page 1 ended on ${pages[pages.length - 1].label} with ${distinct} distinct organizations, though total is ${matches} on every page: ${matches - distinct} are on no page the links reach (§2.5, §4.3: all matching records)`,
      { exchange: pages[pages.length - 1].exchange, pointer: '/entry' },
    );
  return judgement;
}

/**
 * The rules of a whole walk by Page alone over its pages' summaries, whoever walked them (the survey
 * judges its walks so, holding ids and totals, not bodies). ORG-PAGE: no page holds more than 25,
 * and every page before the last holds 25 (§8); `ended`: the walk reached its last page, so that
 * only that one may be short. ORG-TOTAL: one meaning of total across the pages, and a walk that
 * ended holds every match that total counts (§2.5, §4.3 r4). ORG-PAGE-DISJOINT: repeats.
 */
export function judgeWalkPages(pages: readonly WalkedPage[], ended: boolean): Judgement {
  const judgement = new Judgement();
  for (const [index, page] of pages.entries()) {
    const entries = page.ids.length;
    const last = ended && index === pages.length - 1;
    judgement.check(
      'ORG-PAGE',
      entries <= PAGE_SIZE && (last || entries === PAGE_SIZE),
      () =>
        entries > PAGE_SIZE
          ? `${page.label} returned ${entries} entries; Page alone gives at most ${PAGE_SIZE} (§8)`
          : `${page.label} returned ${entries} entries before the last page of the walk: pages before the last hold ${PAGE_SIZE} (§8)`,
      { exchange: page.exchange, pointer: '/entry' },
    );
  }
  const across = pages.length > 1 ? totalAcrossPagesProblem(pages) : undefined;
  const unreached = across ?? (ended ? unreachedTotalProblem(pages) : undefined);
  judgement.check('ORG-TOTAL', !unreached, () => unreached!.message, { exchange: unreached?.page.exchange, pointer: '/total' });
  for (const { page, message, level } of judgeRepeats(pages, { ended, pageSize: PAGE_SIZE, matches: matchCount(pages) }))
    judgement.check('ORG-PAGE-DISJOINT', level === undefined, () => message!, { exchange: page.exchange, pointer: '/entry' }, level);
  return judgement;
}

/**
 * ORG-NEXT-LINK for one page's next link followed (§2.5, FHIR R4 paging): it answers a bundle, and
 * holds no organization that matches the search under no reading (the link dropped the search).
 */
export function judgeNextLinkAnswer(query: Record<string, string>, from: string, reached: Exchange): Judgement {
  const judgement = new Judgement();
  if (answeredBundle(judgement, 'ORG-NEXT-LINK', reached, `following the next link of ${from}`))
    judgement.problems(
      'ORG-NEXT-LINK',
      filterProblems(reached.body, query).filter((p) => p.level === 'MUST'),
      reached,
      `the page reached by the next link of ${from} holds organizations that do not match ${JSON.stringify(query)}: the link does not continue the same search`,
    );
  return judgement;
}

/**
 * ORG-NEXT-LINK for where a page's next link leads (§2.5: next is the page after this one), against
 * the same search walked by Page: `pages`, with `from` the index of the page whose link was followed.
 * The link leads to the organizations of the page after it. One that leads past them, to
 * organizations of later pages while the page after it is left out, skips records that a client
 * following the links never sees (MUST, §4.3: all matching records); one that leads elsewhere (back
 * to organizations already seen, or pages of another size) is a near miss while nothing is shown
 * skipped (SHOULD).
 */
export function judgeNextLinkTarget(pages: readonly WalkedPage[], from: number, reached: WalkedPage): Judgement {
  const judgement = new Judgement();
  const after = pages[from + 1];
  if (!after) return judgement;
  const here = new Set(reached.ids);
  const missing = after.ids.filter((id) => !here.has(id));
  const expected = new Set(after.ids);
  const others = reached.ids.filter((id) => !expected.has(id));
  const later = new Set(pages.slice(from + 2).flatMap((p) => p.ids));
  const skippedTo = others.filter((id) => later.has(id));
  const skips = missing.length > 0 && skippedTo.length > 0;
  const shown = (ids: readonly string[]) => `${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', …' : ''}`;
  judgement.check(
    'ORG-NEXT-LINK',
    missing.length === 0 && others.length === 0,
    () =>
      skips
        ? `the next link of ${pages[from].label} skips ${after.label}: it leads to ${skippedTo.length} organizations of later pages (${shown(skippedTo)}), and ${missing.length} of the ${after.ids.length} organizations of ${after.label} (${shown(missing)}) are on no page a client following the links reaches next (§2.5, §4.3: all matching records)`
        : `the next link of ${pages[from].label} leads to ${reached.ids.length} organizations, not to the ${after.ids.length} of ${after.label}, the page after it: ${missing.length} of them are not there (${shown(missing)}), though none of a later page is either`,
    { exchange: reached.exchange, pointer: '/entry' },
    skips ? 'MUST' : 'SHOULD',
  );
  return judgement;
}
