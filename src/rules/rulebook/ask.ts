/**
 * How a subject is met: the requests it makes, in order, through the `ask` a driver supplies, and
 * the subject its rules then take (provider-plans.ts, organization-plans.ts). Every driver that
 * meets a subject (the suite, `probes check`, the survey, the draft) asks through its plan, so that
 * the requests of a subject exist once and two drivers cannot come to ask them differently.
 */
import type { Exchange } from '../../client/exchange';
import type { EveryByteEncoded } from '../../client/http-client';
import type { PreconditionReason } from '../../types/schemas';
import type { EquivalentRequests } from '../equivalent-requests';

export type Query = Record<string, string>;

/** A query as a plan asks it: its parameters, or the same with every byte percent-encoded (equivalent-requests.ts). */
export type AskedQuery = Query | EveryByteEncoded;

/** What a driver supplies: each endpoint asked at its pace, recorded its way. */
export interface Ask {
  searchSingleBest(query: AskedQuery): Promise<Exchange>;
  organizations(query: AskedQuery): Promise<Exchange>;
  sourceRecords(curatedId: string): Promise<Exchange>;
}

/** OBS-PARAM-CASE: a query, then the same with its parameter names in another case (`rename`), through one endpoint's `ask`. */
export async function askInAnotherCase(
  ask: (query: Query) => Promise<Exchange>,
  query: Query,
  rename: (name: string) => string,
): Promise<{ base: Exchange; other: Exchange; sent: string }> {
  const renamed = Object.fromEntries(Object.entries(query).map(([name, value]) => [rename(name), value]));
  const base = await ask(query);
  return { base, other: await ask(renamed), sent: Object.keys(renamed).join(', ') };
}

/**
 * SB-EQUIVALENT-QUERY, ORG-EQUIVALENT-QUERY: a query, the same in forms equivalent to it (its
 * parameters in reverse order, where it has two or more; every byte percent-encoded), and the query
 * again, through one endpoint's `ask`.
 */
export async function askEquivalents(ask: (query: AskedQuery) => Promise<Exchange>, query: Query): Promise<EquivalentRequests> {
  const base = await ask(query);
  const names = Object.keys(query);
  const forms: EquivalentRequests['forms'][number][] = [];
  if (names.length > 1)
    forms.push({
      how: `with its parameters in reverse order (${names.reverse().join(', ')})`,
      exchange: await ask(Object.fromEntries(Object.entries(query).reverse())),
    });
  forms.push({ how: 'with every byte of its names and values percent-encoded', exchange: await ask({ everyByteEncoded: query }) });
  return { base, forms, again: await ask(query) };
}

/** A link the driver did not follow, and why: it leads off the base URL's origin, where credentials never go. */
export interface Refused {
  refused: { origin: string; message: string };
}

/** What a walk by next links asks besides: each link followed, or refused. */
export interface FollowAsk {
  follow(link: string): Promise<Exchange | Refused>;
}

/** A subject a plan did not meet, and why: its first answer did not hold what the rest of it needs. */
export interface Unmet {
  unmet: PreconditionReason;
}
