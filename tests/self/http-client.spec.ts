/** The harness's only way to the network, against a fake request context. */
import type { APIRequestContext } from '@playwright/test';
import { MAX_BODY_BYTES, MAX_RATE_LIMIT_RETRIES, ReadOnlyHttpClient, retryAfterSeconds, Throttle, TransportError } from '../../src/harness/http-client';
import { Redactor } from '../../src/harness/redact';
import { expect, test } from './fixtures';

type Answer = { status: number; headers?: Record<string, string>; body?: string } | Error;

/** Answers from a script, and remembers every call. */
function fakeContext(script: Answer[]) {
  const calls: { url: string; method?: string; headers?: Record<string, string> }[] = [];
  let bodyReads = 0;
  const context = {
    fetch: async (url: string, options: { method?: string; headers?: Record<string, string> }) => {
      calls.push({ url, method: options.method, headers: options.headers });
      const next = script.shift();
      if (!next) throw new Error('the fake has no more answers');
      if (next instanceof Error) throw next;
      return {
        status: () => next.status,
        headers: () => ({ 'content-type': 'application/json', ...next.headers }),
        body: async () => {
          bodyReads++;
          return Buffer.from(next.body ?? '{}');
        },
        dispose: async () => undefined,
      };
    },
  };
  return { context: context as unknown as APIRequestContext, calls, bodyReads: () => bodyReads };
}

function client(context: APIRequestContext, sleeps: number[] = []) {
  return new ReadOnlyHttpClient(context, {
    baseUrl: 'https://directory.example',
    headers: { authorization: 'Bearer secret-token-1' },
    timeoutMs: 1000,
    redactor: new Redactor(['secret-token-1']),
    sleep: async (ms) => void sleeps.push(ms),
  });
}

test('it sends GET, and refuses any other method itself', async () => {
  const fake = fakeContext([{ status: 200 }]);
  const http = client(fake.context);
  const exchange = await http.get('/fhir/organization', { name: 'a b' });
  expect(fake.calls).toEqual([{ url: 'https://directory.example/fhir/organization?name=a+b', method: 'GET', headers: { authorization: 'Bearer secret-token-1' } }]);
  expect(exchange).toMatchObject({ method: 'GET', status: 200, json: { ok: true, value: {} } });
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
    await expect((http as unknown as { send(m: string, u: string): Promise<unknown> }).send(method, 'https://directory.example/x')).rejects.toThrow(/only GET/);
  }
  expect(fake.calls).toHaveLength(1);
});

test('a reset connection is retried once and reported as a retry', async () => {
  const fake = fakeContext([new Error('apiRequestContext.fetch: read ECONNRESET'), { status: 200 }]);
  const exchange = await client(fake.context).get('/x');
  expect(exchange.status).toBe(200);
  expect(exchange.retriedAfter).toBe('read ECONNRESET');
});

test('a second transport error, or a time-out, is a TransportError: never a conformance finding', async () => {
  const twice = fakeContext([new Error('read ECONNRESET'), new Error('socket hang up')]);
  await expect(client(twice.context).get('/x')).rejects.toThrow(TransportError);
  const timeout = fakeContext([new Error('Timeout 1000ms exceeded.')]);
  const error = await client(timeout.context).get('/x').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TransportError);
  expect((error as TransportError).attempts).toBe(1);
  expect(timeout.calls).toHaveLength(1);
});

test('429 and 503 with Retry-After are waited out, a bounded number of times', async () => {
  const sleeps: number[] = [];
  const recovering = fakeContext([{ status: 429, headers: { 'retry-after': '2' } }, { status: 503, headers: { 'retry-after': '1' } }, { status: 200 }]);
  const exchange = await client(recovering.context, sleeps).get('/x');
  expect(exchange.status).toBe(200);
  expect(exchange.rateLimited).toEqual([{ status: 429, retryAfterSeconds: 2 }, { status: 503, retryAfterSeconds: 1 }]);
  expect(sleeps).toEqual([2000, 1000]);
});

test('a 429 that persists is returned as it is: the wait never hides a failure', async () => {
  const persistent = fakeContext(Array.from({ length: 5 }, () => ({ status: 429, headers: { 'retry-after': '1' } })));
  const exchange = await client(persistent.context).get('/x');
  expect(exchange.status).toBe(429);
  expect(persistent.calls).toHaveLength(MAX_RATE_LIMIT_RETRIES + 1);
  const tooLong = fakeContext([{ status: 429, headers: { 'retry-after': '3600' } }]);
  expect((await client(tooLong.context).get('/x')).status).toBe(429);
  expect(tooLong.calls).toHaveLength(1);
});

test('Retry-After takes seconds or an HTTP date', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  expect(retryAfterSeconds('7', now)).toBe(7);
  expect(retryAfterSeconds('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5);
  expect(retryAfterSeconds('soon', now)).toBeUndefined();
  expect(retryAfterSeconds(undefined, now)).toBeUndefined();
});

test('the throttle spaces requests 1/rate apart; rate 0 means no limit', async () => {
  let clock = 1000;
  const waits: number[] = [];
  const throttle = new Throttle(4, async (ms) => void waits.push(ms), () => clock);
  for (let i = 0; i < 4; i++) await throttle.wait();
  expect(waits).toEqual([250, 500, 750]);
  clock += 5000;
  await throttle.wait();
  expect(waits).toHaveLength(3);
  const unlimited = new Throttle(0, async (ms) => void waits.push(ms), () => clock);
  await unlimited.wait();
  await unlimited.wait();
  expect(waits).toHaveLength(3);
});

test('a body larger than the limit is not read; the exchange says how large it was', async () => {
  const fake = fakeContext([{ status: 200, headers: { 'content-length': String(MAX_BODY_BYTES + 1) } }]);
  const exchange = await client(fake.context).get('/x');
  expect(fake.bodyReads()).toBe(0);
  expect(exchange.tooLargeBytes).toBe(MAX_BODY_BYTES + 1);
  expect(exchange.json).toEqual({ ok: false, error: expect.stringContaining(`${MAX_BODY_BYTES + 1} bytes exceeds`) });
});

test('URLs in exchanges and errors are redacted', async () => {
  const fake = fakeContext([new Error('connect ECONNREFUSED for secret-token-1')]);
  const error = (await client(fake.context).get('/x', { api_key: 'k-123', token: 'secret-token-1' }).catch((e: unknown) => e)) as TransportError;
  expect(error.message).not.toMatch(/k-123|secret-token-1/);
  expect(error.message).toContain('[REDACTED]');
});
