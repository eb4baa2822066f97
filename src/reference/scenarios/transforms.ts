import type { BuiltBundle } from './behaviour';
import type { GoldenProviderRecord, ProviderData, SourceRecord } from '../../types/schemas';

/** Building blocks for scenarios: copies with one kind of change, so faults stay one line each. */
type Data = Record<string, unknown>;

export function withData(change: (data: Data) => void) {
  const apply = (data: ProviderData): ProviderData => {
    const copy = structuredClone(data) as Data;
    change(copy);
    return copy as ProviderData;
  };
  return {
    golden: (record: GoldenProviderRecord) => ({ ...record, data: apply(record.data) }),
    sources: (records: readonly SourceRecord[]) => records.map((record) => ({ ...record, data: apply(record.data) })),
  };
}

/** Applies `change` to every string of an attribute's array, in data and in its Address entries. */
export function eachValue(data: Data, attribute: string, change: (value: string) => string): void {
  const holders = [data, ...((Array.isArray(data.Address) ? data.Address : []) as Data[])];
  for (const holder of holders) {
    const values = holder[attribute];
    if (Array.isArray(values)) holder[attribute] = values.map((v) => (typeof v === 'string' && v !== '' ? change(v) : v));
  }
}

type Entry = BuiltBundle['entry'][number];

export function withBundle(change: (bundle: BuiltBundle) => void) {
  return (bundle: BuiltBundle) => {
    const copy = structuredClone(bundle);
    change(copy);
    return copy;
  };
}

export function withEntries(change: (entry: Entry, index: number) => void) {
  return withBundle((bundle) => bundle.entry.forEach(change));
}

export function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** Changes the URL of a bundle's next link, when it has one. */
export function withNextLink(change: (next: URL) => void) {
  return withBundle((bundle) => {
    for (const link of bundle.link) {
      if (link.relation !== 'next') continue;
      const next = new URL(link.url);
      change(next);
      link.url = next.href;
    }
  });
}

/** The URL of the search a bundle answers: its self link. */
const selfLink = (bundle: BuiltBundle) => bundle.link.find((link) => link.relation === 'self')?.url;

/** Whether the search a bundle answers named `parameter`. */
export function searchedWith(bundle: BuiltBundle, parameter: string): boolean {
  const self = selfLink(bundle);
  return self !== undefined && new URL(self).searchParams.has(parameter);
}

/** A bundle changed by `change` when its search (its self link) was answered before: a service whose cache spoils repeats. */
export function cachedOnRepeat(change: (bundle: BuiltBundle) => BuiltBundle) {
  const asked = new Set<string>();
  return (bundle: BuiltBundle) => {
    const self = selfLink(bundle) ?? '';
    if (!asked.has(self)) {
      asked.add(self);
      return bundle;
    }
    return change(bundle);
  };
}

/**
 * Whether a query language that reads bare words takes a state code for one of its operators (OR,
 * IN, ME): the state-word faults of both endpoints drop such a State.
 */
export const readAsOperator = (state: string | undefined): boolean =>
  state !== undefined && ['OR', 'IN', 'ME'].includes(state.trim().toUpperCase());
