/**
 * GET {PROVIDER_PATH}/searchSingleBest (§4.1): the single best golden record, or the ambiguity text.
 * An answer that contradicts a probe's promise is a probe problem unless the exchanges themselves
 * show the service at fault.
 */
import type { Exchange } from '../client/exchange';
import { PROMISED } from '../probes/promises';
import { SCHEMA } from '../schema-validation/validator';
import { AMBIGUITY_MESSAGE, OPTIONAL_SUFFIX } from '../spec/constants';
import { ambiguityForm, carriesAmbiguityText } from './ambiguity';
import { answerSummary, isJsonArray, recordOf, rootKind } from './answers';
import { Judgement } from './judgement';
import { codeProblems, everyOwnParameterValue, npiProblems, codedValues, ownValueFinds, queryMismatches } from './provider';
import { classifySingleBest, describeAnswer, type SingleBestAnswer } from './single-best-answer';
import type { RequirementId } from '../spec/catalogue';
import { uniqueAnswer } from './unique-probe';

/** Every parameter of a query made optional (§4.1 r1: a trailing dash). */
export const dashed = (query: Record<string, string>) =>
  Object.fromEntries(Object.entries(query).map(([name, value]) => [dashedName(name), value]));

/** A §4.1 parameter's optional form (rule 1): its name with the trailing dash. */
export const dashedName = (name: string) => (name.endsWith(OPTIONAL_SUFFIX) ? name : `${name}${OPTIONAL_SUFFIX}`);

/**
 * An answer of no form a rule can read (a 5xx, a body too large, a 2xx body that is no JSON, one cut
 * short): the rule skips it, and the requirement that judges such answers (`see`) fails it once.
 */
function unjudgeable(judgement: Judgement, id: RequirementId, probe: string, exchange: Exchange, answer: SingleBestAnswer): boolean {
  if (answer.kind !== 'failed' && answer.kind !== 'unreadable') return false;
  const see = answer.kind === 'failed' && exchange.status >= 500 ? 'HTTP-NO-5XX' : 'HTTP-JSON';
  judgement.skip(id, {
    kind: 'answer-unjudgeable',
    status: exchange.status,
    see,
    text: `${probe} got ${rootKind(exchange)} (status ${exchange.status}): see ${see}`,
  });
  return true;
}

/** SB-ROOT-OBJECT for a unique probe: an object, never an array (§4.1 r3); "more than one" or "none" is a probe problem. */
export function judgeUniqueRoot(probe: string, exchange: Exchange): Judgement {
  const judgement = new Judgement();
  const answer = uniqueAnswer(judgement, probe, exchange);
  if (!answer || unjudgeable(judgement, 'SB-ROOT-OBJECT', probe, exchange, answer)) return judgement;
  const ok = answer.kind === 'record' || answer.kind === 'malformed';
  judgement.check('SB-ROOT-OBJECT', ok, () => `a unique query answered with ${rootKind(exchange)}, not a JSON object (§4.1 r3)`, {
    exchange,
  });
  return judgement;
}

/** SB-ROOT-OBJECT for any other query: searchSingleBest never answers with an array (§1). */
export function judgeNoArray(exchange: Exchange): Judgement {
  const judgement = new Judgement();
  judgement.check('SB-ROOT-OBJECT', !isJsonArray(exchange), 'searchSingleBest answered with a JSON array; it never returns an array (§1)', {
    exchange,
  });
  return judgement;
}

/**
 * SB-RECORD-SHAPE for a unique probe: a golden record object (§2.1). "More than one" or "none" is a
 * probe problem; the record's own shape is judged on every answer that holds one (judgeAnsweredRecord).
 */
export function judgeUniqueRecord(probe: string, exchange: Exchange): Judgement {
  const judgement = new Judgement();
  const answer = uniqueAnswer(judgement, probe, exchange);
  if (!answer || answer.kind === 'record' || answer.kind === 'malformed') return judgement;
  if (unjudgeable(judgement, 'SB-RECORD-SHAPE', probe, exchange, answer)) return judgement;
  judgement.check('SB-RECORD-SHAPE', false, `a unique query answered with ${rootKind(exchange)}; expected a golden record object (§2.1)`, {
    exchange,
  });
  return judgement;
}

