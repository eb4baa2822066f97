/**
 * One provider of the survey: the single-best search by its NPI (§4.1), and, when a golden record
 * comes back, its source records (§4.2), judged by the rules the conformance run uses. A failing
 * golden value is traced to the source records that hold it: a data steward fixes a feed.
 */
import type { DirectoryEndpoints } from '../client/endpoints';
import type { Exchange } from '../client/exchange';
import { serviceText, type Redact, type Judgement, isJsonObject, objectsIn, datasetOf, classifySingleBest } from '../rules/rulebook';
import { isWellFormed } from '../json/unicode';
import { judgeSurveyed, judgeSurveyedAnswer } from './subjects';
import { atPointer } from '../json/pointer';
import type { NpiLine } from './npi-input';
import type { ProviderUnit, RecordFailure } from './records';
import type { TimedRequests } from './timed-requests';
import { recordVerdict } from './record-verdict';

/** The longest coded value kept as observed; a longer one is cut, as every value a report shows. */
const MAX_VALUE_CHARS = 200;

/** Every string of a value, nested ones too. */
function stringsWithin(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsWithin);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsWithin);
  return [];
}

/**
 * The source datasets behind a failure: the failing element's own dataset for a failure in the
 * source records, or the datasets of the source records whose data holds the failing golden value.
 */
function sourcesOf(failure: RecordFailure, golden: Exchange, sources: Exchange | undefined): string[] {
  if (!sources?.json.ok || !Array.isArray(sources.body)) return [];
  const elements = objectsIn(sources.body);
  if (failure.url === sources.url) {
    const position = Number(/^\/(\d+)/.exec(failure.pointer)?.[1]);
    return Number.isInteger(position) && elements[position] ? [datasetOf(elements[position])] : [];
  }
  if (failure.id === 'SR-COVERS-GOLDEN') return [];
  const failing = new Set(stringsWithin(atPointer(golden.body, failure.pointer)).filter((v) => v !== ''));
  if (failing.size === 0) return [];
  const holding = elements.filter((e) => isJsonObject(e.data) && stringsWithin(e.data).some((v) => failing.has(v)));
  return [...new Set(holding.map(datasetOf))].sort();
}

/**
 * OBS-CODED-VALUES as the rules recorded it for this record (golden and source records: attribute →
 * values), counted by the survey as "Attribute: value", each once a record.
 */
function codedValuesObserved(judgement: Judgement, redact: Redact): string[] {
  const held = judgement
    .observationRecords(redact)
    .filter((o) => o.id === 'OBS-CODED-VALUES' && isJsonObject(o.value))
    .flatMap((o) =>
      Object.entries(o.value as Record<string, unknown>).flatMap(([attribute, values]) =>
        (Array.isArray(values) ? values : []).filter((v): v is string => typeof v === 'string').map((v) => `${attribute}: ${v}`),
      ),
    );
  return [...new Set(held)];
}

/** Surveys one NPI; a request without an answer about the data throws (TimedRequests), with `requests` holding what was asked. */
export async function surveyProvider(
  endpoints: DirectoryEndpoints,
  { line, npi }: NpiLine,
  redact: Redact,
  requests: TimedRequests,
): Promise<ProviderUnit> {
  const label = `NPI ${npi} (survey line ${line})`;
  const search = await requests.ask('searchSingleBest', () => endpoints.searchSingleBest({ NPI: npi }));
  const judgement = judgeSurveyedAnswer('searchSingleBest', search);
  const answer = classifySingleBest(search);
  let sources: Exchange | undefined;
  if (answer.kind === 'record' || answer.kind === 'malformed') {
    judgement.add(judgeSurveyed('unique-search', { probe: label, query: { NPI: npi }, exchange: search }));
  }
  if (answer.kind === 'record' && isWellFormed(answer.record.id)) {
    const { record } = answer;
    sources = await requests.ask('sourceRecords', () => endpoints.sourceRecords(record.id));
    judgement
      .add(judgeSurveyedAnswer('sourceRecords', sources))
      .add(judgeSurveyed('source-records', { golden: record, exchange: sources }));
  }
  const exchanges = new Map([search, ...(sources ? [sources] : [])].map((e) => [e.url, e]));
  const verdict = recordVerdict(npi, judgement, {
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
    // A value is shown, never held whole: a service's 1 MiB code would make survey.json a megabyte.
    values: [...new Set(codedValuesObserved(judgement, redact).map((value) => serviceText(value, MAX_VALUE_CHARS)))].sort(),
  };
}
