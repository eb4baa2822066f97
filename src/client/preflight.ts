/**
 * The preflight: a few requests before any judged one, which tell a misconfigured target from a
 * service that breaks the specification. A target that cannot be reached or trusted, refuses the
 * credentials, keeps rate-limiting, answers a web page where JSON is due (§1: "All operations are
 * HTTP GET and return JSON"), or answers every endpoint with the 404 of a path that does not exist
 * is said in one line, and nothing is judged: such answers say nothing of the service.
 *
 * One request when the target is well; a handful more only when its first answer looks wrong.
 */
import type { ConnectionConfig } from '../config/connection';
import type { Probes } from '../types/schemas';
import { DirectoryEndpoints } from './endpoints';
import type { Exchange } from './exchange';
import { type QueryParameters, type ReadOnlyHttpClient, TransportError } from './http-client';

/** Why the command stops before it judges anything; `configuration` when a setting is plainly what is wrong (exit 2, else 3). */
export interface PreflightStop {
  message: string;
  configuration: boolean;
}

/** A question of the preflight: which endpoint, with what parameters. */
export interface PreflightQuestion {
  endpoint: 'provider' | 'organization';
  query: QueryParameters;
}

/** A neutral organization search (§4.3), for a target of which nothing is known. */
const NEUTRAL_ORGANIZATION: PreflightQuestion = { endpoint: 'organization', query: { name: 'a' } };
export const NEUTRAL_PROVIDER: PreflightQuestion = { endpoint: 'provider', query: { LastName: 'a', FirstName: 'a' } };

/** The first question: the tester's first unique probe, or first organization search, or a neutral one. */
export function firstQuestionOf(probes: Probes | undefined): PreflightQuestion {
  const unique = probes?.provider?.unique?.[0];
  if (unique) return { endpoint: 'provider', query: unique.query };
  const search = probes?.organization?.searches?.[0];
  return search ? { endpoint: 'organization', query: search.query } : NEUTRAL_ORGANIZATION;
}

/** Path prefixes under which APIs are commonly published: where a wrong BASE_URL's API may be found. */
const COMMON_PREFIXES = ['/api', '/api/v1', '/v1', '/directory', '/api/directory', '/directory/api'];
/** A path no directory serves, put beside an endpoint's. */
const NOWHERE = '/directory-conformance-preflight-no-such-path';

const UNREACHABLE = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|getaddrinfo/i;
const TIMEOUT = /Timeout \d+ms exceeded|timed out|ETIMEDOUT/i;
const UNTRUSTED = /self[- ]signed|SELF_SIGNED|unable to (verify|get (local )?issuer)|UNABLE_TO_VERIFY|CERT_UNTRUSTED|certificate chain/i;
const WRONG_NAME = /ERR_TLS_CERT_ALTNAME_INVALID|altnames|does not match certificate/i;
const CLOSED = /other side closed|socket hang up|ECONNRESET|UND_ERR_SOCKET/i;
const EXPIRED = /CERT_HAS_EXPIRED|certificate has expired|CERT_NOT_YET_VALID/i;

export function verdictOnTransport(
  error: TransportError,
  connection: Pick<ConnectionConfig, 'baseUrl' | 'requestTimeoutMs' | 'clientCertificate'>,
): PreflightStop {
  const { baseUrl } = connection;
  if (UNREACHABLE.test(error.reason))
    return { message: `cannot connect to ${baseUrl}: ${error.reason}. Is BASE_URL right, and is the service up?`, configuration: false };
  if (TIMEOUT.test(error.reason))
    return {
      message: `${baseUrl} did not answer GET ${error.url} within REQUEST_TIMEOUT_MS=${connection.requestTimeoutMs} ms`,
      configuration: false,
    };
  if (UNTRUSTED.test(error.reason))
    return {
      message: `the certificate of ${baseUrl} is not trusted (${error.reason}): give Node the CA that signed it, NODE_EXTRA_CA_CERTS=/path/to/ca.pem (docs/configuration.md)`,
      configuration: true,
    };
  if (WRONG_NAME.test(error.reason))
    return {
      message: `the certificate of ${baseUrl} is for another host name (${error.reason}): use the host name the certificate names in BASE_URL`,
      configuration: true,
    };
  if (EXPIRED.test(error.reason))
    return {
      message: `the certificate of ${baseUrl} is out of its validity (${error.reason}): the service must renew it`,
      configuration: false,
    };
  // A service that asks for a client certificate closes the handshake of a client without one.
  const certificateHint =
    baseUrl.startsWith('https:') && !connection.clientCertificate && CLOSED.test(error.reason)
      ? ': if the service asks for a client certificate, set CLIENT_CERT and CLIENT_KEY'
      : '';
  return { message: `the connection to ${baseUrl} failed: ${error.reason}${certificateHint}`, configuration: false };
}

