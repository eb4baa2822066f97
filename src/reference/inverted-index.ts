/**
 * Facet index over records numbered 0..n-1: each record has, per facet key, a set of normalized values.
 * Lookups intersect posting lists smallest first, so a search costs what its most selective
 * criterion costs, not a scan of every record.
 */
export class InvertedIndex {
  private readonly postings = new Map<string, Map<string, number[]>>();
  private readonly facets: Map<string, Set<string>>[] = [];

  /** Records must be added in ascending id order, which keeps every posting list sorted. */
  add(id: number, key: string, values: Iterable<string>): void {
    const recordFacets = (this.facets[id] ??= new Map());
    let set = recordFacets.get(key);
    if (!set) recordFacets.set(key, (set = new Set()));
    let byValue = this.postings.get(key);
    if (!byValue) this.postings.set(key, (byValue = new Map()));
    for (const value of values) {
      if (value === '' || set.has(value)) continue;
      set.add(value);
      const list = byValue.get(value);
      if (list) list.push(id);
      else byValue.set(value, [id]);
    }
  }

  /** Distinct values of one facet key, sorted. */
  valuesOf(key: string): string[] {
    return [...(this.postings.get(key)?.keys() ?? [])].sort();
  }

  has(id: number, key: string, value: string): boolean {
    return this.facets[id]?.get(key)?.has(value) ?? false;
  }

  lookup(key: string, value: string): readonly number[] {
    return this.postings.get(key)?.get(value) ?? [];
  }

  /** Ids of the records that carry every (key, value) pair, ascending. */
  matchAll(criteria: readonly (readonly [string, string])[]): number[] {
    if (criteria.length === 0) return [];
    const lists = criteria.map(([key, value]) => ({ key, value, ids: this.lookup(key, value) }));
    lists.sort((a, b) => a.ids.length - b.ids.length);
    const [smallest, ...rest] = lists;
    return smallest.ids.filter((id) => rest.every(({ key, value }) => this.has(id, key, value)));
  }
}

/** Search-form of a value: case, surrounding space, runs of space and commas do not count. */
export function normalize(value: string): string {
  return value.replace(/,/g, ' ').trim().replace(/\s+/g, ' ').toUpperCase();
}
