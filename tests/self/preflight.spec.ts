/** The preflight's judgement of one answer, one transport error, a misconfigured target, and the trace setting. */
import type { FullConfig } from '@playwright/test';
import type { Exchange } from '../../src/client/exchange';
import { ReadOnlyHttpClient, TransportError } from '../../src/client/http-client';
import { type PreflightInputs, preflightStop, verdictOnAnswer, verdictOnTransport } from '../../src/client/preflight';
import { Redactor } from '../../src/client/redact';
import type { Transport } from '../../src/client/transport';
import { traceProblem } from '../../src/harness/preflight';
import { expect, test } from './fixtures';

const answer = (status: number, rateLimited?: Exchange['rateLimited']): Exchange => ({
  method: 'GET',
  url: 'https://d.example/provider/searchSingleBest?NPI=1',
  status,
  contentType: 'application/json',
  bodyText: '{}',
  excerpt: '{}',
  json: { ok: true },
  body: {},
  durationMs: 5,
  ...(rateLimited ? { rateLimited } : {}),
});
const noCredentials = { apiToken: undefined, apiHeaders: {} };
const withToken = { apiToken: 'tok-12345', apiHeaders: {} };

test('401 and 403 stop the run with advice about the credentials', { tag: '@fast' }, () => {
  expect(verdictOnAnswer(answer(401), noCredentials)).toEqual({
    message:
      'the service answered 401 Unauthorized to GET https://d.example/provider/searchSingleBest?NPI=1: check API_TOKEN (none is set)',
    configuration: true,
  });
  expect(verdictOnAnswer(answer(401), withToken)).toEqual({ message: expect.stringMatching(/check API_TOKEN$/), configuration: false });
  expect(verdictOnAnswer(answer(403), withToken)?.message).toMatch(/403 Forbidden.*check API_TOKEN and API_HEADERS/);
  expect(verdictOnAnswer(answer(403), noCredentials)?.configuration).toBe(true);
});

test('persistent 429 and 503 stop the run; any other answer lets it go on', { tag: '@fast' }, () => {
  expect(verdictOnAnswer(answer(429, [{ status: 429, retryAfterSeconds: 1 }]), noCredentials)?.message).toMatch(
    /429 Too Many Requests.*even after waiting out Retry-After: lower MAX_RPS/,
  );
  expect(verdictOnAnswer(answer(503), noCredentials)).toEqual({
    message: expect.stringMatching(/503 Service Unavailable.*try later/),
    configuration: false,
  });
  for (const status of [200, 400, 404, 409, 500]) expect(verdictOnAnswer(answer(status), noCredentials), String(status)).toBeUndefined();
});

test('transport errors read as what the user must fix', { tag: '@fast' }, () => {
  const harness = { baseUrl: 'https://d.example', requestTimeoutMs: 1500 };
  const said = (reason: string) => verdictOnTransport(new TransportError('https://d.example/x', reason, 1), harness);
  expect(said('connect ECONNREFUSED 127.0.0.1:9').message).toMatch(
    /^cannot connect to https:\/\/d\.example: connect ECONNREFUSED.*Is BASE_URL right/,
  );
  expect(said('getaddrinfo ENOTFOUND d.example').message).toMatch(/^cannot connect to/);
  expect(said('Timeout 1500ms exceeded.').message).toBe(
    'https://d.example did not answer GET https://d.example/x within REQUEST_TIMEOUT_MS=1500 ms',
  );
  expect(said('socket hang up').message).toMatch(/^the connection to https:\/\/d\.example failed: socket hang up/);
  // What undici says of a certificate Node does not trust, and of one for another host.
  for (const reason of [
    'fetch failed (DEPTH_ZERO_SELF_SIGNED_CERT): self-signed certificate',
    'self signed certificate in certificate chain (SELF_SIGNED_CERT_IN_CHAIN)',
    'unable to verify the first certificate (UNABLE_TO_VERIFY_LEAF_SIGNATURE)',
  ])
    expect(said(reason), reason).toEqual({ message: expect.stringMatching(/is not trusted.*NODE_EXTRA_CA_CERTS=/), configuration: true });
  expect(said("Hostname/IP does not match certificate's altnames (ERR_TLS_CERT_ALTNAME_INVALID)")).toEqual({
    message: expect.stringMatching(/for another host name/),
    configuration: true,
  });
});

