/**
 * openapi.json (OpenAPI 3.1), built from schemas/ so that no shape is written twice: every schema
 * file becomes a component, its $defs components of their own, and every $ref is rewritten to
 * point at them. The paths, parameters and answers follow the specification, with the reference
 * server's choices where it is silent given as descriptions.
 */
import { posix } from 'node:path';
import { loadSchemaFiles, type SchemaFile } from '../schema-validation/files';
import {
  MAX_COUNT,
  OPTIONAL_SUFFIX,
  ORGANIZATION_FILTERS,
  PAGE_SIZE,
  PAGING_PARAMETERS,
  PROVIDER_PARAMETERS,
  AMBIGUITY_MESSAGE,
} from '../spec/constants';
import { ORGANIZATION_PARAMETER_MEANINGS, PROVIDER_PARAMETER_MEANINGS } from '../spec/parameters';
import { SPECIFICATION, SUITE_VERSION } from '../suite-version';

type Json = Record<string, unknown>;

/** The harness's inputs and outputs, and the reference server's readiness answer: not the service's contract. */
const NOT_THE_SERVICE = new Set([
  'probes.schema.json',
  'baseline.schema.json',
  'report/conformance-report.schema.json',
  'report/coverage.schema.json',
  'report/failing-keys.schema.json',
  'report/survey.schema.json',
  'service/health.schema.json',
]);

