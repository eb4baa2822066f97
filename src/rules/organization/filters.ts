/** §4.3 filters: how an entry stands against each searched value (ORG-FILTERS), and against `active` (ORG-ACTIVE). */
import { type Exchange, saysNothingOfTheData } from '../../client/exchange';
import { PROMISED } from '../../probes/promises';
import { Judgement } from '../judgement';
import { type JsonObject as Json, textOf as text } from '../json';
import type { EntryProblem } from '../problem';
import { serviceText } from '../service-text';
import { answeredBundle, isBundle, total } from './bundle';
import { entriesOf, organizationIds, resourceOf } from './entries';
import { identifierProblems } from './identifiers';
import { compact } from '../text-match';
import { addressesOf, type ParameterMatch, parameterOf } from './parameters';

/** The parameters ORG-FILTERS judges: each value parameter of the table but the token's (ORG-FILTER-IDENTIFIER judges it). */
const filterOf = (name: string) => {
  const row = parameterOf(name);
  return row && row.match !== 'token' ? row : undefined;
};

/** Upper case, punctuation as space, single spaces: "12 Main St., Dayton" → "12 MAIN ST DAYTON". */
const words = (value: string) =>
  value
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** `every-word` (a full address, §4.3): a field holds the value when it holds every word of it; `contains`: when it holds the value. */
function holds(match: ParameterMatch, field: string, value: string): boolean {
  if (match !== 'every-word') return field.toUpperCase().includes(value.trim().toUpperCase());
  const held = ` ${words(field)} `;
  return words(value)
    .split(' ')
    .every((word) => held.includes(word));
}

/** One string within the other, letters and digits only: the loosest reading a word-for-word match has. */
function withinEither(field: string, value: string): boolean {
  const [f, v] = [compact(field), compact(value)];
  return f !== '' && v !== '' && (f.includes(v) || v.includes(f));
}

/** Some part of an address (its street, city, state or zip), word for word, in the searched address: a service matching on parts. */
function sharesAddressPart(parts: readonly string[], value: string): boolean {
  const searched = ` ${words(value)} `;
  return parts.some((part) => words(part) !== '' && searched.includes(` ${words(part)} `));
}

/**
 * How an entry stands against one filter: `holds` under the suite's reading, `near` under a looser
 * one (a near miss: SHOULD), or `none` when no reading makes it match (§4.3 contradicted: MUST).
 */
export type FilterReading = 'holds' | 'near' | 'none';

export function filterReading(resource: Json, name: string, value: string): FilterReading {
  const row = filterOf(name);
  if (!row) return 'holds';
  const fields = row.fields(resource);
  if (fields.some((field) => holds(row.match, field, value))) return 'holds';
  if (fields.some((field) => withinEither(field, value))) return 'near';
  if (row.match === 'every-word' && addressesOf(resource).some((parts) => sharesAddressPart(parts, value))) return 'near';
  return 'none';
}

/** The ids of the entries that match `query` under no reading of some filter: organizations the search did not ask for. */
export function unmatchedIds(bundle: unknown, query: Record<string, string>): string[] {
  const checked = Object.entries(query).filter(([name]) => filterOf(name) !== undefined);
  return entriesOf(bundle)
    .filter((entry) => checked.some(([name, value]) => filterReading(resourceOf(entry), name, value) === 'none'))
    .map((entry) => text(resourceOf(entry).id));
}

/** The distinct organization ids of a bundle that match `query` under some reading of every filter (unmatchedIds' complement). */
export function matchingIds(bundle: unknown, query: Record<string, string>): string[] {
  const unmatched = new Set(unmatchedIds(bundle, query));
  return [...new Set(organizationIds(bundle).filter((id) => !unmatched.has(id)))];
}

/**
 * ORG-FILTERS: entries whose field does not hold the searched value. One that matches under no
 * reading is a MUST problem (two filters OR-ed, a filter ignored); a near miss is a SHOULD one.
 */
export function filterProblems(bundle: unknown, query: Record<string, string>): EntryProblem[] {
  const checked = Object.entries(query).filter(([name]) => filterOf(name) !== undefined);
  return entriesOf(bundle).flatMap((entry, i) =>
    checked.flatMap(([name, value]): EntryProblem[] => {
      const resource = resourceOf(entry);
      const reading = filterReading(resource, name, value);
      if (reading === 'holds') return [];
      const values = serviceText(JSON.stringify(filterOf(name)?.fields(resource)));
      const pointer = `/entry/${i}/resource`;
      return reading === 'none'
        ? [
            {
              pointer,
              level: 'MUST',
              message: `${name}=${serviceText(value)} matches none of the organization's ${name} values ${values} under any reading (case-insensitive, punctuation and spaces aside, or as a substring either way)`,
            },
          ]
        : [
            {
              pointer,
              level: 'SHOULD',
              message: `${name}=${serviceText(value)} is in the organization's ${name} values ${values} only with punctuation and spaces ignored, or as part of the value`,
            },
          ];
    }),
  );
}

/** ORG-ACTIVE: entries whose active flag differs from the searched one. */
function activeProblems(bundle: unknown, active: boolean): EntryProblem[] {
  return entriesOf(bundle).flatMap((entry, i) =>
    resourceOf(entry).active === active
      ? []
      : [
          {
            pointer: `/entry/${i}/resource/active`,
            message: `active=${active} was searched but the organization has active ${JSON.stringify(resourceOf(entry).active)}`,
          },
        ],
  );
}

/** The FHIR token an identifier search asks for: `system|value`, or a value alone (§4.3: the FHIR identifier search form). */
export function identifierToken(searched: string): { system?: string; value: string } {
  const bar = searched.indexOf('|');
  if (bar < 0) return { value: searched };
  const system = searched.slice(0, bar);
  return { ...(system === '' ? {} : { system }), value: searched.slice(bar + 1) };
}

