import { probeLabel } from '../probes/promises';
import type { RecordLike } from '../rules/answers';
import { Judgement } from '../rules/judgement';
import { uniqueRecord } from '../rules/unique-probe';
import type { NotJudgedReason, Probes } from '../types/schemas';
import type { DirectoryClient } from './test-client';

/** Why a check derived from a unique probe cannot run. */
export const NO_CURATED_ID: NotJudgedReason = {
  kind: 'no-probe',
  probe: 'provider.unique',
  text: 'no curated ID: PROBES_FILE has no provider.unique probe whose search returned a record',
};

/**
 * The golden records the unique probes lead to, each once, in the probes' order: the suite's curated
 * IDs (§4.2). Every one, not the first alone, so that which source datasets the suite sees does not
 * depend on the order of the probes.
 */
export async function uniqueProbeRecords(api: DirectoryClient, probes: Probes): Promise<RecordLike[]> {
  const records = new Map<string, RecordLike>();
  for (const [i, { query }] of (probes.provider?.unique ?? []).entries()) {
    const judgement = new Judgement();
    const record = uniqueRecord(judgement, probeLabel(`provider.unique[${i}]`, query), await api.searchSingleBest(query));
    api.checks.record(judgement);
    if (record && !records.has(record.id)) records.set(record.id, record);
  }
  return [...records.values()];
}
