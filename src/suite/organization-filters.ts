/**
 * The filters of GET {FHIR_PATH}/organization (§4.3): searched values held by every entry,
 * `active` for tenants that search by status, and how values in another case or with spaces fare.
 * The rules are in src/rules/organization/filters.ts.
 */
import { probeLabel } from '../probes/promises';
import {
  meetOrganizationValueForms,
  entriesOf,
  organizationOfEntry,
  meetOwnValueSearches,
  seenInAnswer,
  meetStatusSearch,
  meetAddedFilter,
  ownFilterAdded,
} from '../rules/rulebook';
import type { SuiteGroup } from './entry';
import { forEachProbe, noProbe, requiredFor } from './probe-steps';

const NO_SEARCHES = noProbe('organization.searches', 'organization.searches probes');
/** Organizations searched by their own values: enough to meet a filter that misses some, few enough to stay quick. */
const ORGANIZATIONS_SEARCHED = 5;

export const ORGANIZATION_FILTERS: SuiteGroup = {
  file: 'organization-filters',
  describe: 'organization search (§4.3)',
  entries: [
    {
      title: 'results contain the searched values',
      subjects: ['search-filters'],
      // Every answer is judged against the filters of its own query by the client (judgeAnswer): the entry asks each search.
      plan: (context) =>
        forEachProbe(context, 'organization.searches', context.probes.organization?.searches, async ({ query }) => {
          await context.api.organizations(query);
        }),
    },
    {
      title: 'organizations are found by each value they carry, narrowed by their own state: every answer is evidence',
      subjects: ['own-value-search'],
      plan: async ({ api, checks, probes, skipEntry }) => {
        const searches = probes.organization?.searches ?? [];
        skipEntry(searches.length === 0, NO_SEARCHES);
        // The first organizations the probe searches show, each searched by what it carries (§4.3).
        const seen = new Map<string, { resource: unknown; seenIn: string }>();
        for (const { query } of searches) {
          const exchange = await api.organizations(query);
          for (const entry of entriesOf(exchange.body)) {
            const { id, resource } = organizationOfEntry(entry);
            if (id !== '' && !seen.has(id) && seen.size < ORGANIZATIONS_SEARCHED)
              seen.set(id, { resource, seenIn: seenInAnswer(exchange) });
          }
        }
        for (const [id, { resource, seenIn }] of seen)
          for (const met of await meetOwnValueSearches(api, { id, resource, seenIn })) checks.judge('own-value-search', met);
      },
    },
    {
      title: 'a filter added to a search only narrows it: every organization it answers, the search without it answers too',
      subjects: ['added-filter'],
      // Each search narrowed by a value of its first organization it does not filter by yet: its state first.
      plan: (context) =>
        forEachProbe(context, 'organization.searches', context.probes.organization?.searches, async ({ query }) => {
          const met = await meetAddedFilter(context.api, query, ownFilterAdded(query));
          if ('unmet' in met) context.checks.skipSubject('added-filter', met.unmet);
          else context.checks.judge('added-filter', met);
        }),
    },
    {
      title: 'active=true/false returns only organizations with that flag',
      subjects: ['status-search'],
      plan: async ({ api, checks, probes, settings, skipEntry }) => {
        skipEntry(!settings.statusSearch, {
          kind: 'not-applicable',
          condition: 'status-search',
          text: "neither STATUS_SEARCH=true nor the probes file's organization.statusSearch says the tenant searches by status (§4.3)",
        });
        const searches = probes.organization?.searches ?? [];
        skipEntry(searches.length === 0, NO_SEARCHES);
        const { query } = searches[0];
        checks.judge('status-search', await meetStatusSearch(api, probeLabel('organization.statusSearch', query), query));
      },
    },
    {
      title: 'organization name values in lower case and with surrounding spaces (observed)',
      subjects: ['organization-value-forms'],
      plan: async (context) => {
        const { api, checks, probes } = context;
        const probe = (probes.organization?.searches ?? []).find(({ query }) => /\p{L}/u.test(query.name ?? ''));
        const { query } = requiredFor(context, probe, noProbe('organization.searches', 'organization.searches probe with a name'));
        const met = await meetOrganizationValueForms(api, { ...query, name: query.name! });
        if ('unmet' in met) checks.skipSubject('organization-value-forms', met.unmet);
        else checks.judge('organization-value-forms', met);
      },
    },
  ],
};
