import { isValidNpi } from '../domain/identifiers';
import { OPTIONAL_SUFFIX } from '../spec/constants';
import type { ProviderData } from '../types/schemas';
import { objectsIn as objects, stringsIn as strings } from './json';
import type { Problem } from './problem';
import { compact, namePartIn, phoneDigits, sameNamePart } from './text-match';

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** Non-optional parameters of a query (§4.1 r1: a trailing dash marks a parameter optional). */
export function nonOptional(query: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter(([name]) => !name.endsWith(OPTIONAL_SUFFIX)));
}

/**
 * The §4.1 parameters whose link to an attribute the spec makes plain: the NPI, the names (Name is
 * "full name, first and last"), State, City and Phone ("10-digit phone number"). A record's own
 * value of one of these must find it (SB-NARROWING, MUST); so must one of SAME_NAMED_PARAMETERS.
 * Of the others (an address, a street, an identifier) how the value relates to the record is not shown (§4.1 r5).
 */
export const PLAIN_PARAMETERS: ReadonlySet<string> = new Set(['NPI', 'Name', 'FirstName', 'LastName', 'State', 'City', 'Phone']);

/**
 * The §4.1 parameters named as the attribute that holds their value (§2.4: Email; a Zip of an
 * Address; a TaxonomyCode, TaxonomyDescription or TaxonomyLicense of a Taxonomy). How a searched
 * value is compared is not shown (r5), but the record's own value, verbatim, is equal to itself
 * under any comparison: it must find its record (SB-NARROWING, MUST), as a plain parameter's does.
 */
const SAME_NAMED_PARAMETERS: ReadonlySet<string> = new Set(['Email', 'Zip', 'TaxonomyCode', 'TaxonomyDescription', 'TaxonomyLicense']);

/** Whether a record's own value of `parameter`, verbatim, must find the record: a plain or a same-named parameter. */
export const ownValueFinds = (parameter: string): boolean => PLAIN_PARAMETERS.has(parameter) || SAME_NAMED_PARAMETERS.has(parameter);

/**
 * SB-MATCHES-QUERY: how a record disagrees with the identifying parameters of a query. Only
 * parameters whose link to an attribute the spec makes plain are compared (PLAIN_PARAMETERS), and
 * each under every reading a service may take (exact rules: §4.1 r5): case, accents, punctuation and
 * spaces aside, a name of several words by its words (text-match.ts).
 */
export function queryMismatches(data: Record<string, unknown>, query: Record<string, string>): string[] {
  const problems: string[] = [];
  const names = objects(data.Name);
  const addresses = objects(data.Address);
  const { NPI, Name, FirstName, LastName, State, City, Phone } = nonOptional(query);
  const part = (values: unknown, fits: (held: string) => boolean) => strings(values).some((held) => held.trim() !== '' && fits(held));
  // Name is "full name, first and last" (§4.1): a Name entry whose first and last names are both in it.
  if (
    Name !== undefined &&
    !names.some((n) => part(n.FirstName, (held) => namePartIn(held, Name)) && part(n.LastName, (held) => namePartIn(held, Name)))
  )
    problems.push(`no Name entry has a first and a last name that are in Name ${Name}: ${JSON.stringify(data.Name)}`);
  if (NPI !== undefined && !strings(data.NPI).some((v) => same(v, NPI)))
    problems.push(`NPI ${NPI} is not among data.NPI ${JSON.stringify(data.NPI)}`);
  if (FirstName !== undefined || LastName !== undefined) {
    const fits = names.some(
      (n) =>
        (FirstName === undefined || part(n.FirstName, (held) => sameNamePart(held, FirstName))) &&
        (LastName === undefined || part(n.LastName, (held) => sameNamePart(held, LastName))),
    );
    if (!fits)
      problems.push(
        `no Name entry has ${[FirstName && `FirstName ${FirstName}`, LastName && `LastName ${LastName}`].filter(Boolean).join(' and ')}: ${JSON.stringify(data.Name)}`,
      );
  }
  if (State !== undefined && ![...strings(data.State), ...addresses.flatMap((a) => strings(a.AddressState))].some((v) => same(v, State))) {
    problems.push(`State ${State} is neither in data.State nor in an address`);
  }
  if (City !== undefined && !addresses.flatMap((a) => strings(a.City)).some((v) => compact(v) !== '' && compact(v) === compact(City)))
    problems.push(`City ${City} is in no address`);
  const phone = Phone === undefined ? '' : phoneDigits(Phone);
  if (
    Phone !== undefined &&
    ![...strings(data.Phone), ...addresses.flatMap((a) => strings(a.AddressPhone))].some((v) => phone !== '' && phoneDigits(v) === phone)
  )
    problems.push(`Phone ${Phone} is neither in data.Phone nor in an address`);
  return problems;
}

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

