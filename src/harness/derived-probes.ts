import type { Probes } from '../types/schemas';
import type { DirectoryClient } from './directory-client';
import { type RecordLike, recordOf } from './rules/answers';

/** Why a check derived from a unique probe cannot run. */
export const NO_CURATED_ID = 'no curated ID: PROBES_FILE has no provider.unique probe whose search returned a record';

/** The golden record of the first unique probe that returns one: the suite's source of a curated ID. */
export async function firstUniqueRecord(api: DirectoryClient, probes: Probes): Promise<RecordLike | undefined> {
  for (const { query } of probes.provider?.unique ?? []) {
    const record = recordOf(await api.searchSingleBest(query));
    if (record) return record;
  }
  return undefined;
}
