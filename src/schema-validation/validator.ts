import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020';
import { pointerKeys } from '../json/pointer';
import { REQUIREMENT_KEYWORD } from './requirement-annotations';
import { loadSchemaFiles, schemaId } from './files';

/** Schema paths under schemas/ that code validates against. */
export const SCHEMA = {
  goldenRecord: 'provider/golden-record.schema.json',
  sourceRecord: 'provider/source-record.schema.json',
  sourceRecords: 'provider/source-records.schema.json',
  providerData: 'provider/data.schema.json',
  bundle: 'fhir/bundle.schema.json',
  organization: 'fhir/organization.schema.json',
  operationOutcome: 'fhir/operation-outcome.schema.json',
  serviceError: 'service/error.schema.json',
  ambiguity: 'service/ambiguity.schema.json',
  health: 'service/health.schema.json',
  probes: 'probes.schema.json',
  baseline: 'baseline.schema.json',
  conformanceReport: 'report/conformance-report.schema.json',
  survey: 'report/survey.schema.json',
  failingKeys: 'report/failing-keys.schema.json',
  exportManifest: 'export/export-manifest.schema.json',
} as const;

export type SchemaPath = (typeof SCHEMA)[keyof typeof SCHEMA];

export interface SchemaViolation {
  /** The rule in words, as a reader of the specification knows it: the schema's `x-rule`, or one made from the keyword. */
  rule: string;
  /** JSON Pointer into the checked value, e.g. `/entry/3/search/mode`. */
  instancePath: string;
  /** Where the problem is: the instance path, plus the missing member for a `required` error. */
  location: string;
  /** Where in the schema the rule lives, e.g. `.../bundle-entry.schema.json#/properties/search/...`. */
  schemaPath: string;
  message: string;
}

export type Validation = { valid: true } | { valid: false; violations: SchemaViolation[] };

/**
 * Ajv in strict mode, with every schema added and the project's annotations known. `source`: it
 * keeps each validator's code, for the precompiled module the package ships (standalone.ts).
 */
