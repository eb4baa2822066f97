import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from './package-root';

/** The harness's version, from its package.json: printed by --version and written into every report. */
export const SUITE_VERSION = (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** The specification the suite checks. */
export const SPECIFICATION = 'Provider and Organization Directory Search Service v1.0';
