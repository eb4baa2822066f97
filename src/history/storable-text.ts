/**
 * Text PostgreSQL can keep. Its text and jsonb hold neither U+0000 nor a lone surrogate, and the
 * reports carry the service's own text, which may hold both: one such character made a whole run
 * impossible to record (and the gate then judged the run before it, green). Each is kept as the
 * six characters of its JSON escape (`\u0000`, `\ud800`): visible, and never taken for the
 * character itself, since a real backslash stays a backslash.
 */
import { LONE_SURROGATE } from '../json/unicode';

const UNSTORABLE = new RegExp(`\\u0000|${LONE_SURROGATE.source}`, 'g');

const escaped = (character: string) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

export function storableText(text: string): string {
  return text.replace(UNSTORABLE, escaped);
}

/**
 * `value` with every string and member name storable, changed in place where one is not (an entry
 * is the recorder's own, and a survey's may hold millions of keys: a copy would double it).
 */
export function storable<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = storable(value[i]);
    return value;
  }
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  for (const name of Object.keys(object)) {
    const kept = storableText(name);
    const member = storable(object[name]);
    if (kept !== name) delete object[name];
    object[kept] = member;
  }
  return value;
}
