import type { ObservationDefinition } from './requirement';

/** What the suite records where the specification is silent: never judged. */
export const OBSERVATIONS = [
  {
    id: 'OBS-AMBIGUITY-RESPONSE',
    spec: '§4.1 r6, §7',
    title: 'status code, media type and form (plain text, JSON string, JSON object) of the ambiguity answer',
  },
  { id: 'OBS-NO-MATCH', spec: '§4.1 r7', title: 'answer of searchSingleBest when nothing matches' },
  { id: 'OBS-UNKNOWN-CURATED-ID', spec: '§4.2 r3', title: 'answer of sourceRecords for an unknown curated ID' },
  { id: 'OBS-ORG-NO-PARAMS', spec: '§4.3 r2', title: 'answer of the organization search with no parameter' },
  {
    id: 'OBS-ORG-NO-MATCH',
    spec: '§4.3 r2',
    title:
      'answer of the organization search when nothing matches (an empty bundle, or a 4xx with a body of its own): never judged as a bundle where nothing says the search matches',
  },
  { id: 'OBS-COUNT-OVER-LIMIT', spec: '§4.3, §8', title: 'what `Count` above 1000 does: clamped or rejected' },
  { id: 'OBS-TOTAL-ACROSS-PAGES', spec: '§4.3 r4', title: 'what `total` means when more than one page exists' },
  { id: 'OBS-PARAM-CASE', spec: '§4.1 r8', title: 'whether parameter names are case-sensitive' },
  { id: 'OBS-DEFAULT-PAGE-SIZE', spec: '§4.3', title: 'entries returned without `Count` and `Page`' },
  {
    id: 'OBS-PAGE-BEYOND-LAST',
    spec: '§4.3, §8',
    title: 'what `Page` past the last page of the `multiPage` query returns: an empty bundle, an error, or the last page again',
  },
  {
    id: 'OBS-VALUE-CASE',
    spec: '§4.1 r5, §4.3',
    title:
      'whether searchSingleBest and organization `name` values match regardless of letter case (a unique probe, and a name search, sent in lower case)',
  },
  {
    id: 'OBS-VALUE-WHITESPACE',
    spec: '§4.1 r5, §4.3',
    title: 'whether searchSingleBest and organization `name` values match regardless of surrounding spaces',
  },
  {
    id: 'OBS-CROSS-ORIGIN-LINK',
    spec: '§2.5',
    title:
      "whether `next` links stay on the base URL's origin, and the origin of one that does not (never followed: credentials stay on the base URL's origin)",
  },
  {
    id: 'OBS-CODED-VALUES',
    spec: '§2.2, §2.4, §3',
    title:
      'the values of the open lists a record holds (`Status`, `NameType` and `AddressType` kinds, `NPPESEntityType` words, and the source `index` names); drift compares those beyond the observed ones',
    fold: 'union',
  },
  {
    id: 'OBS-RATE-LIMITED',
    spec: '§8',
    title: '429 or 503 answers whose `Retry-After` the harness waited out before retrying',
    whenAbsent: 'no answer was a 429 or 503 with a Retry-After to wait out',
  },
  {
    id: 'OBS-TRANSPORT-RETRY',
    spec: '—',
    title: "transport errors (a reset connection) retried once; the retry's answer is what was judged",
    whenAbsent: 'no request needed a retry',
  },
] as const satisfies readonly ObservationDefinition[];

export type ObservationId = (typeof OBSERVATIONS)[number]['id'];
