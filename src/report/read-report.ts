import { readJsonFile } from '../json/json-file';
import { SCHEMA, sharedSchemaValidator } from '../schema-validation/validator';
import type { ConformanceReport } from '../types/schemas';
import { InputError } from '../config/input-error';

/**
 * A conformance.json that a command reads (compare, matrix): parsed, and checked against the
 * published schema, so that `[]`, `null` or a probes file given by mistake is one line naming the
 * file and the place, never a TypeError deep in a comparison.
 */
export function readReport(file: string): ConformanceReport {
  let value: unknown;
  try {
    value = readJsonFile(file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new InputError(`${file} cannot be read as JSON (${reason})`);
  }
  const result = sharedSchemaValidator().validate(SCHEMA.conformanceReport, value);
  if (!result.valid) {
    const [first] = result.violations;
    throw new InputError(
      `${file} is not a conformance report (schemas/${SCHEMA.conformanceReport}): at ${first.location || '/'}: ${first.message}`,
    );
  }
  return value as ConformanceReport;
}
