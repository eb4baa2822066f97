/** Values the specification states outright, cited by section. Harness and reference server share them. */

/** §4.1 rule 4 and §7: the exact ambiguity text. */
export const AMBIGUITY_MESSAGE = 'Search returned more than one result.';

/** §4.3 and §8: the largest Count. */
export const MAX_COUNT = 1000;

/** §4.3 and §8: records per page when only Page is given. */
export const PAGE_SIZE = 25;

/** §4.1 rule 1: a dash appended to a parameter name marks it optional. */
export const OPTIONAL_SUFFIX = '-';

/** §4.1: the single-best search parameters, names exactly as written. */
export const PROVIDER_PARAMETERS = [
  'NPI',
  'Name',
  'FirstName',
  'LastName',
  'Address',
  'StreetAddress',
  'City',
  'State',
  'Zip',
  'Phone',
  'Email',
  'TaxonomyCode',
  'TaxonomyDescription',
  'TaxonomyLicense',
  'OtherIdentifierType',
  'OtherIdentifierNumber',
  'Carrier',
  'LicenseStatus',
  'LicenseSource',
] as const;

export type ProviderParameter = (typeof PROVIDER_PARAMETERS)[number];

/** §4.3: the organization search parameters, paging apart. */
export const ORGANIZATION_FILTERS = [
  'name',
  'address',
  'address-city',
  'address-state',
  'address-postalcode',
  'phone',
  'type',
  'identifier',
  'active',
] as const;

export type OrganizationFilter = (typeof ORGANIZATION_FILTERS)[number];

/** §4.3: the paging parameters. */
export const PAGING_PARAMETERS = ['Count', 'Page'] as const;
