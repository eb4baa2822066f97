/**
 * Rules over a walk of one search's pages, by `Page` or by `next` links: what `total` says across
 * the pages (ORG-TOTAL), and pages that repeat organizations (ORG-PAGE-DISJOINT, ORG-NEXT-LINK).
 * Plain functions of the pages seen, so that any command walking pages judges them the same way.
 */
import type { Level } from '../../spec/catalogue';
import type { AnswerLine, Exchange } from '../../client/exchange';
import { MAX_COUNT } from '../../spec/constants';
import { isBundle } from './bundle';
import { hasNextLink, organizationIds } from './entries';
import { matchingIds } from './filters';

export interface WalkedPage {
  /** How the page was reached, for messages: "Page=3", "page 3, reached by next". */
  label: string;
  /** The organization ids of its entries, in order. */
  ids: readonly string[];
  /** The entries it held, where `ids` lists only the first of them (the survey reads a page's first 1,000). */
  entries?: number;
  /** The bundle's `total`, whatever the service sent. */
  total: unknown;
  /** The page's answer; or its line alone, where the walk's pages are summaries (the survey holds no bodies). */
  exchange: Exchange | AnswerLine;
}

/** How many entries a page held: its ids, or the count of a page read in part. */
export const entryCount = (page: Pick<WalkedPage, 'ids' | 'entries'>): number => page.entries ?? page.ids.length;

/**
 * §4.3 r4 leaves the meaning of `total` across pages open. Three readings exist: every match (the
 * same number on every page, never below the distinct organizations seen so far), the page's own
 * count, or an estimate that stops counting at a cap of at least the largest Count (1000, §8): the
 * same number on every page, below the matches only where more than that many match. A walk whose
 * totals fit none contradicts §2.5 whatever the service meant.
 */
export type TotalReading = 'all matches' | "the page's count" | 'a cap';

const numericTotals = (pages: readonly WalkedPage[]) =>
  pages.filter((p): p is WalkedPage & { total: number } => typeof p.total === 'number');

/** Where the "every match" reading breaks: the first page whose total differs, or falls below what was seen. */
function allMatchesBreak(pages: readonly WalkedPage[]): { page: WalkedPage; why: string } | undefined {
  const first = pages[0];
  const seen = new Set<string>();
  for (const page of pages) {
    for (const id of page.ids) seen.add(id);
    if (typeof page.total !== 'number') continue;
    if (typeof first.total === 'number' && page.total !== first.total)
      return { page, why: `total is ${first.total} on ${first.label} and ${page.total} on ${page.label} of the same search` };
    if (page.total < seen.size)
      return { page, why: `total ${page.total} on ${page.label} is below the ${seen.size} distinct organizations its pages so far hold` };
  }
  return undefined;
}

/** The readings of `total` the walk fits, every match first. */
export function totalReadings(pages: readonly WalkedPage[]): TotalReading[] {
  const numeric = numericTotals(pages);
  const readings: TotalReading[] = [];
  if (!allMatchesBreak(numeric)) readings.push('all matches');
  if (numeric.every((p) => p.total === entryCount(p))) readings.push("the page's count");
  const [first] = numeric;
  if (first && first.total >= MAX_COUNT && numeric.every((p) => p.total === first.total)) readings.push('a cap');
  return readings;
}

/** How many organizations match, when the walk's totals mean every match; undefined otherwise. */
export function matchCount(pages: readonly WalkedPage[]): number | undefined {
  return totalReadings(pages).includes('all matches') ? numericTotals(pages)[0]?.total : undefined;
}

/** ORG-TOTAL across pages: the problem, with the page that shows it, when the totals fit no reading. */
export function totalAcrossPagesProblem(pages: readonly WalkedPage[]): { page: WalkedPage; message: string } | undefined {
  const numeric = numericTotals(pages);
  if (numeric.length < 2 || totalReadings(numeric).length > 0) return undefined;
  const broken = allMatchesBreak(numeric)!;
  const notCount = numeric.find((p) => p.total !== entryCount(p))!;
  return {
    page: broken.page,
    message: `${broken.why}, and it is not each page's count either (${notCount.label} holds ${entryCount(notCount)} entries, total ${notCount.total}), nor a cap of at least ${MAX_COUNT}: total means every match, the page's count or such a cap (§2.5, §4.3 r4), and these totals fit none`,
  };
}

export interface RepeatJudgement {
  page: WalkedPage;
  /** The ids it repeats from earlier pages, each with the page it was first seen on. */
  repeated: { id: string; firstOn: string }[];
  /** Set when it repeats any: MUST when the walk shows records that no page reaches, SHOULD otherwise. */
  level?: Level;
  message?: string;
}

