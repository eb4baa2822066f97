/** The harness's only way to the network: its logic against a fake transport, its limits against real sockets. */
import { createServer, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import { bodyExcerpt } from '../../src/client/exchange';
import type { AddressInfo } from 'node:net';
import {
  firstInvalidUtf8,
  ForeignOriginError,
  MAX_RATE_LIMIT_RETRIES,
  ReadOnlyHttpClient,
  retryAfterSeconds,
  Throttle,
  TransportError,
} from '../../src/client/http-client';
import { REDACTED, Redactor } from '../../src/client/redact';
import { type Transport, UndiciTransport } from '../../src/client/transport';
import { expect, test } from './fixtures';
import fc from 'fast-check';
import { type AnyNode, parse as parseJsonText } from '@humanwhocodes/momoa';
import { jsonTextShape, type JsonTextShape } from '../../src/json/json-text';

type Answer = { status: number; headers?: Record<string, string>; body?: string } | Error;

/** Answers from a script, and remembers every call. */
function fakeTransport(script: Answer[]) {
  const calls: { url: string; method?: string; headers?: Record<string, string> }[] = [];
  const transport: Transport = {
    get: async (url, headers) => {
      calls.push({ url, method: 'GET', headers });
      const next = script.shift();
      if (!next) throw new Error('the fake has no more answers');
      if (next instanceof Error) throw next;
      return {
        status: next.status,
        headers: { 'content-type': 'application/json', ...next.headers },
        body: Buffer.from(next.body ?? '{}'),
      };
    },
    close: async () => undefined,
  };
  return { transport, calls };
}

function client(
  transport: Transport,
  sleeps: number[] = [],
  options: { timeoutMs?: number; maxBodyBytes?: number; baseUrl?: string } = {},
) {
  return new ReadOnlyHttpClient(transport, {
    baseUrl: options.baseUrl ?? 'https://directory.example',
    headers: { authorization: 'Bearer secret-token-1' },
    timeoutMs: options.timeoutMs ?? 1000,
    redactor: new Redactor(['secret-token-1']),
    sleep: async (ms) => void sleeps.push(ms),
    ...(options.maxBodyBytes ? { maxBodyBytes: options.maxBodyBytes } : {}),
  });
}

test(
  'parameters asked with every byte encoded are sent so, letters, digits and UTF-8 alike, in the order given',
  { tag: '@fast' },
  async () => {
    const fake = fakeTransport([{ status: 200 }]);
    await client(fake.transport).get('/provider/searchSingleBest', { everyByteEncoded: { 'State-': 'O H', NPI: 'é1' } });
    expect(fake.calls.map((c) => c.url)).toEqual([
      'https://directory.example/provider/searchSingleBest?%53%74%61%74%65%2D=%4F%20%48&%4E%50%49=%C3%A9%31',
    ]);
    // The same parameters, as any server decodes them.
    expect([...new URL(fake.calls[0].url).searchParams]).toEqual([
      ['State-', 'O H'],
      ['NPI', 'é1'],
    ]);
  },
);

test('it sends GET, and refuses any other method itself', { tag: '@fast' }, async () => {
  const fake = fakeTransport([{ status: 200 }]);
  const http = client(fake.transport);
  const exchange = await http.get('/fhir/organization', { name: 'a b' });
  expect(fake.calls).toEqual([
    { url: 'https://directory.example/fhir/organization?name=a+b', method: 'GET', headers: { authorization: 'Bearer secret-token-1' } },
  ]);
  expect(exchange).toMatchObject({ method: 'GET', status: 200, json: { ok: true }, body: {} });
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
    await expect(
      (http as unknown as { send(m: string, u: string): Promise<unknown> }).send(method, 'https://directory.example/x'),
    ).rejects.toThrow(/only GET/);
  }
  expect(fake.calls).toHaveLength(1);
});

test('a reset connection is retried once and reported as a retry', { tag: '@fast' }, async () => {
  const fake = fakeTransport([new Error('read ECONNRESET'), { status: 200 }]);
  const exchange = await client(fake.transport).get('/x');
  expect(exchange.status).toBe(200);
  expect(exchange.retriedAfter).toBe('read ECONNRESET');
});

