import { isValidNpi } from '../domain/identifiers';
import { OPTIONAL_SUFFIX } from '../spec/constants';
import type { ProviderData } from '../types/schemas';
import { objectsIn as objects, stringsIn as strings } from './json';

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** Non-optional parameters of a query (§4.1 r1: a trailing dash marks a parameter optional). */
export function nonOptional(query: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter(([name]) => !name.endsWith(OPTIONAL_SUFFIX)));
}

/**
 * SB-MATCHES-QUERY: how a record disagrees with the identifying parameters of a query. Only
 * parameters whose link to an attribute the spec makes plain are compared (exact rules: §4.1 r5).
 */
export function queryMismatches(data: Record<string, unknown>, query: Record<string, string>): string[] {
  const problems: string[] = [];
  const names = objects(data.Name);
  const addresses = objects(data.Address);
  const { NPI, FirstName, LastName, State, City, Phone } = nonOptional(query);
  if (NPI !== undefined && !strings(data.NPI).some((v) => same(v, NPI)))
    problems.push(`NPI ${NPI} is not among data.NPI ${JSON.stringify(data.NPI)}`);
  if (FirstName !== undefined || LastName !== undefined) {
    const fits = names.some(
      (n) =>
        (FirstName === undefined || strings(n.FirstName).some((v) => same(v, FirstName))) &&
        (LastName === undefined || strings(n.LastName).some((v) => same(v, LastName))),
    );
    if (!fits)
      problems.push(
        `no Name entry has ${[FirstName && `FirstName ${FirstName}`, LastName && `LastName ${LastName}`].filter(Boolean).join(' and ')}: ${JSON.stringify(data.Name)}`,
      );
  }
  if (State !== undefined && ![...strings(data.State), ...addresses.flatMap((a) => strings(a.AddressState))].some((v) => same(v, State))) {
    problems.push(`State ${State} is neither in data.State nor in an address`);
  }
  if (City !== undefined && !addresses.flatMap((a) => strings(a.City)).some((v) => same(v, City)))
    problems.push(`City ${City} is in no address`);
  if (Phone !== undefined && ![...strings(data.Phone), ...addresses.flatMap((a) => strings(a.AddressPhone))].includes(Phone))
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
 * OBS-CODED-VALUES: values of the lists §2.4 and §3 leave open ("observed", "not shown"), beyond
 * the observed ones. Recorded, never judged.
 */
const OPEN_LISTS = {
  Status: ['A'],
  NPPESEntityType: ['individual'],
  NameType: ['primary', 'other', 'authorized'],
  AddressType: ['mailing', 'business practice', 'practice', 'practice location', 'public'],
};

export function openCodedValues(data: ProviderData | Record<string, unknown>): Record<string, string[]> {
  const record = data as Record<string, unknown>;
  const found: Record<string, string[]> = {
    Status: outside(strings(record.Status), OPEN_LISTS.Status),
    NPPESEntityType: outside(strings(record.NPPESEntityType), OPEN_LISTS.NPPESEntityType, true),
    NameType: objects(record.Name).flatMap((n) => outside(strings(n.NameType), OPEN_LISTS.NameType, true)),
    AddressType: objects(record.Address).flatMap((a) => outside(strings(a.AddressType), OPEN_LISTS.AddressType, true)),
  };
  return Object.fromEntries(
    Object.entries(found)
      .filter(([, values]) => values.length > 0)
      .map(([key, values]) => [key, [...new Set(values)]]),
  );
}

/**
 * OBS-CODED-VALUES with counts (the survey): every value of the open lists a record holds, the
 * observed ones too, as "Attribute: value", each once a record.
 */
export function codedValuesHeld(data: ProviderData | Record<string, unknown>): string[] {
  const record = data as Record<string, unknown>;
  const held = [
    ...strings(record.Status).map((v) => `Status: ${v}`),
    ...strings(record.NPPESEntityType).map((v) => `NPPESEntityType: ${v}`),
    ...objects(record.Name).flatMap((n) => strings(n.NameType).map((v) => `NameType: ${v}`)),
    ...objects(record.Address).flatMap((a) => strings(a.AddressType).map((v) => `AddressType: ${v}`)),
  ];
  return [...new Set(held.filter((v) => !v.endsWith(': ')))];
}

/** DATA-NPI-CHECKDIGIT: non-empty NPI values that are not 10 digits with a valid Luhn check digit. */
export function npiProblems(data: ProviderData | Record<string, unknown>, prefix: string): string[] {
  return strings((data as Record<string, unknown>).NPI)
    .filter((npi) => npi !== '' && !isValidNpi(npi))
    .map((npi) => `${prefix}/NPI: "${npi}" is not a valid NPI (10 digits, Luhn check digit over 80840)`);
}

/** SR-COVERS-GOLDEN: golden NPI, Phone and State values that no source record holds. */
export function uncoveredGoldenValues(golden: Record<string, unknown>, sources: readonly Record<string, unknown>[]): string[] {
  const missing: string[] = [];
  for (const attribute of ['NPI', 'Phone', 'State']) {
    const held = new Set(sources.flatMap((s) => strings(s[attribute]).map((v) => v.trim().toUpperCase())));
    for (const value of strings(golden[attribute])) {
      if (value.trim() !== '' && !held.has(value.trim().toUpperCase())) missing.push(`${attribute} "${value}"`);
    }
  }
  return missing;
}
