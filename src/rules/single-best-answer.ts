import type { Exchange } from '../client/exchange';
import { carriesAmbiguityText } from './ambiguity';
import { type RecordLike, recordOf, rootKind } from './answers';
import { isJsonObject } from './json';

/**
 * What a searchSingleBest answer is, for telling a wrong probe from a wrong service:
 * - `record`: a golden record (§2.1);
 * - `malformed`: a 2xx JSON object that tries to be one (it has `id` or `data`) and is not;
 * - `array`: a JSON array, which §1 forbids whatever the query;
 * - `ambiguity`: it carries the §4.1 r4 text;
 * - `failed`: a 5xx, or a body too large to hold: the service did not answer;
 * - `unreadable`: a 2xx body that is neither JSON nor the ambiguity text;
 * - `none`: anything else, such as a 404 or a 204 or `{}`: no record (§4.1 r7 shows no form).
 */
export type SingleBestAnswer =
  { kind: 'record'; record: RecordLike } | { kind: 'malformed' | 'array' | 'ambiguity' | 'failed' | 'unreadable' | 'none' };

export function classifySingleBest(exchange: Exchange): SingleBestAnswer {
  if (exchange.status >= 500 || exchange.tooLargeBytes !== undefined) return { kind: 'failed' };
  const value = exchange.body;
  if (Array.isArray(value)) return { kind: 'array' };
  const record = recordOf(exchange);
  if (record) return { kind: 'record', record };
  if (carriesAmbiguityText(exchange)) return { kind: 'ambiguity' };
  const success = exchange.status >= 200 && exchange.status < 300;
  if (success && isJsonObject(value) && ('id' in value || 'data' in value)) return { kind: 'malformed' };
  if (success && !exchange.json.ok && (exchange.bodyText.trim() !== '' || exchange.json.unreadable)) return { kind: 'unreadable' };
  return { kind: 'none' };
}

/** The answer in words, for a probe problem: "answered 404 application/json with no record". */
export function describeAnswer(exchange: Exchange, answer: SingleBestAnswer = classifySingleBest(exchange)): string {
  const line = `${exchange.status} ${exchange.contentType || '(no content type)'}`;
  switch (answer.kind) {
    case 'record':
      return `the service answered ${line} with record ${answer.record.id}`;
    case 'ambiguity':
      return `the service answered ${line} that more than one provider matches`;
    case 'none':
      return `the service answered ${line} with no record (${rootKind(exchange)})`;
    default:
      return `the service answered ${line} with ${rootKind(exchange)}`;
  }
}
