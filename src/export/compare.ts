/**
 * An exported Organization beside what the service answers for it: the searches that find it (by
 * each identifier it carries, in each form §4.3 allows, and by its name in its state), which answer
 * is the same organization, and the fields on which the two differ. Fields are read by the
 * rulebook's parameter table (wholeValuesOf), as the rules read them; an identifier is its value
 * and the identifier its system names, so a release that moves the NPI to another of its systems
 * differs in nothing. Only fields both carry are compared: a field one side leaves out is not
 * "another value".
 */
import { identifierNamedBy } from '../domain/identifiers';
import { keyHash } from './key-hash';
import { type JsonObject, objectsIn, stringsIn, textOf, wholeValuesOf } from '../rules/rulebook';

type Query = Record<string, string>;

/** The fields compared, as the issue of a directory's export and API names them. */
export const COMPARED_FIELDS = ['name', 'identifier', 'address', 'telecom', 'type', 'active', 'partOf'] as const;
export type ComparedField = (typeof COMPARED_FIELDS)[number];

export interface FieldDifference {
  field: ComparedField;
  /** The values the export holds that the service's answer lacks, and the converse. */
  exportedOnly: string[];
  servedOnly: string[];
}

/** One way of writing a value: Unicode composed, upper case, spaces collapsed. */
const spelled = (value: string) => value.normalize('NFC').toUpperCase().replace(/\s+/g, ' ').trim();
const digits = (value: string) => value.replace(/\D/g, '').slice(-10);

/** An identifier as one value: the identifier its system names (or the system), and the value. */
const identity = (system: string, value: string) => `${identifierNamedBy(system) ?? system.trim()}|${value.trim()}`;

/** A resource's identifiers, each as one value (identity): what two records share when they are one. */
export const identifiersOf = (resource: JsonObject) =>
  objectsIn(resource.identifier)
    .filter((i) => textOf(i.value).trim() !== '')
    .map((i) => identity(textOf(i.system), textOf(i.value)));

/** The reference of partOf, as the id it points to (an absolute URL and a relative reference to one organization are one). */
const partOfOf = (resource: JsonObject) => {
  const reference = textOf(objectsIn([resource.partOf])[0]?.reference);
  return reference === '' ? [] : [reference.replace(/^.*\/(Organization\/[^/]+)(\/_history\/.*)?$/, '$1')];
};

const FIELD_VALUES: Record<ComparedField, (resource: JsonObject) => string[]> = {
  name: (r) => wholeValuesOf('name', r).map(spelled),
  identifier: identifiersOf,
  address: (r) => wholeValuesOf('address', r).map(spelled),
  telecom: (r) =>
    wholeValuesOf('phone', r)
      .map(digits)
      .filter((d) => d.length === 10),
  type: (r) => wholeValuesOf('type', r).map(spelled),
  active: (r) => (typeof r.active === 'boolean' ? [String(r.active)] : []),
  partOf: partOfOf,
};

/** The fields both carry on which `served` differs from `exported`. */
export function organizationDifferences(exported: JsonObject, served: JsonObject): FieldDifference[] {
  return COMPARED_FIELDS.flatMap((field) => differenceOf(field, FIELD_VALUES[field](exported), FIELD_VALUES[field](served)));
}

/** One field's values on each side: none when either side lacks the field, or both hold the same values. */
function differenceOf(field: ComparedField, exported: readonly string[], served: readonly string[]): FieldDifference[] {
  const [ours, theirs] = [new Set(exported), new Set(served)];
  if (ours.size === 0 || theirs.size === 0) return [];
  const exportedOnly = [...ours].filter((v) => !theirs.has(v)).sort();
  const servedOnly = [...theirs].filter((v) => !ours.has(v)).sort();
  return exportedOnly.length + servedOnly.length === 0 ? [] : [{ field, exportedOnly, servedOnly }];
}

/** The fields a golden record's data (§2.3) and an exported Practitioner both name: its NPIs, and its names as `LAST FIRST`. */
export const PRACTITIONER_FIELDS = ['identifier', 'name'] as const;
const PRACTITIONER_VALUES: Record<
  (typeof PRACTITIONER_FIELDS)[number],
  [(exported: JsonObject) => string[], (data: JsonObject) => string[]]
> = {
  identifier: [
    (r) => identifiersOf(r).filter((i) => i.startsWith('NPI|')),
    (data) => stringsIn(data.NPI).map((npi) => `NPI|${npi.trim()}`),
  ],
  name: [
    (r) => objectsIn(r.name).map((n) => spelled(`${textOf(n.family)} ${stringsIn(n.given)[0] ?? ''}`)),
    (data) => objectsIn(data.Name).map((n) => spelled(`${stringsIn(n.LastName)[0] ?? ''} ${stringsIn(n.FirstName)[0] ?? ''}`)),
  ],
};

/** The fields both carry on which a golden record's data differs from an exported Practitioner. */
export function practitionerDifferences(exported: JsonObject, data: JsonObject): FieldDifference[] {
  return PRACTITIONER_FIELDS.flatMap((field) =>
    differenceOf(field, PRACTITIONER_VALUES[field][0](exported), PRACTITIONER_VALUES[field][1](data)),
  );
}

/** Among a search's organizations, the exported one: the same id, else the first sharing an identifier with it. */
export function sameOrganization(exported: JsonObject, served: readonly JsonObject[]): JsonObject | undefined {
  const id = textOf(exported.id);
  const byId = id === '' ? undefined : served.find((r) => textOf(r.id) === id);
  if (byId) return byId;
  const ours = new Set(identifiersOf(exported));
  return served.find((r) => identifiersOf(r).some((i) => ours.has(i)));
}

/**
 * The searches that find an exported organization (§4.3): each identifier by its value, and by
 * system|value; then its name in the state of its first address. The survey asks them in order,
 * until one answers it.
 */
export function exportSearches(exported: JsonObject): Query[] {
  const byIdentifier = objectsIn(exported.identifier).flatMap((i) => {
    const [system, value] = [textOf(i.system).trim(), textOf(i.value).trim()];
    if (value === '') return [];
    return [{ identifier: value }, ...(system === '' ? [] : [{ identifier: `${system}|${value}` }])];
  });
  const name = textOf(exported.name).trim();
  const state = textOf(objectsIn(exported.address)[0]?.state).trim();
  return [...byIdentifier, ...(name === '' ? [] : [{ name, ...(state === '' ? {} : { 'address-state': state }) }])];
}

/** A field's values as one short digest: what a diff of two witnesses compares (survey diff), held in a few bytes a field. */
const digest = (values: readonly string[]) => keyHash([...new Set(values)].sort().join('\n')).toString(36);

function digests<F extends string>(fields: readonly F[], valuesOf: (field: F) => string[]): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const values = valuesOf(field);
    if (values.length > 0) out[field] = digest(values);
  }
  return out;
}

/** An organization's compared fields, each as a digest of its values; a field it lacks is absent. */
export const organizationDigests = (resource: JsonObject) => digests(COMPARED_FIELDS, (field) => FIELD_VALUES[field](resource));
/** An exported Practitioner's fields, as a golden record's (providerDigests) are. */
export const practitionerDigests = (resource: JsonObject) =>
  digests(PRACTITIONER_FIELDS, (field) => PRACTITIONER_VALUES[field][0](resource));
/** A golden record's data (§2.3): its NPIs and names, as an exported Practitioner's are. */
export const providerDigests = (data: JsonObject) => digests(PRACTITIONER_FIELDS, (field) => PRACTITIONER_VALUES[field][1](data));
