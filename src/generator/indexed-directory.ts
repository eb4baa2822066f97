import { join } from 'node:path';
import { FIXTURE_FILES } from '../fixture-paths';
import { providerLine, writeDirectorySnapshot } from '../reference/directory-snapshot';
import type { Fixtures } from '../reference/fixture-files';
import { writeRecordLines } from './fixture-writer';

/**
 * A generated directory written as fixture files with the reference server's snapshot of them
 * (written last, so its presence says the folder is whole): the server then starts on it in
 * seconds at any size.
 */
export function writeIndexedDirectory(dir: string, fixtures: Fixtures): void {
  const spans = {
    providers: writeRecordLines(join(dir, FIXTURE_FILES.providers), fixtures.providers.map(providerLine)),
    organizations: writeRecordLines(join(dir, FIXTURE_FILES.organizations), fixtures.organizations),
  };
  writeDirectorySnapshot(dir, fixtures, spans);
}
