/**
 * Property: whatever a client sends in the query string or the curated-ID path, the reference server
 * never answers 5xx and never crashes; it answers either a valid response or a JSON error body that
 * matches its schema.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { SCHEMA, type SchemaPath, type SchemaValidator } from '../../src/schema-validation/validator';
import { AMBIGUITY_MESSAGE, ORGANIZATION_FILTERS, PROVIDER_PARAMETERS } from '../../src/spec/constants';
import { expect, test } from './fixtures';

const RUNS = 250;

/** Percent-encoding edge cases, inserted raw: truncated, invalid, NUL, overlong UTF-8, astral plane. */
const RAW_ESCAPES = ['%', '%2', '%ZZ', '%00', '%C0%AF', '%E0%A4%A', '%F0%9F%98%80', '%FF', '+', '%2B', '%26', '%3D', '%25', '&', '=', '#'];
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '__proto__[x]'];

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ minLength: 200, maxLength: 6000 }),
  fc.constantFrom('', ' ', '-1', '0', '1e9', 'NaN', 'true', 'null', AMBIGUITY_MESSAGE),
);

/** A query-string component: encoded text, raw escapes, or a mix of both. */
const component = fc.oneof(
  text.map(encodeURIComponent),
  fc.constantFrom(...RAW_ESCAPES),
  fc.tuple(text.map(encodeURIComponent), fc.constantFrom(...RAW_ESCAPES), text.map(encodeURIComponent)).map((parts) => parts.join('')),
);

const names = (known: readonly string[]) =>
  fc.oneof(
    fc.constantFrom(...known),
    fc.constantFrom(...known).map((n) => `${n}-`),
    fc.constantFrom(...known).map((n) => n.toLowerCase()),
    fc.constantFrom(...PROTOTYPE_KEYS),
    component,
  );

/** Name=value pairs, names possibly repeated, sometimes without `=`. */
const queryString = (known: readonly string[]) =>
  fc
    .array(fc.tuple(names(known), component, fc.boolean()), { maxLength: 6 })
    .map((pairs) => pairs.map(([n, v, bare]) => (bare ? n : `${n}=${v}`)).join('&'));

async function verify(
  server: FastifyInstance,
  schemas: SchemaValidator,
  url: string,
  success: SchemaPath,
  error: SchemaPath,
): Promise<void> {
  const response = await server.inject({ method: 'GET', url });
  const type = String(response.headers['content-type'] ?? '');
  expect(response.statusCode, url.slice(0, 300)).toBeLessThan(500);
  if (response.statusCode === 200 && type.startsWith('text/plain')) {
    expect(response.body).toBe(AMBIGUITY_MESSAGE);
    return;
  }
  expect(type, url.slice(0, 300)).toMatch(/^application\/json/);
  const body: unknown = JSON.parse(response.body);
  const schema =
    response.statusCode === 200 ? success : response.statusCode === 404 && !url.includes('/fhir/') ? SCHEMA.serviceError : error;
  expect(schemas.validate(schema, body), `${url.slice(0, 300)} → ${response.statusCode}`).toEqual({ valid: true });
}

test('searchSingleBest: any query string', { tag: '@fast' }, async ({ server, schemas }) => {
  await fc.assert(
    fc.asyncProperty(queryString(PROVIDER_PARAMETERS), (qs) =>
      verify(server, schemas, `/provider/searchSingleBest?${qs}`, SCHEMA.goldenRecord, SCHEMA.serviceError),
    ),
    { numRuns: RUNS },
  );
});

test('organization search: any query string', { tag: '@fast' }, async ({ server, schemas }) => {
  const known = [...ORGANIZATION_FILTERS, 'Count', 'Page'];
  await fc.assert(
    fc.asyncProperty(queryString(known), (qs) =>
      verify(server, schemas, `/fhir/organization?${qs}`, SCHEMA.bundle, SCHEMA.operationOutcome),
    ),
    { numRuns: RUNS },
  );
});

test('sourceRecords: any curated-ID path segment', { tag: '@fast' }, async ({ server, schemas }) => {
  const segment = fc
    .oneof(component, fc.constantFrom('..', '.', '%2E%2E', '%2F', 'a%2Fb', ' ', '%20'), text.map(encodeURIComponent))
    .filter((s) => s !== '' && !s.includes('#') && !s.includes('?'));
  await fc.assert(
    fc.asyncProperty(segment, (id) => verify(server, schemas, `/provider/sourceRecords/${id}`, SCHEMA.sourceRecords, SCHEMA.serviceError)),
    { numRuns: RUNS },
  );
});
