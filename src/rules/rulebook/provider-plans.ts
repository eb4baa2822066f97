/** The plans of the §4.1 subjects (ask.ts says what a plan is). */
import type { Exchange } from '../../client/exchange';
import { recordOf } from '../answers';
import { besideOwnState, ownParameterValues } from '../provider';
import { askedInTurn } from '../asked-in-turn';
import { demographicSearch, nameSearches, nextDemographicRequest } from '../provider-findability';
import { ambiguityNeedsNarrowing, dashed, dashedName } from '../search-single-best';
import { type Ask, askEquivalents, askInAnotherCase, type Query, type Unmet } from './ask';
import type { Subjects } from './subjects';

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

/** §4.1 r1–r2: a query that finds record `recordId`, with one parameter more, dashed, of a value no provider has. */
export async function meetOptionalParameter(
  ask: Pick<Ask, 'searchSingleBest'>,
  base: Query,
  recordId: string,
  [parameter, value]: readonly [string, string],
): Promise<Subjects['optional-parameter']> {
  return { parameter, value, recordId, exchange: await ask.searchSingleBest({ ...base, [dashedName(parameter)]: value }) };
}

/** §4.1 r3–r4: a query that finds record `recordId`, with one plain parameter more, of the record's own value. */
export async function meetOwnValueNarrowing(
  ask: Pick<Ask, 'searchSingleBest'>,
  base: Query,
  recordId: string,
  [parameter, value]: readonly [string, string],
): Promise<Subjects['own-value-narrowing']> {
  return { recordId, parameter, value, exchange: await ask.searchSingleBest({ ...base, [parameter]: value }) };
}

/**
 * §4.1 r2, r5: a query that finds record `record`, beside the record's own State (so that a
 * parameter a service ignores only when a state is given shows too), with each of `unmatchable` in
 * turn, plain; `last`, the answer to name where the sweep asked nothing.
 */
export async function meetParameterSweep(
  ask: Pick<Ask, 'searchSingleBest'>,
  base: Query,
  record: { id: string; data: Record<string, unknown> },
  unmatchable: readonly (readonly [string, string])[],
  last: Exchange,
): Promise<Subjects['parameter-sweep']> {
  const query = besideOwnState(base, record.data);
  const sweep = [];
  for (const [parameter, value] of unmatchable)
    sweep.push({ parameter, value, exchange: await ask.searchSingleBest({ ...query, [parameter]: value }) });
  return { query, recordId: record.id, sweep, last: sweep.at(-1)?.exchange ?? last };
}

/**
 * §4.1 r4: a record's own values without its NPI, read for another record that holds them too
 * (SB-AMBIGUOUS): each of its name searches (nameSearches) as one request.
 */
export async function meetNameSearches(
  ask: Pick<Ask, 'searchSingleBest'>,
  record: { id: string; data: Record<string, unknown> },
): Promise<Subjects['shared-demographics'][]> {
  const met: Subjects['shared-demographics'][] = [];
  for (const search of nameSearches(record.data))
    met.push({ recordId: record.id, search, answers: [await ask.searchSingleBest(search.query)] });
  return met;
}

/** OBS-PARAM-CASE (§4.1): a unique query, then the same with its parameter names in lower case. */
export async function meetSingleBestParamCase(
  ask: Pick<Ask, 'searchSingleBest'>,
  query: Query,
): Promise<Subjects['single-best-param-case']> {
  return askInAnotherCase(
    (q) => ask.searchSingleBest(q),
    query,
    (name) => name.toLowerCase(),
  );
}

/** OBS-VALUE-CASE, OBS-VALUE-WHITESPACE (§4.1 r5): a query that found record `recordId`, its values in lower case, then with surrounding spaces. */
export async function meetSingleBestValueForms(
  ask: Pick<Ask, 'searchSingleBest'>,
  recordId: string,
  query: Query,
): Promise<Subjects['single-best-value-forms']> {
  const rewritten = (change: (value: string) => string) => Object.fromEntries(Object.entries(query).map(([k, v]) => [k, change(v)]));
  const lower = rewritten((v) => v.toLowerCase());
  const lowerExchange = await ask.searchSingleBest(lower);
  const spaced = rewritten((v) => `  ${v}  `);
  const spacedExchange = await ask.searchSingleBest(spaced);
  return { recordId, lower: { query: lower, exchange: lowerExchange }, spaced: { query: spaced, exchange: spacedExchange } };
}

/**
 * §4.1 r1–r4 from a record's own NPI: the NPI alone must answer the record (else unmet, a typed
 * precondition: the record a probe found is not its NPI's answer), then with each of `dashedBy`
 * dashed (SB-OPTIONAL-DASH) and each of `narrowedBy`, the record's own values, plain (SB-NARROWING).
 */
export async function meetByOwnNpi(
  ask: Pick<Ask, 'searchSingleBest'>,
  record: { id: string; data: Record<string, unknown> },
  { dashedBy, narrowedBy }: { dashedBy: readonly (readonly [string, string])[]; narrowedBy: readonly (readonly [string, string])[] },
): Promise<{ optional: Subjects['optional-parameter'][]; narrowing: Subjects['own-value-narrowing'][] } | Unmet> {
  const { NPI } = ownParameterValues(record.data);
  const found = NPI === undefined ? undefined : recordOf(await ask.searchSingleBest({ NPI }));
  if (NPI === undefined || found?.id !== record.id)
    return {
      unmet: { kind: 'precondition', text: `the record ${record.id} found by a unique probe is not the answer to its own NPI alone` },
    };
  const base = { NPI };
  const optional = [];
  for (const unmatchable of dashedBy) optional.push(await meetOptionalParameter(ask, base, record.id, unmatchable));
  const narrowing = [];
  for (const own of narrowedBy) narrowing.push(await meetOwnValueNarrowing(ask, base, record.id, own));
  return { optional, narrowing };
}

/**
 * SB-FINDABLE (§4.1 r1, r4–r5): a record's first and last name and state, without its NPI, narrowed
 * by its own city, then its zip, while the service answers the ambiguity text (the rule says which
 * request comes next); unmet for a record without a first and last name or a state.
 */
export async function meetDemographicSearch(
  ask: Pick<Ask, 'searchSingleBest'>,
  record: { id: string; data: Record<string, unknown> },
): Promise<Subjects['demographic-search'] | Unmet> {
  const search = demographicSearch(record.data);
  if (!search) return { unmet: { kind: 'precondition', text: `the record ${record.id} has no first and last name or no state` } };
  const answers = await askedInTurn(
    (asked) => nextDemographicRequest(search, asked),
    (query) => ask.searchSingleBest(query),
  );
  return { recordId: record.id, search, answers };
}

/** SB-EQUIVALENT-QUERY (§4.1 r3–r4): a query, in forms equivalent to it, and again. */
export async function meetSingleBestEquivalents(
  ask: Pick<Ask, 'searchSingleBest'>,
  query: Query,
): Promise<Subjects['single-best-equivalents']> {
  return askEquivalents((q) => ask.searchSingleBest(q), query);
}
