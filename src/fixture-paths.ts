import { join } from 'node:path';
import { PACKAGE_ROOT } from './package-root';

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

/**
 * The reference server's index of a generated large directory, written next to its fixture files
 * (src/reference/directory-snapshot.ts). The name carries the snapshot's format: a folder written by
 * an older harness has none that this one would read, and `serve --size` writes it again.
 */
export const SNAPSHOT_FILE = 'directory-snapshot.v2.bin';

/** The committed fixtures folder. */
export const DEFAULT_FIXTURE_DIR = join(PACKAGE_ROOT, 'fixtures');

/** The OpenAPI 3.1 contract generated from schemas/ (npm run gen:openapi), which the reference server serves. */
export const OPENAPI_FILE = join(PACKAGE_ROOT, 'openapi.json');
