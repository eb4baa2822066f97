/** The reference server, in-process: every endpoint, its schemas, its silent-spot choices and bad input. */
import { connect, createServer, type Server } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { reserveLoopbackPort } from '../../src/reference/free-port';
import { readProbes } from '../../src/reference/fixture-files';
import { SCHEMA, type SchemaPath } from '../../src/schema-validation/validator';
import { AMBIGUITY_MESSAGE, MAX_COUNT, PAGE_SIZE } from '../../src/spec/constants';
import type { GoldenProviderRecord } from '../../src/types/schemas';
import type { BuiltBundle } from '../../src/reference/scenarios/behaviour';
import { expect, test } from './fixtures';

const probes = readProbes();

async function get(server: FastifyInstance, url: string) {
  const response = await server.inject({ method: 'GET', url });
  const type = String(response.headers['content-type'] ?? '');
  return { status: response.statusCode, type, text: response.body, json: () => JSON.parse(response.body) as unknown };
}

const query = (parameters: Record<string, string>) => new URLSearchParams(parameters).toString();

test.describe('GET /provider/searchSingleBest (§4.1)', () => {
  test('a unique query answers with one golden record object', { tag: '@fast' }, async ({ server, schemas }) => {
    for (const probe of probes.provider!.unique!) {
      const response = await get(server, `/provider/searchSingleBest?${query(probe.query)}`);
      expect(response.status).toBe(200);
      expect(response.type).toMatch(/^application\/json/);
      expect(schemas.validate(SCHEMA.goldenRecord, response.json())).toEqual({ valid: true });
    }
  });

  test('an ambiguous query answers 200 text/plain with exactly the ambiguity text (rule 4)', { tag: '@fast' }, async ({ server }) => {
    for (const probe of probes.provider!.ambiguous!) {
      const response = await get(server, `/provider/searchSingleBest?${query(probe.query)}`);
      expect([response.status, response.type, response.text]).toEqual([200, 'text/plain; charset=utf-8', AMBIGUITY_MESSAGE]);
    }
  });

  test('a narrowing parameter, plain or dashed, leaves one record (rules 1, 4)', { tag: '@fast' }, async ({ server }) => {
    for (const probe of probes.provider!.ambiguous!) {
      const [name, value] = Object.entries(probe.narrowedBy)[0];
      const plain = await get(server, `/provider/searchSingleBest?${query({ ...probe.query, [name]: value })}`);
      const dashed = await get(server, `/provider/searchSingleBest?${query({ ...probe.query, [`${name}-`]: value })}`);
      expect(plain.status).toBe(200);
      expect((dashed.json() as GoldenProviderRecord).id).toBe((plain.json() as GoldenProviderRecord).id);
    }
  });

  test('a non-matching dashed parameter is ignored; without the dash it excludes (rules 1, 2)', { tag: '@fast' }, async ({ server }) => {
    const unique = probes.provider!.unique![0].query;
    const base = (await get(server, `/provider/searchSingleBest?${query(unique)}`)).json() as GoldenProviderRecord;
    const optional = await get(server, `/provider/searchSingleBest?${query({ ...unique, 'State-': 'ZZ' })}`);
    expect((optional.json() as GoldenProviderRecord).id).toBe(base.id);
    const strict = await get(server, `/provider/searchSingleBest?${query({ ...unique, State: 'ZZ' })}`);
    expect(strict.status).toBe(404);
  });

  test('matching ignores the case of values; parameter names are case-sensitive', { tag: '@fast' }, async ({ server }) => {
    const probe = probes.provider!.unique![1].query;
    const lower = Object.fromEntries(Object.entries(probe).map(([k, v]) => [k, v.toLowerCase()]));
    expect((await get(server, `/provider/searchSingleBest?${query(lower)}`)).status).toBe(200);
    const renamed = Object.fromEntries(Object.entries(probe).map(([k, v]) => [k.toLowerCase(), v]));
    expect((await get(server, `/provider/searchSingleBest?${query(renamed)}`)).status).toBe(400);
  });

  test('no match answers 404 with a JSON error body (rule 7 is not shown)', { tag: '@fast' }, async ({ server, schemas }) => {
    for (const probe of probes.provider!.none!) {
      const response = await get(server, `/provider/searchSingleBest?${query(probe.query)}`);
      expect(response.status).toBe(404);
      expect(schemas.validate(SCHEMA.serviceError, response.json())).toEqual({ valid: true });
    }
  });

  test('the /api alias of the §4.1 note is not served', { tag: '@fast' }, async ({ server }) => {
    expect((await get(server, `/api/searchSingleBest?${query(probes.provider!.unique![0].query)}`)).status).toBe(404);
  });
});

