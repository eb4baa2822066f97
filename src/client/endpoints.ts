import { isWellFormed } from '../json/unicode';
import type { Exchange } from './exchange';
import { ForeignOriginError, type QueryParameters, type ReadOnlyHttpClient } from './http-client';

/** The endpoints of the specification, as an answer's origin (§4.1, §4.2, §4.3). */
export type Endpoint = 'searchSingleBest' | 'sourceRecords' | 'organization';

export interface EndpointPaths {
  providerPath: string;
  fhirPath: string;
}

/** The three endpoints of the specification, as a client of the service calls them. */
export class DirectoryEndpoints {
  constructor(
    private readonly http: ReadOnlyHttpClient,
    private readonly paths: EndpointPaths,
  ) {}

  /** §4.1. */
  async searchSingleBest(query: QueryParameters): Promise<Exchange> {
    return this.answered(this.http.get(`${this.paths.providerPath}/searchSingleBest`, query), 'searchSingleBest');
  }

  /** §4.2. The curated ID is percent-encoded into the path; one with a lone surrogate cannot be (recordOf never yields one). */
  async sourceRecords(curatedID: string): Promise<Exchange> {
    if (!isWellFormed(curatedID))
      throw new Error(`the curated ID ${JSON.stringify(curatedID)} holds a lone surrogate, which no URL can carry`);
    return this.answered(this.http.get(`${this.paths.providerPath}/sourceRecords/${encodeURIComponent(curatedID)}`), 'sourceRecords');
  }

  /** §4.3. */
  async organizations(query: QueryParameters): Promise<Exchange> {
    return this.answered(this.http.get(`${this.paths.fhirPath}/organization`, query), 'organization');
  }

  /** A link a bundle handed out (§2.5), on the base URL's origin only; see ReadOnlyHttpClient.follow. Its answer is an organization search's. */
  async follow(link: string): Promise<Exchange> {
    return this.answered(this.http.follow(link), 'organization');
  }

  /**
   * A link followed, or refused where it leaves the base URL's origin (the client never follows one
   * there): what a walk by next links asks, each refusal said as data, never thrown.
   */
  async followOrRefuse(link: string): Promise<Exchange | { refused: { origin: string; message: string } }> {
    try {
      return await this.follow(link);
    } catch (error) {
      if (!(error instanceof ForeignOriginError)) throw error;
      return { refused: { origin: this.resolve(link).origin, message: error.message } };
    }
  }

  /** A link resolved against the base URL, as a client would resolve it. */
  resolve(link: string): URL {
    return this.http.resolve(link);
  }

  /** What happens to every answer before the caller sees it: nothing, here. */
  protected async answered(pending: Promise<Exchange>, _endpoint: Endpoint): Promise<Exchange> {
    return pending;
  }
}

/**
 * The endpoint a URL asks, by its path under the base URL exactly as the configured paths name it
 * (PROVIDER_PATH, FHIR_PATH): `…/searchSingleBest`, `…/sourceRecords/{one segment}`,
 * `…/organization`. Any other path, another origin or no URL at all is no endpoint: undefined.
 */
export function endpointAt(url: string, baseUrl: string, paths: EndpointPaths): Endpoint | undefined {
  let asked: URL;
  let base: URL;
  try {
    [asked, base] = [new URL(url), new URL(baseUrl)];
  } catch {
    return undefined;
  }
  const root = base.pathname.replace(/\/+$/, '');
  if (asked.origin !== base.origin || !asked.pathname.startsWith(`${root}/`)) return undefined;
  const path = asked.pathname.slice(root.length);
  if (path === `${paths.providerPath}/searchSingleBest`) return 'searchSingleBest';
  if (path === `${paths.fhirPath}/organization`) return 'organization';
  const records = `${paths.providerPath}/sourceRecords/`;
  return path.startsWith(records) && /^[^/]+$/.test(path.slice(records.length)) ? 'sourceRecords' : undefined;
}
