/**
 * How a subject is met: the requests it makes, in order, through the `ask` a driver supplies, and
 * the subject its rules then take (provider-plans.ts, organization-plans.ts). Every driver that
 * meets a subject (the suite, `probes check`, the survey, the draft) asks through its plan, so that
 * the requests of a subject exist once and two drivers cannot come to ask them differently.
 */
import type { Exchange } from '../../client/exchange';
import type { PreconditionReason } from '../../types/schemas';

export type Query = Record<string, string>;

/** What a driver supplies: each endpoint asked at its pace, recorded its way. */
export interface Ask {
  searchSingleBest(query: Query): Promise<Exchange>;
  organizations(query: Query): Promise<Exchange>;
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