test.describe('GET /provider/sourceRecords/{curatedID} (§4.2)', () => {
  test('a known curated ID answers with its source records', { tag: '@fast' }, async ({ server, schemas, data }) => {
    const { golden, sources } = data.providers[3];
    const response = await get(server, `/provider/sourceRecords/${golden.id}`);
    expect(response.status).toBe(200);
    expect(schemas.validate(SCHEMA.sourceRecords, response.json())).toEqual({ valid: true });
    expect(response.json()).toEqual(sources);
  });

  test('an unknown curated ID answers 404 with a JSON error body (rule 3 is not shown)', { tag: '@fast' }, async ({ server, schemas }) => {
    const response = await get(server, '/provider/sourceRecords/does-not-exist');
    expect(response.status).toBe(404);
    expect(schemas.validate(SCHEMA.serviceError, response.json())).toEqual({ valid: true });
  });
});

test.describe('GET /fhir/organization (§4.3)', () => {
  const search = async (server: FastifyInstance, parameters: Record<string, string>) => {
    const response = await get(server, `/fhir/organization?${query(parameters)}`);
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    return response.json() as BuiltBundle;
  };

  test('every probe search answers a valid searchset bundle of matches', { tag: '@fast' }, async ({ server, schemas }) => {
    for (const probe of probes.organization!.searches!) {
      const bundle = await search(server, probe.query);
      expect(schemas.validate(SCHEMA.bundle, bundle)).toEqual({ valid: true });
      expect(bundle.entry.length).toBeGreaterThan(0);
      expect(bundle.total).toBeGreaterThanOrEqual(bundle.entry.length);
      expect(bundle.link.find((l) => l.relation === 'self')).toBeTruthy();
    }
  });

  test('Page alone gives 25 per page, disjoint, with next links until the last page (§8)', { tag: '@fast' }, async ({ server }) => {
    const first = await search(server, { ...probes.organization!.multiPage!.query, Page: '1' });
    expect(first.entry).toHaveLength(PAGE_SIZE);
    const pages = Math.ceil(first.total / PAGE_SIZE);
    const seen = new Set<string>();
    for (let page = 1; page <= pages; page++) {
      const bundle = await search(server, { ...probes.organization!.multiPage!.query, Page: String(page) });
      expect(bundle.entry.length).toBe(page < pages ? PAGE_SIZE : first.total - PAGE_SIZE * (pages - 1));
      expect(bundle.link.some((l) => l.relation === 'next')).toBe(page < pages);
      for (const entry of bundle.entry) seen.add(entry.resource.id);
    }
    expect(seen.size).toBe(first.total);
  });

  test('Count returns at most Count, and never more than 1000 (§8: clamped)', { tag: '@fast' }, async ({ server }) => {
    expect((await search(server, { ...probes.organization!.overLimit!.query, Count: '7' })).entry).toHaveLength(7);
    const clamped = await search(server, { ...probes.organization!.overLimit!.query, Count: '5000' });
    expect(clamped.entry).toHaveLength(MAX_COUNT);
    expect(clamped.total).toBeGreaterThan(MAX_COUNT);
  });

  test('identifier matches by value and by system|value', { tag: '@fast' }, async ({ server, data }) => {
    const [identifier] = data.organizations[10].identifier;
    for (const form of [identifier.value, `${identifier.system}|${identifier.value}`]) {
      const bundle = await search(server, { identifier: form });
      expect(bundle.entry.map((e) => e.resource.id)).toContain(data.organizations[10].id);
      for (const entry of bundle.entry) expect(entry.resource.identifier.map((i) => i.value)).toContain(identifier.value);
    }
  });

  test('string parameters match case-insensitively; active filters', { tag: '@fast' }, async ({ server }) => {
    const upper = await search(server, { name: 'CLINIC' });
    const lower = await search(server, { name: 'clinic' });
    expect(lower.total).toBe(upper.total);
    for (const active of ['true', 'false']) {
      const bundle = await search(server, { 'address-state': 'OH', active, Count: '1000' });
      expect(bundle.entry.length).toBeGreaterThan(0);
      expect(bundle.entry.every((e) => String(e.resource.active) === active)).toBe(true);
    }
  });

  test('name matches where the value starts a word, one word or several', { tag: '@fast' }, async ({ server }) => {
    const prefix = await search(server, { name: 'med', Count: '1000' });
    const word = await search(server, { name: 'medical', Count: '1000' });
    const phrase = await search(server, { name: 'medical cen', Count: '1000' });
    expect(prefix.total).toBeGreaterThanOrEqual(word.total);
    expect(word.total).toBeGreaterThan(phrase.total);
    expect(phrase.total).toBeGreaterThan(0);
    for (const entry of phrase.entry) expect(` ${entry.resource.name}`).toContain(' MEDICAL CEN');
    expect((await search(server, { name: 'edical' })).total).toBe(0);
  });

  test('no parameter answers 400 OperationOutcome (§4.3 rule 2 is not shown)', { tag: '@fast' }, async ({ server, schemas }) => {
    const response = await get(server, '/fhir/organization');
    expect(response.status).toBe(400);
    expect(schemas.validate(SCHEMA.operationOutcome, response.json())).toEqual({ valid: true });
  });
});

