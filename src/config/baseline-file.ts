import { writeFileSync } from 'node:fs';
import { FileRefusal, readJsonFile, RepeatedNameError } from '../json/json-file';
import { sharedSchemaValidator, SCHEMA } from '../schema-validation/validator';
import type { Baseline } from '../types/schemas';
import { OBSERVATIONS, REQUIREMENTS } from '../spec/catalogue';
import { ConfigError } from './config-error';

const KEY = 'BASELINE_FILE';

/**
 * A baseline file, read and checked: it matches schemas/baseline.schema.json and names only
 * catalogued ids, since an entry with a mistyped id would cover nothing and never say so.
 */
export function readBaseline(file: string): Baseline {
  let value: unknown;
  try {
    value = readJsonFile(file, { oneOfEachName: true });
  } catch (error) {
    if (error instanceof RepeatedNameError) throw new ConfigError(KEY, `${file}: ${error.message}`);
    if (error instanceof FileRefusal) throw new ConfigError(KEY, `cannot be read: ${error.message}`);
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ConfigError(KEY, `cannot be read as JSON: ${file} (${reason})`);
  }
  const result = sharedSchemaValidator().validate(SCHEMA.baseline, value);
  if (!result.valid) {
    const [first] = result.violations;
    throw new ConfigError(KEY, `does not match schemas/baseline.schema.json: ${file} at ${first.location || '/'}: ${first.message}`);
  }
  const baseline = value as Baseline;
  const known = new Set<string>(REQUIREMENTS.map((r) => r.id));
  const unknown = [...baseline.expectations, ...(baseline.gaps ?? [])].find((entry) => !known.has(entry.id));
  if (unknown) throw new ConfigError(KEY, `${file} names ${unknown.id}, which is no requirement (see directory-conformance list)`);
  const observations = new Set<string>(OBSERVATIONS.map((o) => o.id));
  const stray = Object.keys(baseline.observations ?? {}).find((id) => !observations.has(id));
  if (stray) throw new ConfigError(KEY, `${file} records ${stray}, which is no observation (see directory-conformance list)`);
  return baseline;
}

/** Writes a baseline with its entries in catalogue order, so that the committed file changes only where the run did. */
export function writeBaseline(file: string, baseline: Baseline): void {
  const order = new Map<string, number>(REQUIREMENTS.map((r, i) => [r.id, i]));
  const expectations = [...baseline.expectations].sort(
    (a, b) => order.get(a.id)! - order.get(b.id)! || (a.fingerprint ?? '').localeCompare(b.fingerprint ?? ''),
  );
  const gaps = [...(baseline.gaps ?? [])].sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const written = { expectations, ...(gaps.length > 0 ? { gaps } : {}), observations: baseline.observations ?? {} };
  writeFileSync(file, `${JSON.stringify(written, null, 2)}\n`);
}
