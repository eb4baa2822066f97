import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_FIXTURE_DIR, FIXTURE_FILES } from '../fixture-paths';
import type { ProviderFixture } from '../generator/providers';
import type { Organization, Probes } from '../types/schemas';

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
