/**
 * GET {PROVIDER_PATH}/sourceRecords/{curatedID} (§4.2): the source records behind a golden record.
 * The curated ID comes from a unique probe's search result (the `golden` fixture).
 */
import { NO_CURATED_ID } from '../../src/harness/discovery';
import { requiredFor } from '../../src/harness/probe-steps';
import { answerSummary, isJsonArray, rootKind } from '../../src/rules/answers';
import { isJsonObject, type JsonObject, objectsIn } from '../../src/rules/json';
import { codeProblems, npiProblems, openCodedValues, uncoveredGoldenValues } from '../../src/rules/provider';
import { describeSuite, requirements, test } from '../../src/harness/suite';
import { SCHEMA } from '../../src/schema-validation/validator';

const dataOf = (element: JsonObject): JsonObject | undefined => (isJsonObject(element.data) ? element.data : undefined);

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
      const { id } = requiredFor(golden, NO_CURATED_ID);
      const exchange = await api.sourceRecords(id);
      const isArray = isJsonArray(exchange);
      if (!checks.check('SR-ROOT-ARRAY', isArray, () => `the answer is ${rootKind(exchange)}, not a JSON array (§4.2)`, { exchange }))
        return;
      const elements = objectsIn(exchange.body);
      const empty = `curated ID ${id} came from a search, yet its source-record array is empty`;
      checks.check('SR-ROOT-ARRAY', (exchange.body as unknown[]).length > 0, empty, { exchange });
      checks.schema(SCHEMA.sourceRecords, exchange.body, exchange);
      const data = elements.map(dataOf);
      const codes = data.flatMap((d, i) => (d ? codeProblems(d, `/${i}/data`) : []));
      checks.problems('DATA-CODES', codes, exchange, 'binary codes outside their §2.4 values');
      const npis = data.flatMap((d, i) => (d ? npiProblems(d, `/${i}/data`) : []));
      checks.problems('DATA-NPI-CHECKDIGIT', npis, exchange, 'NPI values with a bad check digit');
      // §2.2 names the kinds of source, not their index names: every name is an observation.
      const index = elements.map((e) => e.index).filter((name): name is string => typeof name === 'string');
      checks.observe('OBS-CODED-VALUES', { index: [...new Set(index)] });
      for (const d of data) if (d && Object.keys(openCodedValues(d)).length > 0) checks.observe('OBS-CODED-VALUES', openCodedValues(d));
    },
  );

  test(
    "the golden record's NPI, Phone and State come from its source records",
    requirements('SR-COVERS-GOLDEN'),
    async ({ api, checks, golden }) => {
      const record = requiredFor(golden, NO_CURATED_ID);
      const exchange = await api.sourceRecords(record.id);
      const sources = objectsIn(exchange.body)
        .map(dataOf)
        .filter((d) => d !== undefined);
      test.skip(sources.length === 0, 'sourceRecords returned no element with data (see SR-ROOT-ARRAY)');
      const what = `golden record ${record.id} holds values that none of its ${sources.length} source records holds (§2.4: a golden record merges its sources)`;
      checks.problems('SR-COVERS-GOLDEN', uncoveredGoldenValues(record.data, sources), exchange, what);
    },
  );

  test('two calls return the same set of source-record ids', requirements('SR-STABLE'), async ({ api, checks, golden }) => {
    const { id } = requiredFor(golden, NO_CURATED_ID);
    const ids = async () => {
      const exchange = await api.sourceRecords(id);
      return {
        exchange,
        ids: objectsIn(exchange.body)
          .map((e) => String(e.id))
          .sort(),
      };
    };
    const first = await ids();
    const second = await ids();
    checks.check(
      'SR-STABLE',
      JSON.stringify(first.ids) === JSON.stringify(second.ids),
      `the second call returned ids ${JSON.stringify(second.ids)}, the first ${JSON.stringify(first.ids)} (§4.2 r2: order aside, the set is the record's)`,
      { exchange: second.exchange },
    );
  });

  test('the answer for a curated ID that does not exist (observed)', requirements('OBS-UNKNOWN-CURATED-ID'), async ({ api, checks }) => {
    const exchange = await api.sourceRecords(`conformance-unknown-${Date.now().toString(36)}`);
    checks.observe('OBS-UNKNOWN-CURATED-ID', answerSummary(exchange));
  });
});
