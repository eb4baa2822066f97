/**
 * Which pages of a walk a shard asks for, and when it stops (§4.3: Page alone, 25 a page). Page k
 * is shard k mod N's. `total` on page 1, when it counts more than page 1 holds, gives the page
 * count; otherwise a shard walks its pages until one holds fewer than 25 entries or is no bundle,
 * or (one shard) repeats only organizations seen before, or (several) repeats its own previous page:
 * the merge finds the walk's end among all shards' pages (walkOutcome), and drops what lies past it.
 */
import { walkByPageGoesOn } from '../rules/organization/paging';
import { PAGE_SIZE } from '../spec/constants';
import type { PageUnit } from './records';
import { pageShard, type Shard } from './shard';

/** Pages a walk takes at most: a million organizations at 25 a page. A walk cut here is not judged as a whole. */
export const MAX_WALK_PAGES = 40_000;

/** The page count page 1 promises, when its `total` counts more than it holds. */
export function promisedPages(first: Pick<PageUnit, 'bundle' | 'total' | 'entries'>): number | undefined {
  return first.bundle && typeof first.total === 'number' && first.entries === PAGE_SIZE && first.total > first.entries
    ? Math.min(Math.ceil(first.total / PAGE_SIZE), MAX_WALK_PAGES)
    : undefined;
}

/** The pages of a walk that are this shard's, from `from` on, up to `last`. */
export function* ownPages(shard: Shard, from: number, last: number = MAX_WALK_PAGES): Generator<number> {
  for (let page = from; page <= last; page++) if (pageShard(page, shard.total) === shard.index) yield page;
}

/** Whether a walk whose page count is not known goes on after this page of the shard's. */
export function goesOn(
  unit: Pick<PageUnit, 'bundle' | 'entries' | 'ids'>,
  shard: Shard,
  seen: ReadonlySet<string>,
  previousOwn?: readonly string[],
): boolean {
  if (!walkByPageGoesOn(unit)) return false;
  if (shard.total === 1) return !unit.ids.every((id) => seen.has(id));
  return previousOwn === undefined || previousOwn.join('\n') !== unit.ids.join('\n');
}
