/**
 * GET {PROVIDER_PATH}/searchSingleBest (§4.1): the single best golden record, or the ambiguity text.
 * Test data comes only from the probes file.
 */
import { ROUTES } from '../../src/harness/rules/schema-routing';
import { answerSummary, isJsonArray, recordOf, rootKind } from '../../src/harness/rules/answers';
import { ambiguityForm } from '../../src/harness/rules/ambiguity';
import { codeProblems, npiProblems, queryMismatches } from '../../src/harness/rules/provider';
import { requirements, test } from '../../src/harness/suite';
import { verifyProblems, verifySchema } from '../../src/harness/verify';
import { SCHEMA } from '../../src/schemas/validator';
import { AMBIGUITY_MESSAGE, OPTIONAL_SUFFIX } from '../../src/spec/constants';

const NO_UNIQUE = 'PROBES_FILE has no provider.unique probes';
const NO_AMBIGUOUS = 'PROBES_FILE has no provider.ambiguous probes';

/** A parameter the query does not use, with a value no provider has: for §4.1 rules 1–2. */
function nonMatchingParameter(query: Record<string, string>): [string, string] {
  const used = new Set(Object.keys(query).map((name) => name.replace(/-$/, '')));
  const candidates: [string, string][] = [['State', 'ZZ'], ['City', 'NO SUCH CITY ZZ'], ['Zip', '00000'], ['Email', 'nobody@invalid.invalid']];
  return candidates.find(([name]) => !used.has(name)) ?? candidates[0];
}

