import { closeSync, openSync, readFileSync, readSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_FIXTURE_DIR, FIXTURE_FILES } from '../fixture-paths';
import type { GoldenProviderRecord, Organization, Probes, SourceRecord } from '../types/schemas';

/** A provider of the fixtures: its golden record and the source records it merges (§4.2). The generator writes these. */
export interface ProviderFixture {
  golden: GoldenProviderRecord;
  sources: SourceRecord[];
}

export interface Fixtures {
  providers: ProviderFixture[];
  organizations: Organization[];
}

/** Files above this size are read record by record: 100k providers are larger than any string can be. */
const WHOLE_FILE_LIMIT = 256 * 1024 * 1024;

/**
 * A JSON array written one record per line (writeRecordLines), read without ever holding the file
 * as one string: each line is parsed on its own.
 */
function readRecordLines<T>(file: string): T[] {
  const records: T[] = [];
  const fd = openSync(file, 'r');
  const buffer = Buffer.alloc(16 * 1024 * 1024);
  let rest = '';
  const take = (line: string) => {
    const text = line.trim().replace(/,$/, '');
    if (text !== '' && text !== '[' && text !== ']') records.push(JSON.parse(text) as T);
  };
  try {
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) {
      const lines = (rest + buffer.toString('utf8', 0, read)).split('\n');
      rest = lines.pop()!;
      lines.forEach(take);
    }
    take(rest);
  } finally {
    closeSync(fd);
  }
  return records;
}

function readArray<T>(file: string): T[] {
  return statSync(file).size > WHOLE_FILE_LIMIT ? readRecordLines<T>(file) : (JSON.parse(readFileSync(file, 'utf8')) as T[]);
}

export function readFixtures(fixtureDir: string = DEFAULT_FIXTURE_DIR): Fixtures {
  return {
    providers: readArray<ProviderFixture>(join(fixtureDir, FIXTURE_FILES.providers)),
    organizations: readArray<Organization>(join(fixtureDir, FIXTURE_FILES.organizations)),
  };
}

/** The NPIs of the fixtures' first `count` providers (every one, by default). */
export const fixtureNpis = (count?: number): string[] =>
  readFixtures()
    .providers.slice(0, count)
    .map((p) => p.golden.data.NPI![0]);

/** The same NPIs, one a line, written to `file`: a survey's --npis. */
export function writeFixtureNpis(file: string, count?: number): string {
  writeFileSync(file, fixtureNpis(count).join('\n'));
  return file;
}

export function readProbes(fixtureDir: string = DEFAULT_FIXTURE_DIR): Probes {
  return JSON.parse(readFileSync(join(fixtureDir, FIXTURE_FILES.probes), 'utf8'));
}
