import type { Checks } from '../rules/judgement';
import { type Exchange, requestLine } from '../client/exchange';
import type { RecordLike } from '../rules/answers';
import { classifySingleBest, describeAnswer, type SingleBestAnswer } from '../rules/single-best-answer';

/** What each category of the probes file promises (schemas/probes.schema.json), in words. */
export const PROMISED = {
  unique: 'exactly one matching provider',
  ambiguous: 'more than one matching provider',
  narrowedBy: 'that narrowedBy leaves exactly one provider',
  none: 'no matching provider',
  searches: 'at least one matching organization',
  multiPage: 'more than 25 matching organizations',
  overLimit: 'more than 1000 matching organizations',
  identifiers: 'at least one organization carrying it',
  statusSearch: 'that active=true and active=false each return only organizations with that flag',
} as const;

/** A promise of the probes file that the service's answer contradicts, in the words every report uses. */
export function probeProblemMessage(problem: { probe: string; promised: string; observed: string }, exchange?: Exchange): string {
  const evidence = exchange ? ` (${requestLine(exchange)})` : '';
  return `${problem.probe} promised ${problem.promised}, but ${problem.observed}${evidence}: either the probes file is out of date or the service's matching is wrong`;
}

/** How a probe is named in reports: its place in the probes file and its query. */
export function probeLabel(place: string, query: unknown): string {
  return `${place} ${typeof query === 'string' ? query : JSON.stringify(query)}`;
}

/**
 * A unique probe's answer. One that says "more than one" or "none" contradicts the probe, and
 * nothing shows which side is wrong: it is recorded as a probe problem, not a finding, and comes
 * back undefined. Other answers (an array, a broken record, a 5xx) are the service's own fault
 * and are left to the checks.
 */
export function uniqueAnswer(checks: Checks, probe: string, exchange: Exchange): SingleBestAnswer | undefined {
  const answer = classifySingleBest(exchange);
  if (answer.kind !== 'ambiguity' && answer.kind !== 'none') return answer;
  checks.probeProblem({ probe, promised: PROMISED.unique, observed: describeAnswer(exchange, answer) }, exchange);
  return undefined;
}

/** A unique probe's golden record, when the answer is one (see uniqueAnswer). */
export function uniqueRecord(checks: Checks, probe: string, exchange: Exchange): RecordLike | undefined {
  const answer = uniqueAnswer(checks, probe, exchange);
  return answer?.kind === 'record' ? answer.record : undefined;
}