/**
 * SB-RECORD-SHAPE and the provider data rules over a golden record, whatever query brought it
 * (§2.1, §2.3, §2.4): an answer that holds a record, or a 2xx object that tries to be one.
 */
export function judgeAnsweredRecord(exchange: Exchange): Judgement {
  const judgement = new Judgement();
  const answer = classifySingleBest(exchange);
  if (answer.kind !== 'record' && answer.kind !== 'malformed') return judgement;
  // The schema judges the parts the body has: the data rules only where there is a data object.
  judgement.schema(SCHEMA.goldenRecord, exchange.body, exchange);
  if (answer.kind !== 'record') return judgement;
  const { data } = answer.record;
  judgement.problems('DATA-CODES', codeProblems(data, '/data'), exchange, 'binary codes outside their §2.4 values');
  judgement.problems('DATA-NPI-CHECKDIGIT', npiProblems(data, '/data'), exchange, 'NPI values with a bad check digit');
  const held = codedValues(data);
  if (Object.keys(held).length > 0) judgement.observe('OBS-CODED-VALUES', held);
  return judgement;
}

/**
 * Whether an ambiguous probe's answer needs the narrowed query: one record, or neither record nor
 * text, and only the narrowed query can tell a wrong probe from a wrong service.
 */
export function ambiguityNeedsNarrowing(exchange: Exchange): boolean {
  const { kind } = classifySingleBest(exchange);
  if (kind === 'record' && carriesAmbiguityText(exchange)) return false;
  return kind !== 'ambiguity' && kind !== 'array' && kind !== 'failed';
}

/**
 * SB-AMBIGUOUS (§4.1 r4, §7): an ambiguous query returns no record and carries the text, word for word (alone or inside a longer message);
 * its status and form are observed. `narrowedExchange`, the query plus narrowedBy, is there when
 * ambiguityNeedsNarrowing said so.
 */
export function judgeAmbiguous(
  probe: string,
  narrowedBy: Record<string, string>,
  exchange: Exchange,
  narrowedExchange?: Exchange,
): Judgement {
  const judgement = new Judgement();
  const answer = classifySingleBest(exchange);
  // §4.1 r4: "no record is returned". An answer that says more than one matched and carries a record
  // anyway contradicts it whatever the probes say.
  if (answer.kind === 'record' && carriesAmbiguityText(exchange)) {
    judgement.check(
      'SB-AMBIGUOUS',
      false,
      `the answer carries "${AMBIGUITY_MESSAGE}" and a record too (${answer.record.id}): when the search finds more than one result, no record is returned (§4.1 r4)`,
      { exchange },
    );
    return judgement.observe('OBS-AMBIGUITY-RESPONSE', {
      status: exchange.status,
      mediaType: exchange.contentType,
      form: ambiguityForm(exchange),
    });
  }
  if (answer.kind === 'ambiguity') {
    const form = ambiguityForm(exchange);
    judgement.check('SB-AMBIGUOUS', form !== undefined, `the answer does not carry "${AMBIGUITY_MESSAGE}" word for word (§4.1 r4, §7)`, {
      exchange,
    });
    return judgement.observe('OBS-AMBIGUITY-RESPONSE', { status: exchange.status, mediaType: exchange.contentType, form });
  }
  if (answer.kind === 'array') {
    const message =
      'an ambiguous query answered with a JSON array of candidates; it must return no record, only the ambiguity text (§1, §4.1 r4)';
    judgement.check('SB-AMBIGUOUS', false, message, { exchange });
    return judgement;
  }
  if (answer.kind === 'failed')
    return judgement.skip('SB-AMBIGUOUS', {
      kind: 'answer-unjudgeable',
      status: exchange.status,
      see: 'HTTP-NO-5XX',
      text: `${probe} got ${rootKind(exchange)} (status ${exchange.status}): see HTTP-NO-5XX`,
    });
  if (!narrowedExchange) throw new Error('harness bug: judgeAmbiguous needs the narrowed answer (ambiguityNeedsNarrowing)');
  const narrowed = recordOf(narrowedExchange);
  const plus = `the same query plus ${JSON.stringify(narrowedBy)}`;
  if (answer.kind === 'record' && narrowed && narrowed.id !== answer.record.id) {
    const message = `the query returned record ${answer.record.id}, yet it also matches record ${narrowed.id} (${plus}): with at least two matches it must return no record and "${AMBIGUITY_MESSAGE}" (§4.1 r4)`;
    judgement.check('SB-AMBIGUOUS', false, message, { exchange });
  } else if (answer.kind !== 'record' && narrowed) {
    const message = `the answer carries neither a record nor "${AMBIGUITY_MESSAGE}", yet the query matches at least one provider (record ${narrowed.id}, from ${plus}) (§4.1 r3–r4, §7)`;
    judgement.check('SB-AMBIGUOUS', false, message, { exchange });
  } else {
    const also = narrowed
      ? ', the record the narrowed query returns too'
      : `, and the narrowed query ${describeAnswer(narrowedExchange).replace(/^the service /, '')}`;
    judgement.probeProblem({ probe, promised: PROMISED.ambiguous, observed: `${describeAnswer(exchange, answer)}${also}` }, exchange);
  }
  return judgement;
}

