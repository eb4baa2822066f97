import type { FastifyReply, FastifyRequest } from 'fastify';
import { AMBIGUITY_MESSAGE, MAX_COUNT, PAGE_SIZE } from '../../spec/constants';
import { operationOutcomeBody, RequestError } from '../errors';
import { normalize } from '../inverted-index';
import { parseQueryString } from '../query';
import { errorAnswer, type Intercept, isAnswer, JSON_TYPE, REFERENCE_BEHAVIOUR } from './behaviour';
import type { Scenario } from './scenario';
import { shuffled, withBundle, withData, withEntries, withNextLink } from './transforms';

/** §2.4 open lists, written with values beyond the observed ones. */
const openValues = withData((data) => {
  data.Status = ['I'];
  data.NPPESEntityType = ['organization'];
  for (const name of (data.Name ?? []) as Record<string, unknown>[]) name.NameType = ['LEGAL'];
  for (const address of (data.Address ?? []) as Record<string, unknown>[]) address.AddressType = ['billing'];
});

/**
 * Strikes every `period`-th request with `strike`, each URL once at most, so the retry of a struck
 * URL always goes through however the calls of concurrent workers interleave; otherwise the variant,
 * not the harness, would decide whether its retries suffice. (Forgetting a URL once a request for it
 * went through is not enough: another worker's request for the same URL can go through between the
 * strike and its retry.)
 */
function transientFault(period: number, strike: (request: FastifyRequest, reply: FastifyReply) => void): Intercept {
  const struck = new Set<string>();
  return async (request, reply, call) => {
    if (struck.has(request.url) || call % period !== 0) return false;
    struck.add(request.url);
    strike(request, reply);
    return true;
  };
}

/** `name` and `address` (§4.3) matched by `matches`, on normalised text, the other filters as the reference matches them. */
function textFilters(matches: (field: string, value: string) => boolean): Scenario['behaviour'] {
  const holds = (field: string, value: string | undefined) => value === undefined || matches(normalize(field), normalize(value));
  return {
    organization: {
      search: (filters, organizations) => {
        const { name, address, ...exact } = filters;
        return organizations
          .search(exact)
          .slice()
          .filter((o) => holds(o.name, name) && (address === undefined || o.address.some((a) => holds(a.text, address))));
      },
    },
  };
}

/** The parameters whose values name a provider or an organization (§4.1, §4.3). */
const NAME_PARAMETERS = new Set(['Name', 'FirstName', 'LastName', 'name']);

/** The token the bearer-auth variant wants; the mutation run hands it to the suite as API_TOKEN. */
export const VARIANT_TOKEN = 'mutation-run-bearer-token-7f3a9c';

/**
 * Conformant alternatives: legitimate choices where the specification is silent or allows several
 * answers. The suite must pass every one of them with no failure and no warning.
 */
