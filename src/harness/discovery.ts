import { probeLabel } from '../probes/promises';
import type { RecordLike } from '../rules/answers';
import { Judgement } from '../rules/judgement';
import { uniqueRecord } from '../rules/unique-probe';
import type { Probes } from '../types/schemas';
import type { DirectoryClient } from './test-client';

/** Why a check derived from a unique probe cannot run. */
export const NO_CURATED_ID = 'no curated ID: PROBES_FILE has no provider.unique probe whose search returned a record';

/** The golden record of the first unique probe that returns one: the suite's source of a curated ID. */
export async function firstUniqueRecord(api: DirectoryClient, probes: Probes): Promise<RecordLike | undefined> {
  for (const [i, { query }] of (probes.provider?.unique ?? []).entries()) {
    const judgement = new Judgement();
    const record = uniqueRecord(judgement, probeLabel(`provider.unique[${i}]`, query), await api.searchSingleBest(query));
    api.checks.record(judgement);
    if (record) return record;
  }
  return undefined;
}
