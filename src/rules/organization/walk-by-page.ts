/**
 * A walk by `Page` alone (§4.3, §8: 25 a page), as one stateful rule. A driver asks for the page
 * `wanted` names, hands the answer to `add`, and goes on until `wanted` is undefined; `judgement`
 * then judges the walk whole: ORG-PAGE, ORG-TOTAL, ORG-PAGE-DISJOINT and what the walk observed.
 * Every driver walks so (the suite's walk of the multiPage probe, the survey's walks, whose pages
 * may be fetched ahead and in any order but are handed over in order, and a merge of shards), so
 * where a walk ends is decided here and nowhere else.
 *
 * Where it ends: after a page of 25, the next page; after a shorter page, the page past it too,
 * since only that page shows whether the short page was the last (organizations not seen before on
 * it mean it was not: ORG-PAGE, and the walk goes on). A page that answers no bundle, holds nothing,
 * or only repeats organizations of earlier pages is past the last page of matches: what it answers
 * is observed (OBS-PAGE-BEYOND-LAST, §4.3 does not show it), its repeats judged, and the walk is over.
 */
import type { AnswerLine, Exchange } from '../../client/exchange';
import { PROMISED, probeLabel } from '../../probes/promises';
import { PAGE_SIZE } from '../../spec/constants';
import { rootKind } from '../answers';
import { Judgement } from '../judgement';
import { isBundle, total } from './bundle';
import { hasNextLink, organizationIds } from './entries';
import { unmatchedIds } from './filters';
import {
  entryCount,
  judgeRepeats,
  matchCount,
  missingFromWalk,
  missingMessage,
  totalAcrossPagesProblem,
  unreachedTotalProblem,
  type WalkedPage,
} from './page-walk';

/** How a walk cut by its page budget says so, in the words of every skip it leaves (of kind walk-cut). */
export const CUT_SHORT = 'stopped at its page budget';

/** One page of the walk as the rule reads it: its number, whether it is a bundle, its organizations and total, and its answer. */
export interface PageOfWalk {
  page: number;
  /** A 2xx JSON object: a bundle. */
  bundle: boolean;
  /** The organization ids of its entries, in order ([] for no bundle). */
  ids: readonly string[];
  /** The entries it held, where `ids` lists only the first of them (the survey reads a page's first 1,000). */
  entries?: number;
  /** The bundle's `total`, whatever the service sent. */
  total: unknown;
  /** The bundle has a `next` link (page 1's, for the multiPage promise). */
  nextLink?: boolean;
  /** Ids of its organizations that match the walk's query under no reading (ORG-FILTERS' to judge): they show no missing match. */
  unmatched?: readonly string[];
  /** The page's answer, or its line alone where a driver holds summaries (the survey). */
  exchange: Exchange | AnswerLine;
  /** What kind of body it had, in words (`a JSON array`), where the driver holds the body. */
  kind?: string;
}

export interface PageWalkOptions {
  query: Record<string, string>;
  /** Pages the walk asks for at most, the page past the last one included; a walk cut there is partial, and says so. */
  maxPages: number;
  /** The query is the multiPage probe's (more than 25 match): a walk that shows fewer is a probe problem, not a finding. */
  promised?: boolean;
  /** What sets the budget, in words, for the skip: `MAX_PAGES=20`. */
  budget?: string;
  /** The budget is the driver's own bound, which no setting raises (the survey's): a cut walk asks for narrower searches. */
  fixedBudget?: true;
}

/**
 * What a driver asked besides the pages, once the walk ended: the same search with Count=1000 (the
 * whole result, when fewer match), and Page=0, which a service whose pages count from 0 answers with
 * its first page.
 */
export interface WalkCheckAnswers {
  whole?: Exchange;
  pageZero?: Exchange;
}

/** Whether a page shows by itself that more than `threshold` organizations match: it holds more, or its next link or total says so. */
function pageShowsMoreThan(page: Pick<PageOfWalk, 'bundle' | 'ids' | 'entries' | 'total' | 'nextLink'>, threshold: number): boolean {
  const entries = entryCount(page);
  const total = typeof page.total === 'number' ? page.total : undefined;
  const showsMore = page.nextLink === true || (total !== undefined && total > entries);
  return page.bundle && (entries > threshold || (showsMore && (threshold <= PAGE_SIZE || (total !== undefined && total > threshold))));
}

