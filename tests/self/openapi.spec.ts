/** openapi.json: generated from schemas/, valid OpenAPI 3.1 for a maintained validator, served, and read by a third-party tool. */
import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { OPENAPI_FILE } from '../../src/fixture-paths';
import { buildOpenApi } from '../../src/openapi/build';
import { OPTIONAL_SUFFIX, ORGANIZATION_FILTERS, PAGING_PARAMETERS, PROVIDER_PARAMETERS } from '../../src/spec/constants';
import { expect, test } from './fixtures';

type Operation = {
  parameters: { name: string; description: string }[];
  responses: Record<string, { description: string; content?: Record<string, unknown> }>;
};
interface Document {
  openapi: string;
  paths: Record<string, { get: Operation }>;
  components: { schemas: Record<string, unknown> };
}
const committed = () => JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as Document;

test(
  'a maintained validator accepts openapi.json as OpenAPI 3.1, with every $ref resolved; and refuses a broken one',
  { tag: '@fast' },
  async () => {
    const document = committed();
    expect(document.openapi).toBe('3.1.0');
    const api = await SwaggerParser.validate(structuredClone(document) as never);
    expect(Object.keys(api.paths ?? {})).toEqual([
      '/provider/searchSingleBest',
      '/provider/sourceRecords/{curatedID}',
      '/fhir/organization',
    ]);
    // The validator is not a rubber stamp: a reference to nowhere and a misplaced parameter are refused.
    const broken = structuredClone(document);
    broken.components.schemas.GoldenRecord = { $ref: '#/components/schemas/NoSuchShape' };
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow(/NoSuchShape/);
    const misplaced = structuredClone(document);
    misplaced.paths['/fhir/organization'].get.parameters[0] = { name: 'name', in: 'body' } as never;
    await expect(SwaggerParser.validate(misplaced as never)).rejects.toThrow();
  },
);

test(
  'every parameter of §4.1 (and its dashed form) and §4.3 is described; every answer the suite accepts is described',
  { tag: '@fast' },
  () => {
    const { paths } = committed();
    const single = paths['/provider/searchSingleBest'].get;
    const names = single.parameters.map((p) => p.name);
    expect(names).toEqual(PROVIDER_PARAMETERS.flatMap((name) => [name, `${name}${OPTIONAL_SUFFIX}`]));
    const organization = paths['/fhir/organization'].get;
    expect(organization.parameters.map((p) => p.name)).toEqual([...ORGANIZATION_FILTERS, ...PAGING_PARAMETERS]);
    for (const p of [...single.parameters, ...organization.parameters]) expect(p.description).toMatch(/§4\.[13]/);
    expect(Object.keys(single.responses['200'].content ?? {})).toEqual(['application/json', 'text/plain']);
    expect(single.responses['404'].description).toContain('not shown (rule 7)');
    expect(paths['/provider/sourceRecords/{curatedID}'].get.responses['404'].description).toContain('not shown (§4.2 rule 3)');
    expect(organization.responses['400'].description).toContain('OBS-ORG-NO-PARAMS');
  },
);

test('openapi.json is what schemas/ generate, and the reference server serves it', { tag: '@fast' }, async ({ server }) => {
  expect(committed()).toEqual(JSON.parse(JSON.stringify(buildOpenApi())));
  const answer = await server.inject({ method: 'GET', url: '/openapi.json' });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.json()).toEqual(committed());
});

test(
  'a third-party tool reads the contract: openapi-typescript generates the client types of all three endpoints',
  { tag: '@fast' },
  async () => {
    const { default: openapiTS, astToString } = await import('openapi-typescript');
    const types = astToString(await openapiTS(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'))));
    for (const path of ['"/provider/searchSingleBest"', '"/provider/sourceRecords/{curatedID}"', '"/fhir/organization"'])
      expect(types).toContain(path);
    expect(types).toContain('"State-"?: string');
    expect(types).toMatch(/GoldenRecord: \{/);
    expect(types).toContain('"Search returned more than one result."');
  },
);
