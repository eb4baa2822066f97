/**
 * Every schema compiles in strict mode; valid examples (the fixtures and the variants the spec
 * allows) pass; and each constraint has an example that fails at the expected place.
 */
import { buildBundle } from '../../src/reference/bundle';
import { readProbes } from '../../src/reference/fixture-files';
import { loadSchemaFiles, SCHEMA_ID_BASE } from '../../src/schema-validation/files';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { precompiledValidatorsCode } from '../../src/schema-validation/standalone';
import {
  createSchemaValidator,
  PRECOMPILED_MODULE,
  type PrecompiledValidators,
  SCHEMA,
  type SchemaPath,
} from '../../src/schema-validation/validator';
import type { Fixtures } from '../../src/reference/fixture-files';
import { expect, test } from './fixtures';
import { invalidRecords } from './invalid-values';
import { changed, REMOVE } from './json-pointer';

test('every schema compiles in strict mode with no warning, $id mirroring its path', { tag: '@fast' }, () => {
  expect(() => createSchemaValidator().compileAll()).not.toThrow();
  for (const { path, schema } of loadSchemaFiles()) {
    expect(schema.$id, path).toBe(`${SCHEMA_ID_BASE}${path}`);
    expect(schema.$schema, path).toBe('https://json-schema.org/draft/2020-12/schema');
  }
});

test('every fixture record is valid', { tag: '@fast' }, ({ data, schemas }) => {
  expect(invalidRecords(schemas, data)).toEqual([]);
  expect(schemas.validate(SCHEMA.probes, readProbes())).toEqual({ valid: true });
});

/** Base examples the cases below change. */
function examples(data: Fixtures) {
  const golden = data.providers[0].golden;
  const organization = data.organizations.find((o) => o.partOf && o.telecom && o.identifier.some((i) => i.period))!;
  const bundle = buildBundle([organization], { start: 0, page: 1, size: 25 }, new URL('http://localhost/fhir/organization?name=x'));
  return {
    [SCHEMA.goldenRecord]: golden,
    [SCHEMA.sourceRecords]: data.providers[0].sources,
    [SCHEMA.bundle]: bundle,
    [SCHEMA.operationOutcome]: { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'required', diagnostics: 'x' }] },
    [SCHEMA.serviceError]: { error: 'not-found', message: 'no provider matches the search' },
    [SCHEMA.ambiguity]: { error: 'ambiguous', message: 'Search returned more than one result.' },
    [SCHEMA.health]: { status: 'ok', providers: 1, organizations: 1 },
    [SCHEMA.probes]: readProbes(),
  } as Record<SchemaPath, unknown>;
}

interface Case {
  schema: SchemaPath;
  pointer: string;
  value: unknown;
  /** Why the changed example is (in)valid, with the spec clause. */
  what: string;
}

const name0 = '/data/Name/0';
const address0 = '/data/Address/0';
const org = '/entry/0/resource';

