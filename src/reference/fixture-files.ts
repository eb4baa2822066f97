import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProviderFixture } from '../generator/providers';
import type { Organization, Probes } from '../types/schemas';

/** File names inside a fixtures folder, as the generator writes them and the reference server reads them. */
export const FIXTURE_FILES = {
  providers: 'providers.json',
  organizations: 'organizations.json',
  probes: 'probes.json',
} as const;

/** The committed fixtures folder. */
export const DEFAULT_FIXTURE_DIR = join(__dirname, '..', '..', 'fixtures');

export interface Fixtures {
  providers: ProviderFixture[];
  organizations: Organization[];
}

export function readFixtures(fixtureDir: string = DEFAULT_FIXTURE_DIR): Fixtures {
  const read = (name: string) => JSON.parse(readFileSync(join(fixtureDir, name), 'utf8'));
  return { providers: read(FIXTURE_FILES.providers), organizations: read(FIXTURE_FILES.organizations) };
}

export function readProbes(fixtureDir: string = DEFAULT_FIXTURE_DIR): Probes {
  return JSON.parse(readFileSync(join(fixtureDir, FIXTURE_FILES.probes), 'utf8'));
}