test('a second transport error, or a time-out, is a TransportError: never a conformance finding', { tag: '@fast' }, async () => {
  const twice = fakeTransport([new Error('read ECONNRESET'), new Error('socket hang up')]);
  await expect(client(twice.transport).get('/x')).rejects.toThrow(TransportError);
  const timeout = fakeTransport([new Error('Timeout 1000ms exceeded.')]);
  const error = await client(timeout.transport)
    .get('/x')
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TransportError);
  expect((error as TransportError).attempts).toBe(1);
  expect(timeout.calls).toHaveLength(1);
});

test('429 and 503 with Retry-After are waited out, a bounded number of times', { tag: '@fast' }, async () => {
  const sleeps: number[] = [];
  const recovering = fakeTransport([
    { status: 429, headers: { 'retry-after': '2' } },
    { status: 503, headers: { 'retry-after': '1' } },
    { status: 200 },
  ]);
  const exchange = await client(recovering.transport, sleeps).get('/x');
  expect(exchange.status).toBe(200);
  expect(exchange.rateLimited).toEqual([
    { status: 429, retryAfterSeconds: 2 },
    { status: 503, retryAfterSeconds: 1 },
  ]);
  expect(sleeps).toEqual([2000, 1000]);
});

test('a 429 that persists is returned as it is: the wait never hides a failure', { tag: '@fast' }, async () => {
  const persistent = fakeTransport(Array.from({ length: 5 }, () => ({ status: 429, headers: { 'retry-after': '1' } })));
  const exchange = await client(persistent.transport).get('/x');
  expect(exchange.status).toBe(429);
  expect(persistent.calls).toHaveLength(MAX_RATE_LIMIT_RETRIES + 1);
  const tooLong = fakeTransport([{ status: 429, headers: { 'retry-after': '3600' } }]);
  expect((await client(tooLong.transport).get('/x')).status).toBe(429);
  expect(tooLong.calls).toHaveLength(1);
});

