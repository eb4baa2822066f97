import type { Requirement } from './requirement';

/** Requirements of GET {FHIR_PATH}/organization (§2.5, §4.3, §8). */
export const ORGANIZATION_REQUIREMENTS = [
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
] as const satisfies readonly Requirement[];

export type OrganizationRequirementId = (typeof ORGANIZATION_REQUIREMENTS)[number]['id'];
