import { RequestError } from './errors';

/** Longest parameter value (and curated ID) the reference server accepts; longer ones get 400. */
export const MAX_VALUE_LENGTH = 256;

/** Names whose percent-encoding did not decode, kept beside the parsed values. */
const MALFORMED = Symbol('malformed');

export type RawQuery = Record<string, string | string[]> & { [MALFORMED]?: string[] };

function decode(part: string): string | undefined {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/**
 * Strict query-string parser for Fastify: a null-prototype object (so `__proto__` is a plain key),
 * repeated keys as arrays, and malformed percent-encoding remembered rather than guessed at.
 * `decodeName`: how names are decoded, as values are unless a scenario's own parser says otherwise.
 */
export function parseQueryString(queryString: string, decodeName: (part: string) => string | undefined = decode): RawQuery {
  const query: RawQuery = Object.create(null);
  for (const pair of queryString.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const rawName = equals < 0 ? pair : pair.slice(0, equals);
    const name = decodeName(rawName);
    const value = decode(equals < 0 ? '' : pair.slice(equals + 1));
    if (name === undefined || value === undefined) {
      (query[MALFORMED] ??= []).push(name ?? rawName);
      continue;
    }
    const previous = query[name];
    query[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return query;
}

/**
 * The canonical name of a parameter as sent, or undefined for an unknown one. Names are
 * case-sensitive unless a scenario says otherwise (§4.1 r8 is silent).
 */
export function parameterNames<Name extends string>(names: readonly Name[], caseInsensitive: boolean): (sent: string) => Name | undefined {
  const fold = (name: string) => (caseInsensitive ? name.toLowerCase() : name);
  const known = new Map(names.map((name) => [fold(name), name]));
  return (sent) => known.get(fold(sent));
}

/** Control characters have no place in a search value or an identifier. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

export function checkValue(what: string, value: string): void {
  if (value.length > MAX_VALUE_LENGTH)
    throw new RequestError(400, 'value-too-long', `${what} is longer than ${MAX_VALUE_LENGTH} characters`);
  if (CONTROL_CHARACTER.test(value)) throw new RequestError(400, 'invalid-character', `${what} contains a control character`);
}

/**
 * Reads a parsed query into single string values. Unknown names, repeated keys, malformed encoding,
 * empty, over-long and control-character values are client errors: 400 with a message naming the parameter.
 * `lenient`: a service that refuses none of them (§4 and §7 do not show the answer): it skips what it cannot
 * read, unknown and empty parameters, keeps the last of a repeated one, and searches any value as it is.
 */
export function readQuery(raw: RawQuery, isKnown: (name: string) => boolean, lenient = false): Map<string, string> {
  const malformed = raw[MALFORMED];
  if (malformed && !lenient)
    throw new RequestError(400, 'malformed-encoding', `query parameter "${printable(malformed[0])}" is not valid percent-encoding`);
  const parameters = new Map<string, string>();
  for (const name of Object.keys(raw)) {
    const value = raw[name];
    if (lenient) {
      const last = Array.isArray(value) ? value[value.length - 1] : value;
      if (isKnown(name) && last.trim() !== '') parameters.set(name, last);
      continue;
    }
    if (!isKnown(name))
      throw new RequestError(400, 'unknown-parameter', `unknown query parameter "${printable(name)}" (parameter names are case-sensitive)`);
    if (typeof value !== 'string') throw new RequestError(400, 'repeated-parameter', `query parameter "${name}" is given more than once`);
    if (value.trim() === '') throw new RequestError(400, 'empty-parameter', `query parameter "${name}" has no value`);
    checkValue(`query parameter "${name}"`, value);
    parameters.set(name, value);
  }
  return parameters;
}

/** A value as it may be echoed in a message: short, and control characters shown escaped. */
export function printable(value: string): string {
  const shown = JSON.stringify(value.length > 64 ? `${value.slice(0, 64)}…` : value);
  return shown.slice(1, -1);
}
