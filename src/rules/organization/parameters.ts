/**
 * The organization parameter table: for each §4.3 parameter that searches by a value, everything
 * the rulebook and its drivers know of it, in one place. Its fields (where a searched value must
 * appear, ORG-FILTERS and ORG-FILTER-IDENTIFIER), how a searched value matches them, the searches an
 * organization's own values make (ORG-FINDABLE), and the values a walk of its kind searches by (the
 * survey's search kinds, the draft's searches). A new parameter is a row here; the filter rule, the
 * own-value plan, the survey's walks and the draft read it from the row.
 */
import type { OrganizationFilter } from '../../spec/constants';
import { type JsonObject as Json, objectsIn as objects, textOf as text } from '../json';

type Query = Record<string, string>;

/**
 * How a searched value matches a field under the suite's reading (§4.3 shows no exact rules):
 * `contains`, case-insensitive; `every-word`, each word of it in the field, punctuation aside (a
 * full address); `token`, the FHIR token search form, a field equal to `value` or to `system|value`.
 */
export type ParameterMatch = 'contains' | 'every-word' | 'token';

export interface OrganizationParameter {
  match: ParameterMatch;
  /** The resource's values a searched value is matched against. */
  fields(resource: Json): string[];
  /**
   * The searches by this parameter that the organization's own values make, in order: what it must
   * be found by (§4.3). None for a parameter searched only beside another, or by values that do not
   * pin the organization down (a type, a city as a whole address).
   */
  ownSearches(resource: Json): Query[];
  /**
   * A value no organization holds (the reserved state code ZZ, a phone of zeros, words that sort
   * after any a directory holds): whatever a service answers, every organization it answers must
   * hold it, and a service that looks words up in order meets the end of its list.
   */
  unmatchable: string;
  /** The values a walk of this parameter's kind searches by (the survey's search kinds); none: not walked alone. */
  walkValues?(resource: Json): string[];
}

/** The §4.3 parameters that search by a value: all but `active`, a flag with a rule of its own (ORG-ACTIVE). */
export type ValueParameter = Exclude<OrganizationFilter, 'active'>;

/** The digits §4.3 describes for `phone`: the last 10 of a number that has at least 10. */
const tenDigits = (value: string) => {
  const digits = value.replace(/\D/g, '');
  return digits.length >= 10 ? digits.slice(-10) : undefined;
};

const distinct = (values: readonly string[]) => [...new Set(values.filter((v) => v !== ''))];

/** Each address of a resource as its parts: text, lines, city, state, postal code. */
export function addressesOf(resource: Json): string[][] {
  return objects(resource.address).map((a) =>
    [text(a.text), ...(Array.isArray(a.line) ? a.line.map(text) : []), text(a.city), text(a.state), text(a.postalCode)].filter(
      (part) => part !== '',
    ),
  );
}

const cities = (r: Json) => distinct(objects(r.address).map((a) => text(a.city).trim()));
const phones = (r: Json) =>
  distinct(objects(r.telecom).flatMap((t) => (text(t.system) === 'phone' ? [tenDigits(text(t.value)) ?? ''] : [])));
const identifierValues = (r: Json) => distinct(objects(r.identifier).map((i) => text(i.value)));

/**
 * The table, in the order the survey numbers the walks of each kind: a parameter added later goes
 * last, so that a survey journalled before it resumes with the same walk numbers.
 */
