import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
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

/** Ajv in strict mode, every schema added once; a schema is compiled on first use and cached. */
export function createSchemaValidator(options: { allErrors?: boolean } = {}) {
  // Strict mode, and its warnings raised as errors: a schema Ajv has doubts about is a broken schema.
  const ajv = new Ajv2020({
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
  });
  addFormats(ajv);
  // `x-rule`: the rule in words with its section, for failure messages. An annotation, never validated.
  ajv.addKeyword({ keyword: RULE_KEYWORD, schemaType: 'string' });
  // `x-requirement`: the requirement a schema's rules belong to (src/schema-validation/requirement-annotations.ts). Also an annotation.
  ajv.addKeyword({ keyword: REQUIREMENT_KEYWORD, schemaType: 'string' });
  for (const file of loadSchemaFiles()) ajv.addSchema(file.schema);
  const compiled = new Map<string, ValidateFunction>();

  function compile(path: string): ValidateFunction {
    let validate = compiled.get(path);
    if (!validate) {
      validate = ajv.getSchema(schemaId(path));
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
