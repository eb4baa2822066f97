/**
 * GET {PROVIDER_PATH}/sourceRecords/{curatedID} (§4.2): the source records behind a golden record.
 * The curated IDs come from the unique probes' search results (the `goldens` fixture), every one of
 * them, so that the source datasets judged do not depend on the probes' order; the rules that judge
 * the answers are the rulebook's (src/rules/rulebook/registry.ts).
 */
import type { RecordLike } from '../../src/rules/answers';
import { datasetOf } from '../../src/rules/datasets';
import { objectsIn } from '../../src/rules/json';
import { NO_CURATED_ID } from '../../src/harness/discovery';
import { requiredFor } from '../../src/harness/probe-steps';
import { describeSuite, requirements, test } from '../../src/harness/suite';
import { observeUnknownCuratedId, sourceData } from '../../src/rules/source-records';

/** A step per golden record, named by its curated ID: the report says which one failed. */
async function eachGolden(goldens: readonly RecordLike[], check: (golden: RecordLike) => Promise<void>): Promise<void> {
  test.skip(goldens.length === 0, NO_CURATED_ID);
  for (const golden of goldens) await test.step(`curated ID ${golden.id}`, () => check(golden));
}

describeSuite('sourceRecords (§4.2)', () => {
  test(
    "each unique probe's curated ID answers with an array of source records",
    requirements(
      'SR-ROOT-ARRAY',
      'SR-ELEMENT-SHAPE',
      'DATA-SHAPE',
      'DATA-FORMATS',
      'DATA-CODES',
      'DATA-NPI-CHECKDIGIT',
      'OBS-CODED-VALUES',
    ),
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

  test(
    "each golden record's source records are its own, and hold its NPI, Phone and State",
    requirements('SR-COVERS-GOLDEN'),
    async ({ api, checks, goldens }) => {
      await eachGolden(goldens, async (golden) => {
        const exchange = await api.sourceRecords(golden.id);
        if (sourceData(exchange).length === 0)
          return checks.skip('SR-COVERS-GOLDEN', `sourceRecords/${golden.id} returned no element with data (see SR-ROOT-ARRAY)`);
        checks.judge('source-records', { golden, exchange });
      });
    },
  );

  test('two calls return the same set of source-record ids', requirements('SR-STABLE'), async ({ api, checks, goldens }) => {
    const [{ id }] = requiredFor(goldens.length > 0 ? goldens : undefined, NO_CURATED_ID);
    const first = await api.sourceRecords(id);
    const second = await api.sourceRecords(id);
    checks.judge('repeated-lookup', { first, second });
  });

  test('the answer for a curated ID that does not exist (observed)', requirements('OBS-UNKNOWN-CURATED-ID'), async ({ api, checks }) => {
    checks.record(observeUnknownCuratedId(await api.sourceRecords(`conformance-unknown-${Date.now().toString(36)}`)));
  });
});
