import { statSync } from 'node:fs';
import { join } from 'node:path';
import { FileRefusal, readJsonFile } from '../json/json-file';
import { SCHEMA, type SchemaPath, sharedSchemaValidator } from '../schema-validation/validator';
import type { ConformanceReport } from '../types/schemas';
import { REPORT_FILES } from './model';
import { InputError } from '../config/input-error';
import { nestsDeeperThan } from '../json/nesting';

/** Deeper than any report this harness writes (its values nest a few levels): a report nested deeper is none of them, and would overflow the recursive walks after it. */
const REPORT_NESTING_LIMIT = 1_000;

/**
 * A report file a command reads (conformance.json for compare and matrix, survey.json for survey
 * merge): parsed, and checked against its published schema, so that `[]`, `null` or a probes file
 * given by mistake is one line naming the file and the place, never a TypeError deep in a comparison.
 */
export function readReportFile<T>(file: string, schema: SchemaPath, what: string): T {
  let value: unknown;
  try {
    value = readJsonFile(file);
  } catch (error) {
    if (error instanceof FileRefusal) throw new InputError(error.message);
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new InputError(`${file} cannot be read as JSON (${reason})`);
  }
  if (nestsDeeperThan(value, REPORT_NESTING_LIMIT))
    throw new InputError(`${file} is not ${what}: it nests deeper than ${REPORT_NESTING_LIMIT.toLocaleString('en')} levels`);
  const result = sharedSchemaValidator().validate(schema, value);
  if (!result.valid) {
    const [first] = result.violations;
    throw new InputError(`${file} is not ${what} (schemas/${schema}): at ${first.location || '/'}: ${first.message}`);
  }
  return value as T;
}

/**
 * A conformance report named as a command is given one: its conformance.json, or the folder a run
 * wrote (its --report, whatever the name a user chose), whose conformance.json it reads.
 */
export function readReport(path: string): ConformanceReport {
  let file = path;
  try {
    if (statSync(path).isDirectory()) file = join(path, REPORT_FILES.json);
  } catch {
    // Not there: said as the report file's read says it.
  }
  return readReportFile<ConformanceReport>(file, SCHEMA.conformanceReport, 'a conformance report');
}
