/**
 * GET {PROVIDER_PATH}/sourceRecords/{curatedID} (§4.2): the source records behind a golden record.
 * The curated ID comes from a unique probe's search result (the `golden` fixture); the rules that
 * judge the answers are in src/rules/source-records.ts.
 */
import { NO_CURATED_ID } from '../../src/harness/discovery';
import { requiredFor } from '../../src/harness/probe-steps';
import { describeSuite, requirements, test } from '../../src/harness/suite';
import { observeUnknownCuratedId, sourceData } from '../../src/rules/source-records';

describeSuite('sourceRecords (§4.2)', () => {
  test(
    'a known curated ID answers with an array of source records',
    requirements(
      'SR-ROOT-ARRAY',
      'SR-ELEMENT-SHAPE',
      'DATA-SHAPE',
      'DATA-FORMATS',
      'DATA-CODES',
      'DATA-NPI-CHECKDIGIT',
      'OBS-CODED-VALUES',
    ),
    async ({ api, checks, golden }) => {
      const record = requiredFor(golden, NO_CURATED_ID);
      checks.judge('source-records', { golden: record, exchange: await api.sourceRecords(record.id) });
    },
  );

  test(
    "the golden record's NPI, Phone and State come from its source records",
    requirements('SR-COVERS-GOLDEN'),
    async ({ api, checks, golden }) => {
      const record = requiredFor(golden, NO_CURATED_ID);
      const exchange = await api.sourceRecords(record.id);
      test.skip(sourceData(exchange).length === 0, 'sourceRecords returned no element with data (see SR-ROOT-ARRAY)');
      checks.judge('source-records', { golden: record, exchange });
    },
  );

  test('two calls return the same set of source-record ids', requirements('SR-STABLE'), async ({ api, checks, golden }) => {
    const { id } = requiredFor(golden, NO_CURATED_ID);
    const first = await api.sourceRecords(id);
    const second = await api.sourceRecords(id);
    checks.judge('repeated-lookup', { first, second });
  });

  test('the answer for a curated ID that does not exist (observed)', requirements('OBS-UNKNOWN-CURATED-ID'), async ({ api, checks }) => {
    checks.record(observeUnknownCuratedId(await api.sourceRecords(`conformance-unknown-${Date.now().toString(36)}`)));
  });
});