/** Allowed by the spec: each must still pass. */
const allowed: Case[] = [
  { schema: SCHEMA.goldenRecord, pointer: '/data/NPI', value: [''], what: '§2.3 r3: [""] as absent' },
  { schema: SCHEMA.goldenRecord, pointer: '/data/Phone', value: [], what: '§2.3 r3: [] as absent' },
  { schema: SCHEMA.goldenRecord, pointer: '/data/Phone/0', value: '', what: '§2.3 r3: "" phone' },
  { schema: SCHEMA.goldenRecord, pointer: '/data/Address/0', value: {}, what: '§2.3 r3: {} inside Address' },
  { schema: SCHEMA.goldenRecord, pointer: `${name0}/Credentials`, value: ['MD'], what: '§2.3 r4: Credentials' },
  { schema: SCHEMA.goldenRecord, pointer: `${address0}/Country`, value: ['US'], what: '§2.3 r4: Country' },
  {
    schema: SCHEMA.goldenRecord,
    pointer: '/data/DEADateOfOriginalRegistration',
    value: ['20190102'],
    what: '§2.3 r4, r5: variant key, YYYYMMDD',
  },
  { schema: SCHEMA.goldenRecord, pointer: '/data/DEADateofOriginalRegistration', value: ['1/2/2019'], what: '§2.3 r5: M/D/YYYY' },
  { schema: SCHEMA.goldenRecord, pointer: '/data/ProviderEnumerationDate', value: ['01/02/2019'], what: '§2.3 r5: MM/DD/YYYY' },
  { schema: SCHEMA.goldenRecord, pointer: '/data/LastUpdateDate', value: ['2/29/2024'], what: '§2.3 r5: a leap day of a leap year' },
  { schema: SCHEMA.goldenRecord, pointer: '/data/DEAExpirationDate', value: ['20000229'], what: '§2.3 r5: YYYYMMDD, 2000 a leap year' },
  { schema: SCHEMA.goldenRecord, pointer: `${address0}/Zip`, value: ['432151234'], what: '§2.3 r6: 9-digit zip' },
  { schema: SCHEMA.goldenRecord, pointer: '/data/NewAttribute', value: 'anything', what: '§2.4: attributes beyond the tables' },
  { schema: SCHEMA.goldenRecord, pointer: '/extra', value: { any: 1 }, what: 'unknown extra fields' },
  {
    schema: SCHEMA.bundle,
    pointer: '/entry/0/fullUrl',
    value: 'https://fhir.example/fhir/Organization/abc',
    what: '§2.5: absolute fullUrl ending /Organization/<id>',
  },
  { schema: SCHEMA.bundle, pointer: '/meta/lastUpdated', value: '2026-01-02T03:04:05Z', what: '§2.5: Z offset' },
  { schema: SCHEMA.bundle, pointer: '/meta/lastUpdated', value: '2026-01-02T03:04:05.123-05:00', what: '§2.5: ±hh:mm offset' },
  {
    schema: SCHEMA.bundle,
    pointer: '/entry',
    value: REMOVE,
    what: '§2.5, FHIR R4 JSON: a bundle of no organization leaves entry out (JSON never writes an empty array)',
  },
  { schema: SCHEMA.bundle, pointer: `${org}/contained`, value: REMOVE, what: '§2.5: contained is optional' },
  { schema: SCHEMA.bundle, pointer: `${org}/telecom`, value: REMOVE, what: '§2.5: telecom is optional' },
  { schema: SCHEMA.bundle, pointer: `${org}/extension`, value: [{ url: 'x' }], what: 'unknown extra fields' },
];

