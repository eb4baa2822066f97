/**
 * The requests of one unit of survey work, timed, and the answers that leave a unit unanswered:
 * none at all (TransportError), or one that says nothing of the data (NoAnswerAboutData).
 */
import { type AnswerLine, type Exchange, requestLine, saysNothingOfTheData } from '../client/exchange';
import { ForeignOriginError } from '../client/http-client';
import type { RequestOutcome } from './records';

/** An HTTP answer that says nothing of the data (saysNothingOfTheData): its unit is left unanswered. */
export class NoAnswerAboutData extends Error {
  constructor(answer: AnswerLine) {
    super(`${requestLine(answer)}: an answer that says nothing of the directory`);
  }
}

/** The answer, when it says something of the data; NoAnswerAboutData thrown otherwise. */
export function aboutTheData(exchange: Exchange): Exchange {
  if (saysNothingOfTheData(exchange)) throw new NoAnswerAboutData(exchange);
  return exchange;
}

/**
 * Requests of one unit, with their timings, whatever becomes of the unit. A request without an HTTP
 * answer throws its TransportError, and one whose answer says nothing of the data throws
 * NoAnswerAboutData: the unit is not judged by it.
 */
export class TimedRequests {
  readonly outcomes: RequestOutcome[] = [];

  async ask(endpoint: RequestOutcome['endpoint'], request: () => Promise<Exchange>): Promise<Exchange> {
    const started = performance.now();
    let exchange: Exchange;
    try {
      exchange = await request();
    } catch (error) {
      // A link to another origin is refused before anything is sent: no request, and none unanswered.
      if (!(error instanceof ForeignOriginError)) this.outcomes.push({ endpoint, ms: Math.round(performance.now() - started) });
      throw error;
    }
    this.outcomes.push({ endpoint, status: exchange.status, ms: exchange.durationMs });
    return aboutTheData(exchange);
  }
}
