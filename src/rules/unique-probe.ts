import type { Exchange } from '../client/exchange';
import { PROMISED } from '../probes/promises';
import type { RecordLike } from './answers';
import { Judgement } from './judgement';
import { classifySingleBest, describeAnswer, type SingleBestAnswer } from './single-best-answer';

/**
 * A unique probe's answer. One that says "more than one" or "none" contradicts the probe, and
 * nothing shows which side is wrong: it goes to `judgement` as a probe problem, not a finding, and
 * comes back undefined. Other answers (an array, a broken record, a 5xx) are the service's own
 * fault and are left to the checks.
 */
export function uniqueAnswer(judgement: Judgement, probe: string, exchange: Exchange): SingleBestAnswer | undefined {
  const answer = classifySingleBest(exchange);
  if (answer.kind !== 'ambiguity' && answer.kind !== 'none') return answer;
  judgement.probeProblem({ probe, promised: PROMISED.unique, observed: describeAnswer(exchange, answer) }, exchange);
  return undefined;
}

/** A unique probe's golden record, with the judgement its answer gives: a probe problem when it says "more than one" or "none". */
export function judgeUniqueProbe(probe: string, exchange: Exchange): { record?: RecordLike; judgement: Judgement } {
  const judgement = new Judgement();
  const answer = uniqueAnswer(judgement, probe, exchange);
  return { judgement, ...(answer?.kind === 'record' ? { record: answer.record } : {}) };
}
