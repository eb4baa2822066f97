/**
 * Property: whatever a client sends in the query string or the curated-ID path, the reference server
 * never answers 5xx and never crashes; it answers either a valid response or a JSON error body that
 * matches its schema.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { SCHEMA, type SchemaPath, type SchemaValidator } from '../../src/schema-validation/validator';
import { AMBIGUITY_MESSAGE, ORGANIZATION_FILTERS, PROVIDER_PARAMETERS } from '../../src/spec/constants';
import { test } from './fixtures';

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

/**
 * What is wrong with the server's answer to `url`, in words; undefined when nothing is. A property
 * throws it, and fast-check reports it with the smallest query string that brings it: one
 * assertion a run, not one expect() a value (Playwright records a step, stack and all, for each).
 */
async function problemOf(
  server: FastifyInstance,
  schemas: SchemaValidator,
  url: string,
  success: SchemaPath,
  error: SchemaPath,
): Promise<string | undefined> {
  const response = await server.inject({ method: 'GET', url });
  const type = String(response.headers['content-type'] ?? '');
  const shown = `${url.slice(0, 300)} → ${response.statusCode} ${type}`;
  if (response.statusCode >= 500) return `${shown}: a server error, where the reference server answers every query`;
  if (response.statusCode === 200 && type.startsWith('text/plain'))
    return response.body === AMBIGUITY_MESSAGE
      ? undefined
      : `${shown}: text that is not the ambiguity message: ${response.body.slice(0, 200)}`;
  if (!/^application\/json/.test(type)) return `${shown}: not JSON`;
  const body: unknown = JSON.parse(response.body);
  const schema =
    response.statusCode === 200 ? success : response.statusCode === 404 && !url.includes('/fhir/') ? SCHEMA.serviceError : error;
  const validation = schemas.validate(schema, body);
  return validation.valid ? undefined : `${shown}: not ${schema}: ${JSON.stringify(validation).slice(0, 600)}`;
}

/** The property that `url` is answered well. */
async function verify(...args: Parameters<typeof problemOf>): Promise<void> {
  const problem = await problemOf(...args);
  if (problem !== undefined) throw new Error(problem);
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
