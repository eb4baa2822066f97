/** The preflight's judgement of one answer, one transport error, and the trace setting. */
import type { FullConfig } from '@playwright/test';
import type { Exchange } from '../../src/client/exchange';
import { TransportError } from '../../src/client/http-client';
import { traceProblem, verdictOnAnswer, verdictOnTransport } from '../../src/harness/preflight';
import { expect, test } from './fixtures';

const answer = (status: number, rateLimited?: Exchange['rateLimited']): Exchange => ({
  method: 'GET',
  url: 'https://d.example/provider/searchSingleBest?NPI=1',
  status,
  contentType: 'application/json',
  bodyText: '{}',
  json: { ok: true },
  body: {},
  durationMs: 5,
  ...(rateLimited ? { rateLimited } : {}),
});
const noCredentials = { apiToken: undefined, apiHeaders: {} };
const withToken = { apiToken: 'tok-12345', apiHeaders: {} };

test('401 and 403 stop the run with advice about the credentials', () => {
  expect(verdictOnAnswer(answer(401), noCredentials)).toBe(
    'the service answered 401 Unauthorized to GET https://d.example/provider/searchSingleBest?NPI=1: check API_TOKEN (none is set)',
  );
  expect(verdictOnAnswer(answer(401), withToken)).toMatch(/check API_TOKEN$/);
  expect(verdictOnAnswer(answer(403), withToken)).toMatch(/403 Forbidden.*check API_TOKEN and API_HEADERS/);
});

test('persistent 429 and 503 stop the run; any other answer lets it go on', () => {
  expect(verdictOnAnswer(answer(429, [{ status: 429, retryAfterSeconds: 1 }]), noCredentials)).toMatch(
    /429 Too Many Requests.*even after waiting out Retry-After: lower MAX_RPS/,
  );
  expect(verdictOnAnswer(answer(503), noCredentials)).toMatch(/503 Service Unavailable.*try later/);
  for (const status of [200, 400, 404, 409, 500]) expect(verdictOnAnswer(answer(status), noCredentials), String(status)).toBeUndefined();
});

test('transport errors read as what the user must fix', () => {
  const harness = { baseUrl: 'https://d.example', requestTimeoutMs: 1500 };
  expect(verdictOnTransport(new TransportError('https://d.example/x', 'connect ECONNREFUSED 127.0.0.1:9', 1), harness)).toMatch(
    /^cannot connect to https:\/\/d\.example: connect ECONNREFUSED.*Is BASE_URL right/,
  );
  expect(verdictOnTransport(new TransportError('https://d.example/x', 'getaddrinfo ENOTFOUND d.example', 1), harness)).toMatch(
    /^cannot connect to/,
  );
  expect(verdictOnTransport(new TransportError('https://d.example/x', 'Timeout 1500ms exceeded.', 1), harness)).toBe(
    'https://d.example did not answer GET https://d.example/x within REQUEST_TIMEOUT_MS=1500 ms',
  );
  expect(verdictOnTransport(new TransportError('https://d.example/x', 'socket hang up', 2), harness)).toMatch(
    /^the connection to https:\/\/d\.example failed: socket hang up/,
  );
});

test('traces are refused while credentials are set', () => {
  const config = (trace: string | { mode: string }) => ({ projects: [{ use: { trace } }] }) as unknown as Pick<FullConfig, 'projects'>;
  expect(traceProblem(config('on'), withToken)).toMatch(/run without --trace/);
  expect(traceProblem(config({ mode: 'retain-on-failure' }), { apiToken: undefined, apiHeaders: { 'X-Key': 'abcdef' } })).toMatch(
    /run without --trace/,
  );
  expect(traceProblem(config('off'), withToken)).toBeUndefined();
  expect(traceProblem(config('on'), noCredentials)).toBeUndefined();
});
