import type { Organization } from '../types/schemas';
import type { OrganizationFilter } from '../spec/constants';
import { IndexBuilder, type InvertedIndex, lowerBound, normalize } from './inverted-index';
import { inMemory, type RecordList } from './stored-records';

export type OrganizationFilters = Partial<Record<OrganizationFilter, string>>;

/** Free-text filters: the value must start a word of the field, case-insensitively (FHIR string search, per word). */
const TEXT_FILTERS = ['name', 'address'] as const;
type TextFilter = (typeof TEXT_FILTERS)[number];

function isTextFilter(filter: OrganizationFilter): filter is TextFilter {
  return (TEXT_FILTERS as readonly string[]).includes(filter);
}

function textsOf(organization: Organization, filter: TextFilter): string[] {
  return filter === 'name' ? [normalize(organization.name)] : organization.address.map((a) => normalize(a.text));
}

function exactFacets(organization: Organization): Record<Exclude<OrganizationFilter, TextFilter>, string[]> {
  const postalCodes = organization.address.map((a) => normalize(a.postalCode));
  return {
    'address-city': organization.address.map((a) => normalize(a.city)),
    'address-state': organization.address.map((a) => normalize(a.state)),
    // A 5-digit zip matches the 9-digit form of the same zip.
    'address-postalcode': [...postalCodes, ...postalCodes.map((zip) => zip.slice(0, 5))],
    phone: (organization.telecom ?? []).filter((t) => t.system === 'phone').map((t) => t.value),
    type: (organization.type ?? []).map((t) => normalize(t.text)),
    // §4.3: the identifier search form takes the value alone or system|value.
    identifier: organization.identifier.flatMap((i) => [normalize(i.value), `${i.system}|${normalize(i.value)}`]),
    active: [String(organization.active).toUpperCase()],
  };
}

/** `identifier=system|value`: the system is a URI and keeps its case; the value does not. */
function identifierCriterion(value: string): string {
  const bar = value.lastIndexOf('|');
  return bar < 0 ? normalize(value) : `${value.slice(0, bar)}|${normalize(value.slice(bar + 1))}`;
}

/** The order of organizations in the index and in every search result. */
export function byId(a: Organization, b: Organization): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The organizations a search matched, in ascending id order, read a slice at a time: a page of a
 * search matching all of 100k organizations reads 25 of them. An array is one.
 */
export interface OrganizationMatches {
  readonly length: number;
  slice(start?: number, end?: number): Organization[];
}

/** Each organization's name and address texts, search-formed and led by a space, by position. */
export type OrganizationTexts = Record<TextFilter, string[][]>;

export class OrganizationIndex {
  private readonly words: Record<TextFilter, readonly string[]>;

  /** The organizations in ascending id order, the index whose ids are their positions, and their texts (a snapshot stores all three). */
  constructor(
    private readonly organizations: RecordList<Organization>,
    readonly index: InvertedIndex,
    readonly texts: OrganizationTexts,
  ) {
    this.words = { name: index.valuesOf('name:word'), address: index.valuesOf('address:word') };
  }

  /** Results come in ascending id order (entry order is not shown: §4.3 rule 3). */
  static build(organizations: readonly Organization[]): OrganizationIndex {
    const sorted = [...organizations].sort(byId);
    const builder = new IndexBuilder();
    const texts: OrganizationTexts = { name: [], address: [] };
    sorted.forEach((organization, id) => {
      for (const [key, list] of Object.entries(exactFacets(organization))) builder.add(id, key, list);
      for (const filter of TEXT_FILTERS) {
        const values = textsOf(organization, filter);
        texts[filter][id] = values.map((text) => ` ${text}`);
        builder.add(
          id,
          `${filter}:word`,
          values.flatMap((text) => text.split(' ')),
        );
      }
    });
    return new OrganizationIndex(inMemory(sorted), builder.build(), texts);
  }

  get size(): number {
    return this.organizations.length;
  }

  /** Every organization matching all filters (every organization, when there is none), in ascending id order. */
  search(filters: OrganizationFilters): OrganizationMatches {
    const exact: [string, string][] = [];
    const text: [TextFilter, string][] = [];
    for (const [filter, raw] of Object.entries(filters) as [OrganizationFilter, string][]) {
      if (isTextFilter(filter)) text.push([filter, normalize(raw)]);
      else exact.push([filter, filter === 'identifier' ? identifierCriterion(raw) : normalize(raw)]);
    }
    let ids: readonly number[] | Int32Array;
    let unchecked = text;
    if (exact.length > 0) ids = this.index.matchAll(exact);
    else if (text.length > 0) {
      const [filter, value] = text[0];
      ids = this.wordPrefixCandidates(filter, value);
      // For a one-word value the candidates are the exact answer: some word starts with it.
      if (!value.includes(' ')) unchecked = text.slice(1);
    } else ids = Array.from({ length: this.organizations.length }, (_, id) => id);
    const matching =
      unchecked.length === 0
        ? ids
        : ids.filter((id: number) => unchecked.every(([filter, value]) => this.texts[filter][id].some((t) => t.includes(` ${value}`))));
    return {
      length: matching.length,
      slice: (start, end) => Array.from(matching.slice(start, end), (id) => this.organizations.at(id)),
    };
  }

  /** Records having a word that starts with the value's first word (a superset of the matches), ascending. */
  private wordPrefixCandidates(filter: TextFilter, value: string): readonly number[] | Int32Array {
    const prefix = value.split(' ')[0];
    const words = this.words[filter];
    const start = lowerBound(words, prefix);
    let end = start;
    while (end < words.length && words[end].startsWith(prefix)) end++;
    if (end - start === 1) return this.index.lookup(`${filter}:word`, words[start]);
    // Several words share the prefix: mark their records, then read the marks in id order.
    const marks = new Uint8Array(this.organizations.length);
    for (let i = start; i < end; i++) for (const id of this.index.lookup(`${filter}:word`, words[i])) marks[id] = 1;
    const ids: number[] = [];
    for (let id = 0; id < marks.length; id++) if (marks[id]) ids.push(id);
    return ids;
  }
}
