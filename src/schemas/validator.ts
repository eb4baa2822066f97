import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
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
} as const;

export type SchemaPath = (typeof SCHEMA)[keyof typeof SCHEMA];

export interface SchemaViolation {
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

function toViolation(error: ErrorObject): SchemaViolation {
  const detail = error.keyword === 'additionalProperties' ? ` (${String(error.params.additionalProperty)})` : '';
  const allowed = error.keyword === 'enum' || error.keyword === 'const' ? ` ${JSON.stringify(error.params.allowedValues ?? error.params.allowedValue)}` : '';
  const missing = error.keyword === 'required' ? `/${String(error.params.missingProperty)}` : '';
  return {
    instancePath: error.instancePath,
    location: `${error.instancePath}${missing}`,
    schemaPath: error.schemaPath,
    message: `${error.message ?? error.keyword}${allowed}${detail}`,
  };
}