test('Retry-After takes seconds or an HTTP date', { tag: '@fast' }, () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  expect(retryAfterSeconds('7', now)).toBe(7);
  expect(retryAfterSeconds('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5);
  expect(retryAfterSeconds('soon', now)).toBeUndefined();
  expect(retryAfterSeconds(undefined, now)).toBeUndefined();
});

test('the throttle spaces requests 1/rate apart; rate 0 means no limit', { tag: '@fast' }, async () => {
  let clock = 1000;
  const waits: number[] = [];
  const throttle = new Throttle(
    4,
    async (ms) => void waits.push(ms),
    () => clock,
  );
  for (let i = 0; i < 4; i++) await throttle.wait();
  expect(waits).toEqual([250, 500, 750]);
  clock += 5000;
  await throttle.wait();
  expect(waits).toHaveLength(3);
  const unlimited = new Throttle(
    0,
    async (ms) => void waits.push(ms),
    () => clock,
  );
  await unlimited.wait();
  await unlimited.wait();
  expect(waits).toHaveLength(3);
});

test(
  'timers that fire late do not let a burst through: no second holds more than the rate, counted on real starts',
  { tag: '@fast' },
  async () => {
    // A fake clock, and an event loop blocked from 100 ms to 900 ms (a long synchronous task): the timers
    // due meanwhile all fire at 900 ms. Without the window, the requests they hold would leave together.
    let clock = 0;
    const timers: { at: number; fire: () => void }[] = [];
    const blocked = (at: number) => (at > 100 && at < 900 ? 900 : at);
    const throttle = new Throttle(
      4,
      (ms) => new Promise<void>((fire) => timers.push({ at: blocked(clock + ms), fire })),
      () => clock,
    );
    const starts: number[] = [];
    let finished = false;
    const all = Promise.all(
      Array.from({ length: 20 }, async () => {
        await throttle.wait();
        starts.push(clock);
      }),
    ).then(() => void (finished = true));
    while (!finished) {
      await new Promise((resolve) => setImmediate(resolve));
      timers.sort((a, b) => a.at - b.at);
      const timer = timers.shift();
      if (!timer) continue;
      clock = Math.max(clock, timer.at);
      timer.fire();
    }
    await all;
    expect(starts).toHaveLength(20);
    for (let i = 4; i < starts.length; i++) expect(starts[i] - starts[i - 4], `request ${i}`).toBeGreaterThanOrEqual(1000);
  },
);

test('URLs in exchanges and errors are redacted', { tag: '@fast' }, async () => {
  const fake = fakeTransport([new Error('connect ECONNREFUSED for secret-token-1')]);
  const error = (await client(fake.transport)
    .get('/x', { api_key: 'k-123', token: 'secret-token-1' })
    .catch((e: unknown) => e)) as TransportError;
  expect(error.message).not.toMatch(/k-123|secret-token-1/);
  expect(error.message).toContain('[REDACTED]');
});

test(
  "a next link is followed on the base URL's origin, resolved against the base URL, and refused elsewhere",
  { tag: '@fast' },
  async () => {
    const fake = fakeTransport([{ status: 200 }, { status: 200 }]);
    const http = client(fake.transport, [], { baseUrl: 'https://directory.example/v1' });
    await http.follow('fhir/organization?name=a&Page=2');
    await http.follow('https://directory.example/v1/fhir/organization?Page=3');
    expect(fake.calls.map((c) => c.url)).toEqual([
      'https://directory.example/v1/fhir/organization?name=a&Page=2',
      'https://directory.example/v1/fhir/organization?Page=3',
    ]);
    await expect(http.follow('https://elsewhere.example/v1/fhir/organization?Page=2')).rejects.toThrow(ForeignOriginError);
    await expect(http.follow('http://directory.example/v1/fhir/organization?Page=2')).rejects.toThrow(/another origin/);
    expect(fake.calls).toHaveLength(2);
  },
);

/** A real server on loopback, answering each request with `handle`. */
async function serve(handle: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server }> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

test.describe('the undici transport, against real sockets', () => {
  const LIMIT = 64 * 1024;
  let transport: UndiciTransport;
  test.beforeEach(() => {
    transport = new UndiciTransport();
  });
  test.afterEach(async () => {
    await transport.close();
  });

  test('a declared length over the limit is not read; the exchange says how large it was', { tag: '@fast' }, async () => {
    const { url, server } = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(LIMIT * 4) });
      response.end('x'.repeat(LIMIT * 4));
    });
    try {
      const exchange = await client(transport, [], { baseUrl: url, maxBodyBytes: LIMIT }).get('/x');
      expect(exchange.tooLargeBytes).toBe(LIMIT * 4);
      expect(exchange.json).toEqual({
        ok: false,
        error: expect.stringContaining(`body of ${LIMIT * 4} bytes: it exceeds the harness limit of ${LIMIT} bytes`),
      });
    } finally {
      server.close();
    }
  });

  test('an endless body without a length stops at the limit at once, not at the time-out', { tag: '@fast' }, async () => {
    let written = 0;
    const { url, server } = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(16 * 1024, 'a');
      const pump = () => {
        while (!response.destroyed) {
          written += chunk.length;
          if (!response.write(chunk)) break;
        }
        if (!response.destroyed) response.once('drain', pump);
      };
      pump();
    });
    try {
      // Cut at the limit, not at the timeout: a timeout would be an error of the transport, not a body too large.
      const exchange = await client(transport, [], { baseUrl: url, maxBodyBytes: LIMIT, timeoutMs: 600_000 }).get('/x');
      expect(exchange.tooLargeBytes).toBeGreaterThan(LIMIT);
      expect(exchange.tooLargeBytes).toBeLessThan(LIMIT + 64 * 1024);
      expect(exchange.json).toEqual({ ok: false, error: expect.stringContaining('without a declared length passed') });
      expect(written).toBeGreaterThan(LIMIT);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  test('a dripping body ends at the time-out, which bounds the whole exchange', { tag: '@fast' }, async () => {
    const { url, server } = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => response.write(' '), 50);
      response.on('close', () => clearInterval(timer));
    });
    try {
      const error = await client(transport, [], { baseUrl: url, timeoutMs: 600 })
        .get('/x')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransportError);
      expect((error as TransportError).message).toMatch(/Timeout 600ms exceeded/);
      expect((error as TransportError).attempts).toBe(1);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  test('a redirect is returned as it is, never followed', { tag: '@fast' }, async () => {
    let requests = 0;
    const { url, server } = await serve((_request, response) => {
      requests++;
      response.writeHead(302, { location: 'http://127.0.0.1:9/steal' });
      response.end();
    });
    try {
      const exchange = await client(transport, [], { baseUrl: url }).get('/x');
      expect(exchange.status).toBe(302);
      expect(requests).toBe(1);
    } finally {
      server.close();
    }
  });

  test('a reset connection is retried once', { tag: '@fast' }, async () => {
    let requests = 0;
    const { url, server } = await serve((request, response) => {
      if (++requests === 1) return request.socket.destroy();
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
    try {
      const exchange = await client(transport, [], { baseUrl: url }).get('/x');
      expect(exchange.status).toBe(200);
      expect(exchange.retriedAfter).toBeDefined();
    } finally {
      server.close();
    }
  });
});

