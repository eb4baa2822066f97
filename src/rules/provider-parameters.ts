/**
 * The provider parameter table: for each §4.1 parameter, everything the rulebook and its drivers know
 * of it, in one place, as `organization/parameters.ts` is for §4.3. Its fields of `data` (read through
 * the one attribute reader, attributes.ts), how a record's own values are read from them, how the
 * specification links the parameter to its attribute (which decides what the rules may require of
 * it), and a value no provider can hold. `queryMismatches`, the own values, the draft, the
 * unmatchable values and explore's cases read the table; nothing else maps a parameter to a field.
 */
import type { ProviderParameter } from '../spec/constants';
import { readData } from './attributes';
import { objectsIn as objects, stringsIn as strings, type JsonObject } from './json';
import { compact, namePartIn, phoneDigits, sameNamePart } from './text-match';

/** Where a parameter's values are held: an attribute of `data`, or of the objects of one of its groups (§2.4). */
export interface Field {
  group: 'data' | 'Name' | 'Address' | 'Taxonomy';
  attribute: string;
}

/**
 * How §4.1 links a parameter to an attribute, which is what the rules may require of it:
 * - `plain`: the attribute is plain (the NPI, the names, State, City, a "10-digit phone number"): a
 *   record answered holds the searched value (SB-MATCHES-QUERY), and a record's own value finds it
 *   (SB-NARROWING);
 * - `same-named`: the parameter is named as the attribute that holds it (§2.4: Email, a Zip of an
 *   Address, a Taxonomy's code, description or license): how a searched value compares is not shown
 *   (r5), but the record's own value, verbatim, is equal to itself under any comparison, so it finds
 *   the record (SB-NARROWING);
 * - `open`: how a value relates to the record is not shown (an address as a whole, a street, an
 *   identifier, a carrier, a license): observed, never required.
 */
export type ParameterLink = 'plain' | 'same-named' | 'open';

/**
 * How a searched value and a held one compare under every reading a service may take (§4.1 r5, text-match.ts):
 * `same`, case and surrounding spaces aside; `name-part`, punctuation, accents and words aside;
 * `compact`, letters and digits alone; `digits`, the digits of a phone, a leading country code aside.
 */
export type ParameterCompare = 'same' | 'name-part' | 'compact' | 'digits';

export interface ProviderParameterRow {
  link: ParameterLink;
  /** Every place a searched value may be held: a record answered holds it in one of them (SB-MATCHES-QUERY, plain parameters). */
  fields: readonly Field[];
  /** The places a record's own value is read from, what a search for it carries (a subset of `fields`): none for a parameter read otherwise or not at all. */
  ownFields: readonly Field[];
  compare?: ParameterCompare;
  /** A value no provider can hold (SB-STRICT-PARAM, SB-OPTIONAL-DASH): none where every provider holds one of its values (LicenseStatus). */
  unmatchable?: string;
}

const at = (group: Field['group'], attribute: string): Field => ({ group, attribute });

/** A row whose values are held in one field, the record's own read from it. */
const heldIn = (link: ParameterLink, field: Field, unmatchable: string, compare?: ParameterCompare): ProviderParameterRow => ({
  link,
  fields: [field],
  ownFields: [field],
  unmatchable,
  ...(compare ? { compare } : {}),
});

/**
 * The table, in §4.1's order. `Name` is "full name, first and last": its own values and its
 * comparison are of a Name entry's first and last name together (ownValuesOf, holdsName).
 */
