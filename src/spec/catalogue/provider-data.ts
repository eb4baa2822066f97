import type { Requirement } from './requirement';

/** Requirements of the provider `data` of golden and source records alike (§2.3, §2.4): judged on both provider endpoints. */
export const PROVIDER_DATA_REQUIREMENTS = [
  {
    id: 'DATA-SHAPE',
    level: 'MUST',
    spec: '§2.3, §2.4',
    title: 'golden and source `data` follow §2.3, including its allowed variants',
    judges: { what: 'shape', how: 'types, arrays and members' },
  },
  {
    id: 'DATA-FORMATS',
    level: 'MUST',
    spec: '§2.3.5–6',
    title:
      'phones (`Phone`, `AddressPhone`, `FaxPhoneNumber`) are 10 digits; `Zip` is 5 or 9 digits; dates use the three listed formats; `""` is allowed',
    judges: { what: 'value', how: 'a date must be a day that exists (02/30/2026 and 2/29/2022 are none); phones and zips by their digits' },
  },
  {
    id: 'DATA-CODES',
    level: 'SHOULD',
    spec: '§2.4',
    title:
      'the binary codes whose observed values are the whole code: `Gender` M/F; `IsSoleProprietor`, `BoardCertified`, `AcceptMedicaid`, `Discipline` Y/N; `TaxonomySwitch` true/false (open lists are observed: OBS-CODED-VALUES)',
    judges: { what: 'value', how: 'each code against its list' },
  },
  {
    id: 'DATA-NPI-CHECKDIGIT',
    level: 'SHOULD',
    spec: 'domain',
    title: 'NPI values are 10 digits with a valid check digit',
    judges: { what: 'value', how: 'the Luhn check digit over 80840' },
  },
] as const satisfies readonly Requirement[];

export type ProviderDataRequirementId = (typeof PROVIDER_DATA_REQUIREMENTS)[number]['id'];
