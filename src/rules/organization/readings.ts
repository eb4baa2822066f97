/**
 * ORG-READINGS-AGREE (§4.3): a relation that needs no premise about the directory. A search answers
 * "a bundle … holding all records available for the given parameters", so every way of reading that
 * answer holds organizations of one result: `Count=N` answers N of the organizations the search whole
 * (Count=1000) holds, or all of them where fewer match, and the pages of a walk, by `Page` or by
 * `next` links, hold no matching organization the whole answer lacks (a subject of its own, which the
 * survey, holding its pages as lines, does not meet). The converse, an organization of the whole
 * answer that no page of an ended walk reaches, is ORG-PAGE's and ORG-NEXT-LINK's.
 *
 * The counts are bracketed by the search whole, asked first and last: where those two differ, the
 * answers move between requests (a live directory may change), which only warns, and the counts are
 * not judged against them. A walk's pages are judged against the whole answer asked after them, as
 * the walks' own rules judge them.
 */
import type { Exchange } from '../../client/exchange';
import { MAX_COUNT } from '../../spec/constants';
import { skipUnjudgeable } from '../equivalent-requests';
import { Judgement } from '../judgement';
import { NOT_WHOLE, queryOf, wholeAnswer } from './added-filter';
import { isBundle } from './bundle';
import { matchingIds } from './filters';

const REQUIREMENT = 'ORG-READINGS-AGREE';
const WHY = '§4.3: a bundle holding all records available for the given parameters';

/** A search whole, the same at page sizes `counted`, and whole again, asked last; nothing more where the first answer is not whole. */
export interface SearchReadings {
  query: Record<string, string>;
  whole: Exchange;
  counted: readonly { count: number; exchange: Exchange }[];
  again?: Exchange;
}

/**
 * The page sizes a search of `matches` organizations is read at: Count's domain at the edges of the
 * result (one, one short of it, all of it, one past it) and between (half of it). None where nothing matches.
 */
export function readingCounts(matches: number): number[] {
  if (matches === 0) return [];
  const sizes = [1, Math.ceil(matches / 2), matches - 1, matches, matches + 1];
  return [...new Set(sizes)].filter((n) => n >= 1 && n < MAX_COUNT);
}

const named = (ids: readonly string[]) => `${ids.slice(0, 5).join(', ')}${ids.length > 5 ? `, and ${ids.length - 5} more` : ''}`;
const sameIds = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((id) => b.has(id));

/** The organizations of an answer that match its search under some reading (one that matches none is ORG-FILTERS'), by their ids. */
const matchingOf = (body: unknown, query: Record<string, string>) => matchingIds(body, query).filter((id) => id !== '');

export function judgeSearchReadings({ query, whole, counted, again }: SearchReadings): Judgement {
  const judgement = new Judgement();
  if (skipUnjudgeable(judgement, REQUIREMENT, [whole, ...counted.map((c) => c.exchange), ...(again ? [again] : [])])) return judgement;
  const first = wholeAnswer(whole);
  if (!first || !again) return judgement.skip(REQUIREMENT, { kind: 'precondition', text: `the search ${queryOf(whole)} is ${NOT_WHOLE}` });
  const last = wholeAnswer(again);
  const steady = judgement.check(
    REQUIREMENT,
    last !== undefined && sameIds(first.ids, last.ids),
    () =>
      `the search ${queryOf(whole)} asked again answered ${last ? `${last.ids.size} organizations` : 'a page that is not whole'}, where it first answered ${first.ids.size}: the answers move between requests, so its readings at other page sizes were not judged`,
    { exchange: again },
    'SHOULD',
  );
  if (!steady) return judgement;
  for (const { count, exchange } of counted) judgeCounted(judgement, query, first.ids, count, exchange);
  return judgement;
}

/** One reading at Count=`count`: a bundle of min(count, all) organizations of the whole result, and none it lacks. */
function judgeCounted(
  judgement: Judgement,
  query: Record<string, string>,
  all: ReadonlySet<string>,
  count: number,
  exchange: Exchange,
): void {
  const asked = queryOf(exchange);
  if (!isBundle(exchange)) {
    judgement.check(
      REQUIREMENT,
      false,
      `${asked} answered ${exchange.status} with no bundle, where the search whole answers ${all.size} organizations (${WHY})`,
      {
        exchange,
      },
    );
    return;
  }
  const ids = matchingOf(exchange.body, query);
  const outside = ids.filter((id) => !all.has(id));
  const expected = Math.min(count, all.size);
  const inside = ids.length - outside.length;
  judgement.check(
    REQUIREMENT,
    outside.length === 0 && inside === expected,
    () =>
      `${asked} answered ${inside} of the ${all.size} organizations the search whole (Count=${MAX_COUNT}) answers, before and after it${outside.length > 0 ? `, and ${outside.length} that it lacks (${named(outside)})` : ''}; Count=${count} reads ${expected} of them (${WHY}; Count: the number of records to return)`,
    { exchange, pointer: '/entry' },
  );
}

/** The pages of a walk (`walk`: how it was walked, in words), each labelled, and the same search whole, asked after them. */
export interface WalkReadings {
  walk: string;
  query: Record<string, string>;
  pages: readonly { label: string; exchange: Exchange }[];
  whole: Exchange;
}

/**
 * The walk's half of the relation: no page holds an organization matching the search that the same
 * search whole lacks. Judged where that answer is whole.
 */
export function judgeWalkReadings({ walk, query, pages, whole }: WalkReadings): Judgement {
  const judgement = new Judgement();
  if (skipUnjudgeable(judgement, REQUIREMENT, [whole])) return judgement;
  const all = wholeAnswer(whole);
  if (!all) return judgement.skip(REQUIREMENT, { kind: 'precondition', text: `the search ${queryOf(whole)} is ${NOT_WHOLE}` });
  const beyond = pages
    .map((page) => ({ page, ids: isBundle(page.exchange) ? matchingOf(page.exchange.body, query).filter((id) => !all.ids.has(id)) : [] }))
    .filter(({ ids }) => ids.length > 0);
  const [first] = beyond;
  judgement.check(
    REQUIREMENT,
    first === undefined,
    () =>
      `${walk}: ${first.page.label} holds ${first.ids.length} organization${first.ids.length === 1 ? '' : 's'} matching the search that the same search whole (${queryOf(whole)}) lacks: ${named(first.ids)}${beyond.length > 1 ? `; ${beyond.length - 1} later page${beyond.length > 2 ? 's' : ''} too` : ''} (${WHY})`,
    { exchange: first?.page.exchange, pointer: '/entry' },
  );
  return judgement;
}
