/**
 * One provider of the survey: the single-best search by its NPI (§4.1), and, when a golden record
 * comes back, its source records (§4.2), judged by the rules the conformance run uses. A failing
 * golden value is traced to the source records that hold it: a data steward fixes a feed.
 */
import type { DirectoryEndpoints } from '../client/endpoints';
import type { Exchange } from '../client/exchange';
import { isWellFormed } from '../json/unicode';
import { judgeHttp } from '../rules/http';
import { Judgement, type Redact } from '../rules/judgement';
import { isJsonObject, objectsIn, stringsIn } from '../rules/json';
import { codedValuesHeld } from '../rules/provider';
import { judgeMatchesQuery, judgeNoArray, judgeUniqueRecord } from '../rules/search-single-best';
import { classifySingleBest } from '../rules/single-best-answer';
import { judgeCoversGolden, judgeSourceRecords } from '../rules/source-records';
import { atPointer } from '../json/pointer';
import type { NpiLine } from './npi-input';
import type { ProviderUnit, RecordFailure, RequestOutcome } from './records';
import { requirementSet, verdictOf } from './record-verdict';

/** What a provider record is counted under: its shape and data rules on both endpoints, and the HTTP rules of its answers. */
export const PROVIDER_REQUIREMENTS = requirementSet(
  'HTTP-NO-5XX',
  'HTTP-JSON',
  'SB-ROOT-OBJECT',
  'SB-RECORD-SHAPE',
  'SB-MATCHES-QUERY',
  'DATA-SHAPE',
  'DATA-FORMATS',
  'DATA-CODES',
  'DATA-NPI-CHECKDIGIT',
  'SR-ROOT-ARRAY',
  'SR-ELEMENT-SHAPE',
  'SR-COVERS-GOLDEN',
);

/** Requests of one unit, with their timings, whatever becomes of the unit. */
export class TimedRequests {
  readonly outcomes: RequestOutcome[] = [];

  async ask(endpoint: RequestOutcome['endpoint'], request: () => Promise<Exchange>): Promise<Exchange> {
    const started = performance.now();
    try {
      const exchange = await request();
      this.outcomes.push({ endpoint, status: exchange.status, ms: exchange.durationMs });
      return exchange;
    } catch (error) {
      this.outcomes.push({ endpoint, ms: Math.round(performance.now() - started) });
      throw error;
    }
  }
}

/** Every string of a value, nested ones too. */
function stringsWithin(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsWithin);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsWithin);
  return [];
}

/**
 * The source datasets behind a failure: the failing element's own `index` for a failure in the
 * source records, or the indexes of the source records whose data holds the failing golden value.
 */
function sourcesOf(failure: RecordFailure, golden: Exchange, sources: Exchange | undefined): string[] {
  if (!sources?.json.ok || !Array.isArray(sources.body)) return [];
  const elements = objectsIn(sources.body);
  const indexOf = (element: Record<string, unknown>) =>
    stringsIn(element.index)[0] ?? (typeof element.index === 'string' ? element.index : '');
  if (failure.url === sources.url) {
    const position = Number(/^\/(\d+)/.exec(failure.pointer)?.[1]);
    return Number.isInteger(position) && elements[position] ? [indexOf(elements[position])].filter(Boolean) : [];
  }
  if (failure.id === 'SR-COVERS-GOLDEN') return [];
  const failing = new Set(stringsWithin(atPointer(golden.body, failure.pointer)).filter((v) => v !== ''));
  if (failing.size === 0) return [];
  const holding = elements.filter((e) => isJsonObject(e.data) && stringsWithin(e.data).some((v) => failing.has(v)));
  return [...new Set(holding.map(indexOf).filter(Boolean))].sort();
}

/** Surveys one NPI; a request without an HTTP answer throws (TransportError), with `requests` holding what was asked. */
export async function surveyProvider(
  endpoints: DirectoryEndpoints,
  { line, npi }: NpiLine,
  redact: Redact,
  requests: TimedRequests,
): Promise<ProviderUnit> {
  const label = `NPI ${npi} (survey line ${line})`;
  const search = await requests.ask('searchSingleBest', () => endpoints.searchSingleBest({ NPI: npi }));
  const judgement = new Judgement().add(judgeHttp(search, { ambiguityAllowed: true })).add(judgeNoArray(search));
  const answer = classifySingleBest(search);
  let sources: Exchange | undefined;
  const values: string[] = [];
  if (answer.kind === 'record' || answer.kind === 'malformed') {
    judgement.add(judgeUniqueRecord(label, search)).add(judgeMatchesQuery(label, { NPI: npi }, search));
  }
  if (answer.kind === 'record' && isWellFormed(answer.record.id)) {
    const { record } = answer;
    values.push(...codedValuesHeld(record.data));
    sources = await requests.ask('sourceRecords', () => endpoints.sourceRecords(record.id));
    judgement.add(judgeHttp(sources)).add(judgeSourceRecords(record.id, sources)).add(judgeCoversGolden(record, sources));
    if (sources.json.ok && Array.isArray(sources.body))
      for (const element of objectsIn(sources.body)) {
        if (typeof element.index === 'string') values.push(`index: ${element.index}`);
        if (isJsonObject(element.data)) values.push(...codedValuesHeld(element.data));
      }
  }
  const exchanges = new Map([search, ...(sources ? [sources] : [])].map((e) => [e.url, e]));
  const verdict = verdictOf(npi, judgement, {
    counts: PROVIDER_REQUIREMENTS,
    redact,
    exchangeOf: (url) => exchanges.get(url),
    place: (failure) => ({ ...failure, sources: sourcesOf(failure, search, sources) }),
  });
  return {
    kind: 'provider',
    line,
    npi,
    found: answer.kind === 'record',
    requests: requests.outcomes,
    verdict,
    values: [...new Set(values)].sort(),
  };
}
