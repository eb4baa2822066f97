/**
 * Facet index over records numbered 0..n-1: each record has, per facet key, a set of normalized values.
 * Lookups intersect posting lists smallest first, so a search costs what its most selective
 * criterion costs, not a scan of every record.
 *
 * The index is built once (IndexBuilder) and then frozen into sorted values and flat typed arrays:
 * no per-record sets, and a form that a directory snapshot stores and loads without rebuilding
 * (100k providers: a million values, read back in a fraction of a second).
 */

/** One facet key's postings: the distinct values sorted, and the ids of value i at ids[starts[i]..starts[i + 1]). */
export interface FacetPostings {
  values: string[];
  starts: Int32Array;
  ids: Int32Array;
}

/** A frozen index's whole content: what a snapshot stores. */
export type IndexData = Map<string, FacetPostings>;

const NO_IDS = new Int32Array(0);

/** Position of the first element not less than `target` in a sorted list. */
export function lowerBound<T extends string | number>(sorted: ArrayLike<T>, target: T): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Whether a sorted id list holds `id`. */
function contains(ids: Int32Array, id: number): boolean {
  const at = lowerBound(ids, id);
  return at < ids.length && ids[at] === id;
}

export class IndexBuilder {
  private readonly postings = new Map<string, Map<string, number[]>>();

  /**
   * Records must be added in ascending id order, which keeps every posting list sorted; a value
   * repeated within one record is posted once, since its list then already ends with the id.
   */
  add(id: number, key: string, values: Iterable<string>): void {
    let byValue = this.postings.get(key);
    if (!byValue) this.postings.set(key, (byValue = new Map()));
    for (const value of values) {
      if (value === '') continue;
      const list = byValue.get(value);
      if (!list) byValue.set(value, [id]);
      else if (list[list.length - 1] !== id) list.push(id);
    }
  }

  build(): InvertedIndex {
    const data: IndexData = new Map();
    for (const [key, byValue] of this.postings) {
      const values = [...byValue.keys()].sort();
      const starts = new Int32Array(values.length + 1);
      values.forEach((value, i) => (starts[i + 1] = starts[i] + byValue.get(value)!.length));
      const ids = new Int32Array(starts[values.length]);
      values.forEach((value, i) => ids.set(byValue.get(value)!, starts[i]));
      data.set(key, { values, starts, ids });
    }
    return new InvertedIndex(data);
  }
}

export class InvertedIndex {
  constructor(readonly data: IndexData) {}

  /** Distinct values of one facet key, sorted. */
  valuesOf(key: string): readonly string[] {
    return this.data.get(key)?.values ?? [];
  }

  has(id: number, key: string, value: string): boolean {
    return contains(this.lookup(key, value), id);
  }

  /** Ids of the records that carry the value, ascending. */
  lookup(key: string, value: string): Int32Array {
    const postings = this.data.get(key);
    if (!postings) return NO_IDS;
    const at = lowerBound(postings.values, value);
    if (postings.values[at] !== value) return NO_IDS;
    return postings.ids.subarray(postings.starts[at], postings.starts[at + 1]);
  }

  /** Ids of the records that carry every (key, value) pair, ascending; one criterion's list is the index's own, not a copy. */
  matchAll(criteria: readonly (readonly [string, string])[]): Int32Array {
    if (criteria.length === 0) return NO_IDS;
    const lists = criteria.map(([key, value]) => this.lookup(key, value));
    lists.sort((a, b) => a.length - b.length);
    const [smallest, ...rest] = lists;
    return rest.length === 0 ? smallest : smallest.filter((id) => rest.every((ids) => contains(ids, id)));
  }
}

/** Search-form of a value: case, surrounding space, runs of space and commas do not count. */
export function normalize(value: string): string {
  return value.replace(/,/g, ' ').trim().replace(/\s+/g, ' ').toUpperCase();
}
