/** GET {PROVIDER_PATH}/sourceRecords/{curatedID} (§4.2): the source records behind a golden record. */
import { readData } from './attributes';
import type { Exchange } from '../client/exchange';
import { SCHEMA } from '../schema-validation/validator';
import { answerSummary, isJsonArray, type RecordLike, rootKind } from './answers';
import { Judgement } from './judgement';
import { isJsonObject, type JsonObject, objectsIn, stringsIn } from './json';
import { codedValues, codeProblems, npiProblems, uncoveredGoldenValues } from './provider';

/** A source record's data, its attributes read as §2.3 r4 allows: one source may spell a name another spells otherwise. */
const dataOf = (element: JsonObject): JsonObject | undefined => (isJsonObject(element.data) ? readData(element.data) : undefined);

/** The `data` objects of a sourceRecords answer's elements, those that have one. */
export function sourceData(exchange: Exchange): JsonObject[] {
  return objectsIn(exchange.body)
    .map(dataOf)
    .filter((d) => d !== undefined);
}

/**
 * SR-ROOT-ARRAY, SR-ELEMENT-SHAPE and the provider data rules over the answer for a known curated
 * ID; the source index names and the open coded values are observed (§2.2 names kinds, not names).
 */
export function judgeSourceRecords(curatedId: string, exchange: Exchange): Judgement {
  const judgement = new Judgement();
  const isArray = isJsonArray(exchange);
  // An error for a curated ID the service's own search returned says so first: that is the fault, the body's shape follows from it.
  const notAnArray = () =>
    exchange.status >= 400
      ? `the service answered ${exchange.status} to curated ID ${curatedId}, which its own search returned; the answer is ${rootKind(exchange)}, not a JSON array of source records (§4.2)`
      : `the answer is ${rootKind(exchange)}, not a JSON array (§4.2)`;
  if (!judgement.check('SR-ROOT-ARRAY', isArray, notAnArray, { exchange })) return judgement;
  const elements = objectsIn(exchange.body);
  const empty = `curated ID ${curatedId} came from a search, yet its source-record array is empty`;
  judgement.check('SR-ROOT-ARRAY', (exchange.body as unknown[]).length > 0, empty, { exchange });
  judgement.schema(SCHEMA.sourceRecords, exchange.body, exchange);
  const data = elements.map(dataOf);
  const codes = data.flatMap((d, i) => (d ? codeProblems(d, `/${i}/data`) : []));
  judgement.problems('DATA-CODES', codes, exchange, 'binary codes outside their §2.4 values');
  const npis = data.flatMap((d, i) => (d ? npiProblems(d, `/${i}/data`) : []));
  judgement.problems('DATA-NPI-CHECKDIGIT', npis, exchange, 'NPI values with a bad check digit');
  const index = elements.map((e) => e.index).filter((name): name is string => typeof name === 'string');
  judgement.observe('OBS-CODED-VALUES', { index: [...new Set(index)] });
  for (const d of data) if (d && Object.keys(codedValues(d)).length > 0) judgement.observe('OBS-CODED-VALUES', codedValues(d));
  return judgement;
}

/**
 * SR-COVERS-GOLDEN: the source records are the golden record's (§4.2, §1). When they carry NPIs and
 * none is an NPI of the golden record, they make up another provider: a contradiction under every
 * reading (MUST). With the identity shared, a golden identifier no merge can derive (an NPI, a
 * ContactId, a DEA number) that no source holds shows a source record missing (MUST); a Phone or
 * State, which a merge may normalise, is a near miss (§2.4: a golden record merges its sources; SHOULD).
 */
export function judgeCoversGolden(golden: RecordLike, exchange: Exchange): Judgement {
  const sources = sourceData(exchange);
  // Nothing to set against the golden record: SR-ROOT-ARRAY and SR-ELEMENT-SHAPE say why, whichever driver asked.
  if (sources.length === 0)
    return new Judgement().skip('SR-COVERS-GOLDEN', {
      kind: 'answer-unjudgeable',
      status: exchange.status,
      see: 'SR-ROOT-ARRAY',
      text: `sourceRecords/${golden.id} returned no element with data (see SR-ROOT-ARRAY)`,
    });
  const goldenNpis = stringsIn(readData(golden.data).NPI).filter((npi) => npi.trim() !== '');
  const sourceNpis = [...new Set(sources.flatMap((s) => stringsIn(s.NPI)).filter((npi) => npi.trim() !== ''))];
  const shared = sourceNpis.some((npi) => goldenNpis.includes(npi));
  if (goldenNpis.length > 0 && sourceNpis.length > 0 && !shared)
    return new Judgement().problems(
      'SR-COVERS-GOLDEN',
      [
        {
          level: 'MUST',
          message: `no source record carries an NPI of golden record ${golden.id} (${goldenNpis.join(', ')}); they carry ${sourceNpis.slice(0, 5).join(', ')}${sourceNpis.length > 5 ? ', …' : ''}: these are another provider's records`,
        },
      ],
      exchange,
      `the source records answered for curated ID ${golden.id} are not its own (§4.2: every source record that makes up that golden record)`,
    );
  const uncovered = uncoveredGoldenValues(readData(golden.data), sources);
  const what = `golden record ${golden.id} holds values that none of its ${sources.length} source records holds (§1, §4.2: every source record that makes up that golden record; §2.4: a golden record merges its sources)`;
  return new Judgement().problems('SR-COVERS-GOLDEN', uncovered, exchange, what);
}

/** SR-STABLE: two calls for one curated ID answer the same set of source-record ids, order aside (§4.2 r2). */
export function judgeStable(first: Exchange, second: Exchange): Judgement {
  const ids = (exchange: Exchange) =>
    objectsIn(exchange.body)
      .map((e) => String(e.id))
      .sort();
  const [a, b] = [ids(first), ids(second)];
  const judgement = new Judgement();
  judgement.check(
    'SR-STABLE',
    JSON.stringify(a) === JSON.stringify(b),
    `the second call returned ids ${JSON.stringify(b)}, the first ${JSON.stringify(a)} (§4.2 r2: order aside, the set is the record's)`,
    { exchange: second },
  );
  return judgement;
}

/** OBS-UNKNOWN-CURATED-ID: what sourceRecords answers for a curated ID that does not exist (§4.2 r3: not shown). */
export function observeUnknownCuratedId(exchange: Exchange): Judgement {
  return new Judgement().observe('OBS-UNKNOWN-CURATED-ID', answerSummary(exchange));
}
