/**
 * SB-FINDABLE (§4.1 r1, r4–r5): a provider is found by its own demographics, without its NPI. The
 * record gives the query (a first and last name from one of its names, and its state) and the
 * narrowing (its own city, then its zip); which request comes next, and when the answers show
 * enough, is decided here, so that every driver asks the same requests and stops at the same place.
 */
import type { Exchange } from '../client/exchange';
import { Judgement } from './judgement';
import { classifySingleBest, describeAnswer } from './single-best-answer';
import { ownParameterValues, PLAIN_PARAMETERS, queryMismatches } from './provider';
import { isJsonObject } from './json';
import { AMBIGUITY_MESSAGE } from '../spec/constants';

type Query = Record<string, string>;

/** A search by a record's own demographics: the query, then what narrows it while the answer is the ambiguity text. */
export interface DemographicSearch {
  query: Query;
  narrowing: Query[];
}

/** The parameters of a demographic search, in words: what its rate per parameter counts. */
export const DEMOGRAPHICS = 'FirstName+LastName+State';

/** The search a record's own values make, or undefined when it has no first and last name or no state. */
export function demographicSearch(data: Record<string, unknown>): DemographicSearch | undefined {
  const own = ownParameterValues(data);
  if (own.FirstName === undefined || own.LastName === undefined || own.State === undefined) return undefined;
  const query: Query = { FirstName: own.FirstName, LastName: own.LastName, State: own.State };
  const narrowing: Query[] = [];
  if (own.City !== undefined) narrowing.push({ ...query, City: own.City });
  if (own.City !== undefined && own.Zip !== undefined) narrowing.push({ ...query, City: own.City, Zip: own.Zip });
  return { query, narrowing };
}

/**
 * The searches a record's name makes, each alone, one request, no narrowing: its whole name (§4.1
 * `Name`, "first and last"), then its first and last name. Providers met that share a name make one
 * query, which must answer the ambiguity text (judgeSharedDemographics); none for a record without
 * a first and last name.
 */
export function nameSearches(data: Record<string, unknown>): DemographicSearch[] {
  const { Name, FirstName, LastName } = ownParameterValues(data);
  return [
    ...(Name === undefined ? [] : [{ query: { Name }, narrowing: [] }]),
    ...(FirstName === undefined || LastName === undefined ? [] : [{ query: { FirstName, LastName }, narrowing: [] }]),
  ];
}

/** The next request of a demographic search, or undefined: the query, then each narrowing while the service answers the ambiguity text. */
export function nextDemographicRequest(search: DemographicSearch, answers: readonly Exchange[]): Query | undefined {
  const plan = [search.query, ...search.narrowing];
  if (answers.length === 0) return plan[0];
  if (answers.length >= plan.length || classifySingleBest(answers[answers.length - 1]).kind !== 'ambiguity') return undefined;
  return plan[answers.length];
}

/**
 * SB-FINDABLE: the answers to a demographic search of record `recordId`, in order, end in that
 * record or in the ambiguity text (a narrowing the record holds still matches several). Another
 * record, or none, fails at SHOULD: §4.1 r5 does not show the exact matching rules. An answer that
 * is no record, no ambiguity text and no "none" is left to the rules of every answer.
 */
export function judgeFoundByDemographics(recordId: string, search: DemographicSearch, answers: readonly Exchange[]): Judgement {
  const judgement = new Judgement();
  const last = answers[answers.length - 1];
  const answer = classifySingleBest(last);
  const sent = [search.query, ...search.narrowing][answers.length - 1];
  const asked = new URLSearchParams(sent).toString();
  const narrowedBy = Object.keys(sent).filter((name) => !(name in search.query));
  const own = `the record's own ${Object.keys(search.query).join(', ')}${narrowedBy.length > 0 ? `, narrowed by its own ${narrowedBy.join(', ')}` : ''}`;
  if (answer.kind === 'record')
    judgement.check(
      'SB-FINDABLE',
      answer.record.id === recordId,
      () => `a search by ${own} (${asked}) answered another record, ${answer.record.id}, not ${recordId} (§4.1 r1, r4)`,
      { exchange: last },
    );
  else if (answer.kind === 'ambiguity') judgement.check('SB-FINDABLE', true, '', { exchange: last });
  else if (answer.kind === 'none')
    judgement.check(
      'SB-FINDABLE',
      false,
      `a search by ${own} (${asked}) answered no record (${describeAnswer(last, answer)}), yet record ${recordId} holds those values (§4.1 r1; exact matching rules are not shown, r5)`,
      { exchange: last },
    );
  return judgement;
}

/**
 * SB-AMBIGUOUS (§4.1 r4), from what two records show of each other: a search of record `recordId`
 * by its own values (its demographics, or its name alone: nameSearches), which that record holds,
 * that answers another record holding them too has found two matches, and must have answered no record and the ambiguity text. Both records hold
 * every value of the query in the attribute §4.1 names plainly (queryMismatches), so no matching
 * rule (r5) can tell them apart by it; a query with a value whose comparison is not shown (Zip) proves
 * nothing. An answer of another record that does not hold the values is SB-MATCHES-QUERY's.
 */
export function judgeSharedDemographics(recordId: string, search: DemographicSearch, answers: readonly Exchange[]): Judgement {
  const judgement = new Judgement();
  const plan = [search.query, ...search.narrowing];
  for (const [i, exchange] of answers.entries()) {
    const answer = classifySingleBest(exchange);
    const sent = plan[i];
    if (answer.kind !== 'record' || answer.record.id === recordId || !isJsonObject(answer.record.data)) continue;
    if (!Object.keys(sent).every((name) => PLAIN_PARAMETERS.has(name))) continue;
    if (queryMismatches(answer.record.data, sent).length > 0) continue;
    const asked = new URLSearchParams(sent).toString();
    judgement.check(
      'SB-AMBIGUOUS',
      false,
      `the search ${asked} answered record ${answer.record.id}, yet record ${recordId} (met by its NPI) holds the same ${Object.keys(sent).join(', ')} too: with two matches it must return no record and "${AMBIGUITY_MESSAGE}" (§4.1 r4)`,
      { exchange },
    );
    return judgement;
  }
  return judgement;
}

/**
 * Whether the first answer of a demographic search is the ambiguity text: what a group of records
 * met that share the query (the survey's relations) shows when the service tells them apart rightly.
 */
export const answeredAmbiguity = (answers: readonly Exchange[]): boolean =>
  answers.length > 0 && classifySingleBest(answers[0]).kind === 'ambiguity';
