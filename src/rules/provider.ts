import { isValidNpi } from '../domain/identifiers';
import { OPTIONAL_SUFFIX } from '../spec/constants';
import type { ProviderData } from '../types/schemas';
import { type JsonObject, objectsIn as objects, stringsIn as strings } from './json';
import type { Problem } from './problem';
import { readData } from './attributes';
import {
  compared,
  type Field,
  fieldValues,
  holdsName,
  ownValuesOf,
  providerParameter,
  PROVIDER_PARAMETERS_TABLE,
} from './provider-parameters';

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** Non-optional parameters of a query (§4.1 r1: a trailing dash marks a parameter optional). */
export function nonOptional(query: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter(([name]) => !name.endsWith(OPTIONAL_SUFFIX)));
}

/**
 * The §4.1 parameters whose link to an attribute the spec makes plain (provider-parameters.ts): a
 * record answered holds the searched value (SB-MATCHES-QUERY), and its own value finds it.
 */
export const PLAIN_PARAMETERS: ReadonlySet<string> = new Set(
  Object.entries(PROVIDER_PARAMETERS_TABLE).flatMap(([name, row]) => (row.link === 'plain' ? [name] : [])),
);

/** Whether a record's own value of `parameter`, verbatim, must find the record: a plain or a same-named parameter (provider-parameters.ts). */
export const ownValueFinds = (parameter: string): boolean => {
  const link = providerParameter(parameter)?.link;
  return link === 'plain' || link === 'same-named';
};

/** A query's value of a parameter, in words: `FirstName ANA`. */
const named = (query: Record<string, string>, names: readonly string[]) =>
  names.flatMap((name) => (query[name] === undefined ? [] : [`${name} ${query[name]}`])).join(' and ');

/**
 * SB-MATCHES-QUERY: how a record disagrees with the identifying parameters of a query. Only the
 * plain parameters of the table are compared, each under every reading a service may take (exact
 * rules: §4.1 r5): case, accents, punctuation and spaces aside, a name of several words by its words
 * (text-match.ts). A first and a last name are held by one Name entry; `Name` ("full name, first and
 * last") by an entry whose first and last names are both in it.
 */
export function queryMismatches(data: Record<string, unknown>, query: Record<string, string>): string[] {
  const read = readData(data);
  const asked = nonOptional(query);
  const problems: string[] = [];
  const names = objects(read.Name);
  const nameParts = ['FirstName', 'LastName'].filter((name) => asked[name] !== undefined);
  if (asked.Name !== undefined && !names.some((entry) => holdsName(entry, asked.Name)))
    problems.push(`no Name entry has a first and a last name that are in Name ${asked.Name}: ${JSON.stringify(read.Name)}`);
  if (
    nameParts.length > 0 &&
    !names.some((entry) => nameParts.every((name) => strings(entry[name]).some((held) => compared('name-part', held, asked[name]))))
  )
    problems.push(`no Name entry has ${named(asked, nameParts)}: ${JSON.stringify(read.Name)}`);
  for (const [name, value] of Object.entries(asked)) {
    const row = providerParameter(name);
    if (row?.link !== 'plain' || row.compare === undefined || name === 'FirstName' || name === 'LastName') continue;
    const held = fieldValues(read, row.fields);
    if (!held.some((v) => compared(row.compare!, v, value)))
      problems.push(`${name} ${value} is held in none of ${row.fields.map(fieldName).join(', ')}: ${JSON.stringify(held)}`);
  }
  return problems;
}

/** A field in words: `data.State`, `Address.AddressState`. */
const fieldName = ({ group, attribute }: Field) => `${group}.${attribute}`;

/**
 * DATA-CODES (§2.4 "observed coded values"): only the binary codes, whose observed values are the
 * whole code. Values outside them, as `pointer: value`.
 */
const YES_NO = ['Y', 'N'];
const BINARY_CODES: Record<string, string[]> = {
  Gender: ['M', 'F'],
  IsSoleProprietor: YES_NO,
  BoardCertified: YES_NO,
  AcceptMedicaid: YES_NO,
  Discipline: YES_NO,
};

function outside(values: string[], allowed: readonly string[], anyCase = false): string[] {
  return values.filter((v) => v !== '' && !allowed.some((a) => (anyCase ? same(a, v) : a === v)));
}