/**
 * SB-NARROWING (§4.1 r4): an ambiguous query plus narrowedBy, as plain parameters and as optional
 * ones, returns one record matching every parameter, and the same one both ways (§4.1 r2).
 */
export function judgeNarrowing(
  probe: string,
  query: Record<string, string>,
  narrowedBy: Record<string, string>,
  plainExchange: Exchange,
  dashedExchange: Exchange,
): Judgement {
  const judgement = new Judgement();
  const wanted = { ...query, ...narrowedBy };
  const plain = classifySingleBest(plainExchange);
  const optional = classifySingleBest(dashedExchange);
  for (const [exchange, answer] of [
    [plainExchange, plain],
    [dashedExchange, optional],
  ] as const) {
    if (answer.kind === 'record') {
      judgement.problems(
        'SB-NARROWING',
        queryMismatches(answer.record.data, wanted),
        exchange,
        'the narrowed record does not match every parameter',
      );
    } else if (answer.kind === 'array') {
      judgement.check('SB-NARROWING', false, 'a narrowed query answered with a JSON array; searchSingleBest never returns an array (§1)', {
        exchange,
      });
    }
  }
  if (plain.kind === 'record') {
    // The plain narrowing shows that exactly one provider matches: the optional form must find it too (§4.1 r2, r4).
    const same = optional.kind === 'record' && optional.record.id === plain.record.id;
    const message = () =>
      `${JSON.stringify(wanted)} found exactly one record, ${plain.record.id}, but the same narrowing as optional parameters ${describeAnswer(dashedExchange, optional)} (§4.1 r2, r4)`;
    judgement.check('SB-NARROWING', same, message, { exchange: dashedExchange });
  } else if (
    (plain.kind === 'ambiguity' || plain.kind === 'none') &&
    optional.kind === 'record' &&
    narrowsVerbatim(optional.record.data, query, narrowedBy)
  ) {
    // The optional narrowing found one record that matches the query and holds the narrowing values themselves: the
    // plain narrowing matches that record too (its own values equal themselves, r5), and no other, or the optional could not single it out.
    judgement.check(
      'SB-NARROWING',
      false,
      `${JSON.stringify(wanted)} as optional parameters found exactly record ${optional.record.id}, which holds ${JSON.stringify(narrowedBy)} itself, yet as plain parameters ${describeAnswer(plainExchange, plain)}: a value narrows a match at least as far plain as optional (§4.1 r2, r4)`,
      { exchange: plainExchange },
    );
  } else if (plain.kind === 'ambiguity' || plain.kind === 'none') {
    judgement.probeProblem(
      {
        probe: `${probe} narrowedBy ${JSON.stringify(narrowedBy)}`,
        promised: PROMISED.narrowedBy,
        observed: describeAnswer(plainExchange, plain),
      },
      plainExchange,
    );
  }
  return judgement;
}

