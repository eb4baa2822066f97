/** What each parameter means, in the specification's words (§4.1 and §4.3 tables): the OpenAPI contract describes them so. */
import type { OrganizationFilter, ProviderParameter } from './constants';

export const PROVIDER_PARAMETER_MEANINGS: Record<ProviderParameter, string> = {
  NPI: 'National provider identifier',
  Name: 'Full name, first and last',
  FirstName: 'First name',
  LastName: 'Last name',
  Address: 'Full address: street, city, state, zip',
  StreetAddress: 'Street address',
  City: 'City',
  State: 'State',
  Zip: 'Zip code',
  Phone: '10-digit phone number',
  Email: 'E-mail address',
  TaxonomyCode: 'Specialty code',
  TaxonomyDescription: 'Specialty description',
  TaxonomyLicense: 'License number tied to a specialty',
  OtherIdentifierType: 'Type of other identifier, e.g. a state Medicaid agency',
  OtherIdentifierNumber: 'Other identifier, e.g. a provider Medicaid ID',
  Carrier: 'Insurance plan or network',
  LicenseStatus: '`True` or `False`',
  LicenseSource: 'Provider licensing registry',
};

export const ORGANIZATION_PARAMETER_MEANINGS: Record<OrganizationFilter | 'Count' | 'Page', string> = {
  name: 'Organization name',
  address: 'Full address: street, city, state, zip',
  'address-city': 'City',
  'address-state': 'State',
  'address-postalcode': 'Zip code',
  phone: '10-digit organization phone number',
  type: 'Organization type',
  identifier: 'Identifier such as an NPI, passed in the FHIR identifier search form with the value',
  active: '`true` or `false`; available only for tenants configured to search status',
  Count: 'Number of records to return; maximum 1000. Searching with Count only returns one page of records.',
  Page: 'Page number. Searching with Page only returns 25 records per page.',
};
