/**
 * The identifier search of GET {FHIR_PATH}/organization (§4.3), FHIR token style: `value` and
 * `system|value`. The rules are in src/rules/organization/identifiers.ts.
 */
import { carriedValues, meetIdentifierSearch, meetSystemIdentifierSearches, queryKey } from '../rules/rulebook';
import type { SuiteGroup } from './entry';
import { forEachProbe } from './probe-steps';

export const ORGANIZATION_IDENTIFIERS: SuiteGroup = {
  file: 'organization-identifiers',
  describe: 'organization search (§4.3)',
  entries: [
    {
      title: 'identifier searches return only organizations carrying it',
      subjects: ['identifier-search', 'qualified-identifier-search', 'foreign-identifier-search', 'search-identifier'],
      plan: async (context) => {
        const { api, checks, probes } = context;
        // Every answer is evidence: an organization a probe search shows carrying a value makes an empty answer the service's fault.
        const carried = carriedValues(
          await Promise.all((probes.organization?.searches ?? []).map(({ query }) => api.organizations(query))),
        );
        await forEachProbe(context, 'organization.identifiers', probes.organization?.identifiers, async (value, probe) => {
          const byValue = await meetIdentifierSearch(api, probe, value, carried.get(queryKey({ identifier: value })));
          checks.judge('identifier-search', byValue);
          // §4.3: the FHIR token form system|value, with the system the service itself reports.
          const bySystem = await meetSystemIdentifierSearches(api, value, byValue.exchange);
          if (!bySystem) return;
          checks.judge('qualified-identifier-search', bySystem.qualified);
          checks.judge('foreign-identifier-search', bySystem.foreign);
        });
      },
    },
  ],
};
