import type { Requirement } from './requirement';

/** Requirements of GET {PROVIDER_PATH}/sourceRecords/{curatedID} (§4.2). */
export const SOURCE_RECORDS_REQUIREMENTS = [
  {
    id: 'SR-ROOT-ARRAY',
    level: 'MUST',
    spec: '§4.2',
    title: 'sourceRecords for a known curated ID answers with a JSON array of at least one element',
  },
  { id: 'SR-ELEMENT-SHAPE', level: 'MUST', spec: '§2.2, §4.2 r1', title: 'each element has string `id`, string `index` and object `data`' },
  {
    id: 'SR-COVERS-GOLDEN',
    level: 'MUST',
    spec: '§1, §2.4, §4.2',
    title:
      "the source records are the golden record's own: when they carry NPIs, at least one of them is an NPI of the golden record (§4.2: every source record that makes up that golden record)",
    nearMiss:
      'with the identity shared, an NPI, non-empty Phone or State of the golden record that no source record holds (§2.4: a golden record merges its sources); compared as sets, order ignored',
  },
  { id: 'SR-STABLE', level: 'SHOULD', spec: '§4.2 r2', title: 'two calls return the same set of source-record ids, order ignored' },
] as const satisfies readonly Requirement[];

export type SourceRecordsRequirementId = (typeof SOURCE_RECORDS_REQUIREMENTS)[number]['id'];
