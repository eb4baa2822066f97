import type { ProviderParameter } from '../spec/constants';

/**
 * §4.1 parameters with a value no provider can have, for SB-STRICT-PARAM and SB-OPTIONAL-DASH: an
 * NPI that starts with 0 (NPIs start with 1 or 2), the reserved `.invalid` mail domain, the state
 * `ZZ`, and words no directory holds. `LicenseStatus` has none: every provider has `True` or `False`.
 */
const UNMATCHABLE_VALUES: Readonly<Record<Exclude<ProviderParameter, 'LicenseStatus'>, string>> = {
  NPI: '0000000000',
  Name: 'ZZNOBODY QQNOONE',
  FirstName: 'ZZNOBODY',
  LastName: 'QQNOONE',
  Address: '0 NO SUCH STREET, NOWHERE, ZZ 00000',
  StreetAddress: '0 NO SUCH STREET',
  City: 'NO SUCH CITY ZZ',
  State: 'ZZ',
  Zip: '00000',
  Phone: '0000000000',
  Email: 'nobody@conformance.invalid',
  TaxonomyCode: 'ZZZZZZZZZX',
  TaxonomyDescription: 'NO SUCH SPECIALTY ZZ',
  TaxonomyLicense: 'NO-SUCH-LICENSE-ZZ',
  OtherIdentifierType: 'NO SUCH AGENCY ZZ',
  OtherIdentifierNumber: 'NO-SUCH-ID-ZZ',
  Carrier: 'NO SUCH CARRIER ZZ',
  LicenseSource: 'NO SUCH REGISTRY ZZ',
};

/** Parameters the query does not use (dashed or not), each with its unmatchable value. */
export function unusedUnmatchable(query: Record<string, string>): [string, string][] {
  const used = new Set(Object.keys(query).map((name) => name.replace(/-$/, '')));
  return Object.entries(UNMATCHABLE_VALUES).filter(([name]) => !used.has(name));
}