/** The query an answer was asked with, from its own URL; an answer with no entry has nothing to judge against it. */
function askedWith(exchange: Exchange): Record<string, string> | undefined {
  if (!isBundle(exchange) || entriesOf(exchange.body).length === 0) return undefined;
  return Object.fromEntries(new URL(exchange.url).searchParams);
}

/**
 * Every answer is evidence: an organization search's answer, whatever asked it (a probe, a page of a
 * walk, a search by an organization's own values, a Count probe), against the query of its own URL:
 * every entry holds each §4.3 filter value it was asked with (ORG-FILTERS). An answer with no entry
 * has nothing to judge here: what an empty answer means is the rule of the request that promised matches.
 */
export function judgeSearchFilters(exchange: Exchange): Judgement {
  const judgement = new Judgement();
  const query = askedWith(exchange);
  const filters = Object.fromEntries(Object.entries(query ?? {}).filter(([name]) => filterOf(name) !== undefined));
  if (Object.keys(filters).length === 0) return judgement;
  return judgement.problems(
    'ORG-FILTERS',
    filterProblems(exchange.body, filters),
    exchange,
    `results of ${JSON.stringify(filters)} do not contain the searched values`,
  );
}

/** The same for an identifier search (§4.3, FHIR token form): every entry carries the identifier it was asked for (ORG-FILTER-IDENTIFIER). */
export function judgeSearchIdentifier(exchange: Exchange): Judgement {
  const judgement = new Judgement();
  const searched = askedWith(exchange)?.identifier;
  if (searched === undefined) return judgement;
  const { system, value } = identifierToken(searched);
  return judgement.problems(
    'ORG-FILTER-IDENTIFIER',
    identifierProblems(exchange.body, value, system),
    exchange,
    `identifier=${searched} returned organizations without it${system ? ' (FHIR token search: system|value must match both)' : ''}`,
  );
}

/**
 * ORG-ACTIVE (§3, §4.3), for a tenant said to search by status (the probes' statusSearch, or
 * STATUS_SEARCH): active=true and active=false of a search that matches each return a bundle of only
 * organizations with that flag. §4.3 makes `active` "available only for tenants configured to search
 * status", so an answer that refuses it (a 4xx but 401, 403 and 429, which say nothing of the data),
 * or two empty bundles, show that the promise did not hold, not that the service is wrong: a probe
 * problem, in the run as in `probes check`.
 */
type StatusSearches = readonly { active: boolean; exchange: Exchange }[];

const clientError = ({ exchange }: { exchange: Exchange }) => exchange.status >= 400 && exchange.status < 500;

/** An answer that refuses the request itself (401, 403, 429): it says nothing of the data. */
const refusalOf = (searches: StatusSearches) => searches.find(({ exchange }) => saysNothingOfTheData(exchange) && exchange.status < 500);

/**
 * Every flag answered with a 4xx that refuses no access: the tenant does not search by status (§4.3).
 * One flag's 4xx beside the other's organizations is that search's answer when nothing matches (§4.3
 * r2 does not show it): no organization has that flag there.
 */
export const statusFlagsRefused = (searches: StatusSearches): boolean => refusalOf(searches) === undefined && searches.every(clientError);

export function judgeStatusSearch(probe: string, searches: StatusSearches): Judgement {
  const judgement = new Judgement();
  const promised = PROMISED.statusSearch;
  const refusal = refusalOf(searches);
  if (refusal)
    return judgement.skip('ORG-ACTIVE', {
      kind: 'refused',
      status: refusal.exchange.status,
      text: `active=${refusal.active} answered ${refusal.exchange.status}, which says nothing of the data`,
    });
  if (statusFlagsRefused(searches)) {
    const [{ active, exchange }] = searches;
    return judgement.probeProblem(
      { probe, promised, observed: `active=${active} answered ${exchange.status}: the tenant does not search by status` },
      exchange,
    );
  }
  let found = 0;
  for (const { active, exchange } of searches) {
    if (clientError({ exchange })) continue;
    if (!answeredBundle(judgement, 'ORG-ACTIVE', exchange, `active=${active}`)) continue;
    found += entriesOf(exchange.body).length;
    judgement.problems(
      'ORG-ACTIVE',
      activeProblems(exchange.body, active),
      exchange,
      `active=${active} returned organizations with another flag`,
    );
  }
  const last = searches[searches.length - 1]?.exchange;
  if (found === 0 && searches.every(({ exchange }) => isBundle(exchange) || clientError({ exchange })))
    judgement.probeProblem({ probe, promised, observed: 'neither active=true nor active=false returned an organization' }, last);
  return judgement;
}

/**
 * OBS-VALUE-CASE and OBS-VALUE-WHITESPACE (§4.3: matching rules not shown): whether a name search
 * in lower case, and with surrounding spaces, gives the same results.
 */
export function observeNameValueForms(
  base: Exchange,
  lower: { sent: string; exchange: Exchange },
  spaced: { sent: string; exchange: Exchange },
): Judgement {
  const same = (exchange: Exchange) =>
    !isBundle(exchange) || entriesOf(exchange.body).length === 0
      ? 'no results'
      : JSON.stringify(organizationIds(exchange.body)) === JSON.stringify(organizationIds(base.body)) && total(exchange) === total(base)
        ? 'same results'
        : 'other results';
  const observation = ({ sent, exchange }: typeof lower) => ({
    endpoint: 'organization',
    sent,
    status: exchange.status,
    outcome: same(exchange),
  });
  return new Judgement().observe('OBS-VALUE-CASE', observation(lower)).observe('OBS-VALUE-WHITESPACE', observation(spaced));
}
