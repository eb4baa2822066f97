import type { GoldenProviderRecord, ProviderAddress, ProviderData, ProviderName } from '../types/schemas';
import type { ProviderParameter } from '../spec/constants';
import { IndexBuilder, type InvertedIndex, normalize } from './inverted-index';
import { inMemory, type RecordList } from './stored-records';

/** A searchSingleBest query split by §4.1 rule 1: a trailing dash marks a parameter optional. */
export interface ProviderQuery {
  required: Partial<Record<ProviderParameter, string>>;
  optional: Partial<Record<ProviderParameter, string>>;
}

export type SingleBestResult =
  | { kind: 'unique'; record: GoldenProviderRecord }
  | { kind: 'none' }
  /** The candidates are read when asked for: an ambiguous search of a large directory may match thousands. */
  | { kind: 'ambiguous'; candidates: RecordList<GoldenProviderRecord> };

/** Virtual facet: first and last name taken from the same Name entry. */
const FIRST_LAST = 'FirstName+LastName';

/** An attribute beyond the tables of §2.4 (Carrier): read only when it is an array of strings. */
function extraAttribute(data: ProviderData, name: string): string[] {
  const value = data[name];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

const values = (list: readonly string[] | undefined): string[] => (list ?? []).map(normalize);
const each = <T>(list: readonly T[] | undefined, pick: (item: T) => readonly string[] | undefined): string[] =>
  (list ?? []).flatMap((item) => values(pick(item)));

function nameFacets(names: readonly ProviderName[]) {
  const pairs: string[] = [];
  const full: string[] = [];
  for (const name of names) {
    for (const first of values(name.FirstName)) {
      for (const last of values(name.LastName)) {
        pairs.push(`${first}|${last}`);
        full.push(`${first} ${last}`);
      }
    }
  }
  return { pairs, full };
}

/** What each parameter is compared with in a golden record (stricter than "contains": §4.1 rule 5). */
function facetsOf(data: ProviderData): Record<ProviderParameter | typeof FIRST_LAST, string[]> {
  const addresses: ProviderAddress[] = data.Address ?? [];
  const names = nameFacets(data.Name ?? []);
  const zips = each(addresses, (a) => a.Zip);
  const licenses = each(data.Taxonomy, (t) => t.TaxonomyLicense);
  return {
    NPI: values(data.NPI),
    Name: [...names.full, ...values(data.FullName)],
    FirstName: each(data.Name, (n) => n.FirstName),
    LastName: each(data.Name, (n) => n.LastName),
    [FIRST_LAST]: names.pairs,
    Address: values(data.FullAddress),
    StreetAddress: [
      ...each(addresses, (a) => a.AddressLine1),
      ...addresses.map((a) => normalize([...(a.AddressLine1 ?? []), ...(a.AddressLine2 ?? [])].join(' '))),
    ],
    City: each(addresses, (a) => a.City),
    State: [...values(data.State), ...each(addresses, (a) => a.AddressState)],
    // A 5-digit zip matches the 9-digit form of the same zip.
    Zip: [...zips, ...zips.map((zip) => zip.slice(0, 5))],
    Phone: [...values(data.Phone), ...each(addresses, (a) => a.AddressPhone)],
    Email: values(data.Email),
    TaxonomyCode: each(data.Taxonomy, (t) => t.TaxonomyCode),
    TaxonomyDescription: each(data.Taxonomy, (t) => t.TaxonomyDescription),
    TaxonomyLicense: licenses,
    OtherIdentifierType: each(data.OtherIdentifiers, (o) => o.OtherIdentifierType),
    OtherIdentifierNumber: each(data.OtherIdentifiers, (o) => o.OtherIdentifierNumber),
    Carrier: values(extraAttribute(data, 'Carrier')),
    LicenseStatus: [licenses.length > 0 ? 'TRUE' : 'FALSE'],
    LicenseSource: each(data.Taxonomy, (t) => t.TaxonomyState),
  };
}

/** Criteria for one group of parameters; first and last name together must share a Name entry. */
function criteria(parameters: Partial<Record<ProviderParameter, string>>): [string, string][] {
  const { FirstName, LastName, ...rest } = parameters;
  const list: [string, string][] = Object.entries(rest).map(([key, value]) => [key, normalize(value!)]);
  if (FirstName !== undefined && LastName !== undefined) list.push([FIRST_LAST, `${normalize(FirstName)}|${normalize(LastName)}`]);
  else if (FirstName !== undefined) list.push(['FirstName', normalize(FirstName)]);
  else if (LastName !== undefined) list.push(['LastName', normalize(LastName)]);
  return list;
}

export class ProviderIndex {
  /** The records at their positions, and the index whose ids are those positions (a snapshot stores both). */
  constructor(
    private readonly stored: RecordList<GoldenProviderRecord>,
    readonly index: InvertedIndex,
  ) {}

  static build(records: readonly GoldenProviderRecord[]): ProviderIndex {
    const builder = new IndexBuilder();
    records.forEach((record, id) => {
      for (const [key, list] of Object.entries(facetsOf(record.data))) builder.add(id, key, list);
    });
    return new ProviderIndex(inMemory(records), builder.build());
  }

  get size(): number {
    return this.stored.length;
  }

  /** Every golden record, in load order, one at a time. */
  *records(): Generator<GoldenProviderRecord> {
    for (let id = 0; id < this.stored.length; id++) yield this.stored.at(id);
  }

  /** Golden records matching every given parameter. */
  matching(parameters: Partial<Record<ProviderParameter, string>>): GoldenProviderRecord[] {
    return Array.from(this.index.matchAll(criteria(parameters)), (id) => this.stored.at(id));
  }

  /**
   * §4.1 rules 2–4: the non-optional parameters choose the candidates; optional parameters only
   * narrow a multiple match, and are ignored when they would leave none.
   */
  singleBest(query: ProviderQuery): SingleBestResult {
    const candidates = this.index.matchAll(criteria(query.required));
    if (candidates.length === 0) return { kind: 'none' };
    if (candidates.length === 1) return { kind: 'unique', record: this.stored.at(candidates[0]) };
    const optional = criteria(query.optional);
    const narrowed =
      optional.length === 0 ? [] : candidates.filter((id) => optional.every(([key, value]) => this.index.has(id, key, value)));
    if (narrowed.length === 1) return { kind: 'unique', record: this.stored.at(narrowed[0]) };
    return { kind: 'ambiguous', candidates: { length: candidates.length, at: (position) => this.stored.at(candidates[position]) } };
  }
}