/** A component name from a schema file's path: provider/golden-record.schema.json is GoldenRecord. */
function componentName(path: string): string {
  return posix
    .basename(path, '.schema.json')
    .split('-')
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A schema's JSON with its $refs pointing at components, and no $id, $schema or $defs of its own. */
function rewritten(value: unknown, file: SchemaFile): unknown {
  if (Array.isArray(value)) return value.map((v) => rewritten(v, file));
  if (typeof value !== 'object' || value === null) return value;
  const out: Json = {};
  for (const [key, v] of Object.entries(value as Json)) {
    if (key === '$id' || key === '$schema' || key === '$defs') continue;
    if (key === '$ref' && typeof v === 'string') {
      const [target, fragment = ''] = v.split('#');
      const path = target ? posix.normalize(posix.join(posix.dirname(file.path), target)) : file.path;
      const def = /^\/\$defs\/(.+)$/.exec(fragment)?.[1];
      Object.assign(out, ref(def ? `${componentName(path)}_${def}` : componentName(path)));
      continue;
    }
    out[key] = rewritten(v, file);
  }
  return out;
}

function components(): Record<string, unknown> {
  const schemas: Record<string, unknown> = {};
  for (const file of loadSchemaFiles().filter((f) => !NOT_THE_SERVICE.has(f.path))) {
    const name = componentName(file.path);
    if (file.schema.type !== undefined) schemas[name] = rewritten(file.schema, file);
    for (const [def, schema] of Object.entries((file.schema.$defs as Json | undefined) ?? {}))
      schemas[`${name}_${def}`] = rewritten(schema, file);
  }
  return schemas;
}

const json = (description: string, schema: unknown, types: readonly string[] = ['application/json']) => ({
  description,
  content: Object.fromEntries(types.map((type) => [type, { schema }])),
});

const AMBIGUITY_TEXT = {
  type: 'string',
  const: AMBIGUITY_MESSAGE,
  description: 'The ambiguity text of §4.1 rule 4 and §7, exactly.',
};

/** §4.1: every parameter as written, and its optional form with the trailing dash (rule 1). */
function providerParameters(): Json[] {
  return PROVIDER_PARAMETERS.flatMap((name) => [
    {
      name,
      in: 'query',
      required: false,
      description: `${PROVIDER_PARAMETER_MEANINGS[name]} (§4.1). Names are exactly as written; their case sensitivity is not shown (§4.1 rule 8): the reference server refuses other cases with 400.`,
      schema: { type: 'string' },
    },
    {
      name: `${name}${OPTIONAL_SUFFIX}`,
      in: 'query',
      required: false,
      description: `${name} as an optional parameter (§4.1 rules 1–2): the record matching the non-optional parameters is returned even when this one does not match.`,
      schema: { type: 'string' },
    },
  ]);
}

function organizationParameters(): Json[] {
  return [...ORGANIZATION_FILTERS, ...PAGING_PARAMETERS].map((name) => ({
    name,
    in: 'query',
    required: false,
    description: `${ORGANIZATION_PARAMETER_MEANINGS[name]} (§4.3${name === 'Count' || name === 'Page' ? ', §8' : ''}).`,
    schema:
      name === 'Count'
        ? { type: 'integer', minimum: 1, maximum: MAX_COUNT }
        : name === 'Page'
          ? { type: 'integer', minimum: 1 }
          : name === 'active'
            ? { type: 'string', enum: ['true', 'false'] }
            : { type: 'string' },
  }));
}

/** §4.1: GET /provider/searchSingleBest. */
const searchSingleBestOperation = (): Json => ({
  operationId: 'searchSingleBest',
  summary: 'The single best golden record for the given provider demographics (§4.1).',
  description: `Every parameter is optional on its own; a trailing dash (\`State-\`) marks a parameter optional (rule 1). One match answers the golden record (rule 3); more than one answers no record and the text "${AMBIGUITY_MESSAGE}" (rule 4), in a status and form the specification does not show (rule 6). Some deployments publish the path under /api (§4.1 note).`,
  parameters: providerParameters(),
  responses: {
    '200': {
      description:
        'Exactly one provider matches: the golden record (§2.1, rule 3). The reference server also answers the ambiguity this way, as plain text (OBS-AMBIGUITY-RESPONSE); the suite accepts the text as plain text, as a JSON string, or inside a JSON object.',
      content: {
        'application/json': { schema: { oneOf: [ref('GoldenRecord'), AMBIGUITY_TEXT, ref('Ambiguity')] } },
        'text/plain': { schema: AMBIGUITY_TEXT },
      },
    },
    '404': json(
      'Nothing matches: the answer is not shown (rule 7). The reference server answers 404 with a service error (OBS-NO-MATCH); the suite accepts any answer that is not a record or an array (a 204, an empty object, a 404).',
      ref('Error'),
    ),
    '400': json("A parameter the service does not know, or a bad value: the reference server's error body (§7 shows none).", ref('Error')),
    '409': json(
      'The ambiguity answer as some deployments send it (rule 6 leaves the status open): a JSON object carrying the text.',
      ref('Ambiguity'),
    ),
  },
});

/** §4.2: GET /provider/sourceRecords/{curatedID}. */
const sourceRecordsOperation = (): Json => ({
  operationId: 'sourceRecords',
  summary: 'Every source record that makes up the golden record with this curated ID (§4.2).',
  parameters: [
    {
      name: 'curatedID',
      in: 'path',
      required: true,
      description: 'The provider record identifier: the `id` of a golden record (§4.2).',
      schema: { type: 'string', minLength: 1 },
    },
  ],
  responses: {
    '200': json('The source records, in an order not significant to the contract (§4.2 rules 1–2).', ref('SourceRecords')),
    '404': json(
      'An unknown curated ID: the answer is not shown (§4.2 rule 3). The reference server answers 404 with a service error (OBS-UNKNOWN-CURATED-ID); the suite also accepts an empty array.',
      ref('Error'),
    ),
  },
});

/** §4.3: GET /fhir/organization. */
const organizationOperation = (): Json => ({
  operationId: 'searchOrganizations',
  summary: 'Every organization matching the parameters, as a FHIR R4 searchset bundle (§4.3, §2.5).',
  description: `At least one search parameter is required (§8). \`Count\` returns one page of at most ${MAX_COUNT}; \`Page\` alone pages by ${PAGE_SIZE} (§8). The reference server clamps a larger Count to ${MAX_COUNT} (OBS-COUNT-OVER-LIMIT), gives \`total\` as every match across pages (OBS-TOTAL-ACROSS-PAGES), answers ${PAGE_SIZE} entries with a \`next\` link when neither Count nor Page is given (OBS-DEFAULT-PAGE-SIZE), and an empty bundle when nothing matches (§4.3 rule 2 does not show it).`,
  parameters: organizationParameters(),
  responses: {
    '200': json('A searchset bundle (§2.5); every entry has search.mode "match" (§4.3 rule 1).', ref('Bundle'), [
      'application/fhir+json',
      'application/json',
    ]),
    '400': json(
      'No search parameter, or a bad one: not shown (§4.3 rule 2). The reference server answers a FHIR OperationOutcome (OBS-ORG-NO-PARAMS).',
      ref('OperationOutcome'),
      ['application/fhir+json', 'application/json'],
    ),
  },
});

/** The OpenAPI 3.1 document of the service, as the suite reads the specification. */
export function buildOpenApi(): Json {
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Provider and Organization Directory Search Service',
      version: '1.0',
      summary: `The ${SPECIFICATION}, as directory-conformance ${SUITE_VERSION} checks it.`,
      description:
        'Generated from the JSON Schemas of directory-conformance (schemas/), which validate every answer the suite receives. Sections (§) cite the specification. Where it is silent, the descriptions say what the suite accepts and what the embedded reference server chooses.',
    },
    servers: [{ url: '/', description: 'The service base URL; every path below is relative to it.' }],
    paths: {
      '/provider/searchSingleBest': { get: searchSingleBestOperation() },
      '/provider/sourceRecords/{curatedID}': { get: sourceRecordsOperation() },
      '/fhir/organization': { get: organizationOperation() },
    },
    components: { schemas: components() },
  };
}

/** The document as the file holds it. */
export const renderOpenApi = () => `${JSON.stringify(buildOpenApi(), null, 2)}\n`;
