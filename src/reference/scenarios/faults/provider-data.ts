import type { ProviderDataRequirementId } from '../../../spec/catalogue';
import type { FaultDefinition, FaultsFor } from '../scenario';
import { eachValue, withData } from '../transforms';

/** §2.3 r6 formats an implementer might "prettify". */
const punctuatedPhone = (v: string) => (v.length === 10 ? `(${v.slice(0, 3)}) ${v.slice(3, 6)}-${v.slice(6)}` : v);
const isoDate = (v: string) =>
  v.replace(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, (_, m: string, d: string, y: string) => `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`);

/** A fault in `data` shows in golden and source records alike. */
function dataFault(change: Parameters<typeof withData>[0]): Pick<FaultDefinition, 'behaviour'> {
  const { golden, sources } = withData(change);
  return { behaviour: { searchSingleBest: { golden }, sourceRecords: { sources } } };
}

/** Faults of provider `data`, golden and source records alike (§2.3, §2.4), keyed by the requirement each one breaks: the type requires at least one for every requirement. */
export const PROVIDER_DATA_FAULTS: FaultsFor<ProviderDataRequirementId> = {
  'DATA-SHAPE': [
    // §2.3, §2.4.
    {
      name: 'npi-scalar',
      description: 'NPI as a plain string, not an array',
      ...dataFault((data) => {
        data.NPI = (data.NPI as string[])[0];
      }),
    },
    {
      name: 'name-not-array',
      description: 'Name as one object, not an array of objects',
      ...dataFault((data) => {
        if (Array.isArray(data.Name)) data.Name = data.Name[0];
      }),
    },
    {
      name: 'provenance-array',
      description: 'IdentityDataSource as an array',
      ...dataFault((data) => {
        if (typeof data.IdentityDataSource === 'string') data.IdentityDataSource = [data.IdentityDataSource];
      }),
    },
    {
      name: 'source-state-scalar',
      description: 'State as a plain string in source records',
      behaviour: {
        sourceRecords: {
          sources: withData((data) => {
            if (Array.isArray(data.State)) data.State = data.State[0] ?? '';
          }).sources,
        },
      },
    },
  ],
  'DATA-FORMATS': [
    // §2.3 r5–r6.
    {
      name: 'phone-punctuated',
      description: 'phones written (614) 555-1234',
      draft: true,
      ...dataFault((data) => eachValue(data, 'Phone', punctuatedPhone)),
    },
    {
      name: 'zip-hyphenated',
      description: 'zips written 43215-1234',
      ...dataFault((data) => eachValue(data, 'Zip', (z) => `${z.slice(0, 5)}-${z.slice(5).padEnd(4, '0')}`)),
    },
    {
      name: 'dates-iso',
      description: 'dates written YYYY-MM-DD',
      ...dataFault((data) => {
        eachValue(data, 'ProviderEnumerationDate', isoDate);
        eachValue(data, 'LastUpdateDate', isoDate);
      }),
    },
  ],
  'DATA-CODES': [
    // §2.4 observed codes.
    {
      name: 'gender-words',
      description: 'Gender written Male/Female',
      ...dataFault((data) => eachValue(data, 'Gender', (g) => (g === 'M' ? 'Male' : 'Female'))),
    },
    {
      name: 'taxonomy-switch-yes-no',
      description: 'TaxonomySwitch written Y/N',
      ...dataFault((data) => {
        for (const t of (data.Taxonomy ?? []) as Record<string, unknown>[])
          eachValue(t, 'TaxonomySwitch', (v) => (v === 'true' ? 'Y' : 'N'));
      }),
    },
    {
      name: 'flags-yes-no',
      description: 'Y/N flags written Yes/No',
      ...dataFault((data) => eachValue(data, 'IsSoleProprietor', (f) => (f === 'Y' ? 'Yes' : 'No'))),
    },
  ],
  'DATA-NPI-CHECKDIGIT': [
    {
      name: 'npi-bad-check-digit',
      description: 'NPIs stored with a wrong last digit',
      ...dataFault((data) => eachValue(data, 'NPI', (n) => `${n.slice(0, 9)}${(Number(n[9]) + 1) % 10}`)),
    },
  ],
};
