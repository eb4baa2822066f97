import type { EndpointPaths } from '../client/endpoints';
import { DirectoryEndpoints, type Endpoint } from '../client/endpoints';
import type { Exchange } from '../client/exchange';
import { type ReadOnlyHttpClient, TransportError } from '../client/http-client';
import { judgeAnswer } from '../rules/rulebook';
import type { TestChecks } from './checks';

/**
 * The endpoints for a test: every answer is judged by the rulebook's rules of an answer of its
 * endpoint (judgeAnswer), in the test that asked for it, whatever the test asked it for.
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
    this.checks.answered(judgeAnswer(endpoint, exchange));
    return exchange;
  }
}
