/**
 * A walk by `next` links (§2.5, FHIR R4 paging), as one stateful rule. A driver hands it the first
 * bundle, follows the link `wanted` names, hands each answer to `add`, and goes on until `wanted` is
 * undefined; a link to another origin is never followed (credentials stay on the base URL's origin),
 * and the driver says so with `refused`. `judgement` then judges the walk whole: every page a bundle
 * of the same search (ORG-NEXT-LINK), one meaning of total (ORG-TOTAL), no repeats that leave records
 * unreached, and where the links lead (OBS-CROSS-ORIGIN-LINK). The suite follows every link of a
 * search with Count; the survey follows page 1's link of each walk once (a budget of two pages).
 */
import type { Exchange } from '../../client/exchange';
import { Judgement } from '../judgement';
import { answeredBundle, isBundle, total } from './bundle';
import { nextLink, organizationIds } from './entries';
import { filterProblems, unmatchedIds } from './filters';
import { CUT_SHORT } from './walk-by-page';
import { judgeRepeats, matchCount, missingFromWalk, missingMessage, totalAcrossPagesProblem, type WalkedPage } from './page-walk';

export interface NextWalkOptions {
  query: Record<string, string>;
  /** The Count the search asked for, when it did: no page may hold more. Without it the first page's size is the service's own. */
  count?: number;
  /** Pages the walk takes at most, the first included; a walk cut there is partial, and says so. */
  maxPages: number;
  /** What sets the budget, in words, for the skip: `MAX_PAGES=20`. */
  budget?: string;
  /**
   * The driver follows only as far as `maxPages` by design (the survey: page 1's link, once, its
   * walk judged by Page): stopping there leaves nothing of ORG-NEXT-LINK it set out to judge.
   */
  bounded?: true;
}

/** Why a walk by next links stopped before a bundle without one, when it did. */
type NextWalkStop =
  | { kind: 'max-pages' }
  /** A link already followed: the links loop, and the walk has reached all it can. */
  | { kind: 'loop' }
  /** A link to another origin, never followed: credentials stay on the base URL's origin. */
  | { kind: 'foreign'; origin: string; message: string };

/** A link as an absolute URL, resolved against the page that gave it, to tell a link followed before. */
function target(link: string, from: Exchange): string {
  try {
    return new URL(link, from.url).href;
  } catch {
    return link;
  }
}

export class NextWalk {
  private readonly answers: Exchange[] = [];
  private readonly followed = new Set<string>();
  private stop: NextWalkStop | undefined;
  private over = false;

  constructor(private readonly options: NextWalkOptions) {}

  /** The page budget, in words. */
  private get budget(): string {
    return this.options.budget ?? `${this.options.maxPages} pages`;
  }

  /** The link to follow next, as the last bundle gave it; undefined once the walk is over. */
  get wanted(): string | undefined {
    if (this.over) return undefined;
    const last = this.answers.at(-1);
    return last ? nextLink(last.body) : undefined;
  }

  /** Hands over the first bundle, then the answer to each link `wanted` named. */
  add(exchange: Exchange): this {
    this.answers.push(exchange);
    const link = isBundle(exchange) ? nextLink(exchange.body) : undefined;
    if (!link) this.over = true;
    else if (this.followed.has(target(link, exchange))) this.end({ kind: 'loop' });
    else if (this.answers.length >= this.options.maxPages) this.end({ kind: 'max-pages' });
    else this.followed.add(target(link, exchange));
    return this;
  }

  /** The link `wanted` named leads to another origin, and is not followed. */
  refused(origin: string, message: string): this {
    return this.end({ kind: 'foreign', origin, message });
  }

  private end(stop: NextWalkStop): this {
    this.stop = stop;
    this.over = true;
    return this;
  }

  /** How the walk's asking of `query` reads in a message: the search, and its Count. */
  private get asked(): string {
    const { query, count } = this.options;
    return `${JSON.stringify(query)}${count === undefined ? '' : ` with Count=${count}`}`;
  }

  /** The walk judged whole, as far as it went; with the same search's Count=1000 answer (`whole`), against every record of it. */
  judgement(whole?: Exchange): Judgement {
    const judgement = new Judgement();
    const [first] = this.answers;
    if (!isBundle(first))
      return judgement.skip('ORG-NEXT-LINK', {
        kind: 'answer-unjudgeable',
        status: first.status,
        see: 'ORG-BUNDLE-SHAPE',
        text: `the first answer of ${this.asked} is no bundle (${first.status}): there is no link to follow`,
      });
    // A link without a URL leads nowhere, as no link does. §2.5 requires no next link: not applicable, never a gap.
    if (!nextLink(first.body))
      return judgement.skip('ORG-NEXT-LINK', {
        kind: 'not-applicable',
        condition: 'next-link',
        text: `the first bundle of ${this.asked} has no next link: there is nothing to follow (§2.5 names no relation but self)`,
      });
    if (this.answers.length > 1) judgement.observe('OBS-CROSS-ORIGIN-LINK', { nextLinks: "on the base URL's origin" });
    const pages = this.judgeFollowed(judgement);
    if (!pages || !this.judgeStop(judgement)) return judgement;
    this.judgeReach(judgement, pages, whole);
    return judgement;
  }