test('traces are refused while credentials are set', { tag: '@fast' }, () => {
  const config = (trace: string | { mode: string }) => ({ projects: [{ use: { trace } }] }) as unknown as Pick<FullConfig, 'projects'>;
  expect(traceProblem(config('on'), withToken)).toMatch(/run without --trace/);
  expect(traceProblem(config({ mode: 'retain-on-failure' }), { apiToken: undefined, apiHeaders: { 'X-Key': 'abcdef' } })).toMatch(
    /run without --trace/,
  );
  expect(traceProblem(config('off'), withToken)).toBeUndefined();
  expect(traceProblem(config('on'), noCredentials)).toBeUndefined();
});

type Route = { status: number; contentType?: string; body?: string };

/** A client of a fake target whose answer depends on the path (and, where it says, the query); every URL asked is kept. */
function fakeTarget(
  answer: (path: string, query: URLSearchParams, call: number) => Route,
  inputs: PreflightInputs = {},
  baseUrl = 'https://d.example',
) {
  const asked: string[] = [];
  const transport: Transport = {
    get: async (url) => {
      asked.push(url);
      const { pathname, searchParams } = new URL(url);
      const { status, contentType = 'application/json', body = '{}' } = answer(pathname, searchParams, asked.length);
      return { status, headers: { 'content-type': contentType }, body: Buffer.from(body) };
    },
    close: async () => undefined,
  };
  const http = new ReadOnlyHttpClient(transport, { baseUrl, headers: {}, timeoutMs: 1000, redactor: new Redactor([]) });
  const connection = { baseUrl, requestTimeoutMs: 1000, apiToken: undefined, apiHeaders: {}, providerPath: '/provider', fhirPath: '/fhir' };
  return { asked, ask: () => preflightStop(http, connection, inputs) };
}

const SIGN_IN_PAGE = '<!DOCTYPE html><html><head><title>Sign in to Acme Portal</title></head><body><form>Password</form></body></html>';
const notFoundPage = (path: string): Route => ({
  status: 404,
  contentType: 'text/html',
  body: `<html><body>Cannot GET ${path}</body></html>`,
});
const bundle: Route = {
  status: 200,
  contentType: 'application/fhir+json',
  body: '{"resourceType":"Bundle","type":"searchset","entry":[]}',
};

test(
  'a sign-in page where JSON is due is a configuration error naming the credentials and BASE_URL, in two requests',
  { tag: '@fast' },
  async () => {
    const target = fakeTarget(() => ({ status: 200, contentType: 'text/html; charset=utf-8', body: SIGN_IN_PAGE }));
    const stop = await target.ask();
    expect(stop?.configuration).toBe(true);
    expect(stop?.message).toMatch(
      /answered 200 text\/html; charset=utf-8, a web page \("Sign in to Acme Portal"\) where JSON is due \(§1\)/,
    );
    expect(stop?.message).toMatch(
      /sign-in page wants credentials: set API_TOKEN or API_HEADERS, and set BASE_URL to the API's base address/,
    );
    expect(target.asked).toHaveLength(2);
  },
);

test('the same 404 everywhere is a wrong base path, and the prefix that answers is suggested', { tag: '@fast' }, async () => {
  const target = fakeTarget((path) => (path.startsWith('/api/v1/') ? bundle : notFoundPage(path)));
  const stop = await target.ask();
  expect(stop).toEqual({
    message: expect.stringMatching(
      /answered 404 as paths that do not exist do: https:\/\/d\.example\/api\/v1 answers GET \/api\/v1\/fhir\/organization: set BASE_URL=https:\/\/d\.example\/api\/v1$/,
    ),
    configuration: true,
  });
  const nowhere = fakeTarget(notFoundPage);
  expect((await nowhere.ask())?.message).toMatch(/: check BASE_URL .*PROVIDER_PATH and FHIR_PATH$/);
});

test('a redirect on every endpoint is a configuration error; the harness never follows it', { tag: '@fast' }, async () => {
  const stop = await fakeTarget(() => ({ status: 302, body: '' })).ask();
  expect(stop).toEqual({
    message: expect.stringMatching(/answered 302 .*redirects, which the harness never follows/),
    configuration: true,
  });
});

