/**
 * The reference directory as a bulk export publishes it: one NDJSON file per resource type, each
 * resource the one the API serves (an Organization as /fhir/organization answers it; a Practitioner
 * for each golden record, by its NPIs and names), plain and compressed with Zstandard, as a
 * scenario publishes them (Behaviour['export']).
 */
import { compress, init } from '@bokuweb/zstd-wasm';
import type { GoldenProviderRecord } from '../types/schemas';
import type { Directory } from './directory';
import { type Behaviour, REFERENCE_BEHAVIOUR } from './scenarios/behaviour';

export const EXPORT_TYPES = ['Organization', 'Practitioner'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

const NPI_SYSTEM = 'http://hl7.org/fhir/sid/us-npi';
const ZSTD_LEVEL = 3;
/** Organizations rendered at a time: a generated directory of 100,000 is never one array of resources. */
const SLICE = 1000;

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** A golden record as a FHIR Practitioner: its id, its NPIs, its names. */
export function practitionerOf(record: GoldenProviderRecord): Record<string, unknown> {
  const names = (Array.isArray(record.data.Name) ? record.data.Name : []) as Record<string, unknown>[];
  return {
    resourceType: 'Practitioner',
    id: record.id,
    identifier: strings(record.data.NPI).map((value) => ({ system: NPI_SYSTEM, value })),
    name: names.map((name) => ({
      family: strings(name.LastName)[0],
      given: [...strings(name.FirstName), ...strings(name.MiddleName)],
    })),
  };
}

function* resourcesOf(directory: Directory, type: ExportType): Generator<Record<string, unknown>> {
  if (type === 'Practitioner') {
    for (const record of directory.providers.records()) yield practitionerOf(record);
    return;
  }
  const all = directory.organizations.search({});
  for (let start = 0; start < all.length; start += SLICE) yield* all.slice(start, start + SLICE) as unknown as Record<string, unknown>[];
}

function* ndjsonLinesOf(directory: Directory, type: ExportType, { publish, extra }: Behaviour['export']): Generator<string> {
  let at = 0;
  for (const resource of resourcesOf(directory, type)) {
    const published = publish(resource, at++);
    if (published) yield `${JSON.stringify(published)}\n`;
  }
  for (const resource of extra(type)) yield `${JSON.stringify(resource)}\n`;
}

export interface ExportFiles {
  ndjson: Buffer;
  zst: Buffer;
  count: number;
}

let zstdReady: Promise<void> | undefined;

/** The file of `type` as `publish` makes it, plain and compressed, and how many resources it holds. */
export async function exportFile(
  directory: Directory,
  type: ExportType,
  publish: Behaviour['export'] = REFERENCE_BEHAVIOUR.export,
): Promise<ExportFiles> {
  await (zstdReady ??= init());
  const lines = [...ndjsonLinesOf(directory, type, publish)];
  const ndjson = Buffer.from(lines.join(''));
  return { ndjson, zst: Buffer.from(compress(ndjson, ZSTD_LEVEL)), count: lines.length };
}