export const VARIANTS: Scenario[] = [
  {
    name: 'ambiguity-409-json',
    description: 'ambiguity as 409 with a JSON error body',
    behaviour: {
      searchSingleBest: { ambiguity: () => ({ status: 409, type: JSON_TYPE, body: { error: 'ambiguous', message: AMBIGUITY_MESSAGE } }) },
    },
  },
  {
    name: 'ambiguity-400-json',
    description: 'ambiguity as 400 with a JSON error body',
    behaviour: {
      searchSingleBest: { ambiguity: () => ({ status: 400, type: JSON_TYPE, body: { error: 'ambiguous', message: AMBIGUITY_MESSAGE } }) },
    },
  },
  {
    name: 'ambiguity-json-string',
    description: 'ambiguity as a 200 JSON string',
    behaviour: { searchSingleBest: { ambiguity: () => ({ status: 200, type: JSON_TYPE, body: JSON.stringify(AMBIGUITY_MESSAGE) }) } },
  },
  {
    name: 'no-match-empty-object',
    description: 'no match as 200 {}',
    behaviour: { searchSingleBest: { noMatch: () => ({ status: 200, type: JSON_TYPE, body: {} }) } },
  },
  {
    name: 'no-content-204',
    description: 'no match and an unknown curated ID as 204 No Content, without a body',
    behaviour: {
      searchSingleBest: { noMatch: () => ({ status: 204, type: JSON_TYPE, body: '' }) },
      sourceRecords: { unknownCuratedId: () => ({ status: 204, type: JSON_TYPE, body: '' }) },
    },
  },
  {
    // Independent services echo what was asked: a history of two clean runs must not call that drift.
    name: 'echoing-messages',
    description: 'no match and an unknown curated ID answered with a message that quotes the request',
    behaviour: {
      searchSingleBest: {
        noMatch: (parameters) =>
          errorAnswer(new RequestError(404, 'not-found', `No provider matches ${new URLSearchParams(parameters).toString()}`)),
      },
      sourceRecords: {
        unknownCuratedId: (curatedID) => errorAnswer(new RequestError(404, 'not-found', `No golden record with curated ID ${curatedID}`)),
      },
    },
  },
  {
    name: 'unknown-id-empty-array',
    description: 'an unknown curated ID as 200 []',
    behaviour: { sourceRecords: { unknownCuratedId: () => ({ status: 200, type: JSON_TYPE, body: [] }) } },
  },
  {
    name: 'count-over-limit-rejected',
    description: 'Count above 1000 rejected with 400',
    behaviour: {
      organization: {
        paging: (count, page, matches) =>
          count !== undefined && count > MAX_COUNT
            ? {
                status: 400,
                type: JSON_TYPE,
                body: operationOutcomeBody(new RequestError(400, 'invalid', `Count may not exceed ${MAX_COUNT}`)),
              }
            : REFERENCE_BEHAVIOUR.organization.paging(count, page, matches),
      },
    },
  },
  {
    name: 'default-page-all',
    description: 'without Count and Page, every match up to 1000',
    behaviour: {
      organization: {
        paging: (count, page, matches) =>
          REFERENCE_BEHAVIOUR.organization.paging(count ?? (page === undefined ? MAX_COUNT : undefined), page, matches),
      },
    },
  },
  {
    name: 'total-is-page-count',
    description: 'total counts the entries of the page',
    behaviour: { organization: { bundle: (bundle) => ({ ...bundle, total: bundle.entry.length }) } },
  },
  {
    name: 'pages-from-zero',
    description: "Page counts from 0 (Page=0 is the first page, Page=1 the second), with total as each page's count",
    behaviour: {
      organization: {
        firstPage: 0,
        paging: (count, page = 0) => {
          const size = Math.min(count ?? PAGE_SIZE, MAX_COUNT);
          return { start: page * size, size, page };
        },
        bundle: (bundle) => ({ ...bundle, total: bundle.entry.length }),
      },
    },
  },
  {
    name: 'no-next-link',
    description: 'only a self link, no next link',
    skips: ['ORG-NEXT-LINK'],
    behaviour: { organization: { bundle: (bundle) => ({ ...bundle, link: bundle.link.filter((l) => l.relation !== 'next') }) } },
  },
  {
    name: 'next-link-relative',
    description: 'next links relative to the base URL',
    behaviour: {
      organization: {
        bundle: (bundle, { base }) => ({
          ...bundle,
          link: bundle.link.map((l) => (l.relation === 'next' ? { ...l, url: l.url.slice(base.length + 1) } : l)),
        }),
      },
    },
  },
  {
    // 127.0.0.2 is loopback with no server: were the harness to follow the link, the run would show a transport error.
    name: 'next-link-other-origin',
    description: 'next links on another origin, which the harness must not follow with credentials',
    skips: ['ORG-NEXT-LINK'],
    gaps: ['ORG-NEXT-LINK'],
    observes: 'OBS-CROSS-ORIGIN-LINK',
    behaviour: {
      organization: {
        bundle: (bundle) => ({
          ...bundle,
          link: bundle.link.map((l) => (l.relation === 'next' ? { ...l, url: l.url.replace('://127.0.0.1:', '://127.0.0.2:') } : l)),
        }),
      },
    },
  },
  {
    name: 'next-link-opaque-cursor',
    description: 'next links carry the search in an opaque token of the service (_cursor), not as the parameters of §4.3',
    behaviour: {
      organization: {
        // The reference builds the next link from the request's URL, here a cursor: the search is unpacked before it is packed again.
        bundle: withNextLink((next) => {
          const cursor = next.searchParams.get('_cursor');
          const search = new URLSearchParams(cursor === null ? next.search : Buffer.from(cursor, 'base64url').toString());
          search.set('Page', next.searchParams.get('Page')!);
          next.search = `?_cursor=${Buffer.from(search.toString()).toString('base64url')}`;
        }),
        query: (raw) => {
          const cursor = raw._cursor;
          if (typeof cursor !== 'string' || Object.keys(raw).length !== 1) return raw;
          return parseQueryString(Buffer.from(cursor, 'base64url').toString());
        },
      },
    },
  },
  {
    // §4.3 r2: the answer when nothing matches is not shown. A FHIR server's common choice: 404 with an OperationOutcome.
    name: 'org-no-match-404',
    description: 'an organization search that matches nothing answers 404 with an OperationOutcome, not an empty bundle',
    observes: 'OBS-ORG-NO-MATCH',
    behaviour: {
      organization: {
        paging: (count, page, matches) => {
          if (matches > 0) return REFERENCE_BEHAVIOUR.organization.paging(count, page, matches);
          const error = new RequestError(404, 'not-found', 'no organization matches the search');
          return { status: 404, type: JSON_TYPE, body: operationOutcomeBody(error) };
        },
      },
    },
  },
  {
    name: 'page-beyond-last-error',
    description: 'a Page past the last one answers 404 with an OperationOutcome, not an empty bundle',
    observes: 'OBS-PAGE-BEYOND-LAST',
    behaviour: {
      organization: {
        paging: (count, page, matches) => {
          const window = REFERENCE_BEHAVIOUR.organization.paging(count, page, matches);
          if (isAnswer(window) || window.page === 1 || window.start < matches) return window;
          const error = new RequestError(404, 'not-found', `Page ${window.page} is past the last page of this search`);
          return { status: 404, type: JSON_TYPE, body: operationOutcomeBody(error) };
        },
      },
    },
  },
  {
    name: 'filters-substring-anywhere',
    description: 'name and address match anywhere in the field, not only where a word starts',
    behaviour: textFilters((field, value) => field.includes(value)),
  },
  {
    // §4.3 does not say how a string matches: FHIR's default is a prefix, this service wants whole words.
    name: 'filters-whole-words',
    description: 'name and address match only whole words of the field (CLINIC finds CLINIC, not CLINICS)',
    behaviour: textFilters((field, value) => ` ${field} `.includes(` ${value} `)),
  },
  {
    name: 'values-case-sensitive',
    description: 'name values match only in the letter case the directory holds them in (upper case)',
    observes: 'OBS-VALUE-CASE',
    behaviour: {
      http: { searchValue: (parameter, value) => (NAME_PARAMETERS.has(parameter) && value !== value.toUpperCase() ? null : value) },
    },
  },
  {
    name: 'values-whitespace-significant',
    description: 'values with surrounding spaces are compared as they are, so they match nothing',
    observes: 'OBS-VALUE-WHITESPACE',
    behaviour: { http: { searchValue: (_parameter, value) => (value !== value.trim() ? null : value) } },
  },
  {
    name: 'open-coded-values',
    description: 'Status I, NameType LEGAL, AddressType billing, NPPESEntityType organization: values beyond the observed ones',
    observes: 'OBS-CODED-VALUES',
    behaviour: { searchSingleBest: { golden: openValues.golden }, sourceRecords: { sources: openValues.sources } },
  },
  {
    name: 'absolute-fullurl',
    description: 'fullUrl as an absolute URL',
    behaviour: {
      organization: {
        bundle: (bundle, { base }) =>
          withEntries((entry) => {
            entry.fullUrl = `${base}${REFERENCE_BEHAVIOUR.organization.path}/Organization/${entry.resource.id}`;
          })(bundle),
      },
    },
  },
  {
    name: 'z-timestamps',
    description: 'meta.lastUpdated with Z',
    behaviour: {
      organization: {
        bundle: withBundle((b) => {
          b.meta.lastUpdated = new Date(b.meta.lastUpdated).toISOString();
        }),
      },
    },
  },
  {
    name: 'fhir-json-media-type',
    description: 'application/fhir+JSON_TYPE for the bundle',
    behaviour: { organization: { mediaType: 'application/fhir+json; charset=utf-8' } },
  },
  {
    name: 'entries-reversed',
    description: 'entries of a page in another order',
    behaviour: {
      organization: {
        bundle: withBundle((b) => {
          b.entry.reverse();
        }),
      },
    },
  },
  {
    name: 'source-records-shuffled',
    description: 'source records in a different order on every call',
    behaviour: { sourceRecords: { sources: (records) => shuffled(records) } },
  },
  {
    name: 'extra-fields',
    description: 'unknown extra attributes and fields everywhere',
    behaviour: {
      searchSingleBest: {
        golden: (record) => ({
          ...withData((data) => {
            data.PreferredLanguage = ['EN'];
            data.Score = 0.93;
          }).golden(record),
          meta: { source: 'mdm' },
        }),
      },
      sourceRecords: {
        sources: (records) =>
          withData((data) => {
            data.IngestBatch = ['2024-11'];
          })
            .sources(records)
            .map((r) => ({ ...r, score: 1 })),
      },
      organization: {
        bundle: withBundle((b) => {
          Object.assign(b, { timestamp: b.meta.lastUpdated });
          for (const entry of b.entry)
            Object.assign(entry.resource, { extension: [{ url: 'urn:example:tier', valueString: 'gold' }], alias: ['AKA'] });
        }),
      },
    },
  },
  {
    name: 'fhir-rich-organizations',
    description:
      'Organizations with optional R4 elements the specification does not list: meta, identifier use and type, telecom rank, narrative',
    behaviour: {
      organization: {
        bundle: withBundle((b) => {
          for (const entry of b.entry) {
            const resource = entry.resource;
            Object.assign(resource, {
              meta: { versionId: '3', lastUpdated: b.meta.lastUpdated },
              text: { status: 'generated', div: `<div xmlns="http://www.w3.org/1999/xhtml">${resource.name.replace(/[<&]/g, '')}</div>` },
            });
            for (const identifier of resource.identifier)
              Object.assign(identifier, {
                use: 'official',
                type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'NPI' }] },
              });
            resource.telecom?.forEach((telecom, i) => Object.assign(telecom, { rank: i + 1 }));
          }
        }),
      },
    },
  },
  {
    name: 'api-path-prefix',
    description: 'provider endpoints under /api (§4.1 note)',
    behaviour: { provider: { path: '/api' } },
    suiteEnv: { PROVIDER_PATH: '/api' },
  },
  {
    // §4.3: `active` is "available only for tenants configured to search status". Unpromised, it is no
    // finding: ORG-ACTIVE has nothing to check. Promised, it is a probe problem (rulebook.spec.ts).
    name: 'no-status-search',
    description: 'a tenant not configured to search status: active answered 400 not-supported',
    behaviour: {
      http: {
        intercept: async (request, reply) => {
          if (!request.url.includes('active=')) return false;
          await reply
            .code(400)
            .type(JSON_TYPE)
            .send(operationOutcomeBody(new RequestError(400, 'not-supported', 'active is not searchable')));
          return true;
        },
      },
    },
    suiteEnv: { STATUS_SEARCH: 'false' },
    skips: ['ORG-ACTIVE'],
  },
  {
    name: 'bearer-auth',
    description: 'every endpoint requires a bearer token',
    behaviour: { http: { bearerToken: VARIANT_TOKEN } },
    suiteEnv: { API_TOKEN: VARIANT_TOKEN },
  },
  { name: 'case-insensitive-names', description: 'parameter names in any case', behaviour: { http: { caseInsensitiveNames: true } } },
  {
    name: 'flaky-connection',
    description: 'every 6th request has its connection reset, never the retry of one just reset (the harness retries once)',
    observes: 'OBS-TRANSPORT-RETRY',
    behaviour: {
      http: {
        intercept: transientFault(6, (request, reply) => {
          reply.hijack();
          request.raw.socket.destroy();
        }),
      },
    },
  },
  {
    // A gateway that cold-starts: its very first request is refused without a Retry-After; the preflight asks once more.
    name: 'first-request-rate-limited',
    description: 'the first request of all answers 429 without Retry-After; every other is answered',
    behaviour: {
      http: {
        intercept: async (_request, reply, call) => {
          if (call !== 1) return false;
          reply.code(429).type(JSON_TYPE).send('{"error":"warming up"}');
          return true;
        },
      },
    },
  },
  {
    name: 'sometimes-rate-limited',
    description: 'every 25th request, never a retry, answers 429 with Retry-After: 1 (the harness waits and retries)',
    observes: 'OBS-RATE-LIMITED',
    behaviour: {
      http: {
        intercept: transientFault(25, (_request, reply) => {
          reply.code(429).header('retry-after', '1').type(JSON_TYPE).send('{"error":"slow down"}');
        }),
      },
    },
  },
];