/**
 * Whether a record matches `query` and holds each value of `narrowedBy` verbatim, each of a
 * parameter whose own value must find its record (ownValueFinds): a record
 * that any reading of the matching rules finds by the query narrowed.
 */
function narrowsVerbatim(data: Record<string, unknown>, query: Record<string, string>, narrowedBy: Record<string, string>): boolean {
  const own = everyOwnParameterValue(data);
  return (
    queryMismatches(data, query).length === 0 &&
    Object.entries(narrowedBy).every(([parameter, value]) => ownValueFinds(parameter) && own[parameter]?.includes(value))
  );
}

/** SB-OPTIONAL-DASH (§4.1 r1–r2): a unique query plus a non-matching dashed parameter returns the same record. */
export function judgeOptionalDash(parameter: string, value: string, recordId: string, optional: Exchange): Judgement {
  const judgement = new Judgement();
  const optionalRecord = recordOf(optional);
  const got = optionalRecord ? `record ${optionalRecord.id}` : rootKind(optional);
  judgement.check(
    'SB-OPTIONAL-DASH',
    optionalRecord?.id === recordId,
    () => `adding ${parameter}${OPTIONAL_SUFFIX}=${value} should still return record ${recordId} (§4.1 r2); got ${got}`,
    { exchange: optional },
  );
  return judgement;
}

/**
 * SB-STRICT-PARAM (§4.1 r2, r5): every parameter added without the dash, with a value no provider
 * has, to a unique query stops its record being returned; `sweep` holds each one's answer, in order.
 */
export function judgeStrictParameters(
  query: Record<string, string>,
  recordId: string,
  sweep: readonly { parameter: string; value: string; exchange: Exchange }[],
  last: Exchange,
): Judgement {
  const judgement = new Judgement();
  const ignored = sweep
    .filter(({ exchange }) => recordOf(exchange)?.id === recordId)
    .map(({ parameter, value }) => `${parameter}=${value}`);
  const message = () =>
    `${ignored.length} of ${sweep.length} parameters are ignored: adding each to ${JSON.stringify(query)} with a value no provider has still returned record ${recordId} (§4.1 r2, r5): ${ignored.join(', ')}`;
  judgement.check('SB-STRICT-PARAM', ignored.length === 0, message, { exchange: last });
  return judgement;
}

/** SB-NO-MATCH (§1): a query that matches nothing returns no record and no array; the answer is observed (§4.1 r7). */
export function judgeNoMatch(probe: string, query: Record<string, string>, exchange: Exchange): Judgement {
  const judgement = new Judgement();
  const answer = classifySingleBest(exchange);
  const problem = { probe, promised: PROMISED.none, observed: describeAnswer(exchange, answer) };
  if (answer.kind === 'record') {
    // A record that disagrees with the query is the service's fault; one that agrees may mean the probe is out of date.
    const mismatches = queryMismatches(answer.record.data, query);
    if (mismatches.length === 0)
      return judgement.probeProblem({ ...problem, observed: `${problem.observed}, which agrees with the query` }, exchange);
    return judgement.problems(
      'SB-NO-MATCH',
      mismatches,
      exchange,
      `a query that matches nothing returned record ${answer.record.id}, which does not even match it`,
    );
  }
  if (answer.kind === 'ambiguity') return judgement.probeProblem(problem, exchange);
  judgement.check('SB-NO-MATCH', answer.kind !== 'array', 'a query that matches nothing answered with a JSON array (§1)', { exchange });
  return judgement.observe('OBS-NO-MATCH', answerSummary(exchange));
}

/** OBS-PARAM-CASE (§4.1 r8: not shown): whether parameter names in lower case find the same record. */
export function observeParamCase(base: Exchange, lowered: Exchange, sent: string): Judgement {
  const baseRecord = recordOf(base);
  const record = recordOf(lowered);
  return new Judgement().observe('OBS-PARAM-CASE', {
    endpoint: 'searchSingleBest',
    sent,
    status: lowered.status,
    outcome:
      record && baseRecord && record.id === baseRecord.id
        ? 'same record: names are case-insensitive'
        : 'not the same record: names are case-sensitive',
  });
}

