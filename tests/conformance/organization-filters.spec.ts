/**
 * The filters of GET {FHIR_PATH}/organization (§4.3): searched values held by every entry,
 * `active` for tenants that search by status, and how values in another case or with spaces fare.
 * The rules are in src/rules/organization/filters.ts.
 */
import { forEachProbe, requiredFor } from '../../src/harness/probe-steps';
import { describeSuite, judging, test } from '../../src/harness/suite';
import { probeLabel } from '../../src/probes/promises';
import { isBundle, entriesOf } from '../../src/rules/rulebook';
import { MAX_COUNT } from '../../src/spec/constants';

const NO_SEARCHES = 'PROBES_FILE has no organization.searches probes';

describeSuite('organization search (§4.3)', () => {
  test('results contain the searched values', judging('filtered-search'), async ({ api, checks, probes }) => {
    await forEachProbe('organization.searches', probes.organization?.searches, NO_SEARCHES, async ({ query }) => {
      checks.judge('filtered-search', { query, exchange: await api.organizations(query) });
    });
  });

  test(
    'active=true/false returns only organizations with that flag',
    judging('status-search'),
    async ({ api, checks, probes, harness }) => {
      test.skip(
        !harness.statusSearch,
        "neither STATUS_SEARCH=true nor the probes file's organization.statusSearch says the tenant searches by status (§4.3)",
      );
      const searches = probes.organization?.searches ?? [];
      test.skip(searches.length === 0, NO_SEARCHES);
      const { query } = searches[0];
      const searched = [];
      for (const active of [true, false])
        searched.push({ active, exchange: await api.organizations({ ...query, active: String(active), Count: String(MAX_COUNT) }) });
      checks.judge('status-search', { probe: probeLabel('organization.statusSearch', query), searches: searched });
    },
  );

  test(
    'organization name values in lower case and with surrounding spaces (observed)',
    judging('organization-value-forms'),
    async ({ api, checks, probes }) => {
      const probe = (probes.organization?.searches ?? []).find(({ query }) => /\p{L}/u.test(query.name ?? ''));
      const { query } = requiredFor(probe, 'PROBES_FILE has no organization.searches probe with a name');
      const base = await api.organizations(query);
      if (!isBundle(base) || entriesOf(base.body).length === 0) return;
      const name = query.name!;
      const lower = await api.organizations({ ...query, name: name.toLowerCase() });
      const spaced = await api.organizations({ ...query, name: `  ${name}  ` });
      checks.judge('organization-value-forms', {
        base,
        lower: { sent: `name=${name.toLowerCase()}`, exchange: lower },
        spaced: { sent: `name="  ${name}  "`, exchange: spaced },
      });
    },
  );
});