/** A fake transport that answers one body as bytes, with the given headers. */
function bytesTransport(body: Buffer, headers: Record<string, string> = {}): Transport {
  return {
    get: async () => ({ status: 200, headers: { 'content-type': 'application/json', ...headers }, body }),
    close: async () => undefined,
  };
}

test(
  'one finding per cause: a byte-order mark is noted and the body parsed without it; a coding not asked for is decoded and noted',
  { tag: '@fast' },
  async () => {
    const json = JSON.stringify({ resourceType: 'Bundle', total: 1 });
    const bom = await client(bytesTransport(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(json)]))).get('/x');
    expect(bom).toMatchObject({ bom: true, json: { ok: true }, body: { total: 1 }, bodyText: json });
    const gzipped = await client(bytesTransport(gzipSync(json), { 'content-encoding': 'gzip' })).get('/x');
    expect(gzipped).toMatchObject({ contentEncoding: { coding: 'gzip', decoded: true }, json: { ok: true }, body: { total: 1 } });
    const unknown = await client(bytesTransport(Buffer.from('zzz'), { 'content-encoding': 'zstd' })).get('/x');
    expect(unknown.contentEncoding).toEqual({ coding: 'zstd', decoded: false });
    expect(unknown.json).toEqual({ ok: false, error: expect.stringContaining('Content-Encoding: zstd, and the harness cannot decode') });
    // A bomb stops at the body limit, as a plain body does.
    const bomb = await client(bytesTransport(gzipSync(Buffer.alloc(5_000_000, ' ')), { 'content-encoding': 'gzip' }), [], {
      maxBodyBytes: 1_000_000,
    }).get('/x');
    expect(bomb.tooLargeBytes).toBe(1_000_000);
    // No bytes need no decoding: an empty body (a 204) labelled gzip is empty, never unreadable.
    const empty = await client(bytesTransport(Buffer.alloc(0), { 'content-encoding': 'gzip' })).get('/x');
    expect(empty.contentEncoding).toEqual({ coding: 'gzip', decoded: true });
    expect(empty.json).not.toHaveProperty('unreadable');
  },
);

