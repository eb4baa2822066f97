/**
 * Thousands of records, each valid: asserted once over all of them, not with one expect() a record.
 * Playwright records a step for every expect(), its stack source-mapped, which cost more than the
 * validation itself; and one list of every invalid record says more than the first one alone.
 */
import type { Fixtures } from '../../src/reference/fixture-files';
import { SCHEMA, type SchemaPath, type SchemaValidator } from '../../src/schema-validation/validator';

/** Each named value that `schema` finds invalid, with its violations: [] when every one is valid. */
function invalidValues(schemas: SchemaValidator, schema: SchemaPath, named: Iterable<readonly [string, unknown]>) {
  const invalid: { schema: SchemaPath; name: string; violations: unknown }[] = [];
  for (const [name, value] of named) {
    const validation = schemas.validate(schema, value);
    if (!validation.valid) invalid.push({ schema, name, violations: validation.violations });
  }
  return invalid;
}

/** Every record of a directory its schema finds invalid (a golden record, its source records, an organization): [] when all are valid. */
export const invalidRecords = (schemas: SchemaValidator, { providers, organizations }: Fixtures) => [
  ...invalidValues(
    schemas,
    SCHEMA.goldenRecord,
    providers.map((p) => [p.golden.id, p.golden]),
  ),
  ...invalidValues(
    schemas,
    SCHEMA.sourceRecords,
    providers.map((p) => [p.golden.id, p.sources]),
  ),
  ...invalidValues(
    schemas,
    SCHEMA.organization,
    organizations.map((o) => [o.id, o]),
  ),
];
