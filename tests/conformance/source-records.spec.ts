/**
 * GET {PROVIDER_PATH}/sourceRecords/{curatedID} (§4.2): the source records behind a golden record.
 * The curated IDs come from the unique probes' search results (the `goldens` fixture), every one of
 * them, so that the source datasets judged do not depend on the probes' order; the rules that judge
 * the answers are the rulebook's (src/rules/rulebook/registry.ts).
 */
import { type RecordLike, datasetOf, objectsIn } from '../../src/rules/rulebook';
import { NO_CURATED_ID } from '../../src/harness/discovery';
import { requiredFor, skipTest } from '../../src/harness/probe-steps';
import { describeSuite, judging, test } from '../../src/harness/suite';

/** A step per golden record, named by its curated ID: the report says which one failed. */
async function eachGolden(goldens: readonly RecordLike[], check: (golden: RecordLike) => Promise<void>): Promise<void> {
  skipTest(goldens.length === 0, NO_CURATED_ID);
  for (const golden of goldens) await test.step(`curated ID ${golden.id}`, () => check(golden));
}

describeSuite('sourceRecords (§4.2)', () => {
  test(
    "each unique probe's curated ID answers with an array of source records that make up that golden record",
    judging('source-records'),
    async ({ api, checks, goldens }) => {
      const datasets: Record<string, number> = {};
      await eachGolden(goldens, async (golden) => {
        const exchange = await api.sourceRecords(golden.id);
        checks.judge('source-records', { golden, exchange });
        for (const element of objectsIn(exchange.body)) datasets[datasetOf(element)] = (datasets[datasetOf(element)] ?? 0) + 1;
      });
      checks.cover({ goldenRecords: goldens.length, sourceDatasets: datasets });
    },
  );

  test('two calls return the same set of source-record ids', judging('repeated-lookup'), async ({ api, checks, goldens }) => {
    const [{ id }] = requiredFor(goldens.length > 0 ? goldens : undefined, NO_CURATED_ID);
    const first = await api.sourceRecords(id);
    const second = await api.sourceRecords(id);
    checks.judge('repeated-lookup', { first, second });
  });

  test('the answer for a curated ID that does not exist (observed)', judging('unknown-lookup'), async ({ api, checks }) => {
    checks.judge('unknown-lookup', { exchange: await api.sourceRecords(`conformance-unknown-${Date.now().toString(36)}`) });
  });
});
