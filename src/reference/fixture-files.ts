import { join } from 'node:path';

/** File names inside a fixtures folder, as the generator writes them and the reference server reads them. */
export const FIXTURE_FILES = {
  providers: 'providers.json',
  organizations: 'organizations.json',
  probes: 'probes.json',
} as const;

/** The committed fixtures folder. */
export const DEFAULT_FIXTURE_DIR = join(__dirname, '..', '..', 'fixtures');