export interface WalkEnd {
  /** The walk reached its end by itself: a short or empty page, no next link, or a link that loops. */
  ended: boolean;
  /** Entries a full page holds: 25 for Page alone (§8), Count for a walk with Count. */
  pageSize: number;
  /** How many organizations match (matchCount of the walk's own pages), when `total` says so. */
  matches?: number;
}

/**
 * Pages that repeat organizations of earlier pages, one judgement per page after the first. A repeat
 * is a near miss (SHOULD) while every record stays reachable; it hides records (MUST, §4.3: all
 * matching records) when `total` means every match and the walk, ended or long enough to hold them
 * all, has seen fewer distinct organizations than `total`.
 */
export function judgeRepeats(pages: readonly WalkedPage[], { ended, pageSize, matches: total }: WalkEnd): RepeatJudgement[] {
  const firstOn = new Map<string, string>();
  const judged: RepeatJudgement[] = [];
  for (const [index, page] of pages.entries()) {
    const repeated = page.ids.filter((id) => firstOn.has(id)).map((id) => ({ id, firstOn: firstOn.get(id)! }));
    for (const id of page.ids) if (!firstOn.has(id)) firstOn.set(id, page.label);
    if (index > 0) judged.push({ page, repeated });
  }
  const distinct = firstOn.size;
  const walkedEnough = ended || (total !== undefined && pages.length * pageSize >= total);
  const hidden = total !== undefined && walkedEnough && distinct < total;
  const how = ended ? 'ended' : `took ${pages.length} pages of ${pageSize}, room for all ${total}`;
  for (const judgement of judged) {
    if (judgement.repeated.length === 0) continue;
    const shown = judgement.repeated
      .slice(0, 5)
      .map((r) => `${r.id} (first on ${r.firstOn})`)
      .join(', ');
    const more = judgement.repeated.length > 5 ? ` and ${judgement.repeated.length - 5} more` : '';
    judgement.level = hidden ? 'MUST' : 'SHOULD';
    judgement.message = `${judgement.page.label} repeats ${judgement.repeated.length} organization${judgement.repeated.length > 1 ? 's' : ''} of earlier pages: ${shown}${more}${
      hidden
        ? `; the walk ${how} with ${distinct} distinct organizations of the ${total} that total counts, so ${total! - distinct} can be reached by no page (§4.3: all matching records)`
        : ''
    }`;
  }
  return judged;
}

/**
 * ORG-TOTAL over a whole walk (the survey): when `total` means every match, a walk that reached its
 * end holds that many distinct organizations. Fewer is a total that counts records no page reaches.
 */
export function unreachedTotalProblem(pages: readonly WalkedPage[]): { page: WalkedPage; message: string } | undefined {
  const matches = matchCount(pages);
  const distinct = new Set(pages.flatMap((p) => p.ids)).size;
  if (matches === undefined || distinct >= matches) return undefined;
  return {
    page: pages[pages.length - 1],
    message: `total is ${matches} on every page, but the walk reached its end (${pages[pages.length - 1].label}) with ${distinct} distinct organizations: ${matches - distinct} that total counts are on no page (§2.5, §4.3: all matching records)`,
  };
}

/**
 * The organizations of the whole result that no page of an ended walk holds: the same search with
 * `Count=1000` answered fewer than 1000 entries and no next link, so it holds every match (§4.3: "a
 * bundle … holding all records available"). Only organizations that match the search count; an
 * answer that is not the whole result shows nothing. `reached`: every organization the walk's pages hold.
 */
export function missingFromWalk(
  whole: Exchange | undefined,
  reached: ReadonlySet<string>,
  query: Record<string, string>,
): { missing: string[]; matches: number } | undefined {
  if (!whole || !isBundle(whole) || hasNextLink(whole.body)) return undefined;
  if (organizationIds(whole.body).length >= MAX_COUNT) return undefined;
  const matching = matchingIds(whole.body, query);
  return { missing: matching.filter((id) => !reached.has(id)), matches: matching.length };
}

/** The message of a walk that leaves records of the whole result on no page. */
export function missingMessage(walk: string, reached: number, { missing, matches }: { missing: string[]; matches: number }): string {
  const shown = missing.slice(0, 5).join(', ');
  return `${walk} reached ${reached} distinct organizations; the same search with Count=${MAX_COUNT} holds ${matches} that match it, ${missing.length} of them on no page: ${shown}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''} (§4.3: a bundle holding all records available)`;
}
