import type { SourceRecord } from '../types/schemas';
import { type Fixtures, readFixtures } from './fixture-files';
import { OrganizationSearch } from './organization-search';
import { ProviderSearch } from './provider-search';

/** The reference server's data, indexed in memory. */
export interface Directory {
  providers: ProviderSearch;
  /** Source records by curated ID (§4.2). */
  sourceRecords: Map<string, SourceRecord[]>;
  organizations: OrganizationSearch;
}

export function indexDirectory({ providers, organizations }: Fixtures): Directory {
  return {
    providers: new ProviderSearch(providers.map((p) => p.golden)),
    sourceRecords: new Map(providers.map((p) => [p.golden.id, p.sources])),
    organizations: new OrganizationSearch(organizations),
  };
}

export function loadDirectory(fixtureDir?: string): Directory {
  return indexDirectory(readFixtures(fixtureDir));
}
