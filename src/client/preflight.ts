/**
 * The preflight: a few requests before any judged one, which tell a misconfigured target from a
 * service that breaks the specification. A target that cannot be reached or trusted, refuses the
 * credentials, keeps rate-limiting, answers a web page where JSON is due (§1: "All operations are
 * HTTP GET and return JSON"), answers every endpoint with the 404 of a path that does not exist, or
 * answers JSON that is none of the service's shapes everywhere (another API at that address) is
 * said in one line, and nothing is judged: such answers say nothing of the service.
 *
 * It asks with the user's own inputs (a probe's or an NPI list's NPI, a probe's or a walk's
 * organization search) before any neutral question: a service whose no-match is the 404 of an
 * unknown path still answers the user's NPI. One request when the target is well; a handful more
 * only when its first answer looks wrong; a first 429 is asked once more.
 */
import type { ConnectionConfig } from '../config/connection';
import { AMBIGUITY_MESSAGE } from '../spec/constants';
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
const NEUTRAL_PROVIDER: PreflightQuestion = { endpoint: 'provider', query: { LastName: 'a', FirstName: 'a' } };

/** What the user gave the command to ask each endpoint with: a probe's or an NPI list's query, a probe's or a walk's search. */
export interface PreflightInputs {
  provider?: QueryParameters;
  organization?: QueryParameters;
}

/** The user's inputs of a probes file: its first unique probe, and its first organization search. */
export function preflightInputsOf(probes: Probes | undefined): PreflightInputs {
  const unique = probes?.provider?.unique?.[0]?.query;
  const search = probes?.organization?.searches?.[0]?.query;
  return { ...(unique ? { provider: unique } : {}), ...(search ? { organization: search } : {}) };
}

/** The question asked of `endpoint`: the user's own, else a neutral one. */
const questionFor = (endpoint: PreflightQuestion['endpoint'], inputs: PreflightInputs): PreflightQuestion => {
  const query = inputs[endpoint];
  return query ? { endpoint, query } : endpoint === 'provider' ? NEUTRAL_PROVIDER : NEUTRAL_ORGANIZATION;
};

/** The first question: the user's provider query, else the user's organization search, else a neutral search. */
const firstQuestionOf = (inputs: PreflightInputs): PreflightQuestion =>
  inputs.provider ? questionFor('provider', inputs) : questionFor('organization', inputs);

/** Seconds to wait before asking a first 429 once more, when it gave no Retry-After the client could wait out. */
export const FIRST_429_WAIT_SECONDS = 1;

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

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A successful JSON answer that is none of the shapes the service answers its endpoint with: no
 * golden record (§2.1), no ambiguity text (§4.1 r4) for the single-best search; no bundle (§2.5)
 * for the organization search. Alone it proves nothing (§4.1 r7 and §4.3 r2 leave the no-match answer
 * open); everywhere, and beside a path no directory serves that answers JSON too, it is another API.
 */
function isForeignJson(endpoint: PreflightQuestion['endpoint'], exchange: Exchange): boolean {
  if (exchange.status < 200 || exchange.status > 299 || !exchange.json.ok || exchange.bodyText.includes(AMBIGUITY_MESSAGE)) return false;
  const body = exchange.body;
  if (endpoint === 'provider') return !(isObject(body) && typeof body.id === 'string' && isObject(body.data));
  return !(isObject(body) && (body.resourceType === 'Bundle' || 'entry' in body));
}

/**
 * What an answer carried, short, for a message: `200 application/json, a JSON object with service, version`.
 * Only the names of its members, cut and without the credentials the client sent: whatever a target
 * echoes stays out of the line.
 */
function answered(exchange: Exchange, redact: (text: string) => string): string {
  const body = exchange.body;
  const shape = isObject(body)
    ? `a JSON object with ${
        Object.keys(body)
          .slice(0, 5)
          .map((key) => redact(key.slice(0, 30)))
          .join(', ') || 'no member'
      }`
    : Array.isArray(body)
      ? 'a JSON array'
      : `JSON ${body === null ? 'null' : typeof body}`;
  return `${exchange.status} ${exchange.contentType || '(no media type)'}, ${shape}`;
}

