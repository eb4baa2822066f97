import type { SourceRecordsRequirementId } from '../../../spec/catalogue';
import type { FaultsFor } from '../scenario';

/** The contact directory's `index` in the reference data: the dataset that contributes several records to one provider (§2.2). */
export const CONTACT_DIRECTORY = 'contact_directory';

/** Faults of sourceRecords (§4.2), keyed by the requirement each one breaks: the type requires at least one for every requirement. */
export const SOURCE_RECORDS_FAULTS: FaultsFor<SourceRecordsRequirementId> = {
  'SR-ROOT-ARRAY': [
    // §4.2.
    {
      name: 'source-records-wrapped',
      description: 'source records inside {"records": […]}',
      behaviour: { sourceRecords: { sources: (records) => ({ records }) } },
    },
    {
      name: 'source-records-empty',
      description: 'a known curated ID answers []',
      behaviour: { sourceRecords: { sources: () => [] } },
    },
  ],
  'SR-ELEMENT-SHAPE': [
    {
      name: 'source-index-missing',
      description: 'elements without index',
      behaviour: { sourceRecords: { sources: (records) => records.map(({ index: _index, ...rest }) => rest) } },
    },
    {
      name: 'contact-directory-index-missing',
      description: 'the contact directory, which contributes many records, sends its elements without index',
      behaviour: {
        sourceRecords: {
          sources: (records) => records.map(({ index, ...rest }) => (index === CONTACT_DIRECTORY ? rest : { index, ...rest })),
        },
      },
    },
    {
      // The first provider of the directory is the first unique probe's: a suite that judged its source records alone would pass.
      name: 'index-missing-beyond-first-provider',
      description: "every provider's source records lack index, but the first provider's",
      behaviour: {
        sourceRecords: {
          sources: (records, { directory }, curatedID) => {
            const [first] = directory.providers.records();
            return curatedID === first.id ? records : records.map(({ index: _index, ...rest }) => rest);
          },
        },
      },
    },
    {
      name: 'source-id-number',
      description: 'element ids as numbers',
      behaviour: { sourceRecords: { sources: (records) => records.map((record, i) => ({ ...record, id: i + 1 })) } },
    },
  ],
  'SR-COVERS-GOLDEN': [
    {
      name: 'sources-without-phones',
      description: 'the source records leave out their phones, which the golden record still holds: its identity is shared, a near miss',
      level: 'SHOULD',
      behaviour: {
        sourceRecords: { sources: (records) => records.map((record) => ({ ...record, data: { ...record.data, Phone: [] } })) },
      },
    },
    {
      name: 'contact-source-left-out',
      description: "the contact directory's source records are left out, though the golden record holds their ContactId",
      behaviour: {
        sourceRecords: {
          sources: (records) => {
            const kept = records.filter((record) => !('ContactId' in record.data));
            return kept.length > 0 ? kept : records;
          },
        },
      },
    },
    {
      name: 'source-records-of-another',
      description: 'the source records of another golden record',
      behaviour: {
        sourceRecords: {
          sources: (_records, { directory }, curatedID) => {
            const ids = [...directory.sourceRecords.keys()];
            return directory.sourceRecords.get(ids[(ids.indexOf(curatedID) + 1) % ids.length]);
          },
        },
      },
    },
  ],
  'SR-STABLE': [
    {
      // Keyed to the call, not to its parity: another worker's call in between must not make two calls agree.
      name: 'source-records-unstable',
      description: 'source-record ids minted per answer (a row counter), so no two calls name the same records',
      behaviour: { sourceRecords: { sources: (records, { call }) => records.map((record, i) => ({ ...record, id: `row-${call}-${i}` })) } },
    },
  ],
};