test(
  'duplicate member names are found, with their JSON Pointers; a number JSON cannot keep is quoted as the body wrote it',
  { tag: '@fast' },
  async () => {
    const text = '{"id":"mdm-1","id":"curated","data":{"NPI":["1"],"Name":[{"a":1,"a":2}]},"total":1e400,"big":12345678901234567890}';
    const exchange = await client(bytesTransport(Buffer.from(text))).get('/x');
    expect(exchange.duplicateNames).toEqual(['/id', '/data/Name/0/a']);
    expect(exchange.body).toMatchObject({ id: 'curated' });
    expect(bodyExcerpt(exchange, '/total')).toBe('/total = 1e400');
    expect(bodyExcerpt(exchange, '/big')).toBe('/big = 12345678901234567890');
    // No duplicate, no second parse: a string value holding `":` only makes the parser look.
    const clean = await client(bytesTransport(Buffer.from('{"a":"x\\":y","b":[{"c":1}]}'))).get('/x');
    expect(clean.duplicateNames).toBeUndefined();
  },
);

/** The depth and member names of a JSON text as a full parser reads them (Momoa): what the one pass must agree with. */
function parsedShape(text: string): JsonTextShape {
  const shape = { depth: 0, names: 0 };
  const walk = (node: AnyNode, depth: number) => {
    if (node.type !== 'Object' && node.type !== 'Array') return;
    shape.depth = Math.max(shape.depth, depth + 1);
    if (node.type === 'Object') shape.names += node.members.length;
    for (const child of node.type === 'Object' ? node.members.map((m) => m.value) : node.elements.map((e) => e.value))
      walk(child, depth + 1);
  };
  walk(parseJsonText(text, { mode: 'json' }).body, 0);
  return shape;
}

test(
  'one pass over a JSON text reads the depth and the member names a full parser reads, whatever its strings hold',
  { tag: '@fast' },
  () => {
    // Quotes after runs of backslashes, colons, brackets and braces inside strings; white space before a colon; a repeated name.
    const tricky = '{"a\\\\":"\\\\\\":[{","b" :\t{"c\\"":["]}"]},"b"\n:1}';
    expect(jsonTextShape(tricky)).toEqual(parsedShape(tricky));
    expect(jsonTextShape(tricky)).toEqual({ depth: 3, names: 4 });
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 1, '\t'), (value, space) => {
        const text = JSON.stringify(value, null, space);
        expect(jsonTextShape(text)).toEqual(parsedShape(text));
      }),
      { numRuns: 300 },
    );
  },
);

test(
  'a body is decoded as UTF-8 strictly: the offset and byte of the first that is none is kept, the text judged with U+FFFD',
  { tag: '@fast' },
  async () => {
    const latin1 = Buffer.from('{"data":{"PreferredLanguage":["Français"]}}', 'latin1');
    const transport: Transport = {
      get: async () => ({ status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: latin1 }),
      close: async () => undefined,
    };
    const exchange = await client(transport).get('/provider/searchSingleBest', { NPI: '1' });
    const offset = latin1.indexOf(0xe7);
    expect(exchange.invalidUtf8).toEqual({ offset, byte: 0xe7 });
    expect(exchange.bodyText).toContain('Fran\ufffdais');
    // Well-formed UTF-8, 4-byte sequences included, is left alone; an overlong form, a surrogate, a sequence cut short are not.
    expect(firstInvalidUtf8(Buffer.from('{"a":"Français 名前 😀"}', 'utf8'))).toBeUndefined();
    expect(firstInvalidUtf8(Buffer.from([0x61, 0xc0, 0xaf]))).toBe(1);
    expect(firstInvalidUtf8(Buffer.from([0x61, 0x62, 0xed, 0xa0, 0x80]))).toBe(2);
    expect(firstInvalidUtf8(Buffer.from([0xe2, 0x82]))).toBe(0);
  },
);

test(
  "an answer's excerpt is cut after the whole body is redacted: a secret across the cut leaves no part of it",
  { tag: '@fast' },
  async () => {
    const body = JSON.stringify({ message: `${'x'.repeat(180)} secret-token-1 echoed` });
    const exchange = await client(fakeTransport([{ status: 404, body }]).transport).get('/provider/searchSingleBest', { NPI: '1' });
    expect(exchange.bodyText).toContain('secret-token-1');
    expect(exchange.excerpt).toBe(body.replace('secret-token-1', REDACTED).slice(0, 200));
    expect(exchange.excerpt).not.toContain('secret-');
  },
);
