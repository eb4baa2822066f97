/**
 * ORG-FILTER-NARROWS (§4.3): a relation that needs no premise about the directory. A search answers
 * "all organization records matching the query parameters", so a filter added to it only narrows it:
 * every organization the search with one filter more answers is one the search without it answers,
 * and its total is no larger. Judged where both answers are whole: one page of Count=1000 without a
 * next link and with fewer than 1000 entries.
 */
import type { Exchange } from '../../client/exchange';
import { MAX_COUNT } from '../../spec/constants';
import { isBundle } from './bundle';
import { entriesOf, nextLink, resourceOf } from './entries';
import { Judgement } from '../judgement';
import { textOf as text } from '../json';

/** The ids of a whole answer and its total, or undefined where the answer is no bundle or may hold more than its page. */
export function wholeAnswer(exchange: Exchange): { ids: Set<string>; total?: number } | undefined {
  if (!isBundle(exchange)) return undefined;
  const entries = entriesOf(exchange.body);
  if (entries.length >= MAX_COUNT || nextLink(exchange.body) !== undefined) return undefined;
  const { total } = exchange.body as { total?: unknown };
  return {
    ids: new Set(entries.map((entry) => text(resourceOf(entry).id)).filter((id) => id !== '')),
    ...(typeof total === 'number' ? { total } : {}),
  };
}

/** The query an answer was asked with, as a finding names it. */
export const queryOf = (exchange: Exchange) => new URL(exchange.url).search;

/** Why an answer is not the whole result (wholeAnswer), in a skip's words. */
export const NOT_WHOLE = `not whole in one page of Count=${MAX_COUNT} (no bundle, a next link, or ${MAX_COUNT} entries)`;

export function judgeAddedFilter(base: Exchange, narrowed: Exchange, added: Record<string, string>): Judgement {
  const judgement = new Judgement();
  const [all, fewer] = [wholeAnswer(base), wholeAnswer(narrowed)];
  const filter = new URLSearchParams(added).toString();
  if (!all || !fewer)
    return judgement.skip('ORG-FILTER-NARROWS', {
      kind: 'precondition',
      text: `the search ${queryOf(base)} or the same with ${filter} is ${NOT_WHOLE}`,
    });
  const extra = [...fewer.ids].filter((id) => !all.ids.has(id));
  judgement.check(
    'ORG-FILTER-NARROWS',
    extra.length === 0,
    () =>
      `adding ${filter} to the search ${queryOf(base)} answered ${extra.length} organization${extra.length === 1 ? '' : 's'} the search without it does not (${extra.slice(0, 5).join(', ')}${extra.length > 5 ? ', …' : ''}): a filter only narrows (§4.3: all records matching the query parameters)`,
    { exchange: narrowed },
  );
  if (all.total !== undefined && fewer.total !== undefined)
    judgement.check(
      'ORG-FILTER-NARROWS',
      fewer.total <= all.total,
      `adding ${filter} to the search ${queryOf(base)} raised total from ${all.total} to ${fewer.total}: a filter only narrows (§4.3)`,
      { exchange: narrowed },
    );
  return judgement;
}