export function codeProblems(data: ProviderData | Record<string, unknown>, prefix: string): string[] {
  const record = data as Record<string, unknown>;
  const problems: string[] = [];
  for (const [attribute, values] of Object.entries(BINARY_CODES)) {
    for (const bad of outside(strings(record[attribute]), values))
      problems.push(`${prefix}/${attribute}: "${bad}" (expected ${values.join('/')})`);
  }
  objects(record.Taxonomy).forEach((t, i) => {
    for (const bad of outside(strings(t.TaxonomySwitch), ['true', 'false']))
      problems.push(`${prefix}/Taxonomy/${i}/TaxonomySwitch: "${bad}" (expected true/false)`);
  });
  return problems;
}

/**
 * OBS-CODED-VALUES: the lists §2.4 and §3 leave open ("observed", "not shown"), with the values they
 * observe. Recorded, never judged.
 */
const OPEN_LISTS: Readonly<Record<string, readonly string[]>> = {
  Status: ['A'],
  NPPESEntityType: ['individual'],
  NameType: ['primary', 'other', 'authorized'],
  AddressType: ['mailing', 'business practice', 'practice', 'practice location', 'public'],
};

/** §2.4: the case of these varies between records; Status is given as it is. */
const ANY_CASE = new Set(['NPPESEntityType', 'NameType', 'AddressType']);

/**
 * OBS-CODED-VALUES: every value a record holds of the open lists, by attribute, once each: what the
 * run merges and the survey counts ("Attribute: value") from the same observation.
 */
export function codedValues(data: ProviderData | Record<string, unknown>): Record<string, string[]> {
  const record = data as Record<string, unknown>;
  const held: Record<string, string[]> = {
    Status: strings(record.Status),
    NPPESEntityType: strings(record.NPPESEntityType),
    NameType: objects(record.Name).flatMap((n) => strings(n.NameType)),
    AddressType: objects(record.Address).flatMap((a) => strings(a.AddressType)),
  };
  return Object.fromEntries(
    Object.entries(held)
      .map(([attribute, values]): [string, string[]] => [attribute, [...new Set(values.filter((v) => v !== ''))]])
      .filter(([, values]) => values.length > 0),
  );
}

/**
 * The behaviour OBS-CODED-VALUES shows: per open list, the values beyond the ones §2.4 and §3
 * observe (the service's own vocabulary); how often the observed ones occur is the data's.
 */
export function unlistedCodedValues(values: Record<string, unknown>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(values)
      .map(([attribute, list]) => {
        const listed = OPEN_LISTS[attribute];
        const held = Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
        return [attribute, listed ? outside(held, listed, ANY_CASE.has(attribute)) : held] as const;
      })
      .filter(([, list]) => list.length > 0)
      .map(([attribute, list]) => [attribute, [...new Set(list)].sort()]),
  );
}

/** DATA-NPI-CHECKDIGIT: non-empty NPI values that are not 10 digits with a valid Luhn check digit. */
export function npiProblems(data: ProviderData | Record<string, unknown>, prefix: string): string[] {
  return strings((data as Record<string, unknown>).NPI)
    .filter((npi) => npi !== '' && !isValidNpi(npi))
    .map((npi) => `${prefix}/NPI: "${npi}" is not a valid NPI (10 digits, Luhn check digit over 80840)`);
}

/**
 * Identifiers no merge can derive (§2.4 groups them by the dataset that supplies them): a golden
 * value of one that no source record holds came from a source record that is missing.
 */
const SUPPLIED_BY: Readonly<Record<string, string>> = {
  NPI: 'the national provider registry (Identity)',
  ReplacementNPI: 'the national provider registry (Identity)',
  EmployerIdentificationNumber: 'the national provider registry (Identity)',
  DEALookup: 'the drug-enforcement registry',
  StateCSNumber: 'the drug-enforcement registry',
  OrgDEA: 'the drug-enforcement registry',
  OrgNPI: 'the drug-enforcement registry',
  ContactId: 'the contact directory',
  PersonId: 'the contact directory',
  AccountId: 'the contact directory',
};

/**
 * Golden values no source record holds, compared case and spaces aside. An identifier no merge can
 * derive (SUPPLIED_BY) is a MUST problem, naming the dataset: a source record that makes up the
 * golden record is missing (§1, §4.2). A Phone or State, which a merge may normalise, is a near miss.
 */
