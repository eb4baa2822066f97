import { DEFAULT_FIXTURE_DIR } from '../fixture-paths';
import type { SourceRecord } from '../types/schemas';
import { snapshotDirectory } from './directory-snapshot';
import { type Fixtures, readFixtures } from './fixture-files';
import { OrganizationIndex } from './organization-index';
import { ProviderIndex } from './provider-index';

/** The reference server's data, indexed. */
export interface Directory {
  providers: ProviderIndex;
  /** Source records by curated ID (§4.2). */
  sourceRecords: Pick<ReadonlyMap<string, SourceRecord[]>, 'get' | 'keys'>;
  organizations: OrganizationIndex;
}

/** The fixtures indexed in memory. */
export function indexDirectory({ providers, organizations }: Fixtures): Directory {
  return {
    providers: ProviderIndex.build(providers.map((p) => p.golden)),
    sourceRecords: new Map(providers.map((p) => [p.golden.id, p.sources])),
    organizations: OrganizationIndex.build(organizations),
  };
}

/** A fixture folder's directory: from its snapshot when it has a current one (a generated large directory), else read and indexed whole. */
export function loadDirectory(fixtureDir: string = DEFAULT_FIXTURE_DIR): Directory {
  return snapshotDirectory(fixtureDir) ?? indexDirectory(readFixtures(fixtureDir));
}
