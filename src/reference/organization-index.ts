import type { Organization } from '../types/schemas';
import type { OrganizationFilter } from '../spec/constants';
import { InvertedIndex, normalize } from './inverted-index';

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

function lowerBound(sorted: readonly string[], target: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

export class OrganizationIndex {
  private readonly organizations: Organization[];
  private readonly index = new InvertedIndex();
  private readonly texts: Record<TextFilter, string[][]> = { name: [], address: [] };
  private readonly words: Record<TextFilter, string[]>;

  /** Results come in ascending id order (entry order is not shown: §4.3 rule 3). */
  constructor(organizations: readonly Organization[]) {
    this.organizations = [...organizations].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    this.organizations.forEach((organization, id) => {
      for (const [key, list] of Object.entries(exactFacets(organization))) this.index.add(id, key, list);
      for (const filter of TEXT_FILTERS) {
        const texts = textsOf(organization, filter);
        this.texts[filter][id] = texts.map((text) => ` ${text}`);
        this.index.add(
          id,
          `${filter}:word`,
          texts.flatMap((text) => text.split(' ')),
        );
      }
    });
    this.words = { name: this.index.valuesOf('name:word'), address: this.index.valuesOf('address:word') };
  }

  get size(): number {
    return this.organizations.length;
  }

  /** Every organization matching all filters (every organization, when there is none), in ascending id order. */
  search(filters: OrganizationFilters): readonly Organization[] {
    const exact: [string, string][] = [];
    const text: [TextFilter, string][] = [];
    for (const [filter, raw] of Object.entries(filters) as [OrganizationFilter, string][]) {
      if (isTextFilter(filter)) text.push([filter, normalize(raw)]);
      else exact.push([filter, filter === 'identifier' ? identifierCriterion(raw) : normalize(raw)]);
    }
    let ids: readonly number[];
    let unchecked = text;
    if (exact.length > 0) ids = this.index.matchAll(exact);
    else if (text.length > 0) {
      const [filter, value] = text[0];
      ids = this.wordPrefixCandidates(filter, value);
      // For a one-word value the candidates are the exact answer: some word starts with it.
      if (!value.includes(' ')) unchecked = text.slice(1);
    } else return this.organizations;
    const matching =
      unchecked.length === 0
        ? ids
        : ids.filter((id) => unchecked.every(([filter, value]) => this.texts[filter][id].some((t) => t.includes(` ${value}`))));
    return matching.map((id) => this.organizations[id]);
  }

  /** Records having a word that starts with the value's first word (a superset of the matches), ascending. */
  private wordPrefixCandidates(filter: TextFilter, value: string): readonly number[] {
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