export function uncoveredGoldenValues(golden: Record<string, unknown>, sources: readonly Record<string, unknown>[]): Problem[] {
  const missing: Problem[] = [];
  for (const attribute of [...Object.keys(SUPPLIED_BY), 'Phone', 'State']) {
    const held = new Set(sources.flatMap((s) => strings(s[attribute]).map((v) => v.trim().toUpperCase())));
    for (const value of strings(golden[attribute])) {
      if (value.trim() === '' || held.has(value.trim().toUpperCase())) continue;
      const dataset = SUPPLIED_BY[attribute];
      missing.push(
        dataset
          ? {
              level: 'MUST',
              message: `${attribute} "${value}", an identifier of ${dataset}, is in no source record: the record of ${dataset} that supplied it is missing`,
            }
          : { level: 'SHOULD', message: `${attribute} "${value}"` },
      );
    }
  }
  return missing;
}

/**
 * SB-STRICT-PARAM's unique query beside the record's own State, when it names none: a parameter a
 * service ignores only when a state is given then shows too. The suite's sweep and the survey use it.
 */
export function besideOwnState(query: Record<string, string>, data: Record<string, unknown>): Record<string, string> {
  const { State } = ownParameterValues(data);
  return State === undefined || query.State !== undefined ? query : { ...query, State };
}

/** The parameters a record's own values are read for: those of the table with a place to read them (provider-parameters.ts). */
const OWN_PARAMETERS: readonly string[] = Object.entries(PROVIDER_PARAMETERS_TABLE).flatMap(([name, row]) =>
  row.ownFields.length > 0 || name === 'Name' ? [name] : [],
);

/**
 * A golden record's own value for each parameter of the table it holds one of: what a search for
 * that provider may carry. The values of a group (a name, an address, a taxonomy) come from one
 * entry, as a user types one address: the first entry that holds the most of them. Parameters the
 * record holds no value of are left out.
 */
export function ownParameterValues(data: Record<string, unknown>): Record<string, string> {
  const read = readData(data);
  const values: Record<string, string> = {};
  for (const name of OWN_PARAMETERS) {
    const row = providerParameter(name)!;
    const groups = new Set(row.ownFields.map((f) => f.group));
    const group = name === 'Name' ? 'Name' : groups.size === 1 ? [...groups][0] : 'data';
    const source = group === 'data' ? read : { ...read, [group]: fullestEntry(read, group) };
    const [first] = ownValuesOf(source, name);
    if (first !== undefined) values[name] = first;
  }
  return values;
}

/** The first entry of a group that holds the most of the table's own values: the one a user types. */
function fullestEntry(read: JsonObject, group: string): JsonObject[] {
  const parameters = OWN_PARAMETERS.filter(
    (name) => providerParameter(name)!.ownFields.some((f) => f.group === group) || (group === 'Name' && name === 'Name'),
  );
  let best: JsonObject | undefined;
  let most = 0;
  for (const entry of objects(read[group])) {
    // Read once: the entry alone as data, asked of each parameter.
    const alone = readData({ [group]: [entry] });
    const held = parameters.filter((name) => ownValuesOf(alone, name).length > 0).length;
    if (held > most) [best, most] = [entry, held];
  }
  return best ? [best] : [];
}

/** Each value a golden record holds for a parameter of the table, once for each entry that holds it (a name, an address, a taxonomy). */
function ownParameterEntries(data: Record<string, unknown>): [string, string][] {
  return OWN_PARAMETERS.flatMap((name) => ownValuesOf(data, name).map((value): [string, string] => [name, value]));
}

/**
 * Every value a golden record holds for each §4.1 parameter of ownParameterValues, not the first
 * alone: each of its names, addresses, phones, e-mails and taxonomies, each value once. What a user
 * who knows the provider by its second practice address, or its other specialty, may type.
 */
export function everyOwnParameterValue(data: Record<string, unknown>): Record<string, string[]> {
  const values = new Map<string, Set<string>>();
  for (const [parameter, value] of ownParameterEntries(data)) values.set(parameter, (values.get(parameter) ?? new Set()).add(value));
  return Object.fromEntries([...values].map(([parameter, set]) => [parameter, [...set]]));
}

/**
 * The values a golden record holds in more than one entry, by §4.1 parameter: a code two of its
 * taxonomies list, a city two of its addresses share. A search that joins a provider to its entries
 * meets such a provider twice, and may take it for two.
 */
export function ownValuesHeldTwice(data: Record<string, unknown>): Record<string, string[]> {
  const seen = new Set<string>();
  const twice = new Map<string, Set<string>>();
  for (const [parameter, value] of ownParameterEntries(data)) {
    const key = `${parameter}\n${value}`;
    if (seen.has(key)) twice.set(parameter, (twice.get(parameter) ?? new Set()).add(value));
    seen.add(key);
  }
  return Object.fromEntries([...twice].map(([parameter, set]) => [parameter, [...set]]));
}