/** Page `page`'s answer to a search of `query` as the walk reads it. */
export function pageOfWalk(page: number, exchange: Exchange, query: Record<string, string>): PageOfWalk & { exchange: Exchange } {
  const bundle = isBundle(exchange);
  return {
    page,
    bundle,
    ids: bundle ? organizationIds(exchange.body) : [],
    total: bundle ? total(exchange) : undefined,
    nextLink: bundle && hasNextLink(exchange.body),
    unmatched: bundle ? unmatchedIds(exchange.body, query) : [],
    exchange,
    kind: rootKind(exchange),
  };
}

const label = (page: number) => `Page=${page}`;
const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** A page of a walk by Page as the rules over its pages read it (page-walk.ts), labelled `Page=N`. */
export const walkedPage = (p: PageOfWalk): WalkedPage => ({
  label: label(p.page),
  ids: p.ids,
  ...(p.entries !== undefined ? { entries: p.entries } : {}),
  total: p.total,
  exchange: p.exchange,
});

/**
 * Where a walk ends, for the walk as for a shard that asks only some of its pages: page 1 goes on
 * while it holds an organization; a later page, while it holds organizations that match the search
 * and are not among those met before (`seen`). A page of repeats, or of organizations the search did
 * not ask for (a filter dropped past page 1: ORG-FILTERS), is past the last page of matches.
 */
export function pageGoesOn(page: Pick<PageOfWalk, 'bundle' | 'ids' | 'unmatched'>, seen?: ReadonlySet<string>): boolean {
  if (!page.bundle) return false;
  if (seen === undefined) return page.ids.length > 0;
  const unmatched = new Set(page.unmatched ?? []);
  return page.ids.some((id) => !seen.has(id) && !unmatched.has(id));
}

export class PageWalk {
  /** The pages of matches, in order. */
  private readonly pages: PageOfWalk[] = [];
  /** The page past the last page of matches, once the walk met it. */
  private beyond: PageOfWalk | undefined;
  private readonly seen = new Set<string>();
  /** Page 1 answered no bundle: there is no walk to judge. */
  private noBundle: PageOfWalk | undefined;
  private over = false;
  private cut = false;
  /**
   * The walk ended on a page of organizations the search did not ask for (ORG-FILTERS'): the service
   * left the search, so where its matches end is unknown, and neither total nor repeats are held to it.
   */
  private strayed = false;

  constructor(private readonly options: PageWalkOptions) {}

  /** The page to ask for next; undefined once the walk is over. */
  get wanted(): number | undefined {
    return this.over ? undefined : this.pages.length + (this.beyond ? 1 : 0) + 1;
  }

  /** The walk reached its end by itself: not cut by the budget, not left unfinished. */
  get ended(): boolean {
    return this.over && !this.cut;
  }

  /** Hands over the page `wanted` named. */
  add(page: PageOfWalk): this {
    if (page.page !== this.wanted) throw new Error(`harness bug: the walk wanted page ${this.wanted}, and was given page ${page.page}`);
    if (page.page === 1) {
      if (!page.bundle) this.noBundle = page;
      else this.keep(page);
      this.over = !pageGoesOn(page);
    } else if (!pageGoesOn(page, this.seen)) {
      this.beyond = page;
      this.over = true;
      this.strayed = page.bundle && page.ids.some((id) => !this.seen.has(id));
    } else this.keep(page);
    if (!this.over && page.page >= this.options.maxPages) this.over = this.cut = true;
    return this;
  }

  private keep(page: PageOfWalk): void {
    this.pages.push(page);
    for (const id of page.ids) this.seen.add(id);
  }

