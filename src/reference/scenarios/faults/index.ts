import type { RequirementId } from '../../../spec/catalogue';
import type { Fault, FaultsFor } from '../scenario';
import { HTTP_FAULTS } from './http';
import { ORGANIZATION_FAULTS } from './organization';
import { PROVIDER_DATA_FAULTS } from './provider-data';
import { SEARCH_SINGLE_BEST_FAULTS } from './search-single-best';
import { SOURCE_RECORDS_FAULTS } from './source-records';

/**
 * Every requirement has a fault: the groups together are typed against the whole catalogue, so a
 * requirement added without a fault does not compile.
 */
const BY_REQUIREMENT: FaultsFor<RequirementId> = {
  ...SEARCH_SINGLE_BEST_FAULTS,
  ...PROVIDER_DATA_FAULTS,
  ...SOURCE_RECORDS_FAULTS,
  ...ORGANIZATION_FAULTS,
  ...HTTP_FAULTS,
};

/**
 * Faults: each one realistic departure from the specification, the kind a real implementation
 * gets wrong. `npm run test:mutation` checks that the suite reports each under `targets`.
 */
export const FAULTS: readonly Fault[] = (
  Object.entries(BY_REQUIREMENT) as [RequirementId, FaultsFor<RequirementId>[RequirementId]][]
).flatMap(([targets, faults]) => faults.map((fault) => ({ ...fault, targets })));