/** Both endpoints, and a path beside them that no directory serves, answer JSON none of the service's shapes: another API answers at BASE_URL. */
function anotherApiStop(first: Exchange, other: Exchange, nowhere: Exchange, redact: (text: string) => string): PreflightStop {
  return {
    message: `the target does not look like the Directory Search Service: GET ${first.url} answered ${answered(first, redact)}, GET ${other.url} answered ${answered(other, redact)}: no golden record, ambiguity text or bundle (§2.1, §4.1 r4, §2.5), and GET ${nowhere.url}, a path no directory serves, answered ${nowhere.status} JSON too: set BASE_URL to the Directory Search Service's base address`,
    configuration: true,
  };
}

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

  /** The question, and once more after a wait when its first answer is a 429 the client could not wait out (no Retry-After). */
  async askFirst(question: PreflightQuestion): Promise<Exchange> {
    const first = await this.ask(question);
    if (first.status !== 429 || (first.rateLimited ?? []).length > 0) return first;
    await new Promise((resolve) => setTimeout(resolve, FIRST_429_WAIT_SECONDS * 1000));
    return this.ask(question);
  }

  /** A path beside the endpoint's own that no directory serves: what the target answers to a route it does not have. */
  nowhereBeside(endpoint: PreflightQuestion['endpoint']): Promise<Exchange> {
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

/** An answer that is no reason to look further: not a 404, a redirect, a web page, or JSON none of the endpoint's shapes. */
const looksWell = (endpoint: PreflightQuestion['endpoint'], exchange: Exchange) =>
  exchange.status !== 404 && !isRedirect(exchange) && !isPageForJson(exchange) && !isForeignJson(endpoint, exchange);

/**
 * The preflight of one target: its first question (the user's own input), and, when the answer
 * looks wrong, the questions that tell why, the user's own input for the other endpoint first.
 * Undefined when the target answered something worth judging.
 */
export async function preflightStop(
  http: ReadOnlyHttpClient,
  connection: Pick<
    ConnectionConfig,
    'baseUrl' | 'requestTimeoutMs' | 'apiToken' | 'apiHeaders' | 'providerPath' | 'fhirPath' | 'clientCertificate'
  >,
  inputs: PreflightInputs,
): Promise<PreflightStop | undefined> {
  const preflight = new Preflight(http, connection);
  const question = firstQuestionOf(inputs);
  try {
    const first = await preflight.askFirst(question);
    const refused = verdictOnAnswer(first, connection);
    if (refused || looksWell(question.endpoint, first)) return refused;
    const otherQuestion = questionFor(question.endpoint === 'provider' ? 'organization' : 'provider', inputs);
    const other = await preflight.ask(otherQuestion);
    if (isRedirect(first) && isRedirect(other)) return redirectStop(first, other);
    if (isPageForJson(first) && isPageForJson(other)) return pageStop(first, other);
    // The user's own input answered as the service answers: whatever the first answer was, the API is there.
    if (looksWell(otherQuestion.endpoint, other)) return undefined;
    if (isForeignJson(question.endpoint, first) && isForeignJson(otherQuestion.endpoint, other)) {
      const nowhere = await preflight.nowhereBeside(question.endpoint);
      const catchAll = nowhere.status >= 200 && nowhere.status < 300 && nowhere.json.ok;
      return catchAll ? anotherApiStop(first, other, nowhere, (text) => http.redact(text)) : undefined;
    }
    if (first.status !== 404) return undefined;
    return preflight.unrouted({ endpoint: question.endpoint, exchange: first }, { endpoint: otherQuestion.endpoint, exchange: other });
  } catch (error) {
    if (error instanceof TransportError) return verdictOnTransport(error, connection);
    throw error;
  }
}
