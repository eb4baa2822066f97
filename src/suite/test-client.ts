import type { EndpointPaths } from '../client/endpoints';
import { DirectoryEndpoints, type Endpoint } from '../client/endpoints';
import { type Exchange, refusedForRate } from '../client/exchange';
import { type ReadOnlyHttpClient, RefusedError, TransportError } from '../client/http-client';
import { judgeAnswer } from '../rules/rulebook';
import type { TestChecks } from './checks';

/**
 * The endpoints for a test: every answer is judged by the rulebook's rules of an answer of its
 * endpoint (judgeAnswer), in the test that asked for it, whatever the test asked it for. An answer
 * refused for rate or availability (refusedForRate) is judged by no rule: the test stops with a run
 * error that says so, as one without an HTTP answer does.
 */
export class DirectoryClient extends DirectoryEndpoints {
  constructor(
    http: ReadOnlyHttpClient,
    paths: EndpointPaths,
    /** The checks of the test this client serves. */
    readonly checks: TestChecks,
  ) {
    super(http, paths);
  }

  protected override async answered(pending: Promise<Exchange>, endpoint: Endpoint): Promise<Exchange> {
    let exchange: Exchange;
    try {
      exchange = await pending;
    } catch (error) {
      // A request without an HTTP answer stops the test: the run error is said as data, by its kind.
      if (error instanceof TransportError) this.checks.runError('transport', error.message);
      throw error;
    }
    if (refusedForRate(exchange)) {
      const refused = new RefusedError(exchange);
      this.checks.runError('refused', refused.message, exchange.status);
      throw refused;
    }
    this.checks.answered(judgeAnswer(endpoint, exchange));
    return exchange;
  }
}
