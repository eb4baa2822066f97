import { type AnswerLine, requestLine } from '../client/exchange';

/** A promise of the probes file that the service's answer contradicts, in the words every report uses. */
export function probeProblemMessage(problem: { probe: string; promised: string; observed: string }, exchange?: AnswerLine): string {
  const evidence = exchange ? ` (${requestLine(exchange)})` : '';
  return `${problem.probe} promised ${problem.promised}, but ${problem.observed}${evidence}: either the probes file is out of date or the service's matching is wrong`;
}
