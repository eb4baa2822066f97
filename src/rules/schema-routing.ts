import { annotationAt, annotationsReached } from '../schema-validation/requirement-annotations';
import { schemaId } from '../schema-validation/files';
import type { SchemaPath, SchemaViolation } from '../schema-validation/validator';
import type { RequirementId } from '../spec/catalogue';

/**
 * One schema describes a whole response, but its rules belong to several requirements: each
 * schema says which with its `x-requirement` annotation, next to the rule. A violation goes to the
 * annotation that owns its location (see annotationAt).
 */
export function routeViolations(schema: SchemaPath, violations: readonly SchemaViolation[]): Map<RequirementId, SchemaViolation[]> {
  const routed = new Map<RequirementId, SchemaViolation[]>();
  for (const violation of violations) {
    const id = annotationAt(schemaId(schema), violation.location) as RequirementId | undefined;
    if (id) routed.set(id, [...(routed.get(id) ?? []), violation]);
  }
  return routed;
}

/** The requirements a validation of `value` judges: those of the schemas the value reaches. */
export function requirementsReached(schema: SchemaPath, value: unknown): RequirementId[] {
  return [...annotationsReached(schemaId(schema), value)] as RequirementId[];
}
