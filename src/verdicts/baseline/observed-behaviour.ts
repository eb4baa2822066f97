import { sortedDistinctByJson } from '../../json/distinct';
import type { ObservationId } from '../../spec/catalogue';
import { isJsonObject } from '../../rules/json';
import { unlistedCodedValues } from '../../rules/provider';

/** The media type without its parameters: a charset that comes or goes is not a change clients notice. */
const essence = (mediaType: unknown) => (typeof mediaType === 'string' ? mediaType.split(';')[0].trim().toLowerCase() : mediaType);

/** What kind of body an answer had: its JSON members and their types, or text, never its words. */
function bodyShape(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  if (body.trim() === '') return 'empty';
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return 'text';
  }
  if (Array.isArray(value)) return 'JSON array';
  if (!isJsonObject(value)) return `JSON ${value === null ? 'null' : typeof value}`;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, Array.isArray(value[key]) ? 'array' : value[key] === null ? 'null' : typeof value[key]]),
  );
}

/** An answer summary (status, media type, body) as behaviour: the body's shape, not its text. */
function answer(value: unknown): unknown {
  if (!isJsonObject(value)) return value;
  const { mediaType, body, ...rest } = value;
  return {
    ...rest,
    ...(mediaType !== undefined ? { mediaType: essence(mediaType) } : {}),
    ...(body !== undefined ? { body: bodyShape(body) } : {}),
  };
}

const same = (value: unknown) => value;

/** The two readings of `total` across pages (§4.3 r4), as OBS-TOTAL-ACROSS-PAGES records them. */
const TOTAL_MEANINGS = ['all matches', "the page's count"] as const;

/**
 * What `total` means, without the counts the directory puts in it: the reading a walk recorded, or
 * the type of a `total` that is no number. A report of a version before the reading was a field of
 * its own gave it as the opening words of a sentence ("all matches: total 156, …"): those words, and
 * only them, stand for it.
 */
function totalMeaning(value: unknown): unknown {
  if (isJsonObject(value)) return typeof value.meaning === 'string' ? value.meaning : { total: typeof value.total };
  if (typeof value === 'string') return TOTAL_MEANINGS.find((meaning) => value.startsWith(`${meaning}:`)) ?? value;
  return value;
}

/** The members of a recorded object that describe behaviour; the rest (page numbers, values sent) is data. */
const pick = (value: unknown, keys: readonly string[]) =>
  isJsonObject(value) ? Object.fromEntries(keys.filter((k) => k in value).map((k) => [k, value[k]])) : value;

/**
 * For each observation, the part of one recorded value that describes the service's behaviour
 * rather than its data, so that a directory that grows does not drift: `total 156` becomes "all
 * matches", a message's words become the body's shape. `null`: an event of the run (a retry, a
 * rate limit), not behaviour, never compared.
 */
const BEHAVIOUR: Record<ObservationId, ((value: unknown) => unknown) | null> = {
  'OBS-AMBIGUITY-RESPONSE': answer,
  'OBS-NO-MATCH': answer,
  'OBS-UNKNOWN-CURATED-ID': answer,
  'OBS-ORG-NO-PARAMS': answer,
  'OBS-ORG-NO-MATCH': answer,
  'OBS-COUNT-OVER-LIMIT': same,
  'OBS-TOTAL-ACROSS-PAGES': totalMeaning,
  // The names sent are the probes'; whether another case gives the same results is behaviour.
  'OBS-PARAM-CASE': (value) => pick(value, ['endpoint', 'outcome']),
  // A page of every match grows with the directory: "every match", not its count.
  'OBS-DEFAULT-PAGE-SIZE': (value) => {
    if (!isJsonObject(value)) return value;
    const { total, entries, ...rest } = value;
    return { ...rest, entries: typeof total === 'number' && entries === total ? 'every match' : entries, total: typeof total };
  },
  'OBS-PAGE-BEYOND-LAST': (value) => pick(value, ['status', 'outcome']),
  'OBS-VALUE-CASE': (value) => pick(value, ['endpoint', 'outcome']),
  'OBS-VALUE-WHITESPACE': (value) => pick(value, ['endpoint', 'outcome']),
  // Where the links point is the deployment's; whether they leave the base URL's origin is behaviour.
  'OBS-CROSS-ORIGIN-LINK': (value) => pick(value, ['nextLinks']),
  // Which values beyond the ones §2.4 observes the service uses: its vocabulary, not how often the data holds them.
  'OBS-CODED-VALUES': (value) => (isJsonObject(value) ? unlistedCodedValues(value) : value),
  'OBS-RATE-LIMITED': null,
  'OBS-TRANSPORT-RETRY': null,
};

/**
 * The behaviour an observation's value shows, or undefined for an event: the one comparable form of
 * every observation, which baseline drift, `matrix` and `history check` all compare, so that an
 * echoed request value or a directory that grew is never a change of behaviour. A value that lists several
 * answers is projected answer by answer, without duplicates, in a fixed order: runs finish tests
 * in different orders.
 */
export function observedBehaviour(id: ObservationId, value: unknown): unknown {
  const project = BEHAVIOUR[id];
  if (!project) return undefined;
  if (!Array.isArray(value)) return project(value);
  const projected = sortedDistinctByJson(value.map((v) => project(v)));
  return projected.length === 1 ? projected[0] : projected;
}
