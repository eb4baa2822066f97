import { isValidNpi } from '../../domain/identifiers';
import { OPTIONAL_SUFFIX } from '../../spec/constants';
import type { ProviderData } from '../../types/schemas';
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
  if (NPI !== undefined && !strings(data.NPI).some((v) => same(v, NPI))) problems.push(`NPI ${NPI} is not among data.NPI ${JSON.stringify(data.NPI)}`);
  if (FirstName !== undefined || LastName !== undefined) {
    const fits = names.some((n) => (FirstName === undefined || strings(n.FirstName).some((v) => same(v, FirstName))) && (LastName === undefined || strings(n.LastName).some((v) => same(v, LastName))));
    if (!fits) problems.push(`no Name entry has ${[FirstName && `FirstName ${FirstName}`, LastName && `LastName ${LastName}`].filter(Boolean).join(' and ')}: ${JSON.stringify(data.Name)}`);
  }
  if (State !== undefined && ![...strings(data.State), ...addresses.flatMap((a) => strings(a.AddressState))].some((v) => same(v, State))) {
    problems.push(`State ${State} is neither in data.State nor in an address`);
  }
  if (City !== undefined && !addresses.flatMap((a) => strings(a.City)).some((v) => same(v, City))) problems.push(`City ${City} is in no address`);
  if (Phone !== undefined && ![...strings(data.Phone), ...addresses.flatMap((a) => strings(a.AddressPhone))].includes(Phone)) problems.push(`Phone ${Phone} is neither in data.Phone nor in an address`);
  return problems;
}

/** DATA-CODES (§2.4 "observed coded values"): values outside them, as `pointer: value`. */
const YES_NO = ['Y', 'N'];
const CODES: Record<string, { values: string[]; anyCase: boolean }> = {
  Gender: { values: ['M', 'F'], anyCase: false },
  IsSoleProprietor: { values: YES_NO, anyCase: false },
  BoardCertified: { values: YES_NO, anyCase: false },
  AcceptMedicaid: { values: YES_NO, anyCase: false },
  Discipline: { values: YES_NO, anyCase: false },
  Status: { values: ['A'], anyCase: false },
};
const NAME_TYPES = ['primary', 'other', 'authorized'];
const ADDRESS_TYPES = ['mailing', 'business practice', 'practice', 'practice location', 'public'];

function outside(values: string[], allowed: string[], anyCase: boolean): string[] {
  return values.filter((v) => v !== '' && !allowed.some((a) => (anyCase ? same(a, v) : a === v)));
}

export function codeProblems(data: ProviderData | Record<string, unknown>, prefix: string): string[] {
  const record = data as Record<string, unknown>;
  const problems: string[] = [];
  for (const [attribute, { values, anyCase }] of Object.entries(CODES)) {
    for (const bad of outside(strings(record[attribute]), values, anyCase)) problems.push(`${prefix}/${attribute}: "${bad}" (expected ${values.join('/')})`);
  }
  objects(record.Taxonomy).forEach((t, i) => {
    for (const bad of outside(strings(t.TaxonomySwitch), ['true', 'false'], false)) problems.push(`${prefix}/Taxonomy/${i}/TaxonomySwitch: "${bad}" (expected true/false)`);
  });
  objects(record.Name).forEach((n, i) => {
    for (const bad of outside(strings(n.NameType), NAME_TYPES, true)) problems.push(`${prefix}/Name/${i}/NameType: "${bad}" (expected ${NAME_TYPES.join('/')}, any case)`);
  });
  objects(record.Address).forEach((a, i) => {
    for (const bad of outside(strings(a.AddressType), ADDRESS_TYPES, true)) problems.push(`${prefix}/Address/${i}/AddressType: "${bad}" (expected ${ADDRESS_TYPES.join('/')}, any case)`);
  });
  return problems;
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
