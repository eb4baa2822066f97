/**
 * Playwright globalSetup: one request before any test. A target that cannot be reached, does not
 * answer, refuses the credentials or keeps rate-limiting is reported once, clearly, and the run
 * stops, instead of failing every test the same way.
 */
import type { FullConfig } from '@playwright/test';
import { clientOptions } from '../client/client-options';
import { environmentWithDotenv } from '../config/environment';
import { loadSuiteConfig, type SuiteConfig } from './suite-config';
import { secretsOf } from '../config/connection';
import type { Exchange } from '../client/exchange';
import { ReadOnlyHttpClient, TransportError } from '../client/http-client';
import { Redactor } from '../client/redact';
import { runTargets, targetEnvironment } from '../config/targets';
import { UndiciTransport } from '../client/transport';

export const PREFLIGHT_PREFIX = 'preflight: ';

export class PreflightError extends Error {
  constructor(message: string) {
    super(`${PREFLIGHT_PREFIX}${message}`);
    // Playwright prints the stack of a globalSetup error; the message is the whole story.
    this.stack = this.message;
  }
}

const UNREACHABLE = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|getaddrinfo/i;
const TIMEOUT = /Timeout \d+ms exceeded|timed out|ETIMEDOUT/i;

/** The request: the first probe the tester gave, or a neutral organization search. */
function preflightRequest(http: ReadOnlyHttpClient, harness: SuiteConfig): Promise<Exchange> {
  const unique = harness.probes.provider?.unique?.[0];
  if (unique) return http.get(`${harness.providerPath}/searchSingleBest`, unique.query);
  return http.get(`${harness.fhirPath}/organization`, harness.probes.organization?.searches?.[0]?.query ?? { name: 'a' });
}

/** Why the run cannot go on, or undefined when the target answered something worth testing. */
export function verdictOnAnswer(exchange: Exchange, harness: Pick<SuiteConfig, 'apiToken' | 'apiHeaders'>): string | undefined {
  const sent = `GET ${exchange.url}`;
  switch (exchange.status) {
    case 401:
      return `the service answered 401 Unauthorized to ${sent}: check API_TOKEN${harness.apiToken ? '' : ' (none is set)'}`;
    case 403:
      return `the service answered 403 Forbidden to ${sent}: check API_TOKEN and API_HEADERS (tenant or API-key header)`;
    case 429:
      return `the service answered 429 Too Many Requests to ${sent}${exchange.rateLimited ? ', even after waiting out Retry-After' : ''}: lower MAX_RPS or try later`;
    case 503:
      return `the service answered 503 Service Unavailable to ${sent}${exchange.rateLimited ? ', even after waiting out Retry-After' : ''}: try later`;
    default:
      return undefined;
  }
}

export function verdictOnTransport(error: TransportError, harness: Pick<SuiteConfig, 'baseUrl' | 'requestTimeoutMs'>): string {
  if (UNREACHABLE.test(error.reason))
    return `cannot connect to ${harness.baseUrl}: ${error.reason}. Is BASE_URL right, and is the service up?`;
  if (TIMEOUT.test(error.reason))
    return `${harness.baseUrl} did not answer GET ${error.url} within REQUEST_TIMEOUT_MS=${harness.requestTimeoutMs} ms`;
  return `the connection to ${harness.baseUrl} failed: ${error.reason}`;
}

/** Traces record request headers and cannot redact them: with credentials set, they must stay off. */
export function traceProblem(
  config: Pick<FullConfig, 'projects'>,
  harness: Pick<SuiteConfig, 'apiToken' | 'apiHeaders'>,
): string | undefined {
  if (secretsOf(harness).length === 0) return undefined;
  const tracing = config.projects.some(({ use: { trace } }) => (typeof trace === 'object' ? trace.mode : (trace ?? 'off')) !== 'off');
  return tracing
    ? 'traces would record API_TOKEN and API_HEADERS in request headers: run without --trace while credentials are set'
    : undefined;
}

/** One target: its configuration's base URL is asked once, and a failure stops the run. */
async function preflightTarget(config: FullConfig, harness: SuiteConfig, name?: string): Promise<void> {
  const stop = (message: string) => new PreflightError(name ? `target ${name}: ${message}` : message);
  const tracing = traceProblem(config, harness);
  if (tracing) throw stop(tracing);
  const transport = new UndiciTransport(harness.clientCertificate);
  try {
    const http = new ReadOnlyHttpClient(transport, clientOptions(harness, new Redactor(secretsOf(harness))));
    let exchange: Exchange;
    try {
      exchange = await preflightRequest(http, harness);
    } catch (error) {
      if (error instanceof TransportError) throw stop(verdictOnTransport(error, harness));
      throw error;
    }
    const problem = verdictOnAnswer(exchange, harness);
    if (problem) throw stop(problem);
  } finally {
    await transport.close();
  }
}

export async function preflight(config: FullConfig): Promise<void> {
  const environment = environmentWithDotenv(process.env, process.cwd());
  for (const target of runTargets(environment))
    await preflightTarget(config, loadSuiteConfig(targetEnvironment(environment, target)), target?.name);
}
