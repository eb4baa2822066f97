/**
 * GET {PROVIDER_PATH}/searchSingleBest (§4.1): the single best golden record, or the ambiguity text.
 * Test data comes only from the probes file. An answer that contradicts a probe's promise is a
 * probe problem unless the exchanges themselves show the service at fault.
 */
import type { Exchange } from '../../src/client/exchange';
import { PROMISED, probeLabel, uniqueAnswer, uniqueRecord } from '../../src/probes/promises';
import { forEachProbe, requiredFor, stepEachProbe } from '../../src/harness/probe-steps';
import { ambiguityForm } from '../../src/rules/ambiguity';
import { answerSummary, isJsonArray, recordOf, rootKind } from '../../src/rules/answers';
import { codeProblems, npiProblems, openCodedValues, queryMismatches } from '../../src/rules/provider';
import { classifySingleBest, describeAnswer } from '../../src/rules/single-best-answer';
import { unusedUnmatchable } from '../../src/rules/unmatchable';
import { describeSuite, requirements, test } from '../../src/harness/suite';
import { SCHEMA } from '../../src/schema-validation/validator';
import { AMBIGUITY_MESSAGE, OPTIONAL_SUFFIX } from '../../src/spec/constants';

const NO_UNIQUE = 'PROBES_FILE has no provider.unique probes';
const NO_AMBIGUOUS = 'PROBES_FILE has no provider.ambiguous probes';

const dashed = (query: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(query).map(([name, value]) => [name.endsWith(OPTIONAL_SUFFIX) ? name : `${name}${OPTIONAL_SUFFIX}`, value]),
  );

