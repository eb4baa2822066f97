/**
 * Paging of the organization search (§4.3, §8): `Count`, and where a next link leads against the
 * same search by `Page`. A whole walk is one stateful rule: walk-by-page.ts and walk-by-next.ts.
 */
import type { Exchange } from '../../client/exchange';
import { probeLabel } from '../../probes/promises';
import { MAX_COUNT } from '../../spec/constants';
import { Judgement } from '../judgement';
import { answeredBundle, isBundle, isSuccess, shortAnswer, showsMore, total } from './bundle';
import { entriesOf, nextLink, organizationIds } from './entries';
import { matchingIds } from './filters';
import type { WalkedPage } from './page-walk';

/** Page size of the next-link walk: not the default 25, so that a link that drops Count shows. */
export const WALK_COUNT = 20;

/** A search with Count=`count` (§4.3): one page of at most that many. */
export const countQuery = (query: Record<string, string>, count: number): Record<string, string> => ({ ...query, Count: String(count) });

/** §4.3: a search whole, Count at its maximum. */
export const wholeSearch = (query: Record<string, string>): Record<string, string> => countQuery(query, MAX_COUNT);

/** Page `page` of a search by Page alone (§4.3, §8): what every walk by Page asks, whichever driver walks it. */
export const pageQuery = (query: Record<string, string>, page: number): Record<string, string> => ({ ...query, Page: String(page) });

/** Count=`count` of a query promised (at `place`) to match at least that many; where its page is short and shows no more, `following` is the page just past it (Page=2 at the same Count). */
export interface CountExactly {
  place: string;
  promised: string;
  query: Record<string, string>;
  count: number;
  exchange: Exchange;
  following?: Exchange;
}

/** A bundle of fewer than `count` entries that shows no more matches: the whole result, unless a later page holds more. */
export const isShortPage = (exchange: Exchange, count: number): boolean =>
  isBundle(exchange) && entriesOf(exchange.body).length < count && !showsMore(exchange);

/**
 * The organizations matching `query` on the page just past a short one (`following`) that the short page
 * lacks: more matches than it held. Those it already holds are not (a service may answer a page past the
 * end with the last page again: §4.3 leaves it open).
 */
function newOnFollowing(query: Record<string, string>, exchange: Exchange, following: Exchange | undefined): string[] {
  if (!following || !isBundle(following)) return [];
  const held = new Set(organizationIds(exchange.body));
  return matchingIds(following.body, query).filter((id) => id !== '' && !held.has(id));
}

/** ORG-COUNT: `Count=N` returns at most N entries (§4.3). */
export function judgeCountAtMost(count: number, exchange: Exchange): Judgement {
  const judgement = new Judgement();
  const entries = entriesOf(exchange.body).length;
  judgement.check('ORG-COUNT', entries <= count, `Count=${count} returned ${entries} entries (§4.3)`, { exchange, pointer: '/entry' });
  return judgement;
}

/**
 * ORG-COUNT: `Count=N` of a query promised to match at least N returns exactly N (§4.3 "number of
 * records to return"). Fewer is the service's fault when its own bundle shows more matches, or the
 * page just past it holds organizations it lacks (`following`); a probe problem otherwise.
 */
export function judgeCountExactly({ place, promised, query, count, exchange, following }: CountExactly): Judgement {
  const judgement = new Judgement();
  const entries = entriesOf(exchange.body).length;
  if (!answeredBundle(judgement, 'ORG-COUNT', exchange, `Count=${count} (at most ${MAX_COUNT} is allowed)`)) return judgement;
  const beyond = newOnFollowing(query, exchange, following);
  if (entries >= count || showsMore(exchange) || beyond.length > 0) {
    const evidence =
      beyond.length > 0 ? `Page=2 at the same Count holds ${beyond.length} more matching organizations` : 'the bundle says so';
    judgement.check(
      'ORG-COUNT',
      entries === count,
      () =>
        `Count=${count} returned ${entries} entries, though ${entries > count ? 'it asks for at most' : `more organizations match (${evidence}); it asks for`} ${count} (§4.3: the number of records to return)`,
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
