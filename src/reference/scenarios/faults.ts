import { MAX_COUNT, PAGE_SIZE } from '../../spec/constants';
import { JSON_TYPE, REFERENCE_BEHAVIOUR } from './behaviour';
import type { Fault } from './scenario';
import { eachValue, withBundle, withData, withEntries, withNextLink } from './transforms';

const reference = REFERENCE_BEHAVIOUR;

/** §2.3 r6 formats an implementer might "prettify". */
const punctuatedPhone = (v: string) => (v.length === 10 ? `(${v.slice(0, 3)}) ${v.slice(3, 6)}-${v.slice(6)}` : v);
const isoDate = (v: string) =>
  v.replace(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, (_, m: string, d: string, y: string) => `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`);

/**
 * Faults: each one realistic departure from the specification, the kind a real implementation
 * gets wrong. `npm run test:mutation` checks that the suite reports each under `targets`.
 */
export const FAULTS: Fault[] = [
  // §4.1 r3 and §1: object, never array.
  {
    name: 'single-best-array',
    targets: 'SB-ROOT-OBJECT',
    description: 'the unique record wrapped in an array',
    behaviour: { golden: (record) => [record] },
  },
  {
    name: 'ambiguous-as-array',
    targets: 'SB-ROOT-OBJECT',
    description: 'an ambiguous search answers with the candidates as an array',
    behaviour: { ambiguity: (candidates) => ({ status: 200, type: JSON_TYPE, body: candidates.slice(0, 3) }) },
  },
  // §2.1.
  {
    name: 'record-id-missing',
    targets: 'SB-RECORD-SHAPE',
    description: 'the record has no id',
    behaviour: { golden: ({ data }) => ({ data }) },
  },
  {
    name: 'record-id-number',
    targets: 'SB-RECORD-SHAPE',
    description: 'the curated id is a number',
    behaviour: { golden: (record) => ({ ...record, id: 104729 }) },
  },
  {
    name: 'record-data-string',
    targets: 'SB-RECORD-SHAPE',
    description: 'data is serialized JSON inside a string',
    behaviour: { golden: (record) => ({ ...record, data: JSON.stringify(record.data) }) },
  },
  // §4.1: the record agrees with the query.
  {
    name: 'wrong-record',
    targets: 'SB-MATCHES-QUERY',
    description: 'an off-by-one lookup returns the neighbouring record',
    behaviour: {
      golden: (record, { directory }) => {
        const all = directory.providers.all;
        return all[(all.indexOf(record) + 1) % all.length];
      },
    },
  },
  {
    name: 'name-parts-swapped',
    targets: 'SB-MATCHES-QUERY',
    description: 'FirstName and LastName swapped in the returned Name entries',
    behaviour: {
      golden: withData((data) => {
        for (const name of (data.Name ?? []) as Record<string, unknown>[])
          [name.FirstName, name.LastName] = [name.LastName, name.FirstName];
      }).golden,
    },
  },
  // §4.1 r4.
  {
    name: 'ambiguous-first-candidate',
    targets: 'SB-AMBIGUOUS',
    description: 'an ambiguous search returns the first candidate',
    behaviour: {
      singleBest: (query, search) => {
        const result = search.singleBest(query);
        return result.kind === 'ambiguous' ? { kind: 'unique', record: result.candidates[0] } : result;
      },
    },
  },
  {
    name: 'ambiguous-wrong-text',
    targets: 'SB-AMBIGUOUS',
    description: 'the ambiguity text reworded',
    behaviour: { ambiguity: () => ({ status: 200, type: 'text/plain', body: 'Search returned multiple results.' }) },
  },
  {
    name: 'ambiguous-empty-404',
    targets: 'SB-AMBIGUOUS',
    description: 'ambiguity answered 404 with an empty body',
    behaviour: { ambiguity: () => ({ status: 404, type: 'text/plain', body: '' }) },
  },
  {
    name: 'narrowing-picks-first-candidate',
    targets: 'SB-NARROWING',
    description: 'City is not used, and a multiple match returns its first candidate as the best',
    behaviour: {
      singleBest: ({ required: { City: _r, ...required }, optional: { City: _o, ...optional } }, search) => {
        const result = search.singleBest({ required, optional });
        return result.kind === 'ambiguous' ? { kind: 'unique', record: result.candidates[0] } : result;
      },
    },
  },
  {
    name: 'optional-never-narrows',
    targets: 'SB-NARROWING',
    description: 'dashed parameters are dropped instead of narrowing a multiple match',
    behaviour: { singleBest: ({ required }, search) => search.singleBest({ required, optional: {} }) },
  },
  // §4.1 r1–r2.
  {
    name: 'dash-as-required',
    targets: 'SB-OPTIONAL-DASH',
    description: 'dashed parameters are matched like plain ones',
    behaviour: {
      singleBest: ({ required, optional }, search) => search.singleBest({ required: { ...required, ...optional }, optional: {} }),
    },
  },
  {
    name: 'dash-not-understood',
    targets: 'SB-OPTIONAL-DASH',
    description: 'State- is an unknown parameter',
    behaviour: { dashSupported: false },
  },
  {
    name: 'city-ignored',
    targets: 'SB-STRICT-PARAM',
    description: 'City is accepted but never used for matching',
    behaviour: {
      singleBest: ({ required: { City: _r, ...required }, optional: { City: _o, ...optional } }, search) =>
        search.singleBest({ required, optional }),
    },
  },
  {
    name: 'taxonomy-code-ignored',
    targets: 'SB-STRICT-PARAM',
    description: 'TaxonomyCode is accepted but never used for matching',
    behaviour: {
      singleBest: ({ required: { TaxonomyCode: _r, ...required }, optional }, search) => search.singleBest({ required, optional }),
    },
  },
  {
    name: 'other-identifier-ignored',
    targets: 'SB-STRICT-PARAM',
    description: 'OtherIdentifierNumber is accepted but never used for matching',
    behaviour: {
      singleBest: ({ required: { OtherIdentifierNumber: _r, ...required }, optional }, search) => search.singleBest({ required, optional }),
    },
  },
  {
    name: 'npi-overrides-other-parameters',
    targets: 'SB-STRICT-PARAM',
    description: 'when NPI is given, every other parameter is ignored',
    behaviour: {
      singleBest: (query, search) =>
        search.singleBest(query.required.NPI ? { required: { NPI: query.required.NPI }, optional: {} } : query),
    },
  },
  // §1: no record, no array.
  {
    name: 'no-match-empty-array',
    targets: 'SB-NO-MATCH',
    description: 'no match answered with []',
    behaviour: { noMatch: () => ({ status: 200, type: JSON_TYPE, body: [] }) },
  },
  {
    name: 'no-match-nearest-record',
    targets: 'SB-NO-MATCH',
    description: 'no match answered with a "nearest" record',
    behaviour: {
      noMatch: () => ({
        status: 200,
        type: JSON_TYPE,
        body: { id: 'nearest-0001', data: { NPI: ['1234567893'], Name: [{ FirstName: ['NEAREST'], LastName: ['MATCH'] }] } },
      }),
    },
  },
  // §2.3, §2.4.
  {
    name: 'npi-scalar',
    targets: 'DATA-SHAPE',
    description: 'NPI as a plain string, not an array',
    ...dataFault((data) => {
      data.NPI = (data.NPI as string[])[0];
    }),
  },
  {
    name: 'name-not-array',
    targets: 'DATA-SHAPE',
    description: 'Name as one object, not an array of objects',
    ...dataFault((data) => {
      if (Array.isArray(data.Name)) data.Name = data.Name[0];
    }),
  },
  {
    name: 'provenance-array',
    targets: 'DATA-SHAPE',
    description: 'IdentityDataSource as an array',
    ...dataFault((data) => {
      if (typeof data.IdentityDataSource === 'string') data.IdentityDataSource = [data.IdentityDataSource];
    }),
  },
  {
    name: 'source-state-scalar',
    targets: 'DATA-SHAPE',
    description: 'State as a plain string in source records',
    behaviour: {
      sources: withData((data) => {
        if (Array.isArray(data.State)) data.State = data.State[0] ?? '';
      }).sources,
    },
  },
  // §2.3 r5–r6.
  {
    name: 'phone-punctuated',
    targets: 'DATA-FORMATS',
    description: 'phones written (614) 555-1234',
    ...dataFault((data) => eachValue(data, 'Phone', punctuatedPhone)),
  },
  {
    name: 'zip-hyphenated',
    targets: 'DATA-FORMATS',
    description: 'zips written 43215-1234',
    ...dataFault((data) => eachValue(data, 'Zip', (z) => `${z.slice(0, 5)}-${z.slice(5).padEnd(4, '0')}`)),
  },
  {
    name: 'dates-iso',
    targets: 'DATA-FORMATS',
    description: 'dates written YYYY-MM-DD',
    ...dataFault((data) => {
      eachValue(data, 'ProviderEnumerationDate', isoDate);
      eachValue(data, 'LastUpdateDate', isoDate);
    }),
  },
  // §2.4 observed codes.
  {
    name: 'gender-words',
    targets: 'DATA-CODES',
    description: 'Gender written Male/Female',
    ...dataFault((data) => eachValue(data, 'Gender', (g) => (g === 'M' ? 'Male' : 'Female'))),
  },
  {
    name: 'taxonomy-switch-yes-no',
    targets: 'DATA-CODES',
    description: 'TaxonomySwitch written Y/N',
    ...dataFault((data) => {
      for (const t of (data.Taxonomy ?? []) as Record<string, unknown>[]) eachValue(t, 'TaxonomySwitch', (v) => (v === 'true' ? 'Y' : 'N'));
    }),
  },
  {
    name: 'flags-yes-no',
    targets: 'DATA-CODES',
    description: 'Y/N flags written Yes/No',
    ...dataFault((data) => eachValue(data, 'IsSoleProprietor', (f) => (f === 'Y' ? 'Yes' : 'No'))),
  },
  {
    name: 'npi-bad-check-digit',
    targets: 'DATA-NPI-CHECKDIGIT',
    description: 'NPIs stored with a wrong last digit',
    ...dataFault((data) => eachValue(data, 'NPI', (n) => `${n.slice(0, 9)}${(Number(n[9]) + 1) % 10}`)),
  },
  // §4.2.
  {
    name: 'source-records-wrapped',
    targets: 'SR-ROOT-ARRAY',
    description: 'source records inside {"records": […]}',
    behaviour: { sources: (records) => ({ records }) },
  },
  {
    name: 'source-records-empty',
    targets: 'SR-ROOT-ARRAY',
    description: 'a known curated ID answers []',
    behaviour: { sources: () => [] },
  },
  {
    name: 'source-index-missing',
    targets: 'SR-ELEMENT-SHAPE',
    description: 'elements without index',
    behaviour: { sources: (records) => records.map(({ index: _index, ...rest }) => rest) },
  },
  {
    name: 'source-id-number',
    targets: 'SR-ELEMENT-SHAPE',
    description: 'element ids as numbers',
    behaviour: { sources: (records) => records.map((record, i) => ({ ...record, id: i + 1 })) },
  },
  {
    name: 'source-records-of-another',
    targets: 'SR-COVERS-GOLDEN',
    description: 'the source records of another golden record',
    behaviour: {
      sources: (_records, { directory }, curatedID) => {
        const ids = [...directory.sourceRecords.keys()];
        return directory.sourceRecords.get(ids[(ids.indexOf(curatedID) + 1) % ids.length]);
      },
    },
  },
  {
    name: 'source-records-unstable',
    targets: 'SR-STABLE',
    description: 'every other call drops the last source record',
    behaviour: { sources: (records, { call }) => (call % 2 === 0 ? records.slice(0, -1) : records) },
  },
  // §2.5 bundle.
  {
    name: 'bundle-id-not-uuid',
    targets: 'ORG-BUNDLE-SHAPE',
    description: 'bundle id is a counter',
    behaviour: { bundle: (bundle, { call }) => ({ ...bundle, id: `bundle-${call}` }) },
  },
  {
    name: 'bundle-time-without-offset',
    targets: 'ORG-BUNDLE-SHAPE',
    description: 'meta.lastUpdated has no offset',
    behaviour: {
      bundle: withBundle((b) => {
        b.meta.lastUpdated = b.meta.lastUpdated.replace(/(\+00:00|Z)$/, '');
      }),
    },
  },
  {
    name: 'bundle-type-collection',
    targets: 'ORG-BUNDLE-SHAPE',
    description: 'type collection instead of searchset',
    behaviour: { bundle: (bundle) => ({ ...bundle, type: 'collection' }) },
  },
  {
    name: 'bundle-total-string',
    targets: 'ORG-BUNDLE-SHAPE',
    description: 'total as a string',
    behaviour: { bundle: (bundle) => ({ ...bundle, total: String(bundle.total) }) },
  },
  {
    name: 'bundle-link-without-url',
    targets: 'ORG-BUNDLE-SHAPE',
    description: 'links carry href instead of url',
    behaviour: { bundle: (bundle) => ({ ...bundle, link: bundle.link.map(({ relation, url }) => ({ relation, href: url })) }) },
  },
  {
    name: 'fullurl-wrong-id',
    targets: 'ORG-ENTRY-SHAPE',
    description: 'fullUrl numbered by position',
    behaviour: {
      bundle: withEntries((entry, i) => {
        entry.fullUrl = `/Organization/${i + 1}`;
      }),
    },
  },
  {
    name: 'entry-search-missing',
    targets: 'ORG-ENTRY-SHAPE',
    description: 'entries without search',
    behaviour: {
      bundle: withEntries((entry) => {
        delete (entry as Partial<typeof entry>).search;
      }),
    },
  },
  {
    name: 'resource-type-wrong',
    targets: 'ORG-ENTRY-SHAPE',
    description: 'resources typed OrganizationResource',
    behaviour: {
      bundle: withEntries((entry) => {
        (entry.resource as { resourceType: string }).resourceType = 'OrganizationResource';
      }),
    },
  },
  {
    name: 'search-mode-include',
    targets: 'ORG-SEARCH-MODE',
    description: 'search.mode include',
    behaviour: {
      bundle: withEntries((entry) => {
        (entry.search as { mode: string }).mode = 'include';
      }),
    },
  },
  {
    name: 'active-as-string',
    targets: 'ORG-RESOURCE-SHAPE',
    description: 'active as "true"/"false"',
    behaviour: {
      bundle: withEntries((entry) => {
        (entry.resource as { active: unknown }).active = String(entry.resource.active);
      }),
    },
  },
  {
    name: 'telecom-punctuated',
    targets: 'ORG-RESOURCE-SHAPE',
    description: 'telecom values written 614-555-1234',
    behaviour: {
      bundle: withEntries((entry) => {
        for (const t of entry.resource.telecom ?? []) t.value = `${t.value.slice(0, 3)}-${t.value.slice(3, 6)}-${t.value.slice(6)}`;
      }),
    },
  },
  {
    name: 'address-use-home',
    targets: 'ORG-RESOURCE-SHAPE',
    description: 'address use home',
    behaviour: {
      bundle: withEntries((entry) => {
        for (const a of entry.resource.address) (a as { use: string }).use = 'home';
      }),
    },
  },
  {
    name: 'contained-id-not-uuid',
    targets: 'ORG-RESOURCE-SHAPE',
    description: 'contained ids that are not UUIDs (partOf kept consistent)',
    behaviour: {
      bundle: withEntries((entry, i) => {
        for (const c of entry.resource.contained ?? []) c.id = `parent-${i}`;
        if (entry.resource.partOf) entry.resource.partOf.reference = `#parent-${i}`;
      }),
    },
  },
  {
    name: 'partof-dangling',
    targets: 'ORG-PARTOF',
    description: 'partOf points at a contained id that does not exist',
    behaviour: {
      bundle: withEntries((entry) => {
        if (entry.resource.partOf) entry.resource.partOf.reference = '#00000000-0000-4000-8000-000000000000';
      }),
    },
  },
  {
    name: 'partof-without-hash',
    targets: 'ORG-PARTOF',
    description: 'partOf references Organization/<id>',
    behaviour: {
      bundle: withEntries((entry) => {
        if (entry.resource.partOf) entry.resource.partOf.reference = entry.resource.partOf.reference.replace('#', 'Organization/');
      }),
    },
  },
  {
    name: 'total-below-entries',
    targets: 'ORG-TOTAL',
    description: 'total counts from zero',
    behaviour: { bundle: (bundle) => ({ ...bundle, total: Math.max(0, bundle.entry.length - 1) }) },
  },
  {
    name: 'total-off-by-one',
    targets: 'ORG-TOTAL',
    description: 'total one more than the matches',
    behaviour: { bundle: (bundle) => ({ ...bundle, total: bundle.total + 1 }) },
  },
  // §4.3, §8 paging.
  {
    name: 'count-ignored',
    targets: 'ORG-COUNT',
    description: 'Count is ignored: always 25',
    behaviour: { paging: (_count, page = 1) => ({ start: (page - 1) * PAGE_SIZE, size: PAGE_SIZE, page }) },
  },
  {
    name: 'count-capped-at-100',
    targets: 'ORG-COUNT',
    description: 'Count is honoured only up to 100',
    behaviour: { paging: (count, page) => reference.paging(count === undefined ? undefined : Math.min(count, 100), page) },
  },
  {
    name: 'count-uncapped',
    targets: 'ORG-COUNT',
    description: 'Count above 1000 is honoured',
    behaviour: {
      paging: (count, page = 1) => {
        const size = count ?? PAGE_SIZE;
        return { start: (page - 1) * size, size, page };
      },
    },
  },
  {
    name: 'page-size-20',
    targets: 'ORG-PAGE',
    description: 'Page alone gives 20 per page',
    behaviour: {
      paging: (count, page = 1) => {
        const size = Math.min(count ?? 20, MAX_COUNT);
        return { start: (page - 1) * size, size, page };
      },
    },
  },
  {
    name: 'page-size-30',
    targets: 'ORG-PAGE',
    description: 'Page alone gives 30 per page',
    behaviour: {
      paging: (count, page = 1) => {
        const size = Math.min(count ?? 30, MAX_COUNT);
        return { start: (page - 1) * size, size, page };
      },
    },
  },
  {
    name: 'page-ignored',
    targets: 'ORG-PAGE-DISJOINT',
    description: 'Page is ignored: always the first page',
    behaviour: { paging: (count) => reference.paging(count, 1) },
  },
  {
    name: 'pages-overlap',
    targets: 'ORG-PAGE-DISJOINT',
    description: 'each page starts one record early',
    behaviour: {
      paging: (count, page = 1) => {
        const window = reference.paging(count, page);
        return 'start' in window ? { ...window, start: Math.max(0, window.start - 1) } : window;
      },
    },
  },
  {
    name: 'next-link-drops-count',
    targets: 'ORG-NEXT-LINK',
    description: 'the next link forgets Count, so later pages have the default size',
    behaviour: { bundle: withNextLink((next) => next.searchParams.delete('Count')) },
  },
  {
    name: 'next-link-to-first-page',
    targets: 'ORG-NEXT-LINK',
    description: 'the next link always leads back to page 1',
    behaviour: { bundle: withNextLink((next) => next.searchParams.set('Page', '1')) },
  },
  {
    name: 'next-link-drops-filters',
    targets: 'ORG-NEXT-LINK',
    description: 'the next link keeps only Page and loses the search',
    behaviour: {
      bundle: withNextLink((next) => {
        for (const name of [...next.searchParams.keys()]) if (name !== 'Page') next.searchParams.delete(name);
      }),
    },
  },
  {
    name: 'no-parameter-returns-all',
    targets: 'ORG-MIN-PARAMS',
    description: 'a search without parameters lists every organization',
    behaviour: { requireSearchParameter: false },
  },
  {
    name: 'identifier-filter-ignored',
    targets: 'ORG-FILTER-IDENTIFIER',
    description: 'identifier is accepted but not applied',
    behaviour: { organizationFilters: ({ identifier: _identifier, ...rest }) => rest },
  },
  {
    name: 'identifier-system-ignored',
    targets: 'ORG-FILTER-IDENTIFIER',
    description: 'system|value matches on the value alone',
    behaviour: {
      organizationFilters: (filters) =>
        filters.identifier ? { ...filters, identifier: filters.identifier.slice(filters.identifier.lastIndexOf('|') + 1) } : filters,
    },
  },
  {
    name: 'identifier-system-unsupported',
    targets: 'ORG-FILTER-IDENTIFIER',
    description: 'system|value is matched as one literal value',
    behaviour: {
      organizationFilters: (filters) => (filters.identifier ? { ...filters, identifier: filters.identifier.replace('|', ' ') } : filters),
    },
  },
  {
    name: 'name-filter-ignored',
    targets: 'ORG-FILTERS',
    description: 'name is accepted but not applied',
    behaviour: { organizationFilters: ({ name: _name, ...rest }) => rest },
  },
  {
    name: 'city-filter-ignored',
    targets: 'ORG-FILTERS',
    description: 'address-city is accepted but not applied',
    behaviour: { organizationFilters: ({ 'address-city': _city, ...rest }) => rest },
  },
  {
    name: 'address-filter-ignored',
    targets: 'ORG-FILTERS',
    description: 'address is accepted but not applied',
    behaviour: { organizationFilters: ({ address: _address, ...rest }) => rest },
  },
  {
    name: 'filters-first-page-only',
    targets: 'ORG-FILTERS',
    description: 'filters apply to page 1 only; later pages list every organization',
    behaviour: { organizationFilters: (filters, page) => (page > 1 ? {} : filters) },
  },
  {
    name: 'active-filter-ignored',
    targets: 'ORG-ACTIVE',
    description: 'active is accepted but not applied',
    behaviour: { organizationFilters: ({ active: _active, ...rest }) => rest },
  },
  // Cross-cutting HTTP.
  {
    name: 'json-as-text-plain',
    targets: 'HTTP-JSON',
    description: 'records served as text/plain',
    behaviour: { providerMediaType: 'text/plain; charset=utf-8' },
  },
  {
    name: 'bundle-truncated-json',
    targets: 'HTTP-JSON',
    description: 'the bundle JSON is cut short',
    behaviour: { bundle: (bundle) => JSON.stringify(bundle).slice(0, -2) },
  },
  {
    name: 'bad-count-500',
    targets: 'HTTP-NO-5XX',
    description: 'a non-numeric Count or Page crashes the handler',
    behaviour: { errorStatus: (error) => (error.code === 'invalid-parameter' ? 500 : error.status) },
  },
  {
    name: 'long-value-500',
    targets: 'HTTP-NO-5XX',
    description: 'over-long values overflow a buffer',
    behaviour: { errorStatus: (error) => (error.code === 'value-too-long' ? 500 : error.status) },
  },
  {
    name: 'unknown-parameter-500',
    targets: 'HTTP-NO-5XX',
    description: 'an unknown parameter name throws',
    behaviour: { errorStatus: (error) => (error.code === 'unknown-parameter' ? 500 : error.status) },
  },
];

/** A fault in `data` shows in golden and source records alike. */
function dataFault(change: Parameters<typeof withData>[0]): Pick<Fault, 'behaviour'> {
  const { golden, sources } = withData(change);
  return { behaviour: { golden, sources } };
}