/** Each breaks one constraint: the example must fail, and the violation must point at the pointer. */
const broken: (Case & { at?: string })[] = [
  { schema: SCHEMA.goldenRecord, pointer: '', value: [{ id: 'x', data: {} }], what: '§4.1 r3: root array' },
  { schema: SCHEMA.goldenRecord, pointer: '/id', value: REMOVE, what: '§2.1: id required', at: '' },
  { schema: SCHEMA.goldenRecord, pointer: '/id', value: '', what: '§2.1: id non-empty' },
  { schema: SCHEMA.goldenRecord, pointer: '/data', value: REMOVE, what: '§2.1: data required', at: '' },
  { schema: SCHEMA.goldenRecord, pointer: '/data', value: [], what: '§2.1: data is an object' },
  { schema: SCHEMA.goldenRecord, pointer: '/data/NPI', value: '1234567893', what: '§2.3 r1: scalar for an array' },
  { schema: SCHEMA.goldenRecord, pointer: '/data/NPI', value: [1234567893], what: '§2.3 r1: array of strings', at: '/data/NPI/0' },
  { schema: SCHEMA.goldenRecord, pointer: '/data/IdentityDataSource', value: ['NPPES'], what: '§2.3 r2: plain string' },
  { schema: SCHEMA.goldenRecord, pointer: '/data/Phone/0', value: '614555123', what: '§2.3 r6: phone of 9 digits' },
  { schema: SCHEMA.goldenRecord, pointer: '/data/Phone/0', value: '(614) 555-1234', what: '§2.3 r6: phone punctuation' },
  {
    schema: SCHEMA.goldenRecord,
    pointer: `${address0}/AddressPhone`,
    value: ['614-555-1234'],
    what: '§2.3 r6: address phone',
    at: `${address0}/AddressPhone/0`,
  },
  {
    schema: SCHEMA.goldenRecord,
    pointer: `${address0}/FaxPhoneNumber`,
    value: ['61455512345'],
    what: '§2.3 r6: fax',
    at: `${address0}/FaxPhoneNumber/0`,
  },
  { schema: SCHEMA.goldenRecord, pointer: `${address0}/Zip`, value: ['43215-1234'], what: '§2.3 r6: zip hyphen', at: `${address0}/Zip/0` },
  { schema: SCHEMA.goldenRecord, pointer: `${address0}/Zip`, value: ['4321'], what: '§2.3 r6: zip length', at: `${address0}/Zip/0` },
  {
    schema: SCHEMA.goldenRecord,
    pointer: '/data/ProviderEnumerationDate',
    value: ['2019-01-02'],
    what: '§2.3 r5: ISO date',
    at: '/data/ProviderEnumerationDate/0',
  },
  {
    schema: SCHEMA.goldenRecord,
    pointer: '/data/LastUpdateDate',
    value: ['13/02/2019'],
    what: '§2.3 r5: month 13',
    at: '/data/LastUpdateDate/0',
  },
  {
    schema: SCHEMA.goldenRecord,
    pointer: '/data/DEAExpirationDate',
    value: ['20191302'],
    what: '§2.3 r5: YYYYMMDD month 13',
    at: '/data/DEAExpirationDate/0',
  },
  {
    schema: SCHEMA.goldenRecord,
    pointer: '/data/LastUpdateDate',
    value: ['02/30/2026'],
    what: '§2.3 r5: a day that does not exist, MM/DD/YYYY',
    at: '/data/LastUpdateDate/0',
  },
  {
    schema: SCHEMA.goldenRecord,
    pointer: '/data/ProviderEnumerationDate',
    value: ['2/29/2022'],
    what: '§2.3 r5: a leap day of a year that has none, M/D/YYYY',
    at: '/data/ProviderEnumerationDate/0',
  },
  {
    schema: SCHEMA.goldenRecord,
    pointer: '/data/DEAExpirationDate',
    value: ['21000229'],
    what: '§2.3 r5: a leap day of 2100, YYYYMMDD',
    at: '/data/DEAExpirationDate/0',
  },
  {
    schema: SCHEMA.goldenRecord,
    pointer: '/data/CertificationDate',
    value: ['04/31/2020'],
    what: '§2.3 r5: the 31st of a month of 30 days',
    at: '/data/CertificationDate/0',
  },
  { schema: SCHEMA.goldenRecord, pointer: '/data/Name', value: { FirstName: ['A'] }, what: '§2.3 r1: Name is an array' },
  { schema: SCHEMA.goldenRecord, pointer: `${name0}/FirstName`, value: 'DANIEL', what: '§2.4: Name attributes are arrays' },
  { schema: SCHEMA.goldenRecord, pointer: `${name0}/Nickname`, value: 'DAN', what: '§2.3 r1: any Name attribute is an array' },
  { schema: SCHEMA.goldenRecord, pointer: `${address0}/City`, value: 'LUBBOCK', what: '§2.4: Address attributes are arrays' },
  {
    schema: SCHEMA.goldenRecord,
    pointer: '/data/Taxonomy/0/TaxonomyCode',
    value: '207Q00000X',
    what: '§2.4: Taxonomy attributes are arrays',
  },
  {
    schema: SCHEMA.goldenRecord,
    pointer: '/data/Taxonomy/0/TaxonomyExpirationDate',
    value: ['Jan 5 2024'],
    what: '§2.3 r5: taxonomy date',
    at: '/data/Taxonomy/0/TaxonomyExpirationDate/0',
  },
  {
    schema: SCHEMA.goldenRecord,
    pointer: '/data/OtherIdentifiers',
    value: [{ OtherIdentifierType: 'MEDICAID' }],
    what: '§2.3 r1: OtherIdentifiers attributes are arrays',
    at: '/data/OtherIdentifiers/0/OtherIdentifierType',
  },
  { schema: SCHEMA.sourceRecords, pointer: '', value: { id: 'x', index: 'nppes', data: {} }, what: '§4.2: root is an array' },
  { schema: SCHEMA.sourceRecords, pointer: '/0/index', value: REMOVE, what: '§4.2 r1: index required', at: '/0' },
  { schema: SCHEMA.sourceRecords, pointer: '/0/index', value: ['nppes'], what: '§2.2: index is a string' },
  { schema: SCHEMA.sourceRecords, pointer: '/0/id', value: 7, what: '§2.2: id is a string' },
  { schema: SCHEMA.sourceRecords, pointer: '/0/data', value: 'x', what: '§2.2: data is an object' },
  { schema: SCHEMA.bundle, pointer: '/resourceType', value: 'bundle', what: '§2.5: resourceType Bundle' },
  { schema: SCHEMA.bundle, pointer: '/id', value: 'not-a-uuid', what: '§2.5: id UUID' },
  { schema: SCHEMA.bundle, pointer: '/meta/versionId', value: 1, what: '§2.5: versionId string' },
  { schema: SCHEMA.bundle, pointer: '/meta/lastUpdated', value: '2026-01-02T03:04:05', what: '§2.5: timestamp without offset' },
  { schema: SCHEMA.bundle, pointer: '/meta/lastUpdated', value: '01/02/2026', what: '§2.5: not ISO 8601' },
  { schema: SCHEMA.bundle, pointer: '/type', value: 'collection', what: '§2.5: type searchset' },
  { schema: SCHEMA.bundle, pointer: '/total', value: -1, what: '§2.5: total non-negative' },
  { schema: SCHEMA.bundle, pointer: '/total', value: '1', what: '§2.5: total integer' },
  { schema: SCHEMA.bundle, pointer: '/link/0/url', value: REMOVE, what: '§2.5: link url', at: '/link/0' },
  { schema: SCHEMA.bundle, pointer: '/entry', value: {}, what: '§2.5: entry array' },
  { schema: SCHEMA.bundle, pointer: '/entry/0/fullUrl', value: '/Practitioner/1', what: '§2.5: fullUrl /Organization/<id>' },
  { schema: SCHEMA.bundle, pointer: '/entry/0/search/mode', value: 'include', what: '§4.3 r1: search.mode match' },
  { schema: SCHEMA.bundle, pointer: '/entry/0/search', value: REMOVE, what: '§2.5: search object', at: '/entry/0' },
  { schema: SCHEMA.bundle, pointer: `${org}/resourceType`, value: 'Practitioner', what: '§2.5: Organization' },
  { schema: SCHEMA.bundle, pointer: `${org}/active`, value: 'true', what: '§2.5: active boolean' },
  { schema: SCHEMA.bundle, pointer: `${org}/name`, value: REMOVE, what: '§2.5: name', at: org },
  { schema: SCHEMA.bundle, pointer: `${org}/telecom/0/system`, value: 'email', what: '§2.5: telecom system phone or fax' },
  { schema: SCHEMA.bundle, pointer: `${org}/telecom/0/value`, value: '614-555-1234', what: '§2.5: telecom digits' },
  { schema: SCHEMA.bundle, pointer: `${org}/telecom/0/use`, value: 'home', what: '§2.5: telecom use work' },
  { schema: SCHEMA.bundle, pointer: `${org}/address/0/use`, value: 'home', what: '§2.5: address use work' },
  { schema: SCHEMA.bundle, pointer: `${org}/address/0/type`, value: 'both', what: '§2.5: address type postal or physical' },
  { schema: SCHEMA.bundle, pointer: `${org}/address/0/line`, value: 'ONE LINE', what: '§2.5: address line array' },
  { schema: SCHEMA.bundle, pointer: `${org}/contact/0/name/use`, value: 'official', what: '§2.5: contact name use usual' },
  { schema: SCHEMA.bundle, pointer: `${org}/contact/0/name/given`, value: 'ANN', what: '§2.5: given array' },
  { schema: SCHEMA.bundle, pointer: `${org}/identifier/0/system`, value: 'us npi', what: '§2.5: identifier system URI' },
  { schema: SCHEMA.bundle, pointer: `${org}/identifier/0/value`, value: 1234567893, what: '§2.5: identifier value string' },
  {
    schema: SCHEMA.bundle,
    pointer: `${org}/identifier/0/period`,
    value: { start: '2020-01-01' },
    what: '§2.5: period ISO 8601 timestamp',
    at: `${org}/identifier/0/period/start`,
  },
  { schema: SCHEMA.bundle, pointer: `${org}/contained/0/id`, value: 'parent-1', what: '§2.5: contained id UUID' },
  { schema: SCHEMA.bundle, pointer: `${org}/partOf/reference`, value: 'Organization/1', what: '§2.5: partOf reference begins with #' },
  { schema: SCHEMA.bundle, pointer: `${org}/type/0`, value: { coding: [] }, what: '§2.5: type text', at: `${org}/type/0` },
  { schema: SCHEMA.operationOutcome, pointer: '/issue', value: [], what: 'error body: at least one issue' },
  { schema: SCHEMA.operationOutcome, pointer: '/issue/0/severity', value: 'bad', what: 'error body: severity value set' },
  { schema: SCHEMA.serviceError, pointer: '/message', value: REMOVE, what: 'error body: message', at: '' },
  { schema: SCHEMA.ambiguity, pointer: '/message', value: 'Search returned more than one result', what: '§4.1 r4: exact text' },
  { schema: SCHEMA.health, pointer: '/status', value: 'starting', what: 'health: ok' },
  { schema: SCHEMA.probes, pointer: '/provider/unique/0/query', value: {}, what: 'probes: a query has a parameter' },
  {
    schema: SCHEMA.probes,
    pointer: '/provider/ambiguous/0/narrowedBy',
    value: REMOVE,
    what: 'probes: narrowedBy required',
    at: '/provider/ambiguous/0',
  },
  { schema: SCHEMA.probes, pointer: '/provider/none/0/query/NPI', value: 1000000004, what: 'probes: values are strings' },
  {
    schema: SCHEMA.probes,
    pointer: '/organization/multipage',
    value: { query: { name: 'x' } },
    what: 'probes: unknown member (typo)',
    at: '/organization',
  },
  { schema: SCHEMA.probes, pointer: '/organization/identifiers/0', value: '', what: 'probes: identifier non-empty' },
];

