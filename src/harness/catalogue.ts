/**
 * The requirement catalogue: every requirement the suite checks and every observation it records,
 * as data. Tests name these ids; the reporter and the README table are built from this list.
 */
export type Level = 'MUST' | 'SHOULD';

export interface Requirement {
  id: string;
  level: Level;
  /** Where in the specification the rule comes from. */
  spec: string;
  /** What is checked. */
  title: string;
}

export interface ObservationDefinition {
  id: string;
  /** The silent spot of the specification it records. */
  spec: string;
  title: string;
  /** For an observation of events rather than of a test: what its absence means. */
  whenAbsent?: string;
  /** `union`: values are objects of string lists, merged key by key rather than listed side by side. */
  fold?: 'union';
}

export const REQUIREMENTS = [
  {
    id: 'SB-ROOT-OBJECT',
    level: 'MUST',
    spec: '§1, §4.1 r3',
    title: 'searchSingleBest never answers with a JSON array; a unique match answers with an object',
  },
  { id: 'SB-RECORD-SHAPE', level: 'MUST', spec: '§2.1', title: 'a unique match has `id` (non-empty string) and `data` (object)' },
  {
    id: 'SB-MATCHES-QUERY',
    level: 'MUST',
    spec: '§4.1',
    title:
      "the record agrees with the query's non-optional identifying parameters: NPI among `data.NPI`; first and last name in a `Name` entry (case-insensitive); state in `State` or an address",
  },
  {
    id: 'SB-AMBIGUOUS',
    level: 'MUST',
    spec: '§4.1 r4, §7',
    title: 'an ambiguous query returns no record and carries exactly `Search returned more than one result.`',
  },
  {
    id: 'SB-NARROWING',
    level: 'MUST',
    spec: '§4.1 r4',
    title: 'an ambiguous query plus `narrowedBy` returns one record that matches every parameter',
  },
  {
    id: 'SB-OPTIONAL-DASH',
    level: 'MUST',
    spec: '§4.1 r1–r2',
    title: 'a unique query plus a non-matching dash parameter returns the same record (same id)',
  },
  {
    id: 'SB-STRICT-PARAM',
    level: 'SHOULD',
    spec: '§4.1 r2, r5',
    title:
      'every §4.1 parameter for which a value no provider can have exists (all but `LicenseStatus`), added without the dash to a unique query, stops that record being returned; each ignored parameter is named',
  },
  { id: 'SB-NO-MATCH', level: 'MUST', spec: '§1', title: 'a `none` query returns no record and no array' },
  { id: 'DATA-SHAPE', level: 'MUST', spec: '§2.3, §2.4', title: 'golden and source `data` follow §2.3, including its allowed variants' },
  {
    id: 'DATA-FORMATS',
    level: 'MUST',
    spec: '§2.3.5–6',
    title:
      'phones (`Phone`, `AddressPhone`, `FaxPhoneNumber`) are 10 digits; `Zip` is 5 or 9 digits; dates use the three listed formats; `""` is allowed',
  },
  {
    id: 'DATA-CODES',
    level: 'SHOULD',
    spec: '§2.4',
    title:
      'the binary codes whose observed values are the whole code: `Gender` M/F; `IsSoleProprietor`, `BoardCertified`, `AcceptMedicaid`, `Discipline` Y/N; `TaxonomySwitch` true/false (open lists are observed: OBS-CODED-VALUES)',
  },
  { id: 'DATA-NPI-CHECKDIGIT', level: 'SHOULD', spec: 'domain', title: 'NPI values are 10 digits with a valid check digit' },
  {
    id: 'SR-ROOT-ARRAY',
    level: 'MUST',
    spec: '§4.2',
    title: 'sourceRecords for a known curated ID answers with a JSON array of at least one element',
  },
  { id: 'SR-ELEMENT-SHAPE', level: 'MUST', spec: '§2.2, §4.2 r1', title: 'each element has string `id`, string `index` and object `data`' },
  {
    id: 'SR-COVERS-GOLDEN',
    level: 'SHOULD',
    spec: '§2.4, §4.2',
    title:
      'every NPI, and every non-empty Phone and State, of the golden record appears in some source record; compared as sets, order ignored',
  },
  { id: 'SR-STABLE', level: 'SHOULD', spec: '§4.2 r2', title: 'two calls return the same set of source-record ids, order ignored' },
  {
    id: 'ORG-BUNDLE-SHAPE',
    level: 'MUST',
    spec: '§2.5',
    title:
      '`resourceType` Bundle, `id` a UUID, `meta.versionId` a string, `meta.lastUpdated` ISO 8601 with offset (`Z` or ±hh:mm), `type` searchset, `total` a non-negative integer, `link` entries with `relation` and `url`, `entry` an array',
  },
  {
    id: 'ORG-ENTRY-SHAPE',
    level: 'MUST',
    spec: '§2.5',
    title:
      '`fullUrl` is `/Organization/<resource.id>` (or an absolute URL ending so); `resource.resourceType` is Organization; `search` is an object',
  },
  { id: 'ORG-SEARCH-MODE', level: 'MUST', spec: '§4.3 r1', title: "every entry's `search.mode` is `match`" },
  {
    id: 'ORG-RESOURCE-SHAPE',
    level: 'MUST',
    spec: '§2.5',
    title:
      'Organization fields and value sets: `active` boolean; telecom `system` phone/fax, `use` work, `value` digits only; address `use` work, `type` postal/physical; contact `name.use` usual; identifier `system` URI, `value` string, optional ISO `period`; contained ids are UUIDs',
  },
  {
    id: 'ORG-PARTOF',
    level: 'MUST',
    spec: '§2.5',
    title: '`partOf.reference` begins with `#` and names a contained organization of the same resource',
  },
  {
    id: 'ORG-TOTAL',
    level: 'MUST',
    spec: '§2.5',
    title: '`total` ≥ the entries in the bundle; equal to them when the whole result fits one response',
  },
  {
    id: 'ORG-COUNT',
    level: 'MUST',
    spec: '§4.3, §8',
    title:
      '`Count=N` returns at most N entries, and exactly N when at least N match (`multiPage`, `overLimit`); `Count` above 1000 never yields more than 1000 (clamped or rejected: observed)',
  },
  {
    id: 'ORG-PAGE',
    level: 'MUST',
    spec: '§4.3, §8',
    title: '`Page` alone returns at most 25 entries, and exactly 25 on each page before the last of the `multiPage` query',
  },
  { id: 'ORG-PAGE-DISJOINT', level: 'SHOULD', spec: '§4.3', title: 'successive pages of one query share no organization id' },
  {
    id: 'ORG-MIN-PARAMS',
    level: 'MUST',
    spec: '§4.3, §8',
    title: 'a search with no parameter at all does not return a successful bundle of records',
  },
  {
    id: 'ORG-FILTER-IDENTIFIER',
    level: 'MUST',
    spec: '§4.3',
    title:
      'an identifier search (`value` and `system|value`) returns only organizations carrying that identifier; a `system|value` whose system the identifier does not carry does not match it (FHIR token search)',
  },
  {
    id: 'ORG-FILTERS',
    level: 'SHOULD',
    spec: '§4.3',
    title:
      '`name`, `address-city`, `address-state`, `address-postalcode`, `phone`, `type` results contain the searched value in the matching field, and `address` results have an address holding every word of it (case-insensitive, punctuation aside, since exact rules are not shown), on every page',
  },
  {
    id: 'ORG-ACTIVE',
    level: 'MUST',
    spec: '§3, §4.3',
    title: 'with `STATUS_SEARCH=true`, `active=true`/`false` returns only organizations with that `active`; skipped otherwise',
  },
  {
    id: 'ORG-NEXT-LINK',
    level: 'SHOULD',
    spec: '§2.5; FHIR R4 http.html#paging',
    title:
      "following a bundle's `next` link continues the same search: the same filters, only entries not seen before, the same page size, until a bundle without `next`; relative links resolve against the base URL, and a link to another origin is reported, never followed",
  },
  {
    id: 'HTTP-JSON',
    level: 'MUST',
    spec: '§0',
    title:
      'every 2xx answer that carries a body has a JSON media type (`application/json` or `application/fhir+json`, parameters allowed) and parses; the ambiguity answer is exempt',
  },
  { id: 'HTTP-NO-5XX', level: 'SHOULD', spec: '—', title: 'no request the suite sends, bad inputs included, gets a 5xx' },
] as const satisfies readonly Requirement[];

