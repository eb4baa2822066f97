/**
 * Discovery: the golden records the unique probes lead to, each once, in the probes' order: the
 * suite's curated IDs (§4.2). A plan of its own, run once per target before the entries: its answers
 * are judged as every answer is, and the judgement is recorded by one entry alone (the source records
 * entry), so that no count depends on how often a driver discovers (a Playwright worker that starts
 * again reads what the run's first worker found, src/harness/shared-discovery.ts, and records nothing).
 */
import type { DirectoryEndpoints } from '../client/endpoints';
import { NotSentError } from '../client/http-client';
import { probeLabel } from '../probes/promises';
import { type Judgement, type RecordLike, classifySingleBest, judge, judgeAnswer } from '../rules/rulebook';
import type { NotJudgedReason, Probes } from '../types/schemas';

export interface Discovery {
  /** Every golden record the unique probes lead to, each once: every one, not the first alone, so which source datasets the suite sees does not depend on the probes' order. */
  goldens: readonly RecordLike[];
  /** Each answer judged as an answer of its endpoint. */
  answers: readonly Judgement[];
  /** Each answer judged as a unique probe's: a probe problem when it says "more than one" or "none". */
  probes: readonly Judgement[];
}

/** Why a check derived from a unique probe cannot run. */
export const NO_CURATED_ID: NotJudgedReason = {
  kind: 'no-probe',
  probe: 'provider.unique',
  text: 'no curated ID: PROBES_FILE has no provider.unique probe whose search returned a record',
};

/** Asks each unique probe once, through endpoints that judge nothing themselves: the judgements are the discovery's own. */
export async function discover(api: DirectoryEndpoints, probes: Probes): Promise<Discovery> {
  const records = new Map<string, RecordLike>();
  const answers: Judgement[] = [];
  const judged: Judgement[] = [];
  for (const [i, { query }] of (probes.provider?.unique ?? []).entries()) {
    let exchange;
    try {
      exchange = await api.searchSingleBest(query);
    } catch (error) {
      // A recording that does not hold this probe's search (judge HAR): no record from it; the tests that ask it say which request.
      if (error instanceof NotSentError) continue;
      throw error;
    }
    answers.push(judgeAnswer('searchSingleBest', exchange));
    judged.push(judge('unique-answer', { probe: probeLabel(`provider.unique[${i}]`, query), exchange }));
    const answer = classifySingleBest(exchange);
    if (answer.kind === 'record' && !records.has(answer.record.id)) records.set(answer.record.id, answer.record);
  }
  return { goldens: [...records.values()], answers, probes: judged };
}
