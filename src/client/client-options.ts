/** The one place where the configuration, credentials included, becomes client options. */
import type { ConnectionConfig } from '../config/connection';
import { ACCEPTED_ENCODING } from './exchange';
import type { HttpClientOptions, Throttle } from './http-client';
import type { Redactor } from './redact';

/** Headers every request carries: the credentials, and what the suite accepts. */
function requestHeaders(config: Pick<ConnectionConfig, 'apiToken' | 'apiHeaders'>): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json, application/fhir+json;q=0.9, text/plain;q=0.5',
    // A body is judged as sent: a coding the harness did not ask for is a finding (HTTP-JSON), not a convenience.
    'accept-encoding': ACCEPTED_ENCODING,
    ...config.apiHeaders,
  };
  if (config.apiToken) headers.authorization = `Bearer ${config.apiToken}`;
  return headers;
}

/** The one place where the configuration, credentials included, becomes client options. */
export function clientOptions(config: ConnectionConfig, redactor: Redactor, throttle?: Throttle): HttpClientOptions {
  return {
    baseUrl: config.baseUrl,
    headers: requestHeaders(config),
    timeoutMs: config.requestTimeoutMs,
    redactor,
    ...(throttle ? { throttle } : {}),
  };
}