/**
 * An answer that says the target cannot be asked at all: who may ask (401, 403) or how fast (429,
 * 503 after Retry-After was waited out). A refusal is a configuration error when no credential of
 * the kind it asks for is set.
 */
export function verdictOnAnswer(
  exchange: Exchange,
  connection: Pick<ConnectionConfig, 'apiToken' | 'apiHeaders'>,
): PreflightStop | undefined {
  const sent = `GET ${exchange.url}`;
  const noHeaders = Object.keys(connection.apiHeaders).length === 0;
  switch (exchange.status) {
    case 401:
      return {
        message: `the service answered 401 Unauthorized to ${sent}: check API_TOKEN${connection.apiToken ? '' : ' (none is set)'}`,
        configuration: !connection.apiToken,
      };
    case 403:
      return {
        message: `the service answered 403 Forbidden to ${sent}: check API_TOKEN and API_HEADERS (tenant or API-key header)`,
        configuration: !connection.apiToken && noHeaders,
      };
    case 429:
      return {
        message: `the service answered 429 Too Many Requests to ${sent}${exchange.rateLimited ? ', even after waiting out Retry-After' : ''}: lower MAX_RPS or try later`,
        configuration: false,
      };
    case 503:
      return {
        message: `the service answered 503 Service Unavailable to ${sent}${exchange.rateLimited ? ', even after waiting out Retry-After' : ''}: try later`,
        configuration: false,
      };
    default:
      return undefined;
  }
}

/** An HTML page, not JSON: what a sign-in page, a portal or a web server's error page answers. */
function isWebPage(exchange: Pick<Exchange, 'json' | 'contentType' | 'bodyText'>): boolean {
  return (
    !exchange.json.ok && (/^text\/html\b/i.test(exchange.contentType) || /^\s*<(!doctype\s+html|html|head|body)\b/i.test(exchange.bodyText))
  );
}

/**
 * A success that is a web page: a sign-in page or a portal where the API's JSON is due. A page with
 * an error status (a gateway's 502) is the service's answer, judged as any other.
 */
const isPageForJson = (exchange: Exchange) => exchange.status >= 200 && exchange.status < 300 && isWebPage(exchange);