export const ORGANIZATION_PARAMETERS: readonly (readonly [ValueParameter, OrganizationParameter])[] = [
  [
    'name',
    {
      unmatchable: 'ZZZZ NO SUCH ORGANIZATION',
      match: 'contains',
      fields: (r) => [text(r.name)],
      ownSearches: (r) => (text(r.name) === '' ? [] : [{ name: text(r.name) }]),
      // The words of the name, 4 letters or more: a word many names share is a search of many matches.
      walkValues: (r) =>
        distinct(
          text(r.name)
            .toUpperCase()
            .match(/\p{L}{4,}/gu) ?? [],
        ),
    },
  ],
  [
    'address-city',
    {
      unmatchable: 'ZZZZ NO SUCH CITY',
      match: 'contains',
      fields: (r) => objects(r.address).map((a) => text(a.city)),
      // A city is searched in its state: the first address that names both.
      ownSearches: (r) => {
        const place = objects(r.address).find((a) => text(a.city) !== '' && text(a.state) !== '');
        return place ? [{ 'address-city': text(place.city), 'address-state': text(place.state) }] : [];
      },
      walkValues: cities,
    },
  ],
  [
    'address-postalcode',
    {
      unmatchable: '00000',
      match: 'contains',
      fields: (r) => objects(r.address).map((a) => text(a.postalCode)),
      ownSearches: (r) =>
        distinct(objects(r.address).map((a) => text(a.postalCode)))
          .slice(0, 1)
          .map((code) => ({ 'address-postalcode': code })),
      // The 5-digit ZIP: a ZIP+4 matches few.
      walkValues: (r) => distinct(objects(r.address).map((a) => text(a.postalCode).slice(0, 5))).filter((p) => /^\d{5}$/.test(p)),
    },
  ],
  [
    'type',
    {
      unmatchable: 'ZZZZ NO SUCH TYPE',
      match: 'contains',
      fields: (r) => objects(r.type).map((t) => text(t.text)),
      ownSearches: () => [],
      walkValues: (r) => distinct(objects(r.type).map((t) => text(t.text).trim())),
    },
  ],
  [
    'address',
    {
      unmatchable: 'ZZZZ NO SUCH STREET, NOWHERE',
      match: 'every-word',
      fields: (r) => addressesOf(r).map((parts) => parts.join(' ')),
      ownSearches: () => [],
      // A city is an address too (§4.3: "full address", of which a city is the broadest part).
      walkValues: cities,
    },
  ],
  [
    'identifier',
    {
      unmatchable: 'ZZZZ-NO-SUCH-IDENTIFIER',
      match: 'token',
      fields: (r) => objects(r.identifier).flatMap((i) => [text(i.value), `${text(i.system)}|${text(i.value)}`]),
      // Each identifier by its value, and by system|value where it names a system (§4.3: the FHIR identifier search form).
      ownSearches: (r) =>
        objects(r.identifier).flatMap((i) =>
          text(i.value) === ''
            ? []
            : [{ identifier: text(i.value) }, ...(text(i.system) === '' ? [] : [{ identifier: `${text(i.system)}|${text(i.value)}` }])],
        ),
      walkValues: identifierValues,
    },
  ],
  [
    'phone',
    {
      unmatchable: '0000000000',
      match: 'contains',
      // Every telecom value: a number written in any form, and whatever system a service files it under.
      fields: (r) => objects(r.telecom).map((t) => text(t.value)),
      // Its 10 digits, as §4.3 describes the parameter: two phones of the same digits are one search.
      ownSearches: (r) => phones(r).map((phone) => ({ phone })),
      walkValues: phones,
    },
  ],
  [
    'address-state',
    {
      unmatchable: 'ZZ',
      match: 'contains',
      fields: (r) => objects(r.address).map((a) => text(a.state)),
      // A state alone matches too many to find one organization by; it narrows the others (own-values.ts).
      ownSearches: () => [],
    },
  ],
];

const TABLE = new Map(ORGANIZATION_PARAMETERS);

/** The table's row of a query parameter, or undefined for one that is not a §4.3 value parameter (paging, `active`, a dashed name). */
export const parameterOf = (name: string): OrganizationParameter | undefined => TABLE.get(name as ValueParameter);

/** The parameters walked alone, in the table's order: the survey's search kinds. */
export const WALKED_PARAMETERS: readonly ValueParameter[] = ORGANIZATION_PARAMETERS.flatMap(([name, row]) =>
  row.walkValues ? [name] : [],
);

/** Each walked parameter's values across `resources`, with how many carry each, the most carried first (ties by value). */
export function walkValueCounts(resources: readonly Json[], name: ValueParameter): [string, number][] {
  const walkValues = TABLE.get(name)?.walkValues;
  const counts = new Map<string, number>();
  if (walkValues)
    for (const resource of resources) for (const value of walkValues(resource)) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0));
}

/** The searches by one parameter that a resource's own values make (its row's ownSearches). */
export const ownSearchesOf = (name: ValueParameter, resource: Json): Query[] => TABLE.get(name)?.ownSearches(resource) ?? [];

/** The values a walk by one parameter searches that a resource carries (its row's walkValues). */
export const walkValuesOf = (name: ValueParameter, resource: Json): string[] => TABLE.get(name)?.walkValues?.(resource) ?? [];

/** Every §4.3 value parameter, in the table's order. */
export const VALUE_PARAMETERS: readonly ValueParameter[] = ORGANIZATION_PARAMETERS.map(([name]) => name);

/** Each value parameter with a value no organization holds, in the table's order. */
export const UNMATCHABLE_FILTERS: readonly (readonly [ValueParameter, string])[] = ORGANIZATION_PARAMETERS.map(([name, row]) => [
  name,
  row.unmatchable,
]);

/** The values of one parameter a resource carries, as a search by it is typed: a walk's values, or else its fields' (a state code). */
export const ownFilterValues = (name: ValueParameter, resource: Json): string[] =>
  TABLE.get(name)?.walkValues?.(resource) ?? distinct(TABLE.get(name)?.fields(resource) ?? []);

/** The values of one parameter a resource carries whole, as its fields hold them (a name of several words, an address with its street), none empty. */
export const wholeValuesOf = (name: ValueParameter, resource: Json): string[] =>
  distinct(TABLE.get(name)?.fields(resource) ?? []).filter((value) => value.trim() !== '');
