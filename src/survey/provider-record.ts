/**
 * One provider of the survey: the single-best search by its NPI (§4.1), and, when a golden record
 * comes back, its source records (§4.2), judged by the rules the conformance run uses. A failing
 * golden value is traced to the source records that hold it: a data steward fixes a feed.
 */
import type { DirectoryEndpoints } from '../client/endpoints';
import type { Exchange } from '../client/exchange';
import {
  serviceText,
  type Redact,
  type Judgement,
  isJsonObject,
  objectsIn,
  datasetOf,
  classifySingleBest,
  DEMOGRAPHICS,
  dashedName,
  meetDemographicSearch,
  meetNameSearches,
  meetOptionalParameter,
  meetOwnValueNarrowing,
  meetParameterSweep,
  ownParameterValues,
  type Subjects,
  unusedUnmatchable,
  answeredAmbiguity,
  readData,
} from '../rules/rulebook';
import { type DemographicRelation, demographicGroup } from './relations';
import type { RequirementId } from '../spec/catalogue';
import { outcomeOf, type RecordSearches, type SearchOutcome } from './findability-rates';
import { isWellFormed } from '../json/unicode';
import { judgeSurveyed, judgeSurveyedAnswer } from './subjects';
import { atPointer } from '../json/pointer';
import type { NpiLine } from './npi-input';
import type { ProviderUnit, RecordFailure } from './records';
import type { TimedRequests } from './timed-requests';
import { recordVerdict } from './record-verdict';
import { providerDigests } from '../export/compare';
import { GOLDEN, providerQuality, type QualityLists, type RecordQuality } from '../quality/record-quality';

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
 * Whether a value a record holds is the one searched: a number by its digits (a phone's
 * punctuation and a leading country code 1, a ZIP+4's last four aside), any other text trimmed, in
 * any case. It only attributes a search to a feed: it judges nothing.
 */
function sameValue(held: string, searched: string): boolean {
  if (!/^\d+$/.test(searched)) return held.trim().toUpperCase() === searched.trim().toUpperCase();
  const digits = held.replace(/\D/g, '');
  return digits === searched || digits === `1${searched}` || (digits.length === 9 && digits.startsWith(searched));
}

/** A source record's dataset (§2.2 `index`) as the survey shows it: the service's text, redacted and cut as every value a report shows. */
const shownDataset = (element: Record<string, unknown>, redact: Redact): string => serviceText(redact(datasetOf(element)), MAX_VALUE_CHARS);

/** The source datasets (§2.2 `index`) whose source records hold every one of `values`, each once, in name order. */
function datasetsHolding(elements: readonly Record<string, unknown>[], values: readonly string[], redact: Redact): string[] {
  const holding = elements.filter((element) => {
    const held = stringsWithin(element.data);
    return values.every((value) => held.some((h) => sameValue(h, value)));
  });
  return [...new Set(holding.map((element) => shownDataset(element, redact)))].sort();
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

/**
 * With --findability, a provider found by its NPI, asked for again five ways (§4.1): its NPI with
 * one unmatchable parameter, dashed (SB-OPTIONAL-DASH) and plain (SB-STRICT-PARAM), and with one
 * plain parameter holding its own value (SB-NARROWING), each chosen by the NPI's line so that the
 * survey covers every parameter;
 * its demographics without the NPI (SB-FINDABLE), as the rule asks them; and its name alone. Every
 * answer is judged as every answer is, and against its query (SB-MATCHES-QUERY); the searches by
 * demographics and by name, for another record holding the same values (SB-AMBIGUOUS), and their
 * keys go to the relations between the records met (relations.ts).
 */
async function findable(
  endpoints: DirectoryEndpoints,
  { line, npi }: NpiLine,
  record: { id: string; data: Record<string, unknown>; sources: readonly Record<string, unknown>[] },
  { requests, redact }: { requests: TimedRequests; redact: Redact },
): Promise<{
  judgements: Judgement[];
  searches: RecordSearches;
  answers: Exchange[];
  demographics?: DemographicRelation;
  names?: DemographicRelation;
}> {
  const judgements: Judgement[] = [];
  const searches: [string, SearchOutcome, string[]][] = [];
  const answers: Exchange[] = [];
  const ask = async (query: Record<string, string>) => {
    const exchange = await requests.ask('searchSingleBest', () => endpoints.searchSingleBest(query));
    answers.push(exchange);
    judgements.push(judgeSurveyedAnswer('searchSingleBest', exchange));
    return exchange;
  };
  /** `values`: the record's own values searched, to count the search under each source dataset holding them all. */
  const searched = (parameter: string, id: RequirementId, judgement: Judgement, values: readonly string[]) => {
    judgements.push(judgement);
    searches.push([parameter, outcomeOf(judgement, id), values.length > 0 ? datasetsHolding(record.sources, values, redact) : []]);
  };
  const asking = { searchSingleBest: ask };
  const base = { NPI: npi };
  const unmatchable = unusedUnmatchable(base);
  const chosen = unmatchable[line % unmatchable.length];
  const optional = await meetOptionalParameter(asking, base, record.id, chosen);
  searched(dashedName(chosen[0]), 'SB-OPTIONAL-DASH', judgeSurveyed('optional-parameter', optional), []);
  // The same parameter without the dash: the suite's sweep (SB-STRICT-PARAM) one parameter a record,
  // so that a parameter the service ignores (City, or City only when State is given) shows within 17
  // providers. A record answered is also in no such place (SB-MATCHES-QUERY).
  judgements.push(judgeSurveyed('parameter-sweep', await meetParameterSweep(asking, base, record, [chosen], optional.exchange)));
  const ownValues = ownParameterValues(record.data);
  const plain = Object.entries(ownValues).filter(([parameter]) => parameter !== 'NPI');
  if (plain.length > 0) {
    const narrowing = await meetOwnValueNarrowing(asking, base, record.id, plain[line % plain.length]);
    searched(
      narrowing.parameter,
      'SB-NARROWING',
      judgeSurveyed('own-value-narrowing', narrowing),
      // A whole name is held as its parts (§2.4 Name: FirstName, LastName).
      narrowing.parameter === 'Name' ? [ownValues.FirstName, ownValues.LastName] : [narrowing.value],
    );
  }
  /** A search by the record's own values, judged for another record holding them too, and its key for the relations. */
  const shared = (met: Subjects['shared-demographics']): DemographicRelation => {
    judgements.push(judgeSurveyed('shared-demographics', met));
    return { group: demographicGroup(met.search), id: record.id, ambiguous: answeredAmbiguity(met.answers) };
  };
  // A record without a first and last name or a state makes no demographic search (its plan says so): nothing to count.
  const demographics = await meetDemographicSearch(asking, record);
  let demographicRelation: DemographicRelation | undefined;
  if (!('unmet' in demographics)) {
    searched(DEMOGRAPHICS, 'SB-FINDABLE', judgeSurveyed('demographic-search', demographics), Object.values(demographics.search.query));
    demographicRelation = shared(demographics);
  }
  // The relations group providers by their whole name (the first name search); each name search is judged.
  const [names] = (await meetNameSearches(asking, record)).map(shared);
  return {
    judgements,
    searches,
    answers,
    ...(demographicRelation ? { demographics: demographicRelation } : {}),
    ...(names ? { names } : {}),
  };
}

/**
 * The scorecard's measures of what the search by NPI showed (measures.ts): the golden record's and
 * each source record's, under its dataset; an NPI that several golden records hold (the ambiguity
 * text) is DQ-NPI-SHARED, one that a single record holds holds it.
 */
function providerRecordQuality(
  answer: ReturnType<typeof classifySingleBest>,
  sources: Exchange | undefined,
  lists: QualityLists,
  redact: Redact,
): RecordQuality[] {
  if (answer.kind === 'ambiguity') return [{ dataset: GOLDEN, holds: [], fails: ['DQ-NPI-SHARED'] }];
  if (answer.kind !== 'record' || !isJsonObject(answer.record.data)) return [];
  const golden = providerQuality(GOLDEN, answer.record.data, lists);
  const elements = sources?.json.ok && Array.isArray(sources.body) ? objectsIn(sources.body) : [];
  return [
    { ...golden, holds: [...golden.holds, 'DQ-NPI-SHARED'] },
    ...elements.flatMap((element) =>
      isJsonObject(element.data) ? [providerQuality(shownDataset(element, redact), readData(element.data), lists)] : [],
    ),
  ];
}

/** Surveys one NPI; a request without an answer about the data throws (TimedRequests), with `requests` holding what was asked. */
export async function surveyProvider(
  endpoints: DirectoryEndpoints,
  { line, npi }: NpiLine,
  { redact, findability, lists }: { redact: Redact; findability: boolean; lists: QualityLists },
  requests: TimedRequests,
): Promise<ProviderUnit> {
  const label = `NPI ${npi} (survey line ${line})`;
  const search = await requests.ask('searchSingleBest', () => endpoints.searchSingleBest({ NPI: npi }));
  const judgement = judgeSurveyedAnswer('searchSingleBest', search);
  const answer = classifySingleBest(search);
  let sources: Exchange | undefined;
  if (answer.kind === 'record' || answer.kind === 'malformed') {
    judgement.add(judgeSurveyed('unique-search', { probe: label, exchange: search }));
  }
  let searched: Awaited<ReturnType<typeof findable>> | undefined;
  if (answer.kind === 'record' && isWellFormed(answer.record.id)) {
    const { record } = answer;
    sources = await requests.ask('sourceRecords', () => endpoints.sourceRecords(record.id));
    judgement
      .add(judgeSurveyedAnswer('sourceRecords', sources))
      .add(judgeSurveyed('source-records', { golden: record, exchange: sources }));
    if (findability && isJsonObject(record.data)) {
      const elements = sources.json.ok && Array.isArray(sources.body) ? objectsIn(sources.body) : [];
      searched = await findable(endpoints, { line, npi }, { id: record.id, data: record.data, sources: elements }, { requests, redact });
      for (const found of searched.judgements) judgement.add(found);
    }
  }
  const exchanges = new Map([search, ...(sources ? [sources] : []), ...(searched?.answers ?? [])].map((e) => [e.url, e]));
  const verdict = recordVerdict(npi, judgement, {
    redact,
    exchangeOf: (url) => exchanges.get(url),
    place: (failure) => ({ ...failure, sources: sourcesOf(failure, search, sources).map(redact) }),
  });
  return {
    kind: 'provider',
    line,
    npi,
    found: answer.kind === 'record',
    ...(['failed', 'unreadable', 'malformed', 'array'].includes(answer.kind) ? { unreadable: true as const } : {}),
    requests: requests.outcomes,
    verdict,
    ...(findability && answer.kind === 'record' ? { findability: searched?.searches ?? [] } : {}),
    ...(searched?.demographics ? { demographics: searched.demographics } : {}),
    ...(searched?.names ? { names: searched.names } : {}),
    quality: providerRecordQuality(answer, sources, lists, redact),
    ...(answer.kind === 'record' && isJsonObject(answer.record.data) ? { fields: providerDigests(answer.record.data) } : {}),
    // A value is shown, never held whole: a service's 1 MiB code would make survey.json a megabyte.
    values: [...new Set(codedValuesObserved(judgement, redact).map((value) => serviceText(value, MAX_VALUE_CHARS)))].sort(),
  };
}
