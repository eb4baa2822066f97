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
import { judgeRepeats, matchCount, totalAcrossPagesProblem, type WalkedPage } from './page-walk';

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

/** Whether a walk by `Page` asks for the next page after this answer: a full bundle, and the bound not reached. */
export function walkByPageGoesOn(exchange: Exchange): boolean {
  return isBundle(exchange) && entriesOf(exchange.body).length >= PAGE_SIZE;
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
      firstShowedMore = showsMore(exchange);
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
    if (short && !(page === 1 ? showsMore(exchange) : firstShowedMore)) {
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
function observeBeyondLast(judgement: Judgement, walked: readonly WalkedPage[]): void {
  const beyond = walked[walked.length - 1];
  const earlier = new Set(walked.slice(0, -1).flatMap((p) => p.ids));
  const lastIds = walked.length > 1 ? walked[walked.length - 2].ids : [];
  const { exchange, ids, label } = beyond;
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
  if (last !== undefined) observeBeyondLast(judgement, walked);
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
  const ended = stop?.kind === 'loop' || !nextLink(pages[pages.length - 1].exchange.body);
  const counted = pages.filter((p, i) => i === 0 || p.ids.length > 0);
  if (counted.length > 1) {
    const problem = totalAcrossPagesProblem(counted);
    judgement.check('ORG-TOTAL', !problem, () => problem!.message, { exchange: problem?.page.exchange, pointer: '/total' });
  }
  for (const { page, message, level } of judgeRepeats(pages, { ended, pageSize: WALK_COUNT, matches: matchCount(counted) }))
    judgement.check('ORG-NEXT-LINK', level === undefined, () => message!, { exchange: page.exchange }, level);
  return judgement;
}
