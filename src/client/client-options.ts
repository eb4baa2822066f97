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
    ...credentialHeaders(config),
  };
  return headers;
}

/** The credentials alone, as headers: what an export's file on the target's origin (or one the user named) is fetched with. */
export function credentialHeaders(config: Pick<ConnectionConfig, 'apiToken' | 'apiHeaders'>): Record<string, string> {
  return { ...config.apiHeaders, ...(config.apiToken ? { authorization: `Bearer ${config.apiToken}` } : {}) };
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
