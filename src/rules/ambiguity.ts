import { AMBIGUITY_MESSAGE } from '../spec/constants';
import type { Exchange } from '../client/exchange';

export type AmbiguityForm = 'plain text' | 'JSON string' | 'inside a JSON object';

function containsMessage(value: unknown, depth = 0): boolean {
  if (value === AMBIGUITY_MESSAGE) return true;
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  return Object.values(value).some((inner) => containsMessage(inner, depth + 1));
}

/**
 * §4.1 r4: the answer "carries the text". Its status and form are not shown (r6), so the text may
 * be the whole body (surrounding white space aside), a JSON string, or a string anywhere in JSON.
 */
export function ambiguityForm(exchange: Exchange): AmbiguityForm | undefined {
  if (exchange.json.ok) {
    if (exchange.body === AMBIGUITY_MESSAGE) return 'JSON string';
    if (containsMessage(exchange.body)) return 'inside a JSON object';
    return undefined;
  }
  return exchange.bodyText.trim() === AMBIGUITY_MESSAGE ? 'plain text' : undefined;
}

export function carriesAmbiguityText(exchange: Exchange): boolean {
  return ambiguityForm(exchange) !== undefined;
}
