/**
 * A large directory's index, stored next to its fixture files so that the reference server starts
 * on it without parsing them: 100k providers and organizations start in about a second instead of 30.
 * The snapshot holds the frozen indexes, where each record lies in its file, and the size and
 * modification time of the files it describes; a snapshot of other files is ignored, and the
 * directory is then read and indexed whole. v8 serialization keeps typed arrays as raw bytes.
 */
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { FIXTURE_FILES, SNAPSHOT_FILE } from '../fixture-paths';
import type { GoldenProviderRecord, Organization, SourceRecord } from '../types/schemas';
import type { Fixtures, ProviderFixture } from './fixture-files';
import { type IndexData, InvertedIndex } from './inverted-index';
import { byId, OrganizationIndex, type OrganizationTexts } from './organization-index';
import { ProviderIndex } from './provider-index';
import { type RecordSpans, recordsOnDisk } from './stored-records';

const FORMAT = 2;

type FileStamp = { size: number; mtimeMs: number };

interface DirectorySnapshot {
  format: typeof FORMAT;
  files: { providers: FileStamp; organizations: FileStamp };
  /** Each provider's golden record and its source records, each a span of its own within the provider's line. */
  providers: { golden: RecordSpans; sources: RecordSpans; curatedIds: string[]; index: IndexData };
  /** Spans in ascending id order, the order of the organization index. */
  organizations: { spans: RecordSpans; index: IndexData; texts: OrganizationTexts };
}

type FileStamps = DirectorySnapshot['files'];

/** The size and modification time of the folder's two fixture files, as a snapshot names them. */
function stampsOf(dir: string): FileStamps {
  const stamp = (file: string): FileStamp => {
    const { size, mtimeMs } = statSync(join(dir, file));
    return { size, mtimeMs };
  };
  return { providers: stamp(FIXTURE_FILES.providers), organizations: stamp(FIXTURE_FILES.organizations) };
}

const sameStamps = (a: FileStamps, b: FileStamps) =>
  (['providers', 'organizations'] as const).every((file) => a[file].size === b[file].size && a[file].mtimeMs === b[file].mtimeMs);

/** Spans reordered: the span of record order[i] first. */
function reordered(spans: RecordSpans, order: readonly number[]): RecordSpans {
  return { starts: Float64Array.from(order, (i) => spans.starts[i]), ends: Float64Array.from(order, (i) => spans.ends[i]) };
}

/** How a provider's line is written, so that its golden record and source records lie at known places in it. */
export function providerLine({ golden, sources }: ProviderFixture): ProviderFixture {
  return { golden, sources };
}

const GOLDEN_AT = Buffer.byteLength('{"golden":');
const SOURCES_AFTER = Buffer.byteLength(',"sources":');

/** Within each line `{"golden":G,"sources":S}` (providerLine), where G and where S lie. */
function providerParts(providers: readonly ProviderFixture[], lines: RecordSpans): { golden: RecordSpans; sources: RecordSpans } {
  const golden = { starts: new Float64Array(providers.length), ends: new Float64Array(providers.length) };
  const sources = { starts: new Float64Array(providers.length), ends: new Float64Array(providers.length) };
  providers.forEach((provider, i) => {
    golden.starts[i] = lines.starts[i] + GOLDEN_AT;
    golden.ends[i] = golden.starts[i] + Buffer.byteLength(JSON.stringify(provider.golden));
    sources.starts[i] = golden.ends[i] + SOURCES_AFTER;
    sources.ends[i] = lines.ends[i] - 1;
  });
  return { golden, sources };
}

/**
 * Indexes the fixtures that were just written to `dir` at `spans`, providers by providerLine, and
 * stores the snapshot there, renamed into place whole: its presence says the folder is complete.
 */
export function writeDirectorySnapshot(
  dir: string,
  fixtures: Fixtures,
  spans: { providers: RecordSpans; organizations: RecordSpans },
): void {
  const { organizations } = fixtures;
  const order = organizations.map((_, i) => i).sort((a, b) => byId(organizations[a], organizations[b]));
  const organizationIndex = OrganizationIndex.build(order.map((i) => organizations[i]));
  const snapshot: DirectorySnapshot = {
    format: FORMAT,
    files: stampsOf(dir),
    providers: {
      ...providerParts(fixtures.providers, spans.providers),
      curatedIds: fixtures.providers.map((p) => p.golden.id),
      index: ProviderIndex.build(fixtures.providers.map((p) => p.golden)).index.data,
    },
    organizations: { spans: reordered(spans.organizations, order), index: organizationIndex.index.data, texts: organizationIndex.texts },
  };
  const file = join(dir, SNAPSHOT_FILE);
  writeFileSync(`${file}.partial`, serialize(snapshot));
  renameSync(`${file}.partial`, file);
}

function readSnapshot(dir: string): DirectorySnapshot | undefined {
  let snapshot: DirectorySnapshot;
  try {
    snapshot = deserialize(readFileSync(join(dir, SNAPSHOT_FILE))) as DirectorySnapshot;
  } catch {
    return undefined; // none, or not one this code wrote: the files are read instead
  }
  if (snapshot?.format !== FORMAT) return undefined;
  return sameStamps(stampsOf(dir), snapshot.files) ? snapshot : undefined;
}

/** The directory of `dir` from its snapshot, records read from the files when a request needs them; undefined without a valid one. */
export function snapshotDirectory(dir: string) {
  const snapshot = readSnapshot(dir);
  if (!snapshot) return undefined;
  const file = join(dir, FIXTURE_FILES.providers);
  const sources = recordsOnDisk<SourceRecord[]>(file, snapshot.providers.sources);
  const positions = new Map(snapshot.providers.curatedIds.map((id, position) => [id, position]));
  return {
    providers: new ProviderIndex(
      recordsOnDisk<GoldenProviderRecord>(file, snapshot.providers.golden),
      new InvertedIndex(snapshot.providers.index),
    ),
    sourceRecords: {
      get: (curatedId: string): SourceRecord[] | undefined => {
        const position = positions.get(curatedId);
        return position === undefined ? undefined : sources.at(position);
      },
      keys: () => positions.keys(),
    },
    organizations: new OrganizationIndex(
      recordsOnDisk<Organization>(join(dir, FIXTURE_FILES.organizations), snapshot.organizations.spans),
      new InvertedIndex(snapshot.organizations.index),
      snapshot.organizations.texts,
    ),
  };
}