/** A page's title, short and on one line, for the message. */
function titleOf(bodyText: string): string | undefined {
  const title = /<title[^>]*>([^<]*)/i.exec(bodyText)?.[1].replace(/\s+/g, ' ').trim();
  return title ? title.replace(/[^\p{L}\p{N} .,:;'()&/-]/gu, '').slice(0, 60) : undefined;
}

const SIGN_IN = /sign[\s-]?in|log[\s-]?in|password|single sign-on|\bsso\b|authenticat/i;

function pageStop(first: Exchange, second: Exchange): PreflightStop {
  const title = titleOf(first.bodyText);
  const signIn = SIGN_IN.test(first.bodyText);
  const page = `a web page${title ? ` ("${title}")` : ''}`;
  return {
    message: `GET ${first.url} answered ${first.status} ${first.contentType || '(no media type)'}, ${page} where JSON is due (§1), and so did GET ${second.url}: ${
      signIn ? 'a sign-in page wants credentials: set API_TOKEN or API_HEADERS, and ' : ''
    }set BASE_URL to the API's base address, not a web application's`,
    configuration: true,
  };
}

const isRedirect = ({ status }: Pick<Exchange, 'status'>) => status >= 300 && status < 400;

/** Both endpoints redirect: to a sign-in page, or from http to https. The harness follows no redirect (it would carry credentials). */
function redirectStop(first: Exchange, second: Exchange): PreflightStop {
  return {
    message: `GET ${first.url} answered ${first.status} and GET ${second.url} ${second.status}, redirects, which the harness never follows (the credentials would go with them): set BASE_URL to the address the API answers at itself (https?), or set API_TOKEN or API_HEADERS if it redirects to a sign-in page`,
    configuration: true,
  };
}

/** What an answer looks like, its own URL's path left out: two unrouted paths answer alike. */
function signature(exchange: Exchange): string {
  const { pathname, search } = new URL(exchange.url);
  const body = exchange.bodyText.split(`${pathname}${search}`).join('').split(pathname).join('');
  return `${exchange.status} ${exchange.contentType}\n${body}`;
}

/** An answer, and the endpoint that was asked. */
interface Answered {
  endpoint: PreflightQuestion['endpoint'];
  exchange: Exchange;
}

/** Asks the preflight's questions of one target. */
class Preflight {
  constructor(
    private readonly http: ReadOnlyHttpClient,
    private readonly connection: Pick<ConnectionConfig, 'baseUrl' | 'providerPath' | 'fhirPath'>,
  ) {}

  /** The question asked of the endpoint, as a client calls it, under `prefix` (a common one, when BASE_URL misses the API). */
  ask({ endpoint, query }: PreflightQuestion, prefix = ''): Promise<Exchange> {
    const { providerPath, fhirPath } = this.connection;
    const api = new DirectoryEndpoints(this.http, { providerPath: `${prefix}${providerPath}`, fhirPath: `${prefix}${fhirPath}` });
    return endpoint === 'provider' ? api.searchSingleBest(query) : api.organizations(query);
  }

  /** A path beside the endpoint's own that no directory serves: what the target answers to a route it does not have. */
  private nowhereBeside(endpoint: PreflightQuestion['endpoint']): Promise<Exchange> {
    return this.http.get(`${endpoint === 'provider' ? this.connection.providerPath : this.connection.fhirPath}${NOWHERE}`);
  }

  /**
   * Every endpoint answers as a path beside it that cannot exist does: BASE_URL (or PROVIDER_PATH,
   * FHIR_PATH) misses the API. A 404 of a search alone may be the service's way to say "no match"
   * (§5: error statuses not shown), so both endpoints must answer as their unrouted neighbours.
   */
  async unrouted(first: Answered, other: Answered): Promise<PreflightStop | undefined> {
    if (other.exchange.status !== 404) return undefined;
    for (const { endpoint, exchange } of [first, other])
      if (signature(exchange) !== signature(await this.nowhereBeside(endpoint))) return undefined;
    const found = await this.prefixThatAnswers();
    const advice = found
      ? `${this.connection.baseUrl}${found} answers GET ${found}${this.connection.fhirPath}/organization: set BASE_URL=${this.connection.baseUrl}${found}`
      : `check BASE_URL (the address the API's paths ${this.connection.providerPath}/searchSingleBest and ${this.connection.fhirPath}/organization follow), PROVIDER_PATH and FHIR_PATH`;
    return {
      message: `GET ${first.exchange.url} and GET ${other.exchange.url} answered 404 as paths that do not exist do: ${advice}`,
      configuration: true,
    };
  }

  /** The first common prefix under which the organization search answers other than the unrouted path. */
  private async prefixThatAnswers(): Promise<string | undefined> {
    for (const prefix of COMMON_PREFIXES) {
      try {
        const answer = await this.ask(NEUTRAL_ORGANIZATION, prefix);
        if (answer.status !== 404 && !isPageForJson(answer) && !isRedirect(answer)) return prefix;
      } catch (error) {
        if (!(error instanceof TransportError)) throw error;
      }
    }
    return undefined;
  }
}

/**
 * The preflight of one target: its first question, and, when the answer looks wrong, the questions
 * that tell why. Undefined when the target answered something worth judging.
 */
export async function preflightStop(
  http: ReadOnlyHttpClient,
  connection: Pick<
    ConnectionConfig,
    'baseUrl' | 'requestTimeoutMs' | 'apiToken' | 'apiHeaders' | 'providerPath' | 'fhirPath' | 'clientCertificate'
  >,
  question: PreflightQuestion,
): Promise<PreflightStop | undefined> {
  const preflight = new Preflight(http, connection);
  try {
    const first = await preflight.ask(question);
    const refused = verdictOnAnswer(first, connection);
    if (refused || (first.status !== 404 && !isRedirect(first) && !isPageForJson(first))) return refused;
    const otherQuestion = question.endpoint === 'provider' ? NEUTRAL_ORGANIZATION : NEUTRAL_PROVIDER;
    const other = await preflight.ask(otherQuestion);
    if (isRedirect(first) && isRedirect(other)) return redirectStop(first, other);
    if (isPageForJson(first) && isPageForJson(other)) return pageStop(first, other);
    if (first.status !== 404) return undefined;
    return preflight.unrouted({ endpoint: question.endpoint, exchange: first }, { endpoint: otherQuestion.endpoint, exchange: other });
  } catch (error) {
    if (error instanceof TransportError) return verdictOnTransport(error, connection);
    throw error;
  }
}