export function newAjv(options: { allErrors?: boolean; source?: boolean } = {}): Ajv2020 {
  // Loaded here, not with this module: a process with the package's precompiled validators never compiles.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { default: Ajv, _ } = require('ajv/dist/2020') as typeof import('ajv/dist/2020');
  const { default: addFormats } = require('ajv-formats') as typeof import('ajv-formats');
  /* eslint-enable @typescript-eslint/no-require-imports */
  // Strict mode, and its warnings raised as errors: a schema Ajv has doubts about is a broken schema.
  const ajv = new Ajv({
    strict: true,
    allErrors: options.allErrors ?? true,
    // The schema object of each failing keyword comes with the error, for its `x-rule`.
    verbose: true,
    logger: {
      log: () => undefined,
      warn: (...message: unknown[]) => {
        throw new Error(`Ajv warning: ${message.join(' ')}`);
      },
      error: (...message: unknown[]) => {
        throw new Error(`Ajv error: ${message.join(' ')}`);
      },
    },
    // Precompiled code names the formats it checks by the module that defines them.
    ...(options.source ? { code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` } } : {}),
  });
  addFormats(ajv);
  // `x-rule`: the rule in words with its section, for failure messages. An annotation, never validated.
  ajv.addKeyword({ keyword: RULE_KEYWORD, schemaType: 'string' });
  // `x-requirement`: the requirement a schema's rules belong to (src/schema-validation/requirement-annotations.ts). Also an annotation.
  ajv.addKeyword({ keyword: REQUIREMENT_KEYWORD, schemaType: 'string' });
  for (const file of loadSchemaFiles()) ajv.addSchema(file.schema);
  return ajv;
}

/** Validators compiled ahead of time, by SCHEMA key: the module `npm run build` writes next to this one. */
export type PrecompiledValidators = Partial<Record<keyof typeof SCHEMA, ValidateFunction>>;

/** The package's precompiled validators (dist/), or none from the sources, where each process compiles its own. */
function shippedValidators(): PrecompiledValidators | undefined {
  const file = join(__dirname, PRECOMPILED_MODULE);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return existsSync(file) ? (require(file) as PrecompiledValidators) : undefined;
}

/**
 * Validation against the schemas of schemas/. With the validators the package precompiled (the
 * same code Ajv would generate, written by `npm run build`), a process starts without compiling;
 * otherwise Ajv compiles a schema on its first use, once. Either way the same errors, in words.
 */
export function createSchemaValidator(options: { allErrors?: boolean; precompiled?: PrecompiledValidators } = {}) {
  const precompiled = options.allErrors === false ? undefined : (options.precompiled ?? shippedValidators());
  let ajv: Ajv2020 | undefined;
  const compiled = new Map<string, ValidateFunction>();
  const keyOf = new Map(Object.entries(SCHEMA).map(([key, path]) => [path as string, key as keyof typeof SCHEMA]));

  function compile(path: string): ValidateFunction {
    let validate = compiled.get(path);
    if (!validate) {
      const key = keyOf.get(path);
      validate = (key && precompiled?.[key]) || (ajv ??= newAjv(options)).getSchema(schemaId(path));
      if (!validate) throw new Error(`no schema with $id ${schemaId(path)}`);
      compiled.set(path, validate);
    }
    return validate;
  }

  return {
    validate(path: SchemaPath, value: unknown): Validation {
      const validate = compile(path);
      if (validate(value)) return { valid: true };
      return { valid: false, violations: (validate.errors ?? []).map(toViolation) };
    },
    /** Compiles every schema now: strict-mode problems surface at once, not on first use. */
    compileAll(): void {
      for (const file of loadSchemaFiles()) compile(file.path);
    },
  };
}

export type SchemaValidator = ReturnType<typeof createSchemaValidator>;

let shared: SchemaValidator | undefined;
/**
 * One validator per process, its schemas compiled once. Playwright evaluates the configuration in
 * the runner and in every worker, once per target, and the suite, the probes file and the baseline
 * are validated in the same process: a validator made for each would add and compile the schemas
 * each time.
 */
export function sharedSchemaValidator(): SchemaValidator {
  return (shared ??= createSchemaValidator());
}

const RULE_KEYWORD = 'x-rule';

/** The precompiled validators' module, beside this one in the package (npm run build). */
export const PRECOMPILED_MODULE = 'precompiled-validators.js';

const TYPE_WORDS: Record<string, string> = {
  array: 'an array',
  object: 'an object',
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  null: 'null',
};
const FORMAT_WORDS: Record<string, string> = { uuid: 'a UUID', 'date-time': 'an ISO 8601 timestamp with an offset', uri: 'a URI' };

/** The member a violation is about: the missing one, or the last name of its path ("entry[3].search.mode" → "search.mode"). */
function fieldOf(error: ErrorObject): string {
  if (error.keyword === 'required') return String(error.params.missingProperty);
  const names = pointerKeys(error.instancePath);
  const named = names.filter((part) => !/^\d+$/.test(part));
  return named.slice(-2).join('.') || 'the answer';
}

/** The rule in words: the schema's own `x-rule`, or a sentence made from the failing keyword. */
function ruleOf(error: ErrorObject): string {
  const annotated = (error.parentSchema as Record<string, unknown> | undefined)?.[RULE_KEYWORD];
  if (typeof annotated === 'string') return annotated;
  const field = fieldOf(error);
  switch (error.keyword) {
    case 'required':
      return `${field} is required`;
    case 'type':
      return `${field} is ${[error.params.type]
        .flat()
        .map((t) => TYPE_WORDS[String(t)] ?? String(t))
        .join(' or ')}`;
    case 'const':
      return `${field} is ${JSON.stringify(error.params.allowedValue)}`;
    case 'enum':
      return `${field} is one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'format':
      return `${field} is ${FORMAT_WORDS[String(error.params.format)] ?? `in ${String(error.params.format)} format`}`;
    case 'minLength':
      return `${field} is not empty`;
    case 'minimum':
      return `${field} is at least ${String(error.params.limit)}`;
    default:
      return `${field} ${error.message ?? error.keyword}`;
  }
}

function toViolation(error: ErrorObject): SchemaViolation {
  const detail = error.keyword === 'additionalProperties' ? ` (${String(error.params.additionalProperty)})` : '';
  const allowed =
    error.keyword === 'enum' || error.keyword === 'const'
      ? ` ${JSON.stringify(error.params.allowedValues ?? error.params.allowedValue)}`
      : '';
  const missing = error.keyword === 'required' ? `/${String(error.params.missingProperty)}` : '';
  return {
    rule: ruleOf(error),
    instancePath: error.instancePath,
    location: `${error.instancePath}${missing}`,
    schemaPath: error.schemaPath,
    message: `${error.message ?? error.keyword}${allowed}${detail}`,
  };
}
