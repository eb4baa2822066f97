/**
 * SB-EQUIVALENT-QUERY (§4.1 r3–r4) and ORG-EQUIVALENT-QUERY (§4.3): a relation that needs no
 * premise about the directory. Whatever a query answers, the same parameters in another order, and
 * the same with every byte percent-encoded (RFC 3986 §2.3: an encoded letter or digit is that letter
 * or digit), answer alike: the specification defines an answer by the parameters alone. The same
 * query asked again after them is the control: where it answers otherwise, the service's answers
 * move between requests (a live directory may change, so that only warns), and the other forms are
 * not judged against them.
 */
import { type Exchange, saysNothingOfTheData } from '../client/exchange';
import type { RequirementId } from '../spec/catalogue';
import { Judgement } from './judgement';
import { wholeAnswer } from './organization/added-filter';
import { isBundle } from './organization/bundle';
import { classifySingleBest } from './single-best-answer';

/** The organizations one reading holds and the other lacks, both ways, in words: empty where neither names any. */
function apart(a: Reading | undefined, b: Reading): string {
  if (!a?.ids || !b.ids) return '';
  const only = (x: readonly string[], y: readonly string[]) => x.filter((id) => !y.includes(id));
  const named = (ids: string[]) => `${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', …' : ''}`;
  const [more, fewer] = [only(a.ids, b.ids), only(b.ids, a.ids)];
  return [more.length > 0 ? `; it alone holds ${named(more)}` : '', fewer.length > 0 ? `; it lacks ${named(fewer)}` : ''].join('');
}

/** A query asked in forms that must answer alike, each with its answer; `again`: the query itself, asked last. */
export interface EquivalentRequests {
  base: Exchange;
  forms: readonly { how: string; exchange: Exchange }[];
  again: Exchange;
}

/** What equivalent answers must share (`key`), and how it is said in a finding; `ids`: the organizations of a bundle. */
export interface Reading {
  key: string;
  said: string;
  ids?: readonly string[];
}

/** searchSingleBest: the status and the kind of answer, and the record's id. */
export function singleBestReading(exchange: Exchange): Reading {
  const answer = classifySingleBest(exchange);
  const what = answer.kind === 'record' ? `record ${answer.record.id}` : answer.kind === 'ambiguity' ? 'the ambiguity text' : answer.kind;
  const said = `${exchange.status} with ${what}`;
  return { key: said, said };
}

/**
 * An organization search: the status and, of a bundle, its organizations (order aside: §4.3 r3) and
 * total; undefined where a bundle may hold more than its page.
 */
export function searchReading(exchange: Exchange): Reading | undefined {
  if (!isBundle(exchange)) return { key: String(exchange.status), said: `${exchange.status} with no bundle` };
  const whole = wholeAnswer(exchange);
  if (!whole) return undefined;
  const ids = [...whole.ids].sort();
  const total = whole.total ?? 'absent';
  return {
    key: JSON.stringify([exchange.status, ids, total]),
    said: `${exchange.status} with ${ids.length} organization${ids.length === 1 ? '' : 's'}, total ${total}`,
    ids,
  };
}

const queryOf = (exchange: Exchange) => new URL(exchange.url).search || '(no parameter)';

/**
 * Skips `id` where any of `answers` says nothing of the data (a refusal, or a failure HTTP-NO-5XX
 * judges): a relation between answers is never judged on one. Whether it skipped.
 */
export function skipUnjudgeable(judgement: Judgement, id: RequirementId, answers: readonly Exchange[]): boolean {
  const refusal = answers.find(saysNothingOfTheData);
  if (!refusal) return false;
  judgement.skip(
    id,
    refusal.status < 500
      ? { kind: 'refused', status: refusal.status, text: `${queryOf(refusal)} answered ${refusal.status}, which says nothing of the data` }
      : { kind: 'answer-unjudgeable', status: refusal.status, text: `${queryOf(refusal)} answered ${refusal.status}` },
  );
  return true;
}

export function judgeEquivalentRequests(
  id: Extract<RequirementId, 'SB-EQUIVALENT-QUERY' | 'ORG-EQUIVALENT-QUERY'>,
  reading: (exchange: Exchange) => Reading | undefined,
  { base, forms, again }: EquivalentRequests,
): Judgement {
  const judgement = new Judgement();
  if (skipUnjudgeable(judgement, id, [base, ...forms.map((form) => form.exchange), again])) return judgement;
  const first = reading(base);
  if (first === undefined)
    return judgement.skip(id, {
      kind: 'precondition',
      text: `the search ${queryOf(base)} is not whole in one page (a next link, or as many entries as Count)`,
    });
  const repeated = reading(again);
  const steady = judgement.check(
    id,
    repeated?.key === first.key,
    () =>
      `the same query ${queryOf(base)} asked again answered ${repeated?.said ?? 'a page that is not whole'}${apart(repeated, first)}, where it first answered ${first.said}: the answers move between requests, so its other forms were not judged`,
    { exchange: again },
    'SHOULD',
  );
  if (!steady) return judgement;
  for (const { how, exchange } of forms) {
    const answered = reading(exchange);
    judgement.check(
      id,
      answered?.key === first.key,
      () =>
        `${queryOf(base)} ${how} (${queryOf(exchange)}) answered ${answered?.said ?? 'a page that is not whole'}${apart(answered, first)}, where the query answered ${first.said}, before and after: the answer is the parameters' alone (${id === 'SB-EQUIVALENT-QUERY' ? '§4.1 r3–r4' : '§4.3'}; RFC 3986 §2.3: a percent-encoded letter or digit is that letter or digit)`,
      { exchange },
    );
  }
  return judgement;
}