  /** Each page a link led to: a bundle of the same search, as large as page 1 (or, the last, no larger); undefined where one was no bundle. */
  private judgeFollowed(judgement: Judgement): WalkedPage[] | undefined {
    const { query, count } = this.options;
    const [first, ...followed] = this.answers;
    const size = organizationIds(first.body).length;
    // Organizations that match the search under no reading are the link's doing only when page 1 holds none.
    const firstMatches = unmatchedIds(first.body, query).length === 0;
    const pages: WalkedPage[] = [{ label: 'page 1', ids: organizationIds(first.body), total: total(first), exchange: first }];
    for (const [index, exchange] of followed.entries()) {
      const page = index + 2;
      if (!answeredBundle(judgement, 'ORG-NEXT-LINK', exchange, `following the next link of page ${page - 1}`)) return undefined;
      const bundle = exchange.body;
      const ids = organizationIds(bundle);
      // Entries that match under no reading show the link dropped the search; near misses are ORG-FILTERS' to judge.
      if (firstMatches)
        judgement.problems(
          'ORG-NEXT-LINK',
          filterProblems(bundle, query).filter((p) => p.level === 'MUST'),
          exchange,
          `page ${page}, reached by next, holds organizations that do not match ${JSON.stringify(query)}, though page 1 holds none: the link does not continue the same search`,
        );
      pages.push({ label: `page ${page} (reached by next)`, ids, total: total(exchange), exchange });
      const link = nextLink(bundle);
      const larger = count !== undefined && ids.length > count;
      const sizeOk = link ? ids.length === size : ids.length <= size;
      judgement.check(
        'ORG-NEXT-LINK',
        !larger && sizeOk,
        () =>
          larger
            ? `page ${page}, reached by next, holds ${ids.length} entries, more than the Count=${count} the search asked for (§4.3): the link does not continue the same search`
            : `page ${page}, reached by next, holds ${ids.length} entries; the first page held ${size} (${this.asked}), and ${link ? 'every page before the last holds as many' : 'the last holds at most as many'}`,
        { exchange, pointer: '/entry' },
        larger ? 'MUST' : 'SHOULD',
      );
    }
    return pages;
  }

  /** Why the walk stopped, where that leaves it unjudged: a link to another origin (false: nothing more to judge), or the page budget. */
  private judgeStop(judgement: Judgement): boolean {
    const { stop } = this;
    if (stop?.kind === 'foreign') {
      judgement.observe('OBS-CROSS-ORIGIN-LINK', { nextLinks: 'on another origin', origin: stop.origin, page: this.answers.length });
      judgement.skip('ORG-NEXT-LINK', {
        kind: 'foreign-origin',
        origin: stop.origin,
        text: `the next link of page ${this.answers.length} is not followed: ${stop.message}, and credentials never leave it`,
      });
      return false;
    }
    if (stop?.kind === 'max-pages' && !this.options.bounded)
      judgement.skip('ORG-NEXT-LINK', {
        kind: 'walk-cut',
        budget: this.budget,
        text: `the walk ${CUT_SHORT} (${this.budget}); the rest of the links were not followed`,
      });
    return true;
  }

  /** What the pages the links reached hold together: one total, no repeats, every match (as total counts, and as `whole` holds them). */
  private judgeReach(judgement: Judgement, pages: readonly WalkedPage[], whole: Exchange | undefined): void {
    const { stop } = this;
    const size = pages[0].ids.length;
    const ended = stop === undefined || stop.kind === 'loop';
    const counted = pages.filter((p, i) => i === 0 || p.ids.length > 0);
    if (counted.length > 1) {
      const problem = totalAcrossPagesProblem(counted);
      judgement.check('ORG-TOTAL', !problem, () => problem!.message, { exchange: problem?.page.exchange, pointer: '/total' });
    }
    const matches = matchCount(counted);
    for (const { page, message, level } of judgeRepeats(pages, { ended, pageSize: size, matches }))
      judgement.check('ORG-NEXT-LINK', level === undefined, () => message!, { exchange: page.exchange }, level);
    // Links that skip pages repeat nothing: the walk that ended short of what total counts shows them.
    const distinct = new Set(pages.flatMap((p) => p.ids)).size;
    const last = pages[pages.length - 1];
    if (ended && matches !== undefined)
      judgement.check(
        'ORG-NEXT-LINK',
        distinct >= matches,
        () =>
          `following next from page 1 ended on ${last.label} with ${distinct} distinct organizations, though total is ${matches} on every page: ${matches - distinct} are on no page the links reach (§2.5, §4.3: all matching records)`,
        { exchange: last.exchange, pointer: '/entry' },
      );
    const reached = new Set(pages.flatMap((p) => p.ids));
    const found = ended ? missingFromWalk(whole, reached, this.options.query) : undefined;
    if (found)
      judgement.check(
        'ORG-NEXT-LINK',
        found.missing.length === 0,
        () => missingMessage(`following next from page 1 of ${this.asked}, to ${last.label},`, reached.size, found),
        { exchange: whole, pointer: '/entry' },
      );
  }
}

/** A walk's answers replayed into the rule: the first bundle, then the answers to its links, in order. */
export function replayNextWalk(
  options: NextWalkOptions,
  answers: readonly Exchange[],
  refused?: { origin: string; message: string },
): NextWalk {
  const walk = new NextWalk(options);
  for (const answer of answers) walk.add(answer);
  return refused ? walk.refused(refused.origin, refused.message) : walk;
}
