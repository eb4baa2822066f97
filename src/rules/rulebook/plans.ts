/**
 * How a subject is met: the requests it makes, in order, through the `ask` a driver supplies, and
 * the subject its rules then take. Every driver that meets one of these subjects (the suite,
 * `probes check`, the survey, the draft) asks through its plan, so that the requests of a subject
 * exist once and two drivers cannot come to ask them differently.
 */
import type { Exchange } from '../../client/exchange';
import { wholeSearch } from '../organization/paging';
import { ambiguityNeedsNarrowing, dashed } from '../search-single-best';
import type { Subjects } from './subjects';

type Query = Record<string, string>;

/** What a driver supplies: each endpoint asked at its pace, recorded its way. */
export interface Ask {
  searchSingleBest(query: Query): Promise<Exchange>;
  organizations(query: Query): Promise<Exchange>;
}

/** §4.3: a tenant that searches by status: the search whole with active=true, then with active=false. */
export async function meetStatusSearch(ask: Pick<Ask, 'organizations'>, probe: string, query: Query): Promise<Subjects['status-search']> {
  const searches: { active: boolean; exchange: Exchange }[] = [];
  for (const active of [true, false])
    searches.push({ active, exchange: await ask.organizations({ ...wholeSearch(query), active: String(active) }) });
  return { probe, searches };
}

/** §4.1 r4: a query that matches several providers; then, where its answer needs it, the query narrowed. */
export async function meetAmbiguousSearch(
  ask: Pick<Ask, 'searchSingleBest'>,
  probe: string,
  query: Query,
  narrowedBy: Query,
): Promise<Subjects['ambiguous-search']> {
  const exchange = await ask.searchSingleBest(query);
  const narrowed = ambiguityNeedsNarrowing(exchange) ? await ask.searchSingleBest({ ...query, ...narrowedBy }) : undefined;
  return { probe, narrowedBy, exchange, ...(narrowed ? { narrowed } : {}) };
}

/** §4.1 r4 and r1: the ambiguous query narrowed by plain parameters, then by optional (dashed) ones. */
export async function meetNarrowedSearch(
  ask: Pick<Ask, 'searchSingleBest'>,
  probe: string,
  query: Query,
  narrowedBy: Query,
): Promise<Subjects['narrowed-search']> {
  const plain = await ask.searchSingleBest({ ...query, ...narrowedBy });
  const optional = await ask.searchSingleBest({ ...query, ...dashed(narrowedBy) });
  return { probe, query, narrowedBy, plain, dashed: optional };
}