for (const c of allowed) {
  test(`allowed: ${c.what} (${c.schema} ${c.pointer})`, { tag: '@fast' }, ({ data, schemas }) => {
    const example = changed(examples(data)[c.schema], c.pointer, c.value);
    expect(schemas.validate(c.schema, example)).toEqual({ valid: true });
  });
}

for (const c of broken) {
  test(`rejected: ${c.what} (${c.schema} ${c.pointer || '/'})`, { tag: '@fast' }, ({ data, schemas }) => {
    const base = examples(data)[c.schema];
    expect(schemas.validate(c.schema, base), 'the unchanged example is valid').toEqual({ valid: true });
    const result = schemas.validate(c.schema, changed(base, c.pointer, c.value));
    expect(result.valid).toBe(false);
    const places = result.valid ? [] : result.violations.map((v) => v.instancePath);
    expect(places, JSON.stringify(result)).toContain(c.at ?? c.pointer);
  });
}

test(
  "a violation says its rule in words, with its section: the schema's x-rule, or a sentence made from the keyword",
  { tag: '@fast' },
  ({ schemas }) => {
    const rules = (path: Parameters<typeof schemas.validate>[0], value: unknown) => {
      const result = schemas.validate(path, value);
      return result.valid ? [] : result.violations.map((v) => v.rule);
    };
    expect(rules(SCHEMA.goldenRecord, { id: 'a', data: { Phone: ['(614) 555-1234'], IdentityDataSource: ['x'] } })).toEqual([
      'a phone number is 10 digits without punctuation, or empty, §2.3 r6',
      'IdentityDataSource is a plain string, not an array, §2.3 r2',
    ]);
    expect(rules(SCHEMA.goldenRecord, { data: {} })).toEqual(['id is required']);
    expect(
      rules(SCHEMA.organization, {
        resourceType: 'Organization',
        id: '1',
        identifier: [],
        active: 'true',
        name: 'a',
        address: [],
        contact: [],
        telecom: [{ system: 'pager', value: '1', use: 'work' }],
      }),
    ).toEqual(['active is true or false', 'telecom.system is one of "phone", "fax"']);
  },
);

test(
  "the package's precompiled validators (npm run build) judge every case above as Ajv compiling at run time does",
  { tag: '@fast' },
  ({ data, schemas }, testInfo) => {
    // Inside the project, where the generated code finds ajv and ajv-formats, as in the package.
    const file = testInfo.outputPath(PRECOMPILED_MODULE);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, precompiledValidatorsCode());
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const precompiled = createSchemaValidator({ precompiled: require(file) as PrecompiledValidators });
    for (const c of [...allowed, ...broken]) {
      const example = changed(examples(data)[c.schema], c.pointer, c.value);
      expect(precompiled.validate(c.schema, example), `${c.schema} ${c.pointer}`).toEqual(schemas.validate(c.schema, example));
    }
    for (const schema of Object.values(SCHEMA)) expect(precompiled.validate(schema, {})).toEqual(schemas.validate(schema, {}));
  },
);