test(
  'a conformant target costs one request; a 404 that differs from an unrouted path, or a page on one endpoint alone, lets the run go on',
  { tag: '@fast' },
  async () => {
    const well = fakeTarget(() => bundle);
    expect(await well.ask()).toBeUndefined();
    expect(well.asked).toHaveLength(1);
    // A service that says "no match" with a 404 of its own (§5: error statuses not shown) is judged, not stopped.
    const noMatch404 = fakeTarget((path) =>
      path === '/fhir/organization' || path === '/provider/searchSingleBest'
        ? { status: 404, body: '{"error":"no match"}' }
        : notFoundPage(path),
    );
    expect(await noMatch404.ask()).toBeUndefined();
    const onePage = fakeTarget((path) =>
      path.startsWith('/fhir/') ? { status: 200, contentType: 'text/html', body: SIGN_IN_PAGE } : bundle,
    );
    expect(await onePage.ask()).toBeUndefined();
    // A gateway's error page is the service's answer: judged as such.
    expect(await fakeTarget(() => ({ status: 502, contentType: 'text/html', body: '<html>Bad Gateway</html>' })).ask()).toBeUndefined();
  },
);

const RECORD: Route = { status: 200, body: '{"id":"g-1","data":{"NPI":["1234567893"]}}' };
const NOT_FOUND_JSON: Route = { status: 404, body: '{"message":"Not Found"}' };

test(
  "a service whose no-match is its unknown path's 404 is asked with the user's own NPI before BASE_URL is blamed",
  { tag: '@fast' },
  async () => {
    // The same 404 for a search with no match and for a path that does not exist: only the user's NPI finds something.
    const service = (path: string, query: URLSearchParams) =>
      path === '/provider/searchSingleBest' && query.get('NPI') === '1234567893' ? RECORD : NOT_FOUND_JSON;
    const withNpi = fakeTarget(service, { provider: { NPI: '1234567893' }, organization: { 'address-state': 'WY' } });
    expect(await withNpi.ask()).toBeUndefined();
    expect(withNpi.asked).toHaveLength(1);
    // The organization search first (a walk's state with no organization), then the user's NPI: the API is there.
    const walkFirst = fakeTarget(service, { organization: { 'address-state': 'WY' } });
    expect((await walkFirst.ask())?.message).toMatch(/check BASE_URL/);
    const both = fakeTarget((path, query) => (path === '/fhir/organization' ? NOT_FOUND_JSON : service(path, query)), {
      organization: { 'address-state': 'WY' },
      provider: { NPI: '1234567893' },
    });
    expect(await both.ask()).toBeUndefined();
  },
);

test('a first 429 without Retry-After is asked once more, after a second; a second 429 stops the run', { tag: '@fast' }, async () => {
  const once = fakeTarget((_path, _query, call) => (call === 1 ? { status: 429, body: '{}' } : bundle));
  expect(await once.ask()).toBeUndefined();
  expect(once.asked).toHaveLength(2);
  const always = fakeTarget(() => ({ status: 429, body: '{}' }));
  expect((await always.ask())?.message).toMatch(/429 Too Many Requests/);
  expect(always.asked).toHaveLength(2);
});

test(
  'JSON none of the service shapes on both endpoints and on a path no directory serves is another API: one line, a configuration error',
  { tag: '@fast' },
  async () => {
    const billing = fakeTarget(() => ({ status: 200, body: '{"service":"acme-billing","version":"3.2"}' }), {
      provider: { NPI: '1234567893' },
    });
    const stop = await billing.ask();
    expect(stop).toEqual({
      message: expect.stringMatching(/^the target does not look like the Directory Search Service: /),
      configuration: true,
    });
    expect(stop?.message).toContain('answered 200 application/json, a JSON object with service, version');
    expect(billing.asked).toHaveLength(3);
    // A service whose no-match is `{}` on both endpoints (§4.1 r7, §4.3 r2 leave it open) and 404 for an unknown path is the service.
    const emptyNoMatch = fakeTarget((path) =>
      path.endsWith('/searchSingleBest') || path.endsWith('/organization') ? { status: 200, body: '{}' } : notFoundPage(path),
    );
    expect(await emptyNoMatch.ask()).toBeUndefined();
  },
);