/**
 * A golden record's own value for each §4.1 parameter whose attribute §2.4 names plainly (the first
 * value it holds): what a search for that provider may carry. Name is the first Name entry's first
 * and last name. Parameters whose attribute the record does not hold are left out.
 */
export function ownParameterValues(data: Record<string, unknown>): Record<string, string> {
  const first = (value: unknown) => strings(value).find((v) => v.trim() !== '');
  const name = objects(data.Name).find((n) => first(n.FirstName) && first(n.LastName));
  const address = objects(data.Address).find((a) => first(a.City) && first(a.AddressLine1));
  const taxonomy = objects(data.Taxonomy).find((t) => first(t.TaxonomyCode));
  const values: Record<string, string | undefined> = {
    NPI: first(data.NPI),
    Name: name && `${first(name.FirstName)} ${first(name.LastName)}`,
    FirstName: first(name?.FirstName),
    LastName: first(name?.LastName),
    StreetAddress: first(address?.AddressLine1),
    City: first(address?.City),
    State: first(data.State) ?? first(address?.AddressState),
    Zip: first(address?.Zip),
    // §4.1: "10-digit phone number", whatever punctuation the record keeps.
    Phone: strings(data.Phone)
      .map((v) => v.replace(/\D/g, ''))
      .find((v) => v.length === 10),
    Email: first(data.Email),
    TaxonomyCode: first(taxonomy?.TaxonomyCode),
    TaxonomyDescription: first(taxonomy?.TaxonomyDescription),
    TaxonomyLicense: first(taxonomy?.TaxonomyLicense),
  };
  return Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => e[1] !== undefined));
}

/** Each value a golden record holds for a §4.1 parameter, once for each entry that holds it (a name, an address, a taxonomy). */
function ownParameterEntries(data: Record<string, unknown>): [string, string][] {
  const entries: [string, string][] = [];
  const add = (parameter: string, value: string | undefined) => {
    if (value !== undefined && value.trim() !== '') entries.push([parameter, value]);
  };
  for (const npi of strings(data.NPI)) add('NPI', npi);
  for (const state of strings(data.State)) add('State', state);
  for (const name of objects(data.Name))
    for (const first of strings(name.FirstName))
      for (const last of strings(name.LastName)) {
        add('FirstName', first);
        add('LastName', last);
        if (first.trim() !== '' && last.trim() !== '') add('Name', `${first} ${last}`);
      }
  for (const address of objects(data.Address)) {
    for (const line of strings(address.AddressLine1)) add('StreetAddress', line);
    for (const city of strings(address.City)) add('City', city);
    for (const state of strings(address.AddressState)) add('State', state);
    for (const zip of strings(address.Zip)) add('Zip', zip);
  }
  // §4.1: "10-digit phone number", whatever punctuation the record keeps.
  for (const phone of strings(data.Phone)) add('Phone', phone.replace(/\D/g, '').length === 10 ? phone.replace(/\D/g, '') : undefined);
  for (const email of strings(data.Email)) add('Email', email);
  for (const taxonomy of objects(data.Taxonomy)) {
    for (const code of strings(taxonomy.TaxonomyCode)) add('TaxonomyCode', code);
    for (const description of strings(taxonomy.TaxonomyDescription)) add('TaxonomyDescription', description);
    for (const license of strings(taxonomy.TaxonomyLicense)) add('TaxonomyLicense', license);
  }
  return entries;
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