describeSuite('searchSingleBest (§4.1)', () => {
  test(
    'a unique match answers with an object, and no answer is an array',
    requirements('SB-ROOT-OBJECT'),
    async ({ api, checks, probes }) => {
      const { unique = [], ambiguous = [], none = [] } = probes.provider ?? {};
      test.skip(unique.length + ambiguous.length + none.length === 0, 'PROBES_FILE has no provider probes');
      await stepEachProbe('provider.unique', unique, async ({ query }, probe) => {
        const exchange = await api.searchSingleBest(query);
        const answer = uniqueAnswer(checks, probe, exchange);
        if (!answer) return;
        const ok = answer.kind === 'record' || answer.kind === 'malformed';
        checks.check('SB-ROOT-OBJECT', ok, () => `a unique query answered with ${rootKind(exchange)}, not a JSON object (§4.1 r3)`, {
          exchange,
        });
      });
      for (const [place, list] of [
        ['provider.ambiguous', ambiguous],
        ['provider.none', none],
      ] as const) {
        await stepEachProbe(place, list, async ({ query }) => {
          const exchange = await api.searchSingleBest(query);
          checks.check(
            'SB-ROOT-OBJECT',
            !isJsonArray(exchange),
            'searchSingleBest answered with a JSON array; it never returns an array (§1)',
            { exchange },
          );
        });
      }
    },
  );

  test(
    'a unique match has id and data, and data follows §2.3–2.4',
    requirements('SB-RECORD-SHAPE', 'DATA-SHAPE', 'DATA-FORMATS', 'DATA-CODES', 'DATA-NPI-CHECKDIGIT', 'OBS-CODED-VALUES'),
    async ({ api, checks, probes }) => {
      await forEachProbe('provider.unique', probes.provider?.unique, NO_UNIQUE, async ({ query }, probe) => {
        const exchange = await api.searchSingleBest(query);
        const answer = uniqueAnswer(checks, probe, exchange);
        if (!answer) return;
        if (answer.kind !== 'record' && answer.kind !== 'malformed') {
          checks.check(
            'SB-RECORD-SHAPE',
            false,
            `a unique query answered with ${rootKind(exchange)}; expected a golden record object (§2.1)`,
            { exchange },
          );
          return;
        }
        // The schema judges the parts the body has: the data rules only where there is a data object.
        checks.schema(SCHEMA.goldenRecord, exchange.body, exchange);
        if (answer.kind !== 'record') return;
        const { data } = answer.record;
        checks.problems('DATA-CODES', codeProblems(data, '/data'), exchange, 'binary codes outside their §2.4 values');
        checks.problems('DATA-NPI-CHECKDIGIT', npiProblems(data, '/data'), exchange, 'NPI values with a bad check digit');
        const open = openCodedValues(data);
        if (Object.keys(open).length > 0) checks.observe('OBS-CODED-VALUES', open);
      });
    },
  );

  test('the record agrees with the query', requirements('SB-MATCHES-QUERY'), async ({ api, checks, probes }) => {
    await forEachProbe('provider.unique', probes.provider?.unique, NO_UNIQUE, async ({ query }, probe) => {
      const exchange = await api.searchSingleBest(query);
      const record = uniqueRecord(checks, probe, exchange);
      if (record)
        checks.problems(
          'SB-MATCHES-QUERY',
          queryMismatches(record.data, query),
          exchange,
          `the record does not match ${JSON.stringify(query)}`,
        );
    });
  });

  test(
    'an ambiguous query returns no record and carries the ambiguity text',
    requirements('SB-AMBIGUOUS', 'OBS-AMBIGUITY-RESPONSE'),
    async ({ api, checks, probes }) => {
      await forEachProbe('provider.ambiguous', probes.provider?.ambiguous, NO_AMBIGUOUS, async ({ query, narrowedBy }, probe) => {
        const exchange = await api.searchSingleBest(query);
        const answer = classifySingleBest(exchange);
        if (answer.kind === 'ambiguity') {
          const form = ambiguityForm(exchange);
          checks.check('SB-AMBIGUOUS', form !== undefined, `the answer does not carry exactly "${AMBIGUITY_MESSAGE}" (§4.1 r4, §7)`, {
            exchange,
          });
          checks.observe('OBS-AMBIGUITY-RESPONSE', { status: exchange.status, mediaType: exchange.contentType, form });
          return;
        }
        if (answer.kind === 'array') {
          const message =
            'an ambiguous query answered with a JSON array of candidates; it must return no record, only the ambiguity text (§1, §4.1 r4)';
          return void checks.check('SB-AMBIGUOUS', false, message, { exchange });
        }
        if (answer.kind === 'failed')
          return checks.skip('SB-AMBIGUOUS', `${probe} got ${rootKind(exchange)} (status ${exchange.status}): see HTTP-NO-5XX`);
        // One record, or neither record nor text: only the narrowed query can tell a wrong probe from a wrong service.
        const narrowedExchange = await api.searchSingleBest({ ...query, ...narrowedBy });
        const narrowed = recordOf(narrowedExchange);
        const plus = `the same query plus ${JSON.stringify(narrowedBy)}`;
        if (answer.kind === 'record' && narrowed && narrowed.id !== answer.record.id) {
          const message = `the query returned record ${answer.record.id}, yet it also matches record ${narrowed.id} (${plus}): with at least two matches it must return no record and "${AMBIGUITY_MESSAGE}" (§4.1 r4)`;
          checks.check('SB-AMBIGUOUS', false, message, { exchange });
        } else if (answer.kind !== 'record' && narrowed) {
          const message = `the answer carries neither a record nor exactly "${AMBIGUITY_MESSAGE}", yet the query matches at least one provider (record ${narrowed.id}, from ${plus}) (§4.1 r3–r4, §7)`;
          checks.check('SB-AMBIGUOUS', false, message, { exchange });
        } else {
          const also = narrowed
            ? ', the record the narrowed query returns too'
            : `, and the narrowed query ${describeAnswer(narrowedExchange).replace(/^the service /, '')}`;
          checks.probeProblem({ probe, promised: PROMISED.ambiguous, observed: `${describeAnswer(exchange, answer)}${also}` }, exchange);
        }
      });
    },
  );

  test('an ambiguous query plus narrowedBy returns one matching record', requirements('SB-NARROWING'), async ({ api, checks, probes }) => {
    await forEachProbe('provider.ambiguous', probes.provider?.ambiguous, NO_AMBIGUOUS, async ({ query, narrowedBy }, probe) => {
      const wanted = { ...query, ...narrowedBy };
      // §4.1 r4: narrowing works with a more specific parameter, or with an optional one (r1).
      const plainExchange = await api.searchSingleBest(wanted);
      const dashedExchange = await api.searchSingleBest({ ...query, ...dashed(narrowedBy) });
      const plain = classifySingleBest(plainExchange);
      const optional = classifySingleBest(dashedExchange);
      for (const [exchange, answer] of [
        [plainExchange, plain],
        [dashedExchange, optional],
      ] as const) {
        if (answer.kind === 'record') {
          checks.problems(
            'SB-NARROWING',
            queryMismatches(answer.record.data, wanted),
            exchange,
            'the narrowed record does not match every parameter',
          );
        } else if (answer.kind === 'array') {
          checks.check('SB-NARROWING', false, 'a narrowed query answered with a JSON array; searchSingleBest never returns an array (§1)', {
            exchange,
          });
        }
      }
      if (plain.kind === 'record') {
        // The plain narrowing shows that exactly one provider matches: the optional form must find it too (§4.1 r2, r4).
        const same = optional.kind === 'record' && optional.record.id === plain.record.id;
        const message = () =>
          `${JSON.stringify(wanted)} found exactly one record, ${plain.record.id}, but the same narrowing as optional parameters ${describeAnswer(dashedExchange, optional)} (§4.1 r2, r4)`;
        checks.check('SB-NARROWING', same, message, { exchange: dashedExchange });
      } else if (plain.kind === 'ambiguity' || plain.kind === 'none') {
        checks.probeProblem(
          {
            probe: `${probe} narrowedBy ${JSON.stringify(narrowedBy)}`,
            promised: PROMISED.narrowedBy,
            observed: describeAnswer(plainExchange, plain),
          },
          plainExchange,
        );
      }
    });
  });

  test(
    'a non-matching dashed parameter is ignored; undashed, every parameter excludes',
    requirements('SB-OPTIONAL-DASH', 'SB-STRICT-PARAM'),
    async ({ api, checks, probes }) => {
      let swept = false;
      await forEachProbe('provider.unique', probes.provider?.unique, NO_UNIQUE, async ({ query }, probe) => {
        const base = uniqueRecord(checks, probe, await api.searchSingleBest(query));
        if (!base) return;
        const unused = unusedUnmatchable(query);
        const [name, value] = unused[0];
        const optional = await api.searchSingleBest({ ...query, [`${name}${OPTIONAL_SUFFIX}`]: value });
        const optionalRecord = recordOf(optional);
        const got = optionalRecord ? `record ${optionalRecord.id}` : rootKind(optional);
        checks.check(
          'SB-OPTIONAL-DASH',
          optionalRecord?.id === base.id,
          () => `adding ${name}${OPTIONAL_SUFFIX}=${value} should still return record ${base.id} (§4.1 r2); got ${got}`,
          { exchange: optional },
        );
        if (swept) return;
        // §4.1 r2, r5: every parameter, without the dash, narrows; the sweep runs once, on the first record.
        swept = true;
        const ignored: string[] = [];
        let last = optional;
        for (const [parameter, unmatchable] of unused) {
          last = await api.searchSingleBest({ ...query, [parameter]: unmatchable });
          if (recordOf(last)?.id === base.id) ignored.push(`${parameter}=${unmatchable}`);
        }
        const message = () =>
          `${ignored.length} of ${unused.length} parameters are ignored: adding each to ${JSON.stringify(query)} with a value no provider has still returned record ${base.id} (§4.1 r2, r5): ${ignored.join(', ')}`;
        checks.check('SB-STRICT-PARAM', ignored.length === 0, message, { exchange: last });
      });
    },
  );

  test(
    'a query that matches nothing returns no record and no array',
    requirements('SB-NO-MATCH', 'OBS-NO-MATCH'),
    async ({ api, checks, probes }) => {
      await forEachProbe('provider.none', probes.provider?.none, 'PROBES_FILE has no provider.none probes', async ({ query }, probe) => {
        const exchange = await api.searchSingleBest(query);
        const answer = classifySingleBest(exchange);
        const problem = { probe, promised: PROMISED.none, observed: describeAnswer(exchange, answer) };
        if (answer.kind === 'record') {
          // A record that disagrees with the query is the service's fault; one that agrees may mean the probe is out of date.
          const mismatches = queryMismatches(answer.record.data, query);
          if (mismatches.length === 0)
            return checks.probeProblem({ ...problem, observed: `${problem.observed}, which agrees with the query` }, exchange);
          return checks.problems(
            'SB-NO-MATCH',
            mismatches,
            exchange,
            `a query that matches nothing returned record ${answer.record.id}, which does not even match it`,
          );
        }
        if (answer.kind === 'ambiguity') return checks.probeProblem(problem, exchange);
        checks.check('SB-NO-MATCH', answer.kind !== 'array', 'a query that matches nothing answered with a JSON array (§1)', { exchange });
        checks.observe('OBS-NO-MATCH', answerSummary(exchange));
      });
    },
  );

  test('parameter names in another case (observed)', requirements('OBS-PARAM-CASE'), async ({ api, checks, probes }) => {
    const unique = probes.provider?.unique ?? [];
    test.skip(unique.length === 0, NO_UNIQUE);
    const { query } = unique[0];
    const base = recordOf(await api.searchSingleBest(query));
    const lowered = Object.fromEntries(Object.entries(query).map(([name, value]) => [name.toLowerCase(), value]));
    const exchange = await api.searchSingleBest(lowered);
    const record = recordOf(exchange);
    checks.observe('OBS-PARAM-CASE', {
      endpoint: 'searchSingleBest',
      sent: Object.keys(lowered).join(', '),
      status: exchange.status,
      outcome:
        record && base && record.id === base.id
          ? 'same record: names are case-insensitive'
          : 'not the same record: names are case-sensitive',
    });
  });

  test(
    'a unique query in lower case and with surrounding spaces (observed)',
    requirements('OBS-VALUE-CASE', 'OBS-VALUE-WHITESPACE'),
    async ({ api, checks, probes }) => {
      // §4.1 r5 does not show the matching rules: whether case and spaces count is the service's choice, recorded.
      const probe = (probes.provider?.unique ?? []).find(({ query }) => Object.values(query).some((v) => /\p{L}/u.test(v)));
      const { query } = requiredFor(probe, 'PROBES_FILE has no provider.unique probe with a value in letters');
      const index = probes.provider!.unique!.indexOf(probe!);
      const base = uniqueRecord(checks, probeLabel(`provider.unique[${index}]`, query), await api.searchSingleBest(query));
      if (!base) return;
      const outcome = (exchange: Exchange) => {
        const answer = classifySingleBest(exchange);
        if (answer.kind === 'record') return answer.record.id === base.id ? 'same record' : 'another record';
        return answer.kind === 'ambiguity'
          ? 'more than one result'
          : answer.kind === 'none'
            ? 'no record'
            : `no record (${rootKind(exchange)})`;
      };
      const rewritten = (change: (value: string) => string) => Object.fromEntries(Object.entries(query).map(([k, v]) => [k, change(v)]));
      const lower = rewritten((v) => v.toLowerCase());
      const lowered = await api.searchSingleBest(lower);
      checks.observe('OBS-VALUE-CASE', {
        endpoint: 'searchSingleBest',
        sent: JSON.stringify(lower),
        status: lowered.status,
        outcome: outcome(lowered),
      });
      const spaced = rewritten((v) => `  ${v}  `);
      const padded = await api.searchSingleBest(spaced);
      checks.observe('OBS-VALUE-WHITESPACE', {
        endpoint: 'searchSingleBest',
        sent: JSON.stringify(spaced),
        status: padded.status,
        outcome: outcome(padded),
      });
    },
  );
});
