/** Which source dataset a source record comes from (§2.2 `index`), as the suite's coverage and the survey's counts name it. */
import { readData } from './attributes';
import { isJsonObject, stringsIn } from './json';

/** The label of a source record that names its dataset nowhere: no `index`, and no provenance in its data. */
export const NO_INDEX = '(no index)';

const named = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * The dataset a source record comes from: its `index` (§2.2; the first of a list of them); else the
 * provenance its data carries (`IdentityDataSource`, §2.4), marked as such; else NO_INDEX.
 */
export function datasetOf(element: Record<string, unknown>): string {
  const index = [element.index, ...stringsIn(element.index)].find(named);
  if (index !== undefined) return index;
  const provenance = isJsonObject(element.data) ? readData(element.data).IdentityDataSource : undefined;
  return named(provenance) ? `${provenance} (no index)` : NO_INDEX;
}
