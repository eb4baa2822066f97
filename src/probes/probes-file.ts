/** The probes file (PROBES_FILE): read, checked against its schema and the parameter names of §4.1 and §4.3. */
import { ConfigError } from '../config/config-error';
import type { RunConfig } from '../config/run-config';
import { FileRefusal, readJsonFile, RepeatedNameError } from '../json/json-file';
import { SCHEMA, sharedSchemaValidator } from '../schema-validation/validator';
import type { Probes } from '../types/schemas';
import { unknownProbeParameter } from './probe-parameters';

/** A probes file, read and checked against schemas/probes.schema.json and the parameter names of §4.1 and §4.3. */
export function loadProbes(file: string): Probes {
  let probes: unknown;
  try {
    probes = readJsonFile(file, { oneOfEachName: true });
  } catch (error) {
    if (error instanceof RepeatedNameError) throw new ConfigError('PROBES_FILE', `${file}: ${error.message}`);
    if (error instanceof FileRefusal) throw new ConfigError('PROBES_FILE', `cannot be read: ${error.message}`);
    const code = (error as NodeJS.ErrnoException).code;
    if (code) throw new ConfigError('PROBES_FILE', `cannot be read: ${file} (${code})`);
    throw new ConfigError('PROBES_FILE', `is not valid JSON: ${file} (${(error as Error).message})`);
  }
  const result = sharedSchemaValidator().validate(SCHEMA.probes, probes);
  if (!result.valid) {
    const [first] = result.violations;
    throw new ConfigError(
      'PROBES_FILE',
      `does not match schemas/probes.schema.json: ${file} at ${first.instancePath || '/'}: ${first.message}`,
    );
  }
  const unknown = unknownProbeParameter(probes as Probes);
  if (unknown) throw new ConfigError('PROBES_FILE', `${file}: ${unknown}`);
  return probes as Probes;
}

/** Whether ORG-ACTIVE runs: STATUS_SEARCH when given, else what the probes file says the service showed (probes draft). */
export function statusSearchOf(config: Pick<RunConfig, 'statusSearch'>, probes: Probes): boolean {
  return config.statusSearch ?? probes.organization?.statusSearch === true;
}