  /** The walk judged whole, as far as it went; with the whole result in hand (`checks`), against every record of it. */
  judgement(checks: WalkCheckAnswers = {}): Judgement {
    const judgement = new Judgement();
    const { query, promised } = this.options;
    if (this.noBundle) {
      // A query promised to match answers with something else than a bundle; any other query's no-match answer is not shown (§4.3 r2).
      if (promised)
        judgement.check(
          'ORG-PAGE',
          false,
          `Page=1 answered ${this.noBundle.exchange.status}${this.noBundle.kind ? ` with ${this.noBundle.kind}` : ''}, not a bundle (§2.5)`,
          { exchange: this.noBundle.exchange },
        );
      return judgement;
    }
    const [first] = this.pages;
    // The promise holds where the search whole (Count=1000) holds more than a page: a walk that saw no more hides them.
    const wholeResult = missingFromWalk(checks.whole, this.seen, query);
    const wholeShowsMore = (wholeResult?.matches ?? 0) > PAGE_SIZE;
    if (promised && this.ended && this.seen.size <= PAGE_SIZE && !pageShowsMoreThan(first, PAGE_SIZE) && !wholeShowsMore) {
      const shown = this.beyond ?? first;
      return judgement.probeProblem(
        {
          probe: probeLabel('organization.multiPage', query),
          promised: PROMISED.multiPage,
          observed: `the walk by Page ended on ${label(shown.page)} with ${counted(this.seen.size, 'organization')} (Page=1: ${counted(entryCount(first), 'entry', 'entries')}, total ${JSON.stringify(first.total)}, ${first.nextLink ? 'a' : 'no'} next link)`,
        },
        shown.exchange,
      );
    }
    this.observeTotal(judgement, first);
    for (const [index, page] of this.pages.entries()) {
      const entries = entryCount(page);
      // The last page of matches may be short; only an ended walk knows which page that is.
      const last = index === this.pages.length - 1 && this.ended;
      if (index === this.pages.length - 1 && !this.ended && entries <= PAGE_SIZE) continue;
      judgement.check(
        'ORG-PAGE',
        entries <= PAGE_SIZE && (last || entries === PAGE_SIZE),
        () =>
          entries > PAGE_SIZE
            ? `${label(page.page)} returned ${entries} entries; Page alone gives at most ${PAGE_SIZE} (§8)`
            : `${label(page.page)} returned ${entries} entries, yet ${label(this.pages[index + 1]?.page ?? page.page + 1)} holds matching organizations not seen before: pages before the last hold ${PAGE_SIZE} (§8)`,
        { exchange: page.exchange, pointer: '/entry' },
      );
    }
    const pages = this.pages.map(walkedPage);
    const across = pages.length > 1 ? totalAcrossPagesProblem(pages) : undefined;
    const unreached = across ?? (this.ended && !this.strayed ? unreachedTotalProblem(pages) : undefined);
    judgement.check('ORG-TOTAL', !unreached, () => unreached!.message, { exchange: unreached?.page.exchange, pointer: '/total' });
    const withBeyond = this.beyond ? [...pages, walkedPage(this.beyond)] : pages;
    // How many match: total, where it can mean every match, and the whole result (Count=1000), where it holds every
    // match: the more of the two (a total that counts the page may read as every match, and say less).
    const whole = this.ended && !this.strayed ? wholeResult : undefined;
    const matching = Math.max(matchCount(pages) ?? 0, whole?.matches ?? 0);
    const walkEnd = { ended: this.ended && !this.strayed, pageSize: PAGE_SIZE, matches: matching > 0 ? matching : undefined };
    for (const { page, message, level } of judgeRepeats(withBeyond, walkEnd))
      judgement.check('ORG-PAGE-DISJOINT', level === undefined, () => message!, { exchange: page.exchange, pointer: '/entry' }, level);
    if (this.beyond) this.observeBeyond(judgement, this.beyond);
    if (this.ended && !this.strayed) this.judgeWhole(judgement, checks);
    if (this.cut) {
      const budget = this.options.budget ?? `${this.options.maxPages} pages`;
      const fits = PAGE_SIZE * (this.options.maxPages - 1);
      const fixed = this.options.fixedBudget;
      const advice = fixed
        ? `walk narrower searches, which match at most ${PAGE_SIZE * this.options.maxPages} organizations each`
        : fits > PAGE_SIZE
          ? `choose a query that matches ${PAGE_SIZE + 1}–${fits} organizations, or raise the budget`
          : 'raise the budget';
      const text = `the walk of ${JSON.stringify(query)} ${CUT_SHORT} (${budget}) before its end; later pages were not checked: ${advice}`;
      const reason = { kind: 'walk-cut' as const, budget, text, ...(fixed ? { fixed } : {}) };
      for (const id of ['ORG-PAGE', 'ORG-TOTAL', 'ORG-PAGE-DISJOINT'] as const) judgement.skip(id, reason);
      judgement.unobserved('OBS-PAGE-BEYOND-LAST', text);
    }
    return judgement;
  }