export type RequirementId = (typeof REQUIREMENTS)[number]['id'];

export const OBSERVATIONS = [
  {
    id: 'OBS-AMBIGUITY-RESPONSE',
    spec: '§4.1 r6, §7',
    title: 'status code, media type and form (plain text, JSON string, JSON object) of the ambiguity answer',
  },
  { id: 'OBS-NO-MATCH', spec: '§4.1 r7', title: 'answer of searchSingleBest when nothing matches' },
  { id: 'OBS-UNKNOWN-CURATED-ID', spec: '§4.2 r3', title: 'answer of sourceRecords for an unknown curated ID' },
  { id: 'OBS-ORG-NO-PARAMS', spec: '§4.3 r2', title: 'answer of the organization search with no parameter' },
  { id: 'OBS-COUNT-OVER-LIMIT', spec: '§4.3, §8', title: 'what `Count` above 1000 does: clamped or rejected' },
  { id: 'OBS-TOTAL-ACROSS-PAGES', spec: '§4.3 r4', title: 'what `total` means when more than one page exists' },
  { id: 'OBS-PARAM-CASE', spec: '§4.1 r8', title: 'whether parameter names are case-sensitive' },
  { id: 'OBS-DEFAULT-PAGE-SIZE', spec: '§4.3', title: 'entries returned without `Count` and `Page`' },
  {
    id: 'OBS-CODED-VALUES',
    spec: '§2.2, §2.4, §3',
    title:
      'values of open lists beyond the observed ones: `Status` other than A, `NameType` and `AddressType` kinds, `NPPESEntityType` words, and the source `index` names',
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

const byId = new Map<string, Requirement>(REQUIREMENTS.map((r) => [r.id, r]));

export function requirement(id: RequirementId): Requirement {
  return byId.get(id)!;
}
