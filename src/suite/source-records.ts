/**
 * GET {PROVIDER_PATH}/sourceRecords/{curatedID} (§4.2): the source records behind a golden record.
 * The curated IDs come from discovery (the unique probes' search results, every one of them), so
 * that the source datasets judged do not depend on the probes' order. This group records what
 * discovery's answers showed, once.
 */
import { datasetOf, meetRepeatedLookup, meetUnknownLookup, objectsIn } from '../rules/rulebook';
import { NO_CURATED_ID } from './discovery';
import type { SuiteGroup } from './entry';
import { requiredFor } from './probe-steps';

export const SOURCE_RECORDS: SuiteGroup = {
  file: 'source-records',
  describe: 'sourceRecords (§4.2)',
  entries: [
    {
      title: "each unique probe's curated ID answers with an array of source records that make up that golden record",
      subjects: ['source-records'],
      plan: async ({ api, checks, discovery, skipEntry, step }) => {
        // Discovery's answers, judged once, here: whatever the driver, they count once.
        for (const answer of discovery.answers) checks.answered(answer);
        for (const judged of discovery.probes) checks.record(judged);
        skipEntry(discovery.goldens.length === 0, NO_CURATED_ID);
        const datasets: Record<string, number> = {};
        // A step per golden record, named by its curated ID: the report says which one failed.
        for (const golden of discovery.goldens)
          await step(`curated ID ${golden.id}`, async () => {
            const exchange = await api.sourceRecords(golden.id);
            checks.judge('source-records', { golden, exchange });
            for (const element of objectsIn(exchange.body)) datasets[datasetOf(element)] = (datasets[datasetOf(element)] ?? 0) + 1;
          });
        checks.cover({ goldenRecords: discovery.goldens.length, sourceDatasets: datasets });
      },
    },
    {
      title: 'two calls return the same set of source-record ids',
      subjects: ['repeated-lookup'],
      plan: async (context) => {
        const { goldens } = context.discovery;
        const [{ id }] = requiredFor(context, goldens.length > 0 ? goldens : undefined, NO_CURATED_ID);
        context.checks.judge('repeated-lookup', await meetRepeatedLookup(context.api, id));
      },
    },
    {
      title: 'the answer for a curated ID that does not exist (observed)',
      subjects: ['unknown-lookup'],
      plan: async ({ api, checks }) => {
        checks.judge('unknown-lookup', await meetUnknownLookup(api));
      },
    },
  ],
};