export const PROVIDER_PARAMETERS_TABLE: Readonly<Record<ProviderParameter, ProviderParameterRow>> = {
  // An NPI starts with 1 or 2: one that starts with 0 is no provider's.
  NPI: heldIn('plain', at('data', 'NPI'), '0000000000', 'same'),
  Name: { link: 'plain', fields: [at('Name', 'FirstName'), at('Name', 'LastName')], ownFields: [], unmatchable: 'ZZNOBODY QQNOONE' },
  FirstName: heldIn('plain', at('Name', 'FirstName'), 'ZZNOBODY', 'name-part'),
  LastName: heldIn('plain', at('Name', 'LastName'), 'QQNOONE', 'name-part'),
  Address: { link: 'open', fields: [], ownFields: [], unmatchable: '0 NO SUCH STREET, NOWHERE, ZZ 00000' },
  StreetAddress: heldIn('open', at('Address', 'AddressLine1'), '0 NO SUCH STREET'),
  City: heldIn('plain', at('Address', 'City'), 'NO SUCH CITY ZZ', 'compact'),
  // The state of the record, or of one of its addresses; the reserved code ZZ is no state's.
  State: {
    link: 'plain',
    fields: [at('data', 'State'), at('Address', 'AddressState')],
    ownFields: [at('data', 'State'), at('Address', 'AddressState')],
    compare: 'same',
    unmatchable: 'ZZ',
  },
  Zip: heldIn('same-named', at('Address', 'Zip'), '00000'),
  // "10-digit phone number": the record's own are the 10-digit phones of data (an address's phone is matched, not required).
  Phone: {
    link: 'plain',
    fields: [at('data', 'Phone'), at('Address', 'AddressPhone')],
    ownFields: [at('data', 'Phone')],
    compare: 'digits',
    unmatchable: '0000000000',
  },
  // The reserved .invalid mail domain holds no address.
  Email: heldIn('same-named', at('data', 'Email'), 'nobody@conformance.invalid'),
  TaxonomyCode: heldIn('same-named', at('Taxonomy', 'TaxonomyCode'), 'ZZZZZZZZZX'),
  TaxonomyDescription: heldIn('same-named', at('Taxonomy', 'TaxonomyDescription'), 'NO SUCH SPECIALTY ZZ'),
  TaxonomyLicense: heldIn('same-named', at('Taxonomy', 'TaxonomyLicense'), 'NO-SUCH-LICENSE-ZZ'),
  // §2.4 names OtherIdentifiers but not its attributes, and no attribute holds a carrier or a licensing registry.
  OtherIdentifierType: { link: 'open', fields: [], ownFields: [], unmatchable: 'NO SUCH AGENCY ZZ' },
  OtherIdentifierNumber: { link: 'open', fields: [], ownFields: [], unmatchable: 'NO-SUCH-ID-ZZ' },
  Carrier: { link: 'open', fields: [], ownFields: [], unmatchable: 'NO SUCH CARRIER ZZ' },
  // `True` or `False`: every provider holds one, so no value excludes every provider.
  LicenseStatus: { link: 'open', fields: [], ownFields: [] },
  LicenseSource: { link: 'open', fields: [], ownFields: [], unmatchable: 'NO SUCH REGISTRY ZZ' },
};

/** Every §4.1 parameter, in §4.1's order. */
export const PROVIDER_PARAMETER_NAMES: readonly string[] = Object.keys(PROVIDER_PARAMETERS_TABLE);

export const providerParameter = (name: string): ProviderParameterRow | undefined =>
  (PROVIDER_PARAMETERS_TABLE as Record<string, ProviderParameterRow>)[name];

/** The holders of a field in a record's data: the data itself, or the objects of the group's array. */
const holders = (data: JsonObject, group: Field['group']): JsonObject[] => (group === 'data' ? [data] : objects(data[group]));

/** Every value a record holds in `fields`, in data order, each field in turn (an entry that holds two values gives both). */
export function fieldValues(data: Record<string, unknown>, fields: readonly Field[]): string[] {
  const read = readData(data);
  return fields.flatMap(({ group, attribute }) => holders(read, group).flatMap((holder) => strings(holder[attribute])));
}

/** A held value and a searched one, under the parameter's comparison. */
export function compared(how: ParameterCompare, held: string, searched: string): boolean {
  if (held.trim() === '') return false;
  switch (how) {
    case 'same':
      return held.trim().toUpperCase() === searched.trim().toUpperCase();
    case 'name-part':
      return sameNamePart(held, searched);
    case 'compact':
      return compact(held) !== '' && compact(held) === compact(searched);
    case 'digits':
      return phoneDigits(searched) !== '' && phoneDigits(held) === phoneDigits(searched);
  }
}

/** §4.1 `Name`, "full name, first and last": a Name entry whose first and last names are both in the searched value. */
export function holdsName(entry: JsonObject, searched: string): boolean {
  const part = (attribute: string) => strings(entry[attribute]).some((held) => held.trim() !== '' && namePartIn(held, searched));
  return part('FirstName') && part('LastName');
}

/** What a search for a record carries of one parameter: a phone by its 10 digits (§4.1), any other value as held. */
const asSearched = (parameter: string, value: string): string | undefined => {
  if (parameter !== 'Phone') return value;
  const digits = value.replace(/\D/g, '');
  return digits.length === 10 ? digits : undefined;
};

/**
 * Each own value a record holds for a parameter, once for each entry that holds it (a name, an
 * address, a taxonomy), in data order: `Name` as each Name entry's first and last name.
 */
export function ownValuesOf(data: Record<string, unknown>, parameter: string): string[] {
  const row = providerParameter(parameter);
  if (!row) return [];
  if (parameter === 'Name')
    return objects(readData(data).Name).flatMap((entry) =>
      strings(entry.FirstName).flatMap((first) =>
        strings(entry.LastName).flatMap((last) => (first.trim() !== '' && last.trim() !== '' ? [`${first} ${last}`] : [])),
      ),
    );
  return fieldValues(data, row.ownFields).flatMap((value) => {
    const searched = value.trim() === '' ? undefined : asSearched(parameter, value);
    return searched === undefined ? [] : [searched];
  });
}

/** Every §4.1 parameter with a value no provider can hold, in §4.1's order. */
export const UNMATCHABLE: readonly (readonly [string, string])[] = Object.entries(PROVIDER_PARAMETERS_TABLE).flatMap(([name, row]) =>
  row.unmatchable === undefined ? [] : [[name, row.unmatchable] as const],
);
