/**
 * The identifier search of GET {FHIR_PATH}/organization (§4.3), FHIR token style: `value` and
 * `system|value`. The rules are in src/rules/organization/identifiers.ts.
 */
import { forEachProbe } from '../../src/harness/probe-steps';
import { describeSuite, requirements, test } from '../../src/harness/suite';
import {
  judgeForeignIdentifierSystem,
  judgeIdentifierSearch,
  judgeQualifiedIdentifier,
  NO_SUCH_SYSTEM,
} from '../../src/rules/organization/identifiers';

describeSuite('organization search (§4.3)', () => {
  test(
    'identifier searches return only organizations carrying it',
    requirements('ORG-FILTER-IDENTIFIER'),
    async ({ api, checks, probes }) => {
      await forEachProbe(
        'organization.identifiers',
        probes.organization?.identifiers,
        'PROBES_FILE has no organization.identifiers',
        async (value, probe) => {
          const { judgement, system } = judgeIdentifierSearch(probe, value, await api.organizations({ identifier: value }));
          checks.record(judgement);
          // §4.3: the FHIR token form system|value, with the system the service itself reports.
          if (!system) return;
          checks.record(judgeQualifiedIdentifier(value, system, await api.organizations({ identifier: `${system}|${value}` })));
          checks.record(judgeForeignIdentifierSystem(value, await api.organizations({ identifier: `${NO_SUCH_SYSTEM}|${value}` })));
        },
      );
    },
  );
});
