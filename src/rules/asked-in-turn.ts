/**
 * A rule that decides its own requests (nextOwnValueRequest, nextDemographicRequest) says what it
 * wants after the answers so far; a driver asks it, one request after another, until it wants no
 * more. The driver does the asking, the rule every deciding.
 */
import type { Exchange } from '../client/exchange';

/** The answers to the requests `next` wants, in order: each asked by `ask` once the answer before it is in. */
export async function askedInTurn<Query>(
  next: (answers: readonly Exchange[]) => Query | undefined,
  ask: (query: Query) => Promise<Exchange>,
): Promise<Exchange[]> {
  const answers: Exchange[] = [];
  for (let query = next(answers); query !== undefined; query = next(answers)) answers.push(await ask(query));
  return answers;
}