  /**
   * ORG-PAGE over an ended walk: every organization of the whole result is on some page. A service
   * whose pages count from 0 holds its first page at Page=0: those organizations are reached too.
   */
  private judgeWhole(judgement: Judgement, { whole, pageZero }: WalkCheckAnswers): void {
    const reached = new Set(this.seen);
    if (pageZero && isBundle(pageZero)) for (const id of organizationIds(pageZero.body)) reached.add(id);
    const found = missingFromWalk(whole, reached, this.options.query);
    if (!found) return;
    const last = this.pages[this.pages.length - 1];
    judgement.check(
      'ORG-PAGE',
      found.missing.length === 0,
      () => missingMessage(`the walk by Page, ended on ${label((this.beyond ?? last).page)},`, reached.size, found),
      { exchange: whole, pointer: '/entry' },
    );
  }

  /** OBS-TOTAL-ACROSS-PAGES (§4.3 r4 does not show it): what page 1's total counts, where more than one page exists. */
  private observeTotal(judgement: Judgement, first: PageOfWalk): void {
    const { total } = first;
    const entries = entryCount(first);
    if (this.pages.length < 2 && !(typeof total === 'number' && total > entries)) return;
    // The reading as a field of its own: what a later run compares (observedBehaviour), never read back from words.
    judgement.observe(
      'OBS-TOTAL-ACROSS-PAGES',
      typeof total !== 'number' ? { total } : { meaning: total > entries ? 'all matches' : "the page's count", total, page1: entries },
    );
  }

  /** OBS-PAGE-BEYOND-LAST: what the page past the last page of matches answered. */
  private observeBeyond(judgement: Judgement, beyond: PageOfWalk): void {
    const lastIds = this.pages[this.pages.length - 1].ids;
    const outcome = !beyond.bundle
      ? beyond.exchange.status >= 200 && beyond.exchange.status < 300
        ? 'not a bundle'
        : 'an error'
      : beyond.ids.length === 0
        ? 'an empty bundle'
        : beyond.ids.join('\n') === lastIds.join('\n')
          ? 'the last page again'
          : 'organizations of earlier pages';
    judgement.observe('OBS-PAGE-BEYOND-LAST', {
      page: label(beyond.page),
      status: beyond.exchange.status,
      outcome,
      entries: entryCount(beyond),
    });
  }
}

/**
 * A walk by Page of `options.query`, one page at a time: `fetch` asks for the page the rule wants (a
 * driver's request; the rule sends none), and the walk goes on until the rule wants no more. The
 * pages, in order, for the rulebook's 'page-walk' to judge.
 */
export async function walkByPage(
  options: PageWalkOptions,
  fetch: (page: number) => Promise<Exchange>,
): Promise<(PageOfWalk & { exchange: Exchange })[]> {
  const walk = new PageWalk(options);
  const pages: (PageOfWalk & { exchange: Exchange })[] = [];
  for (let page = walk.wanted; page !== undefined; page = walk.wanted) {
    pages.push(pageOfWalk(page, await fetch(page), options.query));
    walk.add(pages[pages.length - 1]);
  }
  return pages;
}

/** A walk's pages replayed into the rule, as far as it wants them: the judgement a driver that fed them one by one gets. */
export function replayPageWalk(options: PageWalkOptions, pages: readonly PageOfWalk[]): PageWalk {
  const walk = new PageWalk(options);
  const byNumber = new Map(pages.map((p) => [p.page, p]));
  for (let wanted = walk.wanted; wanted !== undefined && byNumber.has(wanted); wanted = walk.wanted) walk.add(byNumber.get(wanted)!);
  return walk;
}
