import type { Requirement } from './requirement';

/** Requirements of GET {PROVIDER_PATH}/sourceRecords/{curatedID} (§4.2). */
export const SOURCE_RECORDS_REQUIREMENTS = [
  {
    id: 'SR-ROOT-ARRAY',
    level: 'MUST',
    spec: '§4.2',
    title: 'sourceRecords for a known curated ID answers with a JSON array of at least one element',
  },
  {
    id: 'SR-ELEMENT-SHAPE',
    level: 'MUST',
    spec: '§2.2, §4.2 r1',
    title: 'each element has string `id`, string `index` and object `data`',
    judges: { what: 'shape', how: 'members and types' },
  },
  {
    id: 'SR-COVERS-GOLDEN',
    level: 'MUST',
    spec: '§1, §2.4, §4.2',
    title:
      "the source records are the golden record's own and all of them: when they carry NPIs, at least one of them is an NPI of the golden record; a golden identifier no merge can derive (NPI, EmployerIdentificationNumber, ContactId, PersonId, AccountId, DEA and state controlled-substance numbers) is held by some source record, else the record of the dataset that supplies it is missing (§1, §4.2: every source record that makes up that golden record)",
    nearMiss:
      'with the identity shared, a non-empty Phone or State of the golden record that no source record holds (§2.4: a golden record merges its sources, and may normalise them); compared as sets, order ignored',
  },
  { id: 'SR-STABLE', level: 'SHOULD', spec: '§4.2 r2', title: 'two calls return the same set of source-record ids, order ignored' },
] as const satisfies readonly Requirement[];

export type SourceRecordsRequirementId = (typeof SOURCE_RECORDS_REQUIREMENTS)[number]['id'];
