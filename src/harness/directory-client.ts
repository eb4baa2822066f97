import type { Checks } from './checks';
import type { Exchange } from './exchange';
import type { QueryParameters, ReadOnlyHttpClient } from './http-client';

export interface EndpointPaths {
  providerPath: string;
  fhirPath: string;
}

/**
 * The three endpoints of the specification. Every answer passes the cross-cutting HTTP checks of
 * the test that asked for it.
 */
export class DirectoryClient {
  constructor(
    private readonly http: ReadOnlyHttpClient,
    private readonly paths: EndpointPaths,
    private readonly checks: Checks,
  ) {}

  /** §4.1. `ambiguityAllowed` exempts a plain-text ambiguity answer from HTTP-JSON. */
  async searchSingleBest(query: QueryParameters, options: { ambiguityAllowed?: boolean } = {}): Promise<Exchange> {
    return this.inspected(this.http.get(`${this.paths.providerPath}/searchSingleBest`, query), options);
  }

  /** §4.2. The curated ID is percent-encoded into the path. */
  async sourceRecords(curatedID: string): Promise<Exchange> {
    return this.inspected(this.http.get(`${this.paths.providerPath}/sourceRecords/${encodeURIComponent(curatedID)}`));
  }

  /** §4.3. */
  async organizations(query: QueryParameters): Promise<Exchange> {
    return this.inspected(this.http.get(`${this.paths.fhirPath}/organization`, query));
  }

  private async inspected(pending: Promise<Exchange>, options: { ambiguityAllowed?: boolean } = {}): Promise<Exchange> {
    const exchange = await pending;
    this.checks.inspect(exchange, options);
    return exchange;
  }
}
