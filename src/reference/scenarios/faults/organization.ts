import { MAX_COUNT, PAGE_SIZE } from '../../../spec/constants';
import { REFERENCE_BEHAVIOUR } from '../behaviour';
import { byId } from '../../organization-index';
import { parseQueryString } from '../../query';
import type { OrganizationRequirementId } from '../../../spec/catalogue';
import type { FaultsFor } from '../scenario';
import { cachedOnRepeat, readAsOperator, searchedWith, withBundle, withEntries, withNextLink } from '../transforms';

const reference = REFERENCE_BEHAVIOUR;

/** Faults of the organization search (§2.5, §4.3, §8), keyed by the requirement each one breaks: the type requires at least one for every requirement. */
export const ORGANIZATION_FAULTS: FaultsFor<OrganizationRequirementId> = {
  'ORG-BUNDLE-SHAPE': [
    // §2.5 bundle.
    {
      name: 'bundle-id-not-uuid',
      description: 'bundle id is a counter',
      behaviour: { organization: { bundle: (bundle, { call }) => ({ ...bundle, id: `bundle-${call}` }) } },
    },
    {
      // A second code path for identifier lookups that writes the bundle id as a URN: only those answers break §2.5.
      name: 'identifier-bundle-urn-id',
      description: 'bundles answering an identifier search carry the id urn:uuid:<uuid>, not a UUID',
      unseenBySurvey: 'the survey searches by identifier only with --findability',
      behaviour: {
        organization: {
          bundle: (bundle) =>
            bundle.link.some((l) => l.relation === 'self' && new URL(l.url).searchParams.has('identifier'))
              ? { ...bundle, id: `urn:uuid:${bundle.id}` }
              : bundle,
        },
      },
    },
    {
      name: 'bundle-time-without-offset',
      description: 'meta.lastUpdated has no offset',
      behaviour: {
        organization: {
          bundle: withBundle((b) => {
            b.meta.lastUpdated = b.meta.lastUpdated.replace(/(\+00:00|Z)$/, '');
          }),
        },
      },
    },
    {
      name: 'bundle-type-collection',
      description: 'type collection instead of searchset',
      behaviour: { organization: { bundle: (bundle) => ({ ...bundle, type: 'collection' }) } },
    },
    {
      name: 'bundle-total-string',
      description: 'total as a string',
      behaviour: { organization: { bundle: (bundle) => ({ ...bundle, total: String(bundle.total) }) } },
    },
    // Every answer is judged, whatever request brought it: a Count probe's, and a repeat's.
    {
      name: 'count-version-number',
      description: 'meta.versionId is a number in answers to a search with Count',
      unseenBySurvey: 'the survey walks by Page alone and never sends Count',
      behaviour: {
        organization: {
          bundle: (bundle) =>
            searchedWith(bundle, 'Count') ? { ...bundle, meta: { ...bundle.meta, versionId: Number(bundle.meta.versionId) || 1 } } : bundle,
        },
      },
    },
    {
      name: 'repeat-cached-bundle-id',
      description: 'a request asked before is answered from a cache whose bundle id is not a UUID',
      behaviour: { organization: { bundle: cachedOnRepeat((bundle) => ({ ...bundle, id: `cached-${bundle.id.slice(0, 8)}` })) } },
    },
    {
      name: 'bundle-link-without-url',
      description: 'links carry href instead of url',
      behaviour: {
        organization: { bundle: (bundle) => ({ ...bundle, link: bundle.link.map(({ relation, url }) => ({ relation, href: url })) }) },
      },
    },
  ],
  // Valid for the bundle schema, which lets a service add elements; invalid FHIR R4 all the same.
  'ORG-FHIR-R4': [
    {
      name: 'alias-as-string',
      description: 'Organization.alias (0..*) sent as one string',
      behaviour: {
        organization: {
          bundle: withEntries((entry) => {
            Object.assign(entry.resource, { alias: `${entry.resource.name} LLC` });
          }),
        },
      },
    },
    {
      name: 'telecom-rank-string',
      description: 'telecom.rank (positiveInt) sent as a string',
      behaviour: {
        organization: {
          bundle: withEntries((entry) => {
            entry.resource.telecom?.forEach((telecom, i) => Object.assign(telecom, { rank: String(i + 1) }));
          }),
        },
      },
    },
    {
      name: 'extension-without-url',
      description: 'an extension without its url',
      behaviour: {
        organization: {
          bundle: withEntries((entry) => {
            Object.assign(entry.resource, { extension: [{ valueString: 'gold' }] });
          }),
        },
      },
    },
  ],
  'ORG-ENTRY-SHAPE': [
    {
      name: 'fullurl-wrong-id',
      description: 'fullUrl numbered by position',
      behaviour: {
        organization: {
          bundle: withEntries((entry, i) => {
            entry.fullUrl = `/Organization/${i + 1}`;
          }),
        },
      },
    },
    {
      name: 'entry-search-missing',
      description: 'entries without search',
      behaviour: {
        organization: {
          bundle: withEntries((entry) => {
            delete (entry as Partial<typeof entry>).search;
          }),
        },
      },
    },
    {
      name: 'resource-type-wrong',
      description: 'resources typed OrganizationResource',
      behaviour: {
        organization: {
          bundle: withEntries((entry) => {
            (entry.resource as { resourceType: string }).resourceType = 'OrganizationResource';
          }),
        },
      },
    },
  ],
  'ORG-SEARCH-MODE': [
    {
      name: 'search-mode-include',
      description: 'search.mode include',
      behaviour: {
        organization: {
          bundle: withEntries((entry) => {
            (entry.search as { mode: string }).mode = 'include';
          }),
        },
      },
    },
  ],
  'ORG-RESOURCE-SHAPE': [
    {
      name: 'active-as-string',
      description: 'active as "true"/"false"',
      behaviour: {
        organization: {
          bundle: withEntries((entry) => {
            (entry.resource as { active: unknown }).active = String(entry.resource.active);
          }),
        },
      },
    },
    {
      name: 'telecom-punctuated',
      description: 'telecom values written 614-555-1234',
      behaviour: {
        organization: {
          bundle: withEntries((entry) => {
            for (const t of entry.resource.telecom ?? []) t.value = `${t.value.slice(0, 3)}-${t.value.slice(3, 6)}-${t.value.slice(6)}`;
          }),
        },
      },
    },
    {
      name: 'address-use-home',
      description: 'address use home',
      behaviour: {
        organization: {
          bundle: withEntries((entry) => {
            for (const a of entry.resource.address) (a as { use: string }).use = 'home';
          }),
        },
      },
    },
    {
      name: 'contained-id-not-uuid',
      description: 'contained ids that are not UUIDs (partOf kept consistent)',
      behaviour: {
        organization: {
          bundle: withEntries((entry, i) => {
            for (const c of entry.resource.contained ?? []) c.id = `parent-${i}`;
            if (entry.resource.partOf) entry.resource.partOf.reference = `#parent-${i}`;
          }),
        },
      },
    },
  ],
  'ORG-PARTOF': [
    {
      name: 'partof-dangling',
      description: 'partOf points at a contained id that does not exist',
      behaviour: {
        organization: {
          bundle: withEntries((entry) => {
            if (entry.resource.partOf) entry.resource.partOf.reference = '#00000000-0000-4000-8000-000000000000';
          }),
        },
      },
    },
    {
      name: 'partof-dangling-after-page-1',
      description: 'partOf points at a contained id that does not exist, on every page but the first',
      behaviour: {
        organization: {
          bundle: (bundle, context) =>
            (context.window?.page ?? 1) > 1
              ? withEntries((entry) => {
                  if (entry.resource.partOf) entry.resource.partOf.reference = '#00000000-0000-4000-8000-000000000000';
                })(bundle)
              : bundle,
        },
      },
    },
    {
      name: 'partof-without-hash',
      description: 'partOf references Organization/<id>',
      behaviour: {
        organization: {
          bundle: withEntries((entry) => {
            if (entry.resource.partOf) entry.resource.partOf.reference = entry.resource.partOf.reference.replace('#', 'Organization/');
          }),
        },
      },
    },
  ],
  'ORG-TOTAL': [
    {
      name: 'total-below-entries',
      description: 'total counts from zero',
      behaviour: { organization: { bundle: (bundle) => ({ ...bundle, total: Math.max(0, bundle.entry.length - 1) }) } },
    },
    {
      name: 'total-off-by-one',
      description: 'total one more than the matches',
      behaviour: { organization: { bundle: (bundle) => ({ ...bundle, total: bundle.total + 1 }) } },
    },
    {
      name: 'total-remaining-from-page',
      description: "total counts the matches from the page's first entry on: 156 on page 1, 131 on page 2, … of one search",
      behaviour: { organization: { bundle: (bundle, { window }) => ({ ...bundle, total: bundle.total - (window?.start ?? 0) }) } },
    },
  ],
  'ORG-COUNT': [
    // §4.3, §8 paging.
    {
      name: 'count-ignored',
      description: 'Count is ignored: always 25',
      behaviour: { organization: { paging: (_count, page = 1) => ({ start: (page - 1) * PAGE_SIZE, size: PAGE_SIZE, page }) } },
    },
    {
      name: 'count-capped-at-100',
      description: 'Count is honoured only up to 100',
      behaviour: {
        organization: {
          paging: (count, page, matches) =>
            reference.organization.paging(count === undefined ? undefined : Math.min(count, 100), page, matches),
        },
      },
    },
    {
      // A limit off by one at the maximum: only a search that matches more than 999 shows it.
      name: 'count-max-999',
      description: 'Count at or above the maximum, 1000, returns 999 organizations',
      behaviour: {
        organization: {
          paging: (count, page, matches) => {
            const window = reference.organization.paging(count, page, matches);
            return count !== undefined && count >= MAX_COUNT && 'size' in window ? { ...window, size: MAX_COUNT - 1 } : window;
          },
        },
      },
    },
    {
      name: 'count-uncapped',
      description: 'Count above 1000 is honoured',
      behaviour: {
        organization: {
          paging: (count, page = 1) => {
            const size = count ?? PAGE_SIZE;
            return { start: (page - 1) * size, size, page };
          },
        },
      },
    },
  ],
  'ORG-PAGE': [
    {
      // With total as each page's count, only the same search with Count=1000 shows the record missing.
      name: 'last-page-drops-its-last',
      description: "the last page by Page alone leaves out its final organization; total is each page's count",
      unseenBySurvey:
        "with total as each page's count, only the same search with Count=1000 shows a record on no page, and the survey walks by Page alone",
      behaviour: {
        organization: {
          bundle: (bundle, { window }) => {
            const last =
              searchedWith(bundle, 'Page') && !searchedWith(bundle, 'Count') && (window?.start ?? 0) + bundle.entry.length >= bundle.total;
            const entry = last && bundle.entry.length > 1 ? bundle.entry.slice(0, -1) : bundle.entry;
            return { ...bundle, entry, total: entry.length };
          },
        },
      },
    },
    {
      name: 'page-size-20',
      description: 'Page alone gives 20 per page',
      behaviour: {
        organization: {
          paging: (count, page = 1) => {
            const size = Math.min(count ?? 20, MAX_COUNT);
            return { start: (page - 1) * size, size, page };
          },
        },
      },
    },
    {
      // A service whose Page alone falls back to a page size of its own choosing.
      name: 'page-only-100',
      description: 'Page alone gives 100 per page',
      behaviour: {
        organization: {
          paging: (count, page = 1) => {
            const size = Math.min(count ?? 100, MAX_COUNT);
            return { start: (page - 1) * size, size, page };
          },
        },
      },
    },
    {
      name: 'page-size-30',
      description: 'Page alone gives 30 per page',
      behaviour: {
        organization: {
          paging: (count, page = 1) => {
            const size = Math.min(count ?? 30, MAX_COUNT);
            return { start: (page - 1) * size, size, page };
          },
        },
      },
    },
  ],
  'ORG-PAGE-DISJOINT': [
    {
      name: 'page-ignored',
      description: 'Page is ignored: always the first page, so no page reaches the 26th organization',
      level: 'MUST',
      behaviour: { organization: { paging: (count, _page, matches) => reference.organization.paging(count, 1, matches) } },
    },
    {
      name: 'pages-overlap',
      description: 'each page starts one record early, every record still reachable',
      level: 'SHOULD',
      behaviour: {
        organization: {
          paging: (count, page = 1, matches) => {
            const window = reference.organization.paging(count, page, matches);
            return 'start' in window ? { ...window, start: Math.max(0, window.start - 1) } : window;
          },
        },
      },
    },
    {
      name: 'pages-overlap-hide-records',
      description:
        'each page repeats the last 5 organizations of the page before (an offset computed as if pages held 5 fewer), and pages past total/size are empty: the last organizations are served on no page',
      level: 'MUST',
      behaviour: {
        organization: {
          paging: (count, page = 1, matches) => {
            const size = Math.min(count ?? PAGE_SIZE, MAX_COUNT);
            if (page > Math.ceil(matches / size)) return { start: matches, size, page };
            return { start: (page - 1) * Math.max(1, size - 5), size, page };
          },
        },
      },
    },
    {
      name: 'page-beyond-last-repeats',
      description: 'a Page past the last one answers the last page again, repeating its organizations',
      level: 'SHOULD',
      behaviour: {
        organization: {
          paging: (count, page = 1, matches) => {
            const size = Math.min(count ?? PAGE_SIZE, MAX_COUNT);
            const last = Math.max(1, Math.ceil(matches / size));
            return reference.organization.paging(count, Math.min(page, last), matches);
          },
        },
      },
    },
  ],
  'ORG-NEXT-LINK': [
    {
      name: 'count-and-page-skip-first-of-page',
      description:
        "with Count and Page, every page after the first starts one organization late, so the first of page 2 is on no page; total is each page's count",
      unseenBySurvey:
        "the survey follows one next link of a walk by Page alone, and with total as each page's count nothing it fetches shows the record missing",
      behaviour: {
        organization: {
          paging: (count, page = 1, matches) => {
            const window = reference.organization.paging(count, page, matches);
            return count !== undefined && page > 1 && !('status' in window) ? { ...window, start: window.start + 1 } : window;
          },
          bundle: (bundle) => ({ ...bundle, total: bundle.entry.length }),
        },
      },
    },
    {
      name: 'next-link-drops-count',
      description: 'the next link forgets Count, so later pages hold more than Count and skip the organizations between',
      unseenBySurvey: 'the survey walks by Page alone: its links carry no Count to forget',
      level: 'MUST',
      behaviour: { organization: { bundle: withNextLink((next) => next.searchParams.delete('Count')) } },
    },
    {
      name: 'next-link-to-first-page',
      description: 'the next link always leads back to page 1, so the links loop and reach nothing past it',
      level: 'MUST',
      behaviour: { organization: { bundle: withNextLink((next) => next.searchParams.set('Page', '1')) } },
    },
    {
      name: 'next-link-skips-page',
      description: 'the next link points two pages on: a client following the links never sees every other page',
      level: 'MUST',
      behaviour: {
        organization: {
          bundle: withNextLink((next) => next.searchParams.set('Page', String(Number(next.searchParams.get('Page') ?? '1') + 1))),
        },
      },
    },
    {
      name: 'next-link-drops-filters',
      description: 'the next link keeps only Page and Count, and the service answers such a link with every organization',
      level: 'MUST',
      behaviour: {
        organization: {
          requireSearchParameter: false,
          bundle: withNextLink((next) => {
            for (const name of [...next.searchParams.keys()]) if (name !== 'Page' && name !== 'Count') next.searchParams.delete(name);
          }),
        },
      },
    },
    {
      // An independent service: Count answers one page (§4.3) with no next link; Page's pages link on, without the filters.
      name: 'next-link-page-only-drops-filters',
      description:
        'a Count search has no next link; the pages of Page alone have one that keeps only Page, and the service answers it with every organization',
      level: 'MUST',
      behaviour: {
        organization: {
          requireSearchParameter: false,
          bundle: (bundle) => {
            if (searchedWith(bundle, 'Count')) return { ...bundle, link: bundle.link.filter((l) => l.relation !== 'next') };
            return withNextLink((next) => {
              for (const name of [...next.searchParams.keys()]) if (name !== 'Page') next.searchParams.delete(name);
            })(bundle);
          },
        },
      },
    },
    {
      name: 'next-link-count-10',
      description:
        'the next link asks for 10 per page whatever Count the search gave: later pages are smaller and the second repeats the first, every record still reachable',
      level: 'SHOULD',
      behaviour: { organization: { bundle: withNextLink((next) => next.searchParams.set('Count', '10')) } },
    },
  ],
  'ORG-FILTER-NARROWS': [
    {
      name: 'one-filter-index-stale',
      description:
        'a search by one filter misses one organization in 11 (a stale index of single filters); with two filters every match is found',
      unseenBySurvey: 'the survey walks by one filter at a time, never by two',
      behaviour: {
        organization: {
          search: (filters, organizations) => {
            const matches = organizations.search(filters);
            const filtered = Object.keys(filters).filter((name) => name !== 'active');
            if (filtered.length !== 1) return matches;
            const stale = (id: string) => [...id].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 11 === 0;
            return matches.slice().filter((o) => !stale(o.id));
          },
        },
      },
    },
  ],
  'ORG-EQUIVALENT-QUERY': [
    {
      name: 'count-ends-the-search',
      description: 'a parser of its own reads Count as the end of the search: the parameters after it are dropped',
      unseenBySurvey: 'the survey puts Count and Page after the filters',
      behaviour: {
        http: {
          readQueryString: (queryString) => {
            const pairs = queryString.split('&');
            const count = pairs.findIndex((pair) => pair.startsWith('Count='));
            return parseQueryString((count < 0 ? pairs : pairs.slice(0, count + 1)).join('&'));
          },
        },
      },
    },
    {
      name: 'repeat-from-stale-cache',
      description:
        'a search asked before is answered from a cache, keyed by the URL as sent, one record behind: its last organization missing, its total one less; the same search written otherwise is answered afresh',
      behaviour: {
        organization: {
          bundle: cachedOnRepeat((bundle) =>
            bundle.entry.length < 2 ? bundle : { ...bundle, entry: bundle.entry.slice(0, -1), total: bundle.total - 1 },
          ),
        },
      },
    },
  ],
  'ORG-READINGS-AGREE': [
    {
      // Two code paths for one search: small pages offset by one, which only the edges of a result show.
      name: 'small-count-starts-one-late',
      description:
        'Count alone below 25 starts one match late: the first match is on no page of that size, and Count=N of N matches answers N-1',
      unseenBySurvey: 'the survey reads searches by Page alone and whole, never at a Count below 25',
      behaviour: {
        organization: {
          paging: (count, page, matches) => {
            const window = reference.organization.paging(count, page, matches);
            return count !== undefined && page === undefined && count < PAGE_SIZE && 'size' in window ? { ...window, start: 1 } : window;
          },
        },
      },
    },
    {
      name: 'large-count-from-stale-replica',
      description:
        'a page of more than 100 is read from a replica that lacks one organization in 13, its total counted there; smaller pages, and the walks, read every match',
      unseenBySurvey: 'the survey holds the pages of its walks as lines, not bodies, and reads no search at two page sizes',
      behaviour: {
        organization: {
          bundle: (bundle, { window }) => {
            if (!window || window.size <= 100 || bundle.entry.length !== bundle.total) return bundle;
            const stale = (id: string) => [...id].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 13 === 0;
            const entry = bundle.entry.filter((e) => !stale(e.resource.id));
            return { ...bundle, entry, total: entry.length };
          },
        },
      },
    },
  ],
  'ORG-MIN-PARAMS': [
    {
      name: 'no-parameter-returns-all',
      description: 'a search without parameters lists every organization',
      behaviour: { organization: { requireSearchParameter: false } },
    },
  ],
  'ORG-FILTER-IDENTIFIER': [
    {
      name: 'identifier-filter-ignored',
      description: 'identifier is accepted but not applied',
      behaviour: { organization: { filters: ({ identifier: _identifier, ...rest }) => rest } },
    },
    {
      name: 'identifier-system-ignored',
      description: 'system|value matches on the value alone',
      behaviour: {
        organization: {
          filters: (filters) =>
            filters.identifier ? { ...filters, identifier: filters.identifier.slice(filters.identifier.lastIndexOf('|') + 1) } : filters,
        },
      },
    },
    {
      name: 'identifier-system-unsupported',
      description: 'system|value is matched as one literal value',
      behaviour: {
        organization: {
          filters: (filters) => (filters.identifier ? { ...filters, identifier: filters.identifier.replace('|', ' ') } : filters),
        },
      },
    },
  ],
  'ORG-FINDABLE': [
    {
      // A search index that keeps each organization's first identifier only.
      name: 'identifier-first-only',
      description: "identifier matches only each organization's first identifier",
      behaviour: {
        organization: {
          search: (filters, organizations) => {
            const matches = organizations.search(filters);
            if (filters.identifier === undefined) return matches;
            const wanted = filters.identifier.slice(filters.identifier.lastIndexOf('|') + 1).toUpperCase();
            return matches.slice().filter((o) => (o.identifier?.[0]?.value ?? '').toUpperCase() === wanted);
          },
        },
      },
    },
    {
      // An index that stored half the numbers with their country code: a 10-digit search misses them.
      name: 'phone-stored-with-leading-1',
      description: 'phone finds none of the organizations whose number the index stored with a leading 1 (half of them)',
      behaviour: {
        organization: {
          search: (filters, organizations) => {
            const matches = organizations.search(filters);
            if (filters.phone === undefined) return matches;
            return matches.slice().filter((o) => Number(o.id.slice(-1)) % 2 === 1);
          },
        },
      },
    },
    {
      // A query builder that puts both address filters on one field: city and state together match nothing.
      name: 'city-with-state-finds-nothing',
      description: 'address-city together with address-state matches no organization (each alone works)',
      behaviour: {
        organization: {
          search: (filters, organizations) =>
            filters['address-city'] !== undefined && filters['address-state'] !== undefined ? [] : organizations.search(filters),
        },
      },
    },
  ],
  'ORG-FILTERS': [
    {
      // An index keyed on the number's last digits, as a switchboard's extension lookup is: other area codes match too.
      name: 'phone-matched-on-last-4-digits',
      description: 'phone compares only the last 4 digits: a search by one number also returns organizations whose numbers end alike',
      level: 'MUST',
      behaviour: {
        organization: {
          search: (filters, organizations) => {
            if (filters.phone === undefined) return organizations.search(filters);
            const { phone, ...rest } = filters;
            const last = phone.replace(/\D/g, '').slice(-4);
            return organizations
              .search(rest)
              .slice()
              .filter((o) => (o.telecom ?? []).some((t) => t.system === 'phone' && t.value.endsWith(last)));
          },
        },
      },
    },
    {
      name: 'name-filter-ignored',
      description: 'name is accepted but not applied',
      level: 'MUST',
      behaviour: { organization: { filters: ({ name: _name, ...rest }) => rest } },
    },
    {
      name: 'city-filter-ignored',
      description: 'address-city is accepted but not applied',
      level: 'MUST',
      behaviour: { organization: { filters: ({ 'address-city': _city, ...rest }) => rest } },
    },
    {
      name: 'address-filter-ignored',
      description: 'address is accepted but not applied',
      level: 'MUST',
      behaviour: { organization: { filters: ({ address: _address, ...rest }) => rest } },
    },
    {
      // A query language that reads bare words: to it OR, IN and ME are operators, not states.
      name: 'state-word-as-operator',
      description:
        'address-state OR, IN or ME is read as an operator, not a state: the filter is dropped, and the search lists organizations of every state',
      level: 'MUST',
      unseenBySuite: "the probes name no state whose code is also a word: explore's sweep asks each",
      unseenBySurvey: 'the survey walks these states only with --organizations-by-state, which the mutation run does not ask',
      behaviour: {
        organization: {
          search: (filters, organizations) => {
            const { 'address-state': state, ...rest } = filters;
            return organizations.search(readAsOperator(state) ? rest : filters);
          },
        },
      },
    },
    {
      name: 'filters-first-page-only',
      description: 'filters apply to page 1 only; later pages list every organization',
      level: 'MUST',
      behaviour: { organization: { filters: (filters, page) => (page > 1 ? {} : filters) } },
    },
    {
      name: 'filters-or-ed',
      description: 'two filters are OR-ed instead of AND-ed: address-city=ALLENTOWN&type=… also finds that type in every other city',
      level: 'MUST',
      behaviour: {
        organization: {
          search: (filters, organizations) => {
            const union = new Map(
              Object.entries(filters).flatMap(([name, value]) =>
                organizations
                  .search({ [name]: value })
                  .slice()
                  .map((o) => [o.id, o] as const),
              ),
            );
            return [...union.values()].sort(byId);
          },
        },
      },
    },
    {
      name: 'type-labels-hyphenated',
      description: 'type labels are sent as hyphenated codes (Group-Practice) while type=Group Practice finds them: a near miss',
      level: 'SHOULD',
      behaviour: {
        organization: {
          bundle: withEntries((entry) => {
            for (const type of entry.resource.type ?? []) type.text = type.text.replace(/ /g, '-');
          }),
        },
      },
    },
  ],
  'ORG-ACTIVE': [
    {
      name: 'active-filter-ignored',
      description: 'active is accepted but not applied',
      behaviour: { organization: { filters: ({ active: _active, ...rest }) => rest } },
    },
  ],
};