test.describe('searchSingleBest (§4.1)', () => {
  test('SB-ROOT-OBJECT: a unique match answers with an object, and no answer is an array', requirements('SB-ROOT-OBJECT'), async ({ api, checks, probes }) => {
    const { unique = [], ambiguous = [], none = [] } = probes.provider ?? {};
    test.skip(unique.length + ambiguous.length + none.length === 0, 'PROBES_FILE has no provider probes');
    for (const { query } of unique) {
      const exchange = await api.searchSingleBest(query);
      checks.check('SB-ROOT-OBJECT', rootKind(exchange) === 'a JSON object', () => `a unique query answered with ${rootKind(exchange)}, not a JSON object (§4.1 r3)`, { exchange });
    }
    for (const query of [...ambiguous.map((p) => p.query), ...none.map((p) => p.query)]) {
      const exchange = await api.searchSingleBest(query, { ambiguityAllowed: true });
      checks.check('SB-ROOT-OBJECT', !isJsonArray(exchange), 'searchSingleBest answered with a JSON array; it never returns an array (§1)', { exchange });
    }
  });

  test(
    'SB-RECORD-SHAPE, DATA-*: a unique match has id and data, and data follows §2.3–2.4',
    requirements('SB-RECORD-SHAPE', 'DATA-SHAPE', 'DATA-FORMATS', 'DATA-CODES', 'DATA-NPI-CHECKDIGIT'),
    async ({ api, checks, probes, schemas }) => {
      const unique = probes.provider?.unique ?? [];
      test.skip(unique.length === 0, NO_UNIQUE);
      for (const { query } of unique) {
        const exchange = await api.searchSingleBest(query);
        const value = exchange.json.ok ? exchange.json.value : undefined;
        if (!exchange.json.ok) {
          checks.check('SB-RECORD-SHAPE', false, `a unique query answered with ${rootKind(exchange)}; expected a golden record object (§2.1)`, { exchange });
          continue;
        }
        const record = recordOf(exchange);
        // Data checks run only where there is a data object to check.
        verifySchema(checks, schemas, SCHEMA.goldenRecord, ROUTES.goldenRecord, record ? ['SB-RECORD-SHAPE', 'DATA-SHAPE', 'DATA-FORMATS'] : ['SB-RECORD-SHAPE'], value, exchange);
        if (!record) continue;
        verifyProblems(checks, 'DATA-CODES', codeProblems(record.data, '/data'), exchange, 'coded values outside those §2.4 lists');
        verifyProblems(checks, 'DATA-NPI-CHECKDIGIT', npiProblems(record.data, '/data'), exchange, 'NPI values with a bad check digit');
      }
    },
  );

  test('SB-MATCHES-QUERY: the record agrees with the query', requirements('SB-MATCHES-QUERY'), async ({ api, checks, probes }) => {
    const unique = probes.provider?.unique ?? [];
    test.skip(unique.length === 0, NO_UNIQUE);
    for (const { query } of unique) {
      const exchange = await api.searchSingleBest(query);
      const record = recordOf(exchange);
      if (record) verifyProblems(checks, 'SB-MATCHES-QUERY', queryMismatches(record.data, query), exchange, `the record does not match ${JSON.stringify(query)}`);
    }
  });

  test('SB-AMBIGUOUS: an ambiguous query returns no record and carries the ambiguity text', requirements('SB-AMBIGUOUS'), async ({ api, checks, probes }) => {
    const ambiguous = probes.provider?.ambiguous ?? [];
    test.skip(ambiguous.length === 0, NO_AMBIGUOUS);
    for (const { query } of ambiguous) {
      const exchange = await api.searchSingleBest(query, { ambiguityAllowed: true });
      const record = recordOf(exchange);
      checks.check('SB-AMBIGUOUS', record === undefined, () => `an ambiguous query returned record ${record?.id}; it must return no record (§4.1 r4)`, { exchange });
      const form = ambiguityForm(exchange);
      checks.check('SB-AMBIGUOUS', form !== undefined, `the answer does not carry exactly "${AMBIGUITY_MESSAGE}" (§4.1 r4, §7)`, { exchange });
      checks.observe('OBS-AMBIGUITY-RESPONSE', { status: exchange.status, mediaType: exchange.contentType, form: form ?? 'text not found' });
    }
  });

  test('SB-NARROWING: an ambiguous query plus narrowedBy returns one matching record', requirements('SB-NARROWING'), async ({ api, checks, probes }) => {
    const ambiguous = probes.provider?.ambiguous ?? [];
    test.skip(ambiguous.length === 0, NO_AMBIGUOUS);
    for (const { query, narrowedBy } of ambiguous) {
      // §4.1 r4: narrowing works with a more specific parameter, or with an optional one (r1).
      const dashed = Object.fromEntries(Object.entries(narrowedBy).map(([name, value]) => [name.endsWith(OPTIONAL_SUFFIX) ? name : `${name}${OPTIONAL_SUFFIX}`, value]));
      for (const narrowing of [narrowedBy, dashed]) {
        const sent = { ...query, ...narrowing };
        const exchange = await api.searchSingleBest(sent, { ambiguityAllowed: true });
        const record = recordOf(exchange);
        if (!checks.check('SB-NARROWING', record !== undefined, () => `${JSON.stringify(sent)} should leave exactly one record; the answer is ${rootKind(exchange)} without one`, { exchange })) continue;
        verifyProblems(checks, 'SB-NARROWING', queryMismatches(record!.data, { ...query, ...narrowedBy }), exchange, 'the narrowed record does not match every parameter');
      }
    }
  });

  test('SB-OPTIONAL-DASH, SB-STRICT-PARAM: a non-matching dashed parameter is ignored; undashed it excludes', requirements('SB-OPTIONAL-DASH', 'SB-STRICT-PARAM'), async ({ api, checks, probes }) => {
    const unique = probes.provider?.unique ?? [];
    test.skip(unique.length === 0, NO_UNIQUE);
    for (const { query } of unique) {
      const base = recordOf(await api.searchSingleBest(query));
      if (!base) continue;
      const [name, value] = nonMatchingParameter(query);
      const optional = await api.searchSingleBest({ ...query, [`${name}${OPTIONAL_SUFFIX}`]: value }, { ambiguityAllowed: true });
      const optionalRecord = recordOf(optional);
      checks.check('SB-OPTIONAL-DASH', optionalRecord?.id === base.id, () => `adding ${name}${OPTIONAL_SUFFIX}=${value} should still return record ${base.id} (§4.1 r2); got ${optionalRecord ? `record ${optionalRecord.id}` : rootKind(optional)}`, { exchange: optional });
      const strict = await api.searchSingleBest({ ...query, [name]: value }, { ambiguityAllowed: true });
      checks.check('SB-STRICT-PARAM', recordOf(strict)?.id !== base.id, `adding non-optional ${name}=${value}, which the record does not have, still returned record ${base.id} (§4.1 r2, r5)`, { exchange: strict });
    }
  });

  test('SB-NO-MATCH: a query that matches nothing returns no record and no array', requirements('SB-NO-MATCH'), async ({ api, checks, probes }) => {
    const none = probes.provider?.none ?? [];
    test.skip(none.length === 0, 'PROBES_FILE has no provider.none probes');
    for (const { query } of none) {
      const exchange = await api.searchSingleBest(query, { ambiguityAllowed: true });
      const record = recordOf(exchange);
      checks.check('SB-NO-MATCH', record === undefined, () => `a query that matches nothing returned record ${record?.id}`, { exchange });
      checks.check('SB-NO-MATCH', !isJsonArray(exchange), 'a query that matches nothing answered with a JSON array', { exchange });
      checks.observe('OBS-NO-MATCH', answerSummary(exchange));
    }
  });

  test('OBS-PARAM-CASE: parameter names in another case (observed)', async ({ api, checks, probes }) => {
    const unique = probes.provider?.unique ?? [];
    test.skip(unique.length === 0, NO_UNIQUE);
    const { query } = unique[0];
    const base = recordOf(await api.searchSingleBest(query));
    const lowered = Object.fromEntries(Object.entries(query).map(([name, value]) => [name.toLowerCase(), value]));
    const exchange = await api.searchSingleBest(lowered, { ambiguityAllowed: true });
    const record = recordOf(exchange);
    checks.observe('OBS-PARAM-CASE', {
      endpoint: 'searchSingleBest',
      sent: Object.keys(lowered).join(', '),
      status: exchange.status,
      outcome: record && base && record.id === base.id ? 'same record: names are case-insensitive' : 'not the same record: names are case-sensitive',
    });
  });
});
