import type { SchemaPath, SchemaValidator, SchemaViolation } from '../schemas/validator';
import { type RequirementId, requirement } from './catalogue';
import type { Checks } from './checks';
import type { Exchange } from './exchange';
import type { EntryProblem } from './rules/organization';
import { requirementsReached, routeViolations } from './rules/schema-routing';

const SHOWN = 5;

function more(count: number): string {
  return count > SHOWN ? `\n    … and ${count - SHOWN} more` : '';
}

/**
 * Validates a body against its schema and records one check for each requirement the schema's
 * `x-requirement` annotations give to the parts the body has: the violations owned by a
 * requirement are its failure, with the rule in words, the location and the schema path.
 */
export function verifySchema(checks: Checks, schemas: SchemaValidator, schema: SchemaPath, value: unknown, exchange: Exchange): void {
  const result = schemas.validate(schema, value);
  const routed = result.valid ? new Map<RequirementId, SchemaViolation[]>() : routeViolations(schema, result.violations);
  for (const id of new Set([...requirementsReached(schema, value), ...routed.keys()])) {
    const found = routed.get(id) ?? [];
    // The rule in words leads, with its section where the schema gives one (else the requirement's); the schema path follows.
    const section = requirement(id).spec;
    const rule = (v: SchemaViolation) => (v.rule.includes('§') ? v.rule : `${v.rule}, ${section}`);
    checks.check(
      id,
      found.length === 0,
      () =>
        `${rule(found[0])}: ${found.length} violation${found.length > 1 ? 's' : ''} of schemas/${schema}:\n${found
          .slice(0, SHOWN)
          .map((v) => `    ${rule(v)}: at ${v.location || '/'} ${v.message} (schema ${v.schemaPath})`)
          .join('\n')}${more(found.length)}`,
      { exchange, pointer: found[0]?.instancePath },
    );
  }
}

/** Records one check of `id` from a list of problems found by a rule: none means it holds. */
export function verifyProblems(
  checks: Checks,
  id: RequirementId,
  problems: readonly (string | EntryProblem)[],
  exchange: Exchange,
  what: string,
): void {
  const messages = problems.map((p) => (typeof p === 'string' ? p : `at ${p.pointer}: ${p.message}`));
  const first = problems[0];
  checks.check(
    id,
    problems.length === 0,
    () =>
      `${what}:\n${messages
        .slice(0, SHOWN)
        .map((m) => `    ${m}`)
        .join('\n')}${more(messages.length)}`,
    {
      exchange,
      pointer: typeof first === 'object' ? first.pointer : undefined,
    },
  );
}
