import type { EndpointPaths } from '../client/endpoints';
import { DirectoryEndpoints } from '../client/endpoints';
import type { Exchange } from '../client/exchange';
import type { ReadOnlyHttpClient } from '../client/http-client';
import type { TestChecks } from './checks';

/** The endpoints for a test: every answer is judged by the rulebook's rules of an answer, in the test that asked for it. */
export class DirectoryClient extends DirectoryEndpoints {
  constructor(
    http: ReadOnlyHttpClient,
    paths: EndpointPaths,
    /** The checks of the test this client serves. */
    readonly checks: TestChecks,
  ) {
    super(http, paths);
  }

  /**
   * A plain-text answer carrying the ambiguity text is exempt from HTTP-JSON on searchSingleBest,
   * whatever the query: §4.1 r4 gives that answer to any search with more than one result.
   */
  protected override async answered(pending: Promise<Exchange>, options: { ambiguityAllowed?: boolean } = {}): Promise<Exchange> {
    const exchange = await pending;
    this.checks.judge('http-answer', { exchange, ...options });
    return exchange;
  }
}
