/**
 * ORG-FINDABLE: every answer is evidence. An organization the run has seen carries values (an
 * identifier, a phone, a postal code, a city in a state, a name), and a search by each of them must
 * return it (§4.3: "return all organization records matching the query parameters"). Not found is
 * the service's finding, never the probe's. Which request comes next, and when the search has shown
 * enough, is decided here, so that every driver that searches an organization by its own values
 * asks the same requests and stops at the same place.
 */
import type { Exchange } from '../../client/exchange';
import { requestLine } from '../../client/exchange';
import { MAX_COUNT, PAGE_SIZE } from '../../spec/constants';
import { rootKind } from '../answers';
import { Judgement } from '../judgement';
import { type JsonObject as Json, textOf as text } from '../json';
import { isBundle, total } from './bundle';
import { entriesOf, hasNextLink, organizationIds, resourceOf } from './entries';
import { wholeSearch } from './paging';
import { ORGANIZATION_PARAMETERS, parameterOf } from './parameters';

type Query = Record<string, string>;

/** A search by values an organization carries: the §4.3 parameters it fills, in words, and the query as sent. */
export interface OwnValueSearch {
  /** `identifier`, `phone`, `address-postalcode`, `address-city+address-state`, `name`: what a rate per parameter counts. */
  parameter: string;
  query: Query;
  /** The organization's own `address-state`, to narrow by when more organizations match than one answer holds. */
  narrowBy?: Query;
}

/**
 * The searches an organization's own values make, each parameter's as the parameter table reads
 * them (parameters.ts), in its order. Each but one by state may be narrowed by the organization's
 * own state, that of its first address naming one.
 */
export function ownValueSearches(resource: unknown): OwnValueSearch[] {
  const organization = (resource ?? {}) as Json;
  const state = parameterOf('address-state')
    ?.fields(organization)
    .find((v) => v !== '');
  return ORGANIZATION_PARAMETERS.flatMap(([, row]) =>
    row.ownSearches(organization).map((query): OwnValueSearch => {
      const parameter = Object.keys(query).join('+');
      return state === undefined || query['address-state'] !== undefined
        ? { parameter, query }
        : { parameter, query, narrowBy: { 'address-state': state } };
    }),
  );
}

/** The organization an entry holds, for a search by its own values: its id and resource. */
export function organizationOfEntry(entry: unknown): { id: string; resource: unknown } {
  const resource = resourceOf(entry as never);
  return { id: text((resource as Record<string, unknown>).id), resource };
}

/**
 * Whether an answer holds every match of its search: no more shown (no next link, no larger total),
 * and fewer entries than a page of it holds: its Count, or, without one, 25 (§8), since a total may
 * count the page and the page a search without Count or Page gives is not shown.
 */
const holdsAll = (exchange: Exchange) => {
  const entries = entriesOf(exchange.body).length;
  const count = typeof total(exchange) === 'number' ? (total(exchange) as number) : undefined;
  const asked = Number(new URL(exchange.url).searchParams.get('Count'));
  const pageSize = Number.isSafeInteger(asked) && asked > 0 ? Math.min(asked, MAX_COUNT) : PAGE_SIZE;
  return !hasNextLink(exchange.body) && (count === undefined || count <= entries) && entries < pageSize;
};

const foundIn = (id: string, answers: readonly Exchange[]) => answers.some((a) => isBundle(a) && organizationIds(a.body).includes(id));

/**
 * The next request of a search by an organization's own value, or undefined when the answers so far
 * show enough: the search as it is; where its answer does not hold every match and not the
 * organization, the same with Count=1000; where that still does not, narrowed by the
 * organization's own state, with Count=1000. At most three requests.
 */
export function nextOwnValueRequest(id: string, search: OwnValueSearch, answers: readonly Exchange[]): Query | undefined {
  const whole = wholeSearch(search.query);
  const plan = [search.query, whole, ...(search.narrowBy ? [{ ...whole, ...search.narrowBy }] : [])];
  const last = answers[answers.length - 1];
  if (answers.length === 0) return plan[0];
  if (answers.length >= plan.length || !isBundle(last) || foundIn(id, answers) || holdsAll(last)) return undefined;
  return plan[answers.length];
}

/** A query as sent, in words: `address-city=Dayton&address-state=OH`. */
const sent = (query: Query) => new URLSearchParams(query).toString();

/**
 * ORG-FINDABLE: organization `id`, seen carrying the values of `search` (in the answer `seenIn`
 * names), is among the answers to the search by them (nextOwnValueRequest, in order). An answer
 * that is no bundle fails it; a search whose last answer holds more matches than it shows, and not
 * the organization, shows nothing either way: it is skipped.
 */
export function judgeFoundByOwnValue(id: string, search: OwnValueSearch, seenIn: string, answers: readonly Exchange[]): Judgement {
  const judgement = new Judgement();
  const last = answers[answers.length - 1];
  const searched = sent(search.query);
  const asked = `${answers.length} request${answers.length > 1 ? 's' : ''}`;
  if (!isBundle(last)) {
    judgement.check(
      'ORG-FINDABLE',
      false,
      `organization ${id} carries ${searched} (${seenIn}), yet the search by ${search.parameter} answered ${last.status} with ${rootKind(last)}, not a bundle (§4.3 names the parameter)`,
      { exchange: last },
    );
    return judgement;
  }
  const found = foundIn(id, answers);
  const lastSearch = sent(Object.fromEntries(new URL(last.url).searchParams));
  if (!found && !holdsAll(last))
    return judgement.skip('ORG-FINDABLE', {
      kind: 'precondition',
      text: `organization ${id} was not on the answers to ${lastSearch}, which hold ${entriesOf(last.body).length} of more matches (total ${JSON.stringify(total(last))}): not shown whether it is among the rest`,
    });
  judgement.check(
    'ORG-FINDABLE',
    found,
    () =>
      `organization ${id} carries ${searched} (${seenIn}), yet the search by ${search.parameter} (${lastSearch}, total ${JSON.stringify(total(last))}, ${asked}) holds ${entriesOf(last.body).length} organizations, all its matches, and not this one (§4.3: return all organization records matching the query parameters)`,
    { exchange: last, pointer: '/entry' },
  );
  return judgement;
}

/** Where an organization was seen, in words: the request whose answer showed it. */
export const seenInAnswer = (exchange: Exchange) => `seen in the answer to ${requestLine(exchange)}`;

/** A query in one form whatever the order of its parameters, to look it up by. */
export const queryKey = (query: Query) => JSON.stringify(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * The searches organizations in `answers` must be found by (their own values: ownValueSearches),
 * keyed by queryKey, each with the first organization seen carrying those values, in words: an
 * answer to one of these queries with no organization proves the service wrong, not a probe.
 */
export function carriedValues(answers: readonly Exchange[]): Map<string, string> {
  const carried = new Map<string, string>();
  for (const answer of answers)
    if (isBundle(answer))
      for (const entry of entriesOf(answer.body)) {
        const { id, resource } = organizationOfEntry(entry);
        for (const { query } of ownValueSearches(resource)) {
          const key = queryKey(query);
          if (!carried.has(key)) carried.set(key, `organization ${id} carries ${sent(query)}, ${seenInAnswer(answer)}`);
        }
      }
  return carried;
}
