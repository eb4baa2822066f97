import type { Requirement } from './requirement';

/** Requirements of GET {FHIR_PATH}/organization (§2.5, §4.3, §8). */
export const ORGANIZATION_REQUIREMENTS = [
  {
    id: 'ORG-BUNDLE-SHAPE',
    level: 'MUST',
    spec: '§2.5',
    title:
      '`resourceType` Bundle, `id` a UUID, `meta.versionId` a string, `meta.lastUpdated` ISO 8601 with offset (`Z` or ±hh:mm), `type` searchset, `total` a non-negative integer, `link` entries with `relation` and `url`, `entry` an array where there is one (a bundle of no organization may leave it out: FHIR R4 JSON writes no empty array)',
    judges: { what: 'value', how: 'the UUID and the timestamp as values (a 13th month is no date); the rest by its shape' },
  },
  {
    id: 'ORG-ENTRY-SHAPE',
    level: 'MUST',
    spec: '§2.5',
    title:
      '`fullUrl` is `/Organization/<resource.id>` (or an absolute URL ending so); `resource.resourceType` is Organization; `search` is an object',
    judges: { what: 'shape', how: 'members and the form of fullUrl' },
  },
  { id: 'ORG-SEARCH-MODE', level: 'MUST', spec: '§4.3 r1', title: "every entry's `search.mode` is `match`" },
  {
    id: 'ORG-FHIR-R4',
    level: 'SHOULD',
    spec: '§2.5, FHIR R4',
    title:
      'every bundle and Organization of the probe searches is valid FHIR R4 for a maintained validator (FHIR.js: elements, cardinality, primitive types, required bindings)',
  },
  {
    id: 'ORG-RESOURCE-SHAPE',
    level: 'MUST',
    spec: '§2.5',
    title:
      'Organization fields and value sets: `active` boolean; telecom `system` phone/fax, `use` work, `value` digits only; address `use` work, `type` postal/physical; contact `name.use` usual; identifier `system` URI, `value` string, optional ISO `period`; contained ids are UUIDs',
    judges: { what: 'value', how: 'the value sets, digits, URIs, UUIDs and ISO timestamps as values; the rest by its shape' },
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
    title:
      "`total` ≥ the entries in the bundle; equal to them when the whole result fits one response; across the pages of one search it keeps one meaning (§4.3 r4 leaves which open): the same number on every page and never below the distinct entries seen so far, each page's own count, or an estimate capped at 1000 or more (the same number on every page, below the matches only where more match)",
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
  {
    id: 'ORG-PAGE-DISJOINT',
    level: 'MUST',
    spec: '§4.3, §8',
    title:
      'successive pages of one query share no organization id; pages that repeat entries and, walked to their end, reach fewer distinct organizations than `total` hide records (§4.3: all matching records)',
    nearMiss: 'pages repeat entries while every record is still reachable (a page past the last that repeats one, for instance)',
  },
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
      "an identifier search (`value` and `system|value`) returns only organizations carrying that identifier, and every organization the run has seen carrying it (a probe whose search finds nothing is the service's fault once an answer showed its organization); a `system|value` whose system the identifier does not carry does not match it (FHIR token search)",
  },
  {
    id: 'ORG-FILTERS',
    level: 'MUST',
    spec: '§4.3',
    title:
      '`name`, `address-city`, `address-state`, `address-postalcode`, `phone`, `type` results contain the searched value in the matching field, and `address` results have an address holding every word of it (case-insensitive, punctuation aside, since exact rules are not shown), on every page; an entry that matches a filter under no reading (not case-insensitively, not with punctuation and spaces ignored, not as a substring either way) contradicts §4.3 (two filters OR-ed, say)',
    nearMiss:
      'the field holds the value only with punctuation and spaces ignored, or lies within the value; an `address` that holds some part of the searched address (its street, city, state or zip) but not every word',
  },
  {
    id: 'ORG-FILTER-NARROWS',
    level: 'MUST',
    spec: '§4.3',
    title:
      'a filter added to a search only narrows it: every organization a search with one filter more answers is one the search without it answers, and its `total` is no larger (§4.3: all records matching the query parameters); judged where both answers are whole, one page of Count=1000',
  },
  {
    id: 'ORG-EQUIVALENT-QUERY',
    level: 'MUST',
    spec: '§4.3; RFC 3986 §2.3',
    title:
      'a search whole (Count=1000) answers the same organizations and `total` with its parameters in another order and with every byte of its names and values percent-encoded (§4.3: all records matching the query parameters; RFC 3986 §2.3: an encoded letter or digit is the letter or digit); judged where the answers are whole, once the same search asked again answers as it did',
    nearMiss:
      'the same search asked again answers other organizations: a directory may change between two requests, so it only warns, and the other forms are not judged against answers that move',
  },
  {
    id: 'ORG-READINGS-AGREE',
    level: 'MUST',
    spec: '§4.3',
    title:
      "every reading of a search holds organizations of one result (§4.3: a bundle holding all records available for the given parameters): `Count=N` answers N of the organizations the search whole (Count=1000) answers, or all of them where fewer match, and none it lacks, read at the edges of the result (1, half, all but one, all, one past); the pages of a walk by `Page` and of one by `next` links hold no matching organization the whole answer lacks (one of the whole answer that no page reaches is ORG-PAGE's and ORG-NEXT-LINK's); judged where the search whole is one page of Count=1000, once the search whole asked again answers as it did",
    nearMiss:
      'the search whole asked again answers other organizations: a directory may change between two requests, so it only warns, and the readings are not judged against answers that move',
  },
  {
    id: 'ORG-FINDABLE',
    level: 'MUST',
    spec: '§4.3',
    title:
      'an organization an answer has shown is among the results of a search by each value it carries: each identifier (`value` and `system|value`), each phone (its 10 digits), its postal code, its city with its state, its name (§4.3: return all organization records matching the query parameters); asked again with Count=1000, then narrowed by its own `address-state`, where more organizations match than one answer holds, and skipped where even that answer holds more',
  },
  {
    id: 'ORG-ACTIVE',
    level: 'MUST',
    spec: '§3, §4.3',
    title:
      'with `STATUS_SEARCH=true`, or `organization.statusSearch` in the probes file, `active=true`/`false` returns only organizations with that `active`; not applicable otherwise',
    // §4.3: `active` is "available only for tenants configured to search status".
    appliesWhen: {
      condition: 'status-search',
      otherwise:
        'the tenant does not search by status (neither STATUS_SEARCH=true nor organization.statusSearch): §4.3 makes `active` available only to such tenants',
    },
  },
  {
    id: 'ORG-NEXT-LINK',
    level: 'MUST',
    spec: '§2.5, §4.3; FHIR R4 http.html#paging',
    title:
      "following a bundle's `next` link continues the same search until a bundle without `next`: no entry that matches the search under no reading (the link dropped the filters), no page larger than `Count`, and no repeats that leave records of `total` unreached; relative links resolve against the base URL, and a link to another origin is observed (OBS-CROSS-ORIGIN-LINK), never followed",
    nearMiss:
      'pages reached by `next` repeat entries while every record stays reachable, or hold fewer entries than `Count` before the last',
    // §2.5 shows `link` entries with a relation (self, for example) and requires no `next`.
    appliesWhen: {
      condition: 'next-link',
      otherwise:
        'no answer offers a next link: §2.5 names no relation but self, so a service that answers each search in one bundle conforms',
    },
  },
] as const satisfies readonly Requirement[];

export type OrganizationRequirementId = (typeof ORGANIZATION_REQUIREMENTS)[number]['id'];
