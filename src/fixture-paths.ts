import { join } from 'node:path';

/**
 * Where the committed fixtures live and what their files are called: the generator writes them, the
 * reference server reads them, and the harness takes its default probes file from them. A neutral
 * place, so that the product (src/harness) does not depend on its test double (src/reference).
 */
export const FIXTURE_FILES = {
  providers: 'providers.json',
  organizations: 'organizations.json',
  probes: 'probes.json',
} as const;

/** The committed fixtures folder. */
export const DEFAULT_FIXTURE_DIR = join(__dirname, '..', 'fixtures');

/** The OpenAPI 3.1 contract generated from schemas/ (npm run gen:openapi), which the reference server serves. */
export const OPENAPI_FILE = join(__dirname, '..', 'openapi.json');
