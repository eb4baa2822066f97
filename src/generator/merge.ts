import type { ProviderData } from '../types/schemas';

/** §2.3 rule 3: an absent value is an empty string, and an empty object can stand in an Address. */
function isAbsent(value: unknown): boolean {
  return value === '' || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);
}

/**
 * Builds a golden record's data from its source records as §2.4 describes: the values of every
 * source are listed side by side in the same array, each distinct value once, absent values dropped.
 * Plain-string provenance fields (§2.3 rule 2) come from the first source that has them.
 */
export function mergeSourceData(sources: readonly ProviderData[]): ProviderData {
  const merged: Record<string, unknown> = {};
  const seen = new Map<string, Set<string>>();
  for (const data of sources) {
    for (const [key, value] of Object.entries(data)) {
      if (typeof value === 'string') {
        if (merged[key] === undefined && value !== '') merged[key] = value;
        continue;
      }
      if (!Array.isArray(value)) continue;
      let target = merged[key] as unknown[] | undefined;
      if (!target) merged[key] = target = [];
      let keys = seen.get(key);
      if (!keys) seen.set(key, (keys = new Set()));
      for (const item of value) {
        const identity = JSON.stringify(item);
        if (isAbsent(item) || keys.has(identity)) continue;
        keys.add(identity);
        target.push(item);
      }
    }
  }
  return merged as ProviderData;
}
