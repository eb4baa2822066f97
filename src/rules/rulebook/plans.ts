/**
 * How a subject is met: the requests it makes, in order, through the `ask` a driver supplies, and
 * the subject its rules then take. Every driver that meets one of these subjects (the suite,
 * `probes check`, the survey, the draft) asks through its plan, so that the requests of a subject
 * exist once and two drivers cannot come to ask them differently.
 */
import type { Exchange } from '../../client/exchange';
import { wholeSearch } from '../organization/paging';
import { besideOwnState } from '../provider';
import { nameSearches } from '../provider-findability';
import { ambiguityNeedsNarrowing, dashed, dashedName } from '../search-single-best';
import type { PreconditionReason } from '../../types/schemas';
import { isBundle } from '../organization/bundle';
import { entriesOf } from '../organization/entries';
import { serviceText } from '../service-text';
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

/** A subject a plan did not meet, and why: its first answer did not hold what the rest of it needs. */
export interface Unmet {
  unmet: PreconditionReason;
}

/**
 * OBS-VALUE-CASE, OBS-VALUE-WHITESPACE (§4.3): an organization search, then its name in lower case
 * and with surrounding spaces; unmet where the search itself answers no organization, since its
 * other forms then have nothing to be compared with.
 */
export async function meetOrganizationValueForms(
  ask: Pick<Ask, 'organizations'>,
  query: Query & { name: string },
): Promise<Subjects['organization-value-forms'] | Unmet> {
  const { name } = query;
  const base = await ask.organizations(query);
  if (!isBundle(base) || entriesOf(base.body).length === 0)
    return {
      unmet: {
        kind: 'precondition',
        text: `name=${serviceText(name)} answered no organization: its other forms have nothing to be compared with`,
      },
    };
  const lower = await ask.organizations({ ...query, name: name.toLowerCase() });
  const spaced = await ask.organizations({ ...query, name: `  ${name}  ` });
  return { base, lower: { sent: `name=${name.toLowerCase()}`, exchange: lower }, spaced: { sent: `name="  ${name}  "`, exchange: spaced } };
}
