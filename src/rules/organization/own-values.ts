/**
 * Every answer is evidence: an organization the run has seen carries values (an identifier, a phone,
 * a postal code, a name), and a search by one of them must return it (§4.3: "return all organization
 * records matching the query parameters"). Not found is the service's finding, never the probe's:
 * ORG-FILTER-IDENTIFIER for an identifier, ORG-FILTERS for the other filters.
 */
import type { Exchange } from '../../client/exchange';
import { requestLine } from '../../client/exchange';
import { MAX_COUNT } from '../../spec/constants';
import { rootKind } from '../answers';
import { Judgement } from '../judgement';
import { objectsIn as objects, textOf as text } from '../json';
import { isBundle, total } from './bundle';
import { entriesOf, hasNextLink, organizationIds, resourceOf } from './entries';

/** A search by one value an organization carries: the parameter and value, as sent. */
export interface OwnValueSearch {
  parameter: 'identifier' | 'phone' | 'address-postalcode' | 'name';
  value: string;
}

/**
 * The searches an organization's own values make (§4.3 parameters): each identifier by `value` and
 * by `system|value`, its first phone (its 10 digits, as §4.3 describes the parameter), its first
 * postal code, and its name.
 */
export function ownValueSearches(resource: unknown): OwnValueSearch[] {
  const organization = (resource ?? {}) as Record<string, unknown>;
  const searches: OwnValueSearch[] = [];
  for (const identifier of objects(organization.identifier)) {
    const value = text(identifier.value);
    if (value === '') continue;
    searches.push({ parameter: 'identifier', value });
    const system = text(identifier.system);
    if (system !== '') searches.push({ parameter: 'identifier', value: `${system}|${value}` });
  }
  const phone = objects(organization.telecom).find((t) => text(t.system) === 'phone' && /\d{10}/.test(text(t.value).replace(/\D/g, '')));
  if (phone) searches.push({ parameter: 'phone', value: text(phone.value).replace(/\D/g, '').slice(-10) });
  const postalCode = objects(organization.address)
    .map((a) => text(a.postalCode))
    .find((v) => v !== '');
  if (postalCode) searches.push({ parameter: 'address-postalcode', value: postalCode });
  const name = text(organization.name);
  if (name !== '') searches.push({ parameter: 'name', value: name });
  return searches;
}

/** The organization an entry holds, for a search by its own values: its id and resource. */
export function organizationOfEntry(entry: unknown): { id: string; resource: unknown } {
  const resource = resourceOf(entry as never);
  return { id: text((resource as Record<string, unknown>).id), resource };
}

/** Whether an answer holds every match of its search: fewer entries than Count=1000 allows, or no more shown. */
const holdsAll = (exchange: Exchange) => {
  const entries = entriesOf(exchange.body).length;
  const count = typeof total(exchange) === 'number' ? (total(exchange) as number) : undefined;
  return !hasNextLink(exchange.body) && (count === undefined || count <= entries) && entries < MAX_COUNT;
};

/**
 * ORG-FILTER-IDENTIFIER or ORG-FILTERS: organization `id`, seen carrying `value` (in the answer
 * `seenIn` names), is among the answers to a search by it. `answers` are the search as asked, then,
 * where its first page does not hold every match, the same search with Count=1000. A search that
 * holds more matches than one answer shows and not the organization is no finding: it is skipped.
 */
export function judgeFoundByOwnValue(
  id: string,
  { parameter, value }: OwnValueSearch,
  seenIn: string,
  answers: readonly Exchange[],
): Judgement {
  const requirement = parameter === 'identifier' ? 'ORG-FILTER-IDENTIFIER' : 'ORG-FILTERS';
  const judgement = new Judgement();
  const last = answers[answers.length - 1];
  const searched = `${parameter}=${value}`;
  if (!isBundle(last)) {
    judgement.check(
      requirement,
      false,
      `organization ${id} carries ${searched} (${seenIn}), yet the search by it answered ${last.status} with ${rootKind(last)}, not a bundle (§4.3 names the parameter)`,
      { exchange: last },
    );
    return judgement;
  }
  const found = answers.some((answer) => isBundle(answer) && organizationIds(answer.body).includes(id));
  if (!found && !holdsAll(last))
    return judgement.skip(
      requirement,
      `organization ${id} was not on the answers to ${searched}, which hold ${entriesOf(last.body).length} of more matches: not shown whether it is among the rest`,
    );
  judgement.check(
    requirement,
    found,
    () =>
      `organization ${id} carries ${searched} (${seenIn}), yet the search by it holds ${entriesOf(last.body).length} organizations, all its matches, and not this one (§4.3: return all organization records matching the query parameters)`,
    { exchange: last, pointer: '/entry' },
  );
  return judgement;
}

/** Where an organization was seen, in words: the request whose answer showed it. */
export const seenInAnswer = (exchange: Exchange) => `seen in the answer to ${requestLine(exchange)}`;

/** Whether the first answer to a search by an organization's own value needs the whole result asked: it is not there, and more match than it shows. */
export function wantsWholeResult(id: string, first: Exchange): boolean {
  return isBundle(first) && !organizationIds(first.body).includes(id) && !holdsAll(first) && entriesOf(first.body).length < MAX_COUNT;
}

/** The identifier values organizations in `answers` carry, each with where it was seen first. */
export function carriedIdentifiers(answers: readonly Exchange[]): Map<string, string> {
  const carried = new Map<string, string>();
  for (const answer of answers)
    if (isBundle(answer))
      for (const entry of entriesOf(answer.body))
        for (const identifier of objects(resourceOf(entry).identifier)) {
          const value = text(identifier.value);
          if (value !== '' && !carried.has(value))
            carried.set(value, `organization ${text(resourceOf(entry).id)} carries it, ${seenInAnswer(answer)}`);
        }
  return carried;
}
