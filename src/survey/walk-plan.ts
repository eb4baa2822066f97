/**
 * How the survey fetches the pages of a walk (§4.3: Page alone, 25 a page). Where a walk ends is the
 * walk rule's (walk-by-page.ts), fed the pages in order; what is here only says which pages to ask
 * for ahead of it. Page 1's `total`, when it counts more than page 1 holds, hints at the page count:
 * those pages are asked concurrently, and the walk goes past them whenever the rule wants more.
 * Page k is shard k mod N's; a shard of several cannot feed the rule (it holds every N-th page), so
 * it asks its own pages while the last of them held organizations and did not repeat the one
 * before: the merge hands every shard's pages to the rule, and drops what lies past the end.
 */
import type { PageOfWalk, PageWalkOptions } from '../rules/rulebook';
import { MAX_COUNT, PAGE_SIZE } from '../spec/constants';
import type { PageUnit } from './records';
import { pageShard, type Shard } from './shard';

/** Pages a walk takes at most: a million organizations at 25 a page. A walk cut here is partial, and says so. */
export const MAX_WALK_PAGES = 40_000;

/**
 * Entries of one page the survey judges, at most: the most a page may hold (§4.3, §8: Count up to
 * 1000; Page alone gives 25). A page that holds more fails ORG-PAGE by its count; the entries past
 * these are counted (PageUnit.notJudged), never judged, so that a bundle of a million entries is
 * judged in bounded time and memory, and the report says what it left.
 */
export const MAX_JUDGED_ENTRIES = MAX_COUNT;

/** The walk rule's options for a survey walk of `query`. */
export const surveyWalk = (query: Record<string, string>): PageWalkOptions => ({
  query,
  maxPages: MAX_WALK_PAGES,
  budget: `${MAX_WALK_PAGES} pages, the survey's bound on a walk`,
  fixedBudget: true,
});

/**
 * Page `page` as the walk rule reads it, from what the survey keeps of it: where the page is a
 * journaled or tallied unit, the line of its answer too, for the walk's evidence; a page only peeked
 * at to plan the fetching has none.
 */
export function walkPageOf(
  page: number,
  {
    bundle,
    ids,
    entries,
    total,
    unmatched,
    url = '',
    status = 0,
    contentType = '',
  }: Pick<PageUnit, 'bundle' | 'ids' | 'entries' | 'total' | 'unmatched'> & Partial<Pick<PageUnit, 'url' | 'status' | 'contentType'>>,
): PageOfWalk {
  return {
    page,
    bundle,
    ids,
    // A page read in part (its first MAX_JUDGED_ENTRIES) is counted whole: ORG-PAGE judges what it held.
    ...(entries > ids.length ? { entries } : {}),
    total,
    ...(unmatched ? { unmatched } : {}),
    exchange: { method: 'GET', url, status, contentType },
  };
}

/** The page count page 1's total hints at, when it counts more than page 1 holds: a reason to fetch ahead, never to stop. */
export function hintedPages(first: Pick<PageUnit, 'bundle' | 'total' | 'entries'>): number | undefined {
  return first.bundle && typeof first.total === 'number' && first.entries === PAGE_SIZE && first.total > first.entries
    ? Math.min(Math.ceil(first.total / PAGE_SIZE), MAX_WALK_PAGES)
    : undefined;
}

/** The pages of a walk that are this shard's, from `from` on, up to `last`. */
export function* ownPages(shard: Shard, from: number, last: number = MAX_WALK_PAGES): Generator<number> {
  for (let page = from; page <= last; page++) if (pageShard(page, shard.total) === shard.index) yield page;
}
