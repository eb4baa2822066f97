/** The conformance suite: every group of entries, in the order of its spec files. */
import type { SuiteGroup } from './entry';
import { HTTP } from './http';
import { ORGANIZATION_BUNDLE } from './organization-bundle';
import { ORGANIZATION_FILTERS } from './organization-filters';
import { ORGANIZATION_IDENTIFIERS } from './organization-identifiers';
import { ORGANIZATION_PAGING } from './organization-paging';
import { SEARCH_SINGLE_BEST } from './search-single-best';
import { SOURCE_RECORDS } from './source-records';

export const SUITE: readonly SuiteGroup[] = [
  HTTP,
  ORGANIZATION_BUNDLE,
  ORGANIZATION_FILTERS,
  ORGANIZATION_IDENTIFIERS,
  ORGANIZATION_PAGING,
  SEARCH_SINGLE_BEST,
  SOURCE_RECORDS,
];
