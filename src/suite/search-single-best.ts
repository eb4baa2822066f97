/**
 * GET {PROVIDER_PATH}/searchSingleBest (§4.1): the single best golden record, or the ambiguity text.
 * Test data comes only from the probes file; the rules that judge the answers are the rulebook's
 * (src/rules/search-single-best.ts), and each entry records what they conclude.
 */
import { probeLabel } from '../probes/promises';
import {
  recordOf,
  meetAmbiguousSearch,
  meetNarrowedSearch,
  meetSingleBestEquivalents,
  meetSingleBestParamCase,
  meetSingleBestValueForms,
  meetNameSearches,
  meetOptionalParameter,
  meetByOwnNpi,
  meetDemographicSearch,
  meetParameterSweep,
  ownParameterValues,
  unusedUnmatchable,
} from '../rules/rulebook';
import { notApplicable } from '../spec/catalogue';
import { NO_CURATED_ID } from './discovery';
import type { SuiteGroup } from './entry';
import { forEachProbe, noProbe, requiredFor, stepEachProbe } from './probe-steps';

const NO_UNIQUE = noProbe('provider.unique', 'provider.unique probes');

export const SEARCH_SINGLE_BEST: SuiteGroup = {
  file: 'search-single-best',
  describe: 'searchSingleBest (§4.1)',
  entries: [
    {
      title: 'a unique match answers with an object that has id and data (§2.3–2.4) and agrees with the query; no answer is an array',
      subjects: ['unique-search', 'single-best-answer'],
      plan: async (context) => {
        const { api, checks, probes, skipEntry } = context;
        const { unique = [], ambiguous = [], none = [] } = probes.provider ?? {};
        skipEntry(unique.length + ambiguous.length + none.length === 0, noProbe('provider.unique', 'provider probes'));
        await stepEachProbe(context, 'provider.unique', unique, async ({ query }, probe) => {
          checks.judge('unique-search', { probe, exchange: await api.searchSingleBest(query) });
        });
        if (unique.length === 0) checks.skipSubject('unique-search', NO_UNIQUE);
        // Every answer is judged as an answer (never an array, a record it holds well shaped): the client does it.
        for (const [place, list] of [
          ['provider.ambiguous', ambiguous],
          ['provider.none', none],
        ] as const)
          await stepEachProbe(context, place, list, async ({ query }) => void (await api.searchSingleBest(query)));
      },
    },
    {
      title: 'an ambiguous query returns no record and carries the ambiguity text',
      subjects: ['ambiguous-search'],
      plan: (context) =>
        forEachProbe(context, 'provider.ambiguous', context.probes.provider?.ambiguous, async ({ query, narrowedBy }, probe) => {
          context.checks.judge('ambiguous-search', await meetAmbiguousSearch(context.api, probe, query, narrowedBy));
        }),
    },
    {
      title: 'an ambiguous query plus narrowedBy returns one matching record',
      subjects: ['narrowed-search'],
      plan: (context) =>
        forEachProbe(context, 'provider.ambiguous', context.probes.provider?.ambiguous, async ({ query, narrowedBy }, probe) => {
          // §4.1 r4: narrowing works with a more specific parameter, or with an optional one (r1).
          context.checks.judge('narrowed-search', await meetNarrowedSearch(context.api, probe, query, narrowedBy));
        }),
    },
    {
      title: 'a non-matching dashed parameter is ignored; undashed, every parameter excludes',
      subjects: ['unique-answer', 'optional-parameter', 'parameter-sweep'],
      plan: async (context) => {
        const { api, checks } = context;
        let swept = false;
        await forEachProbe(context, 'provider.unique', context.probes.provider?.unique, async ({ query }, probe) => {
          const exchange = await api.searchSingleBest(query);
          checks.judge('unique-answer', { probe, exchange });
          const base = recordOf(exchange);
          if (!base) return;
          const unused = unusedUnmatchable(query);
          const optional = await meetOptionalParameter(api, query, base.id, unused[0]);
          checks.judge('optional-parameter', optional);
          if (swept) return;
          // §4.1 r2, r5: every parameter, without the dash, narrows; the sweep runs once, on the first record.
          swept = true;
          checks.judge('parameter-sweep', await meetParameterSweep(api, query, base, unused, optional.exchange));
        });
      },
    },
    {
      title:
        'every §4.1 parameter from a record a unique probe found: Name alone, first and last name, its demographics without the NPI, each dashed, each narrowing by its own value',
      subjects: ['single-best-answer', 'demographic-search', 'shared-demographics', 'optional-parameter', 'own-value-narrowing'],
      plan: async (context) => {
        const { api, checks } = context;
        const { goldens } = context.discovery;
        const [golden] = requiredFor(context, goldens.length > 0 ? goldens : undefined, NO_CURATED_ID);
        const ownValues = ownParameterValues(golden.data);
        // By name, without the NPI: the record, the ambiguity text or no record, never an array (the client judges every answer);
        // another record that holds the name too shows two matches, which must have been the ambiguity text (§4.1 r4).
        const byName = await meetNameSearches(api, golden);
        for (const met of byName) checks.judge('shared-demographics', met);
        // §4.1 r1, r4–r5: its first and last name and state find it, or the ambiguity text, narrowed by its own city and zip (SB-FINDABLE).
        const demographics = await meetDemographicSearch(api, golden);
        if ('unmet' in demographics) {
          checks.skipSubject('demographic-search', demographics.unmet);
          // No search by its own values was made, so none is known to match several: SB-AMBIGUOUS's own probe is left whole.
          if (byName.length === 0) checks.skipSubject('shared-demographics', notApplicable('SB-AMBIGUOUS'));
        } else {
          checks.judge('demographic-search', demographics);
          checks.judge('shared-demographics', demographics);
        }
        // §4.1 r1–r2: every parameter in turn, dashed, with a value no provider has; r3–r4: every plain parameter the
        // record holds, with its own value, names the same provider. Both from its own NPI, which must find it.
        const met = await meetByOwnNpi(api, golden, {
          dashedBy: unusedUnmatchable({ NPI: ownValues.NPI ?? '' }),
          narrowedBy: Object.entries(ownValues).filter(([parameter]) => parameter !== 'NPI'),
        });
        if ('unmet' in met) {
          for (const subject of ['optional-parameter', 'own-value-narrowing'] as const) checks.skipSubject(subject, met.unmet);
          return;
        }
        for (const optional of met.optional) checks.judge('optional-parameter', optional);
        for (const narrowing of met.narrowing) checks.judge('own-value-narrowing', narrowing);
      },
    },
    {
      title: 'a query that matches nothing returns no record and no array',
      subjects: ['no-match-search'],
      plan: (context) =>
        forEachProbe(context, 'provider.none', context.probes.provider?.none, async ({ query }, probe) => {
          context.checks.judge('no-match-search', { probe, query, exchange: await context.api.searchSingleBest(query) });
        }),
    },
    {
      title: 'a query answers alike with its parameters in another order and with every byte percent-encoded, asked again between',
      subjects: ['single-best-equivalents'],
      plan: async ({ api, checks, probes, skipEntry }) => {
        const { unique = [], ambiguous = [] } = probes.provider ?? {};
        // Whatever a query answers (a record, the ambiguity text), its equivalent forms answer alike: the relation needs no premise.
        const [narrowed] = ambiguous.map(({ query, narrowedBy }) => ({ ...query, ...narrowedBy }));
        const queries = [unique[0]?.query, ambiguous[0]?.query, narrowed].filter((query) => query !== undefined);
        skipEntry(queries.length === 0, noProbe('provider.unique', 'provider probes'));
        for (const query of queries) checks.judge('single-best-equivalents', await meetSingleBestEquivalents(api, query));
      },
    },
    {
      title: 'parameter names in another case (observed)',
      subjects: ['single-best-param-case'],
      plan: async ({ api, checks, probes, skipEntry }) => {
        const unique = probes.provider?.unique ?? [];
        skipEntry(unique.length === 0, NO_UNIQUE);
        const { query } = unique[0];
        checks.judge('single-best-param-case', await meetSingleBestParamCase(api, query));
      },
    },
    {
      title: 'a unique query in lower case and with surrounding spaces (observed)',
      subjects: ['unique-answer', 'single-best-value-forms'],
      plan: async (context) => {
        const { api, checks, probes } = context;
        // §4.1 r5 does not show the matching rules: whether case and spaces count is the service's choice, recorded.
        const probe = (probes.provider?.unique ?? []).find(({ query }) => Object.values(query).some((v) => /\p{L}/u.test(v)));
        const { query } = requiredFor(context, probe, noProbe('provider.unique', 'provider.unique probe with a value in letters'));
        const index = probes.provider!.unique!.indexOf(probe!);
        const exchange = await api.searchSingleBest(query);
        checks.judge('unique-answer', { probe: probeLabel(`provider.unique[${index}]`, query), exchange });
        const base = recordOf(exchange);
        if (!base) return;
        checks.judge('single-best-value-forms', await meetSingleBestValueForms(api, base.id, query));
      },
    },
  ],
};