/** How an answer to a rewritten unique query compares with the probe's own record, for OBS-VALUE-CASE and OBS-VALUE-WHITESPACE. */
function sameRecordOutcome(recordId: string, exchange: Exchange): string {
  const answer = classifySingleBest(exchange);
  if (answer.kind === 'record') return answer.record.id === recordId ? 'same record' : 'another record';
  return answer.kind === 'ambiguity' ? 'more than one result' : answer.kind === 'none' ? 'no record' : `no record (${rootKind(exchange)})`;
}

/**
 * OBS-VALUE-CASE and OBS-VALUE-WHITESPACE (§4.1 r5: matching rules not shown): whether a unique
 * query's values in lower case, and with surrounding spaces, find its record.
 */
export function observeValueForms(
  recordId: string,
  lower: { query: Record<string, string>; exchange: Exchange },
  spaced: { query: Record<string, string>; exchange: Exchange },
): Judgement {
  const observation = ({ query, exchange }: typeof lower) => ({
    endpoint: 'searchSingleBest',
    sent: JSON.stringify(query),
    status: exchange.status,
    outcome: sameRecordOutcome(recordId, exchange),
  });
  return new Judgement().observe('OBS-VALUE-CASE', observation(lower)).observe('OBS-VALUE-WHITESPACE', observation(spaced));
}

/**
 * SB-NARROWING (§4.1 r3–r4): a query whose NPI names one provider, plus a plain parameter holding
 * that record's own value, names that provider still: the same record, never the ambiguity text nor
 * another record. No record at all fails too where the spec makes the parameter's attribute plain
 * or names it (ownValueFinds: the record holds the very value searched);
 * for the others it is a near miss, since the exact matching rules are not shown (r5).
 */
export function judgeOwnValueNarrowing(recordId: string, parameter: string, value: string, exchange: Exchange): Judgement {
  const judgement = new Judgement();
  const verbatim = ownValueFinds(parameter);
  const answer = classifySingleBest(exchange);
  const added = `${parameter}=${JSON.stringify(value)}, the record's own value`;
  if (answer.kind === 'record')
    judgement.check(
      'SB-NARROWING',
      answer.record.id === recordId,
      () => `the NPI of record ${recordId} plus ${added} answered another record, ${answer.record.id} (§4.1 r3)`,
      { exchange },
    );
  else if (answer.kind === 'ambiguity')
    judgement.check(
      'SB-NARROWING',
      false,
      `the NPI of record ${recordId} names one provider, yet with ${added} added the service answers that more than one matches: a parameter the record holds cannot widen a search (§4.1 r3–r4)`,
      { exchange },
    );
  else if (answer.kind === 'none')
    judgement.check(
      'SB-NARROWING',
      false,
      verbatim
        ? `the NPI of record ${recordId} plus ${added} answered no record (${describeAnswer(exchange, answer)}), though the record holds that very value of the attribute the parameter names (§4.1 r3; whatever the matching rules, r5, a value equals itself)`
        : `the NPI of record ${recordId} plus ${added} answered no record (${describeAnswer(exchange, answer)}); the record holds that value (§4.1 r3; exact matching rules are not shown, r5)`,
      { exchange },
      verbatim ? 'MUST' : 'SHOULD',
    );
  return judgement;
}

/** SB-MATCHES-QUERY for any search: a record it answers agrees with the query's identifying parameters (§4.1). */
export function judgeAnsweredMatch(query: Record<string, string>, exchange: Exchange): Judgement {
  const judgement = new Judgement();
  const record = recordOf(exchange);
  if (record)
    judgement.problems(
      'SB-MATCHES-QUERY',
      queryMismatches(record.data, query),
      exchange,
      `the record does not match ${JSON.stringify(query)}`,
    );
  return judgement;
}
