import type { SourceRecord } from '../types/schemas';
import { type Fixtures, readFixtures } from './fixture-files';
import { OrganizationIndex } from './organization-index';
import { ProviderIndex } from './provider-index';

/** The reference server's data, indexed in memory. */
export interface Directory {
  providers: ProviderIndex;
  /** Source records by curated ID (§4.2). */
  sourceRecords: Map<string, SourceRecord[]>;
  organizations: OrganizationIndex;
}

export function indexDirectory({ providers, organizations }: Fixtures): Directory {
  return {
    providers: new ProviderIndex(providers.map((p) => p.golden)),
    sourceRecords: new Map(providers.map((p) => [p.golden.id, p.sources])),
    organizations: new OrganizationIndex(organizations),
  };
}

export function loadDirectory(fixtureDir?: string): Directory {
  return indexDirectory(readFixtures(fixtureDir));
}