/** Bad input gets a clear 4xx with a JSON body that matches the endpoint's error schema; never a 5xx. */
const badRequests: { url: string; status: number; schema: SchemaPath }[] = [
  { url: '/fhir/organization?name=a&Count=abc', status: 400, schema: SCHEMA.operationOutcome },
  { url: '/fhir/organization?name=a&Count=-1', status: 400, schema: SCHEMA.operationOutcome },
  { url: '/fhir/organization?name=a&Count=0', status: 400, schema: SCHEMA.operationOutcome },
  { url: '/fhir/organization?name=a&Page=0', status: 400, schema: SCHEMA.operationOutcome },
  { url: '/fhir/organization?name=a&Page=1.5', status: 400, schema: SCHEMA.operationOutcome },
  { url: '/fhir/organization?name=a&Page=99999999999999999999', status: 400, schema: SCHEMA.operationOutcome },
  { url: '/fhir/organization?name=a&active=yes', status: 400, schema: SCHEMA.operationOutcome },
  { url: '/fhir/organization?name=a&name=b', status: 400, schema: SCHEMA.operationOutcome },
  { url: `/fhir/organization?name=${'x'.repeat(300)}`, status: 400, schema: SCHEMA.operationOutcome },
  { url: '/fhir/organization?Name=a', status: 400, schema: SCHEMA.operationOutcome },
  { url: '/fhir/organization?__proto__=a', status: 400, schema: SCHEMA.operationOutcome },
  { url: '/fhir/organization?name=%E0%A4%A', status: 400, schema: SCHEMA.operationOutcome },
  { url: '/provider/searchSingleBest', status: 400, schema: SCHEMA.serviceError },
  { url: '/provider/searchSingleBest?State-=OH', status: 400, schema: SCHEMA.serviceError },
  { url: '/provider/searchSingleBest?npi=1', status: 400, schema: SCHEMA.serviceError },
  { url: '/provider/searchSingleBest?NPI=', status: 400, schema: SCHEMA.serviceError },
  { url: `/provider/searchSingleBest?LastName=${'y'.repeat(300)}`, status: 400, schema: SCHEMA.serviceError },
  { url: '/provider/searchSingleBest?constructor=x', status: 400, schema: SCHEMA.serviceError },
  { url: '/provider/searchSingleBest?LastName=a%0Ab', status: 400, schema: SCHEMA.serviceError },
  { url: '/provider/searchSingleBest?LastName=%C3%B1%C3%BA%C3%B1ez', status: 404, schema: SCHEMA.serviceError },
  { url: '/provider/sourceRecords/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd', status: 404, schema: SCHEMA.serviceError },
  { url: `/provider/sourceRecords/${'z'.repeat(300)}`, status: 400, schema: SCHEMA.serviceError },
  { url: '/provider/sourceRecords/%F0%9F%A9%BA', status: 404, schema: SCHEMA.serviceError },
  { url: '/provider/sourceRecords/a%00b', status: 400, schema: SCHEMA.serviceError },
  { url: '/provider/sourceRecords/abc?x=1', status: 400, schema: SCHEMA.serviceError },
  { url: '/provider/sourceRecords/%ZZ', status: 400, schema: SCHEMA.serviceError },
];

for (const bad of badRequests) {
  test(`bad input ${bad.url.slice(0, 80)} answers ${bad.status} with a JSON error body`, { tag: '@fast' }, async ({ server, schemas }) => {
    const response = await get(server, bad.url);
    expect(response.status, response.text).toBe(bad.status);
    expect(response.type).toMatch(/^application\/json/);
    expect(schemas.validate(bad.schema, response.json())).toEqual({ valid: true });
  });
}

test('/health answers its schema', { tag: '@fast' }, async ({ server, schemas }) => {
  const response = await get(server, '/health');
  expect(schemas.validate(SCHEMA.health, response.json())).toEqual({ valid: true });
});

test(
  "the embedded server's port is held from the moment the run is told it until the server listens on it: no other socket takes it meanwhile",
  { tag: '@fast' },
  async () => {
    const reserved = await reserveLoopbackPort();
    const listenOn = (port: number) =>
      new Promise<Server>((resolve, reject) => {
        const other = createServer().once('error', reject);
        other.listen(port, '127.0.0.1', () => resolve(other));
      });
    // Held: another listener is refused, and a client that asks meanwhile is closed at once, never left waiting.
    await expect(listenOn(reserved.port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    const closed = await new Promise<string>((resolve) => {
      const socket = connect(reserved.port, '127.0.0.1');
      socket.once('close', () => resolve('closed'));
      socket.once('error', () => undefined);
    });
    expect(closed).toBe('closed');
    await reserved.release();
    const server = await listenOn(reserved.port);
    await new Promise((resolve) => server.close(resolve));
  },
);
