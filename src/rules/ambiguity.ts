import { AMBIGUITY_MESSAGE } from '../spec/constants';
import type { Exchange } from '../client/exchange';

export type AmbiguityForm = 'plain text' | 'JSON string' | 'inside a JSON object';

/** A string that carries the text: the text itself, or a longer message that holds it ("… Add State- to narrow it."). */
const carries = (value: unknown): boolean => typeof value === 'string' && value.includes(AMBIGUITY_MESSAGE);

function containsMessage(value: unknown, depth = 0): boolean {
  if (carries(value)) return true;
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  return Object.values(value).some((inner) => containsMessage(inner, depth + 1));
}

/**
 * §4.1 r4: the answer "carries the text". Its status and form are not shown (r6), so the text may
 * be the body, a JSON string, or a string anywhere in JSON, alone or inside a longer message.
 */
export function ambiguityForm(exchange: Exchange): AmbiguityForm | undefined {
  if (exchange.json.ok) {
    if (carries(exchange.body)) return 'JSON string';
    if (containsMessage(exchange.body)) return 'inside a JSON object';
    return undefined;
  }
  return carries(exchange.bodyText) ? 'plain text' : undefined;
}

export function carriesAmbiguityText(exchange: Exchange): boolean {
  return ambiguityForm(exchange) !== undefined;
}
