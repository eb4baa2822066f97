/**
 * The specification's latitude as data: every choice it leaves open (a dimension), with the values
 * real services take. The first value of each dimension is the reference server's own. Any point of
 * the latitude (a value per dimension) is a behaviour the reference server serves
 * (`serve --latitude key=value,...`, `--latitude-seed N`), a conformant variant is a named point
 * (variants.ts), and the property run (scripts/latitude.ts) samples points and proves that no driver
 * raises a finding on any of them.
 *
 * A value is a change of the behaviour before it, never of the reference alone: its hooks wrap the
 * ones they replace, so that values of different dimensions compose in any combination.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ObservationId, RequirementId } from '../../spec/catalogue';
import { AMBIGUITY_MESSAGE, MAX_COUNT } from '../../spec/constants';
import { operationOutcomeBody, RequestError } from '../errors';
import { normalize } from '../inverted-index';
import { parseQueryString } from '../query';
import {
  type Behaviour,
  type BuiltBundle,
  type BehaviourChanges,
  errorAnswer,
  type Intercept,
  isAnswer,
  JSON_TYPE,
  REFERENCE_BEHAVIOUR,
  type ScenarioContext,
  applyChanges,
} from './behaviour';
import { eachValue, searchedWith, shuffled, withBundle, withData, withEntries } from './transforms';

/** The spellings §2.3 r4 names, each for the other. */
const OTHER_SPELLINGS: Readonly<Record<string, string>> = {
  Credential: 'Credentials',
  CountryCode: 'Country',
  DEADateofOriginalRegistration: 'DEADateOfOriginalRegistration',
};

/** `data` with its attribute names, and those of the objects of its arrays, renamed. */
function renamedKeys(data: Record<string, unknown>, rename: (name: string) => string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(data).map(([name, value]) => [
      rename(name),
      Array.isArray(value)
        ? value.map((v) =>
            typeof v === 'object' && v !== null && !Array.isArray(v) ? renamedKeys(v as Record<string, unknown>, rename) : v,
          )
        : value,
    ]),
  );
}

/** Source records with their data changed by `change`, given the record's dataset. */
const changedSources =
  (change: (data: Record<string, unknown>, index: string) => Record<string, unknown>): Change =>
  (before) => ({
    sourceRecords: {
      sources: (records, context, curatedID) =>
        (before.sourceRecords.sources(records, context, curatedID) as { index: string; data: Record<string, unknown> }[]).map((record) => ({
          ...record,
          data: change(record.data, record.index),
        })),
    },
  });

/** Every source record but the registry's (§2.3 r4: names in one source differ from another's) with its attribute names renamed by its dataset. */
const renamedSources = (rename: (name: string, index: string) => string): Change =>
  changedSources((data, index) => (index === 'nppes' ? data : renamedKeys(data, (name) => rename(name, index))));

/** `value` with every string changed by `change` and every array by `arrays`, its objects' and arrays' members too. */
function deepMapped(value: unknown, change: (text: string) => string, arrays: (list: unknown[]) => unknown[] = (list) => list): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return arrays(value.map((v) => deepMapped(v, change, arrays)));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepMapped(v, change, arrays)]));
  return value;
}

/** A date of §2.3 r5 (MM/DD/YYYY, M/D/YYYY or YYYYMMDD) written in another of its forms; any other text as it is. */
function redated(text: string, form: 'M/D/YYYY' | 'YYYYMMDD'): string {
  const slashed = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (!slashed) return text;
  const [, month, day, year] = slashed;
  return form === 'M/D/YYYY' ? `${Number(month)}/${Number(day)}/${year}` : `${year}${month.padStart(2, '0')}${day.padStart(2, '0')}`;
}

/** Each absent value of a source record given in one form of §2.3 r3: [""] for [], or [] for [""]. */
const emptyAs = (form: 'empty-string' | 'empty-array'): Change =>
  changedSources(
    (data) =>
      deepMapped(
        data,
        (text) => text,
        (list) => {
          const empty = list.length === 0 || (list.length === 1 && list[0] === '');
          return empty ? (form === 'empty-string' ? [''] : []) : list;
        },
      ) as Record<string, unknown>,
  );

/** A value's change: the members it overrides, given the behaviour before it (whose members it may call). */
export type Change = (before: Behaviour) => BehaviourChanges;

export interface LatitudeValue {
  /** Its name within the dimension, as `serve --latitude key=name` takes it. */
  name: string;
  description: string;
  change: Change;
  /** The observation a run records of it, where one does. */
  observes?: ObservationId;
  /** Requirements that have nothing to check against it, and say so with a skip. */
  skips?: RequirementId[];
  /** MUST requirements the harness cannot judge against it by its own rule: the verdict is inconclusive with exactly these gaps. */
  gaps?: RequirementId[];
  /** What a user of such a service tells the harness (its provider path, its token). */
  configuration?: Record<string, string>;
  /** Values of other dimensions it is served with: the points where the harness is proven for it (see the value). */
  pins?: LatitudePoint;
  /** Why the property run does not sample it: a choice the harness is proven on by its variant alone. */
  unsampled?: string;
}

export interface LatitudeDimension {
  key: string;
  /** Where the specification leaves it open. */
  spec: string;
  /** The reference server's own choice, then the others. */
  values: readonly [Omit<LatitudeValue, 'change'>, ...LatitudeValue[]];
}

/** The token the bearer-auth value wants; the mutation run hands it to the suite as API_TOKEN. */
export const VARIANT_TOKEN = 'mutation-run-bearer-token-7f3a9c';

/** A bundle hook that changes what the hooks before it answered: each value of the latitude composes with the others. */
const afterBundle =
  (change: (bundle: BuiltBundle, context: ScenarioContext) => unknown): Change =>
  (before) => ({
    organization: { bundle: (bundle, context) => change(before.organization.bundle(bundle, context) as BuiltBundle, context) },
  });

/** An intercept that answers some requests, and hands the others to the intercept before it. */
const intercepting =
  (mine: Intercept): Change =>
  (before) => ({
    http: {
      intercept: async (request, reply, call) =>
        (await mine(request, reply, call)) || ((await before.http.intercept?.(request, reply, call)) ?? false),
    },
  });

/** An answer rewritten as it leaves, after what the behaviour before it wrote. */
const responding =
  (
    rewrite: (payload: string | Buffer, reply: Parameters<NonNullable<Behaviour['http']['respond']>>[1]) => string | Buffer | Readable,
  ): Change =>
  (before) => ({
    http: {
      respond: (payload, reply) => {
        const written = before.http.respond ? before.http.respond(payload, reply) : payload;
        return written instanceof Readable ? written : rewrite(written, reply);
      },
    },
  });

/** A search value compared as the behaviour before it compares it, then as `own` says (null: it can match nothing). */
const comparing =
  (own: (parameter: string, value: string) => string | null): Change =>
  (before) => ({
    http: {
      searchValue: (parameter, value) => {
        const compared = before.http.searchValue(parameter, value);
        return compared === null ? null : own(parameter, compared);
      },
    },
  });

/** `name` and `address` (§4.3) matched by `matches` on normalised text, the other filters as the behaviour before matches them. */
const textFilters =
  (matches: (field: string, value: string) => boolean): Change =>
  (before) => ({
    organization: {
      search: (filters, organizations) => {
        const { name, address, ...exact } = filters;
        const holds = (field: string, value: string | undefined) => value === undefined || matches(normalize(field), normalize(value));
        return before.organization
          .search(exact, organizations)
          .slice()
          .filter((o) => holds(o.name, name) && (address === undefined || o.address.some((a) => holds(a.text, address))));
      },
    },
  });

/**
 * Strikes every `period`-th request with `strike`, each URL once at most, so the retry of a struck
 * URL always goes through however the calls of concurrent workers interleave; otherwise the variant,
 * not the harness, would decide whether its retries suffice.
 */
function transientFault(period: number, strike: Parameters<typeof intercepting>[0]): Intercept {
  const struck = new Set<string>();
  return async (request, reply, call) => {
    if (struck.has(request.url) || call % period !== 0) return false;
    struck.add(request.url);
    await strike(request, reply, call);
    return true;
  };
}

const notFound = (message: string) => ({
  status: 404,
  type: JSON_TYPE,
  body: operationOutcomeBody(new RequestError(404, 'not-found', message)),
});

/** The parameters whose values name a provider or an organization (§4.1, §4.3). */
const NAME_PARAMETERS = new Set(['Name', 'FirstName', 'LastName', 'name']);

/** A bundle of no organization with `entry` left out, as FHIR R4's JSON writes an empty array: not at all. */
const withoutEmptyEntry = (bundle: BuiltBundle) => {
  if (bundle.entry === undefined || bundle.entry.length > 0) return bundle;
  const { entry: _, ...rest } = bundle;
  return rest;
};

const openValues = withData((data) => {
  data.Status = ['I'];
  data.NPPESEntityType = ['organization'];
  for (const name of (data.Name ?? []) as Record<string, unknown>[]) name.NameType = ['LEGAL'];
  for (const address of (data.Address ?? []) as Record<string, unknown>[]) address.AddressType = ['billing'];
});

/** A change of every record served, golden and source alike, after what the behaviour before it served. */
const changingData =
  (transform: ReturnType<typeof withData>): Change =>
  (before) => ({
    searchSingleBest: {
      golden: (record, context) => transform.golden(before.searchSingleBest.golden(record, context) as typeof record),
    },
    sourceRecords: {
      sources: (records, context, curatedID) =>
        transform.sources(before.sourceRecords.sources(records, context, curatedID) as typeof records),
    },
  });

/** A date placeholder for each record, by its NPI's last digit: both years the scorecard must count apart. */
const placeholderDates = withData((data) => {
  const npi = Array.isArray(data.NPI) ? String(data.NPI[0] ?? '') : '';
  eachValue(data, 'LastUpdateDate', () => (Number(npi.at(-1)) % 2 === 0 ? '12/31/2099' : '12/31/9999'));
});

export const LATITUDE: readonly LatitudeDimension[] = [
  {
    key: 'ambiguity',
    spec: '§4.1 r4, r6',
    values: [
      { name: 'text-200', description: 'the ambiguity as 200 text/plain, the text alone' },
      {
        name: 'json-409',
        description: 'ambiguity as 409 with a JSON error body',
        change: () => ({
          searchSingleBest: {
            ambiguity: () => ({ status: 409, type: JSON_TYPE, body: { error: 'ambiguous', message: AMBIGUITY_MESSAGE } }),
          },
        }),
      },
      {
        name: 'json-400',
        description: 'ambiguity as 400 with a JSON error body',
        change: () => ({
          searchSingleBest: {
            ambiguity: () => ({ status: 400, type: JSON_TYPE, body: { error: 'ambiguous', message: AMBIGUITY_MESSAGE } }),
          },
        }),
      },
      {
        name: 'json-string',
        description: 'ambiguity as a 200 JSON string',
        change: () => ({
          searchSingleBest: { ambiguity: () => ({ status: 200, type: JSON_TYPE, body: JSON.stringify(AMBIGUITY_MESSAGE) }) },
        }),
      },
      {
        name: 'longer-message-409',
        description: 'ambiguity as 409 with a longer message that carries the text, and the number of candidates',
        change: () => ({
          searchSingleBest: {
            ambiguity: (candidates) => ({
              status: 409,
              type: JSON_TYPE,
              body: {
                message: `${AMBIGUITY_MESSAGE} Add an optional parameter such as State- or Zip- to narrow it.`,
                candidates: candidates.length,
              },
            }),
          },
        }),
      },
      {
        name: 'text-300',
        description: 'ambiguity as 300 Multiple Choices, the text alone',
        change: () => ({
          searchSingleBest: { ambiguity: () => ({ status: 300, type: 'text/plain; charset=utf-8', body: AMBIGUITY_MESSAGE }) },
        }),
      },
    ],
  },
  {
    key: 'provider-no-match',
    spec: '§4.1 r7',
    values: [
      { name: '404-json', description: 'no match as 404 with a JSON error body' },
      {
        name: 'empty-object',
        description: 'no match as 200 {}',
        change: () => ({ searchSingleBest: { noMatch: () => ({ status: 200, type: JSON_TYPE, body: {} }) } }),
      },
      {
        name: '204',
        description: 'no match as 204 No Content, without a body',
        change: () => ({ searchSingleBest: { noMatch: () => ({ status: 204, type: JSON_TYPE, body: '' }) } }),
      },
      {
        name: 'json-null',
        description: 'no match as 200 null',
        change: () => ({ searchSingleBest: { noMatch: () => ({ status: 200, type: JSON_TYPE, body: 'null' }) } }),
      },
      {
        // Independent services echo what was asked: a history of two clean runs must not call that drift.
        name: '404-echo',
        description: 'no match as 404 with a message that quotes the request',
        change: () => ({
          searchSingleBest: {
            noMatch: (parameters) =>
              errorAnswer(new RequestError(404, 'not-found', `No provider matches ${new URLSearchParams(parameters).toString()}`)),
          },
        }),
      },
    ],
  },
  {
    key: 'unknown-curated-id',
    spec: '§4.2 r3',
    values: [
      { name: '404-json', description: 'an unknown curated ID as 404 with a JSON error body' },
      {
        name: 'empty-array',
        description: 'an unknown curated ID as 200 []',
        change: () => ({ sourceRecords: { unknownCuratedId: () => ({ status: 200, type: JSON_TYPE, body: [] }) } }),
      },
      {
        name: '204',
        description: 'an unknown curated ID as 204 No Content, without a body',
        change: () => ({ sourceRecords: { unknownCuratedId: () => ({ status: 204, type: JSON_TYPE, body: '' }) } }),
      },
      {
        name: '404-echo',
        description: 'an unknown curated ID as 404 with a message that quotes it',
        change: () => ({
          sourceRecords: {
            unknownCuratedId: (curatedID) =>
              errorAnswer(new RequestError(404, 'not-found', `No golden record with curated ID ${curatedID}`)),
          },
        }),
      },
    ],
  },
  {
    key: 'organization-no-match',
    spec: '§4.3 r2',
    values: [
      { name: 'empty-bundle', description: 'an organization search that matches nothing answers an empty bundle' },
      {
        name: 'bundle-without-entry',
        description: 'an organization search that matches nothing answers a bundle without entry (FHIR R4 JSON writes no empty array)',
        change: afterBundle((bundle, { window }) => (window?.page === 1 && bundle.total === 0 ? withoutEmptyEntry(bundle) : bundle)),
      },
      {
        // A FHIR server's common choice: 404 with an OperationOutcome.
        name: '404-operation-outcome',
        description: 'an organization search that matches nothing answers 404 with an OperationOutcome, not an empty bundle',
        observes: 'OBS-ORG-NO-MATCH',
        change: (before) => ({
          organization: {
            paging: (count, page, matches, filters) =>
              matches > 0 ? before.organization.paging(count, page, matches, filters) : notFound('no organization matches the search'),
          },
        }),
      },
    ],
  },
  {
    key: 'page-past-last',
    spec: '§4.3, §8',
    values: [
      { name: 'empty-bundle', description: 'a Page past the last answers an empty bundle' },
      {
        name: 'bundle-without-entry',
        description: 'a Page past the last, and Count=0, answer a bundle without entry',
        change: afterBundle(withoutEmptyEntry),
      },
      {
        name: '404',
        description: 'a Page past the last one answers 404 with an OperationOutcome, not an empty bundle',
        observes: 'OBS-PAGE-BEYOND-LAST',
        change: (before) => ({
          organization: {
            paging: (count, page, matches, filters) => {
              const window = before.organization.paging(count, page, matches, filters);
              if (isAnswer(window) || window.page === before.organization.firstPage || window.start < matches) return window;
              return notFound(`Page ${window.page} is past the last page of this search`);
            },
          },
        }),
      },
    ],
  },
  {
    key: 'total',
    spec: '§4.3 r4',
    values: [
      { name: 'all-matches', description: 'total counts every match' },
      {
        name: 'page-count',
        description: 'total counts the entries of the page',
        change: afterBundle((bundle) => ({ ...bundle, total: bundle.entry?.length ?? 0 })),
      },
      {
        name: 'capped-1000',
        description: 'total counts every match up to 1000, an estimate past that',
        change: afterBundle((bundle) => ({ ...bundle, total: Math.min(bundle.total, MAX_COUNT) })),
      },
    ],
  },
  {
    key: 'links',
    spec: '§2.5 (link relations: self named, others not shown)',
    values: [
      { name: 'self-next', description: 'a self link, and a next link while more pages remain' },
      {
        name: 'self-only',
        description: 'only a self link, no next link',
        skips: ['ORG-NEXT-LINK'],
        change: afterBundle((bundle) => ({ ...bundle, link: bundle.link.filter((l) => l.relation !== 'next') })),
      },
      {
        name: 'next-relative',
        description: 'next links relative to the base URL',
        change: afterBundle((bundle, { base }) => ({
          ...bundle,
          link: bundle.link.map((l) =>
            l.relation === 'next' && l.url.startsWith(`${base}/`) ? { ...l, url: l.url.slice(base.length + 1) } : l,
          ),
        })),
      },
      {
        name: 'more-relations',
        description: 'first, previous and last links besides self and next',
        change: afterBundle((bundle, { window }) => {
          const self = bundle.link.find((l) => l.relation === 'self');
          if (!self || !window) return bundle;
          const at = (page: number) => {
            const url = new URL(self.url, 'http://relative.invalid');
            url.searchParams.set('Page', String(page));
            return url.href.startsWith('http://relative.invalid') ? `${url.pathname}${url.search}` : url.href;
          };
          const pages = Math.max(1, Math.ceil((bundle.total ?? 0) / Math.max(1, window.size)));
          return {
            ...bundle,
            link: [
              ...bundle.link,
              { relation: 'first', url: at(1) },
              ...(window.page > 1 ? [{ relation: 'previous', url: at(window.page - 1) }] : []),
              { relation: 'last', url: at(pages) },
            ],
          };
        }),
      },
      {
        // §4.3: "Searching with Count only returns one page of records".
        name: 'next-on-page-only',
        description: 'a search with Count answers its one page with no next link; the pages of Page alone link on',
        change: afterBundle((bundle) =>
          searchedWith(bundle, 'Count') ? { ...bundle, link: bundle.link.filter((l) => l.relation !== 'next') } : bundle,
        ),
      },
      {
        // 127.0.0.2 is loopback with no server: were the harness to follow the link, the run would show a transport error.
        name: 'next-other-origin',
        description: 'next links on another origin, which the harness must not follow with credentials',
        skips: ['ORG-NEXT-LINK'],
        gaps: ['ORG-NEXT-LINK'],
        observes: 'OBS-CROSS-ORIGIN-LINK',
        change: afterBundle((bundle) => ({
          ...bundle,
          link: bundle.link.map((l) => (l.relation === 'next' ? { ...l, url: l.url.replace('://127.0.0.1:', '://127.0.0.2:') } : l)),
        })),
      },
      {
        name: 'opaque-cursor',
        description: 'next links carry the search in an opaque token of the service (_cursor), not as the parameters of §4.3',
        change: (before) => ({
          organization: {
            bundle: (bundle, context) => {
              const answered = before.organization.bundle(bundle, context) as BuiltBundle;
              return {
                ...answered,
                link: answered.link.map((l) => {
                  if (l.relation !== 'next') return l;
                  const next = new URL(l.url, context.base);
                  const cursor = next.searchParams.get('_cursor');
                  const search = new URLSearchParams(cursor === null ? next.search : Buffer.from(cursor, 'base64url').toString());
                  search.set('Page', next.searchParams.get('Page')!);
                  next.search = `?_cursor=${Buffer.from(search.toString()).toString('base64url')}`;
                  return { ...l, url: next.href };
                }),
              };
            },
            query: (raw) => {
              const cursor = raw._cursor;
              if (typeof cursor !== 'string' || Object.keys(raw).length !== 1) return before.organization.query(raw);
              return before.organization.query(parseQueryString(Buffer.from(cursor, 'base64url').toString()));
            },
          },
        }),
      },
    ],
  },
  {
    key: 'count-over-limit',
    spec: '§4.3, §8',
    values: [
      { name: 'clamped', description: 'Count above 1000 answers 1000' },
      {
        name: 'rejected-400',
        description: 'Count above 1000 rejected with 400',
        change: (before) => ({
          organization: {
            paging: (count, page, matches, filters) =>
              count !== undefined && count > MAX_COUNT
                ? {
                    status: 400,
                    type: JSON_TYPE,
                    body: operationOutcomeBody(new RequestError(400, 'invalid', `Count may not exceed ${MAX_COUNT}`)),
                  }
                : before.organization.paging(count, page, matches, filters),
          },
        }),
      },
    ],
  },
  {
    key: 'default-page',
    spec: '§4.3, §8 (neither Count nor Page: not shown)',
    values: [
      { name: '25', description: 'without Count and Page, the first 25' },
      {
        name: 'all-up-to-1000',
        description: 'without Count and Page, every match up to 1000',
        change: (before) => ({
          organization: {
            paging: (count, page, matches, filters) =>
              before.organization.paging(count ?? (page === undefined ? MAX_COUNT : undefined), page, matches, filters),
          },
        }),
      },
    ],
  },
  {
    key: 'first-page',
    spec: '§4.3 (Page: "page number", its first not shown)',
    values: [
      { name: '1', description: 'Page counts from 1' },
      {
        name: '0',
        description: 'Page counts from 0 (Page=0 is the first page, Page=1 the second)',
        pins: { total: 'page-count' },
        unsampled:
          "a walk by Page asks Page=1 first: with a total of every match it finds page 0's organizations missing (the run asks Page=0 for them, the survey and the draft's multiPage check do not), and a search of 26 to 49 matches shows no second page; proven with a total that counts the page, by the variant pages-from-zero",
        change: (before) => ({
          organization: {
            firstPage: 0,
            paging: (count, page, matches, filters) => {
              const window = before.organization.paging(count, page === undefined ? undefined : page + 1, matches, filters);
              return isAnswer(window) ? window : { ...window, page: window.page - 1 };
            },
          },
        }),
      },
    ],
  },
  {
    key: 'media-type',
    spec: '§1 ("return JSON"; the media type not shown)',
    values: [
      { name: 'json-utf8', description: 'application/json; charset=utf-8' },
      {
        name: 'fhir-json',
        description: 'application/fhir+json; charset=utf-8 for the bundle',
        change: () => ({ organization: { mediaType: 'application/fhir+json; charset=utf-8' } }),
      },
      {
        name: 'json-no-charset',
        description: 'application/json without a charset for every JSON answer (RFC 8259: UTF-8)',
        change: () => ({ provider: { mediaType: 'application/json' }, organization: { mediaType: 'application/json' } }),
      },
    ],
  },
  {
    key: 'extra-fields',
    spec: '§2.4 ("attributes beyond these tables: not shown"), §2.5',
    values: [
      { name: 'none', description: 'only the fields the specification lists' },
      {
        name: 'everywhere',
        description: 'unknown extra attributes and fields everywhere',
        change: (before) => ({
          searchSingleBest: {
            golden: (record, context) => {
              const answered = before.searchSingleBest.golden(record, context) as typeof record;
              return {
                ...withData((data) => {
                  data.PreferredLanguage = ['EN'];
                  data.Score = 0.93;
                }).golden(answered),
                meta: { source: 'mdm' },
              };
            },
          },
          sourceRecords: {
            sources: (records, context, curatedID) =>
              withData((data) => {
                data.IngestBatch = ['2024-11'];
              })
                .sources(before.sourceRecords.sources(records, context, curatedID) as typeof records)
                .map((r) => ({ ...r, score: 1 })),
          },
          organization: {
            bundle: (bundle, context) =>
              withBundle((b) => {
                Object.assign(b, { timestamp: b.meta.lastUpdated });
                for (const entry of b.entry ?? [])
                  Object.assign(entry.resource, { extension: [{ url: 'urn:example:tier', valueString: 'gold' }], alias: ['AKA'] });
              })(before.organization.bundle(bundle, context) as BuiltBundle),
          },
        }),
      },
      {
        name: 'fhir-rich',
        description:
          'Organizations with optional R4 elements the specification does not list: meta, identifier use and type, telecom rank, narrative',
        change: afterBundle(
          withBundle((b) => {
            for (const entry of b.entry ?? []) {
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
        ),
      },
    ],
  },
  {
    key: 'coded-values',
    spec: '§2.4, §3 (open lists)',
    values: [
      { name: 'observed', description: 'the coded values §2.4 observes' },
      {
        name: 'open',
        description: 'Status I, NameType LEGAL, AddressType billing, NPPESEntityType organization: values beyond the observed ones',
        observes: 'OBS-CODED-VALUES',
        change: changingData(openValues),
      },
    ],
  },
  {
    key: 'last-update',
    spec: '§2.3 r5 (a date of a listed form; nothing says it is past)',
    values: [
      { name: 'past', description: 'every LastUpdateDate a day before the service answers' },
      {
        name: 'beyond-today',
        description:
          'LastUpdateDate 12/31/2099 or 12/31/9999, the placeholders directories write for "no date": the scorecard counts them apart (DQ-DATE-FUTURE)',
        change: changingData(placeholderDates),
      },
    ],
  },
  {
    key: 'full-url',
    spec: '§2.5 (fullUrl shaped /Organization/<id>)',
    values: [
      { name: 'relative', description: 'fullUrl as /Organization/<id>' },
      {
        name: 'absolute',
        description: 'fullUrl as an absolute URL',
        change: (before) =>
          afterBundle((bundle, { base }) =>
            bundle.entry
              ? withEntries((entry) => {
                  entry.fullUrl = `${base}${before.organization.path}/Organization/${entry.resource.id}`;
                })(bundle)
              : bundle,
          )(before),
      },
    ],
  },
  {
    key: 'timestamps',
    spec: '§2.5 (an offset: Z or ±hh:mm)',
    values: [
      { name: 'offset', description: 'meta.lastUpdated with +00:00' },
      {
        name: 'z',
        description: 'meta.lastUpdated with Z',
        change: afterBundle((bundle) => ({
          ...bundle,
          meta: { ...bundle.meta, lastUpdated: new Date(bundle.meta.lastUpdated).toISOString() },
        })),
      },
    ],
  },
  {
    key: 'entry-order',
    spec: '§4.3 r3',
    values: [
      { name: 'reference', description: 'entries in the order the directory holds them' },
      {
        name: 'reversed',
        description: 'entries of a page in another order',
        change: afterBundle((bundle) => ({ ...bundle, ...(bundle.entry ? { entry: [...bundle.entry].reverse() } : {}) })),
      },
    ],
  },
  {
    key: 'source-order',
    spec: '§4.2 r2',
    values: [
      { name: 'reference', description: 'source records in the order of their datasets' },
      {
        name: 'shuffled',
        description: 'source records in a different order on every call',
        change: (before) => ({
          sourceRecords: {
            sources: (records, context, curatedID) => shuffled(before.sourceRecords.sources(records, context, curatedID) as unknown[]),
          },
        }),
      },
    ],
  },
  {
    key: 'attribute-names',
    spec: '§2.3 r4',
    values: [
      { name: 'reference', description: 'every source spells each attribute as §2.4 does' },
      {
        name: 'case-per-source',
        description:
          'the contact directory spells every attribute name in lower case, the other datasets but the registry in upper case (its objects’ too)',
        change: renamedSources((name, index) => (index === 'contact_directory' ? name.toLowerCase() : name.toUpperCase())),
      },
      {
        name: 'named-spellings',
        description:
          'every dataset but the registry spells the attributes §2.3 r4 names otherwise: Credentials, Country, DEADateOfOriginalRegistration',
        change: renamedSources((name) => OTHER_SPELLINGS[name] ?? name),
      },
    ],
  },
  {
    key: 'empty-values',
    spec: '§2.3 r3',
    values: [
      {
        name: 'reference',
        description: 'an absent value of a source record as the directory holds it: [""], [] or an empty Address object',
      },
      {
        name: 'empty-strings',
        description: 'every absent value of a source record as an array holding an empty string',
        change: emptyAs('empty-string'),
      },
      { name: 'empty-arrays', description: 'every absent value of a source record as an empty array', change: emptyAs('empty-array') },
      {
        name: 'empty-address-object',
        description: 'an empty object after the addresses of every source record that has some',
        change: changedSources((data) =>
          Array.isArray(data.Address) && data.Address.length > 0 ? { ...data, Address: [...data.Address, {}] } : data,
        ),
      },
    ],
  },
  {
    key: 'date-forms',
    spec: '§2.3 r5',
    values: [
      { name: 'reference', description: 'dates of source records in the forms the directory holds them in' },
      {
        name: 'unpadded',
        description: 'every MM/DD/YYYY date of a source record as M/D/YYYY',
        change: changedSources((data) => deepMapped(data, (text) => redated(text, 'M/D/YYYY')) as Record<string, unknown>),
      },
      {
        name: 'compact',
        description: 'every slashed date of a source record as YYYYMMDD',
        change: changedSources((data) => deepMapped(data, (text) => redated(text, 'YYYYMMDD')) as Record<string, unknown>),
      },
    ],
  },
  {
    key: 'value-matching',
    spec: '§4.1 r5, §4.3 (how values match: not shown)',
    values: [
      { name: 'reference', description: 'values match case aside, surrounding spaces aside, names and addresses from where a word starts' },
      {
        name: 'case-sensitive',
        description: 'name values match only in the letter case the directory holds them in (upper case)',
        observes: 'OBS-VALUE-CASE',
        change: comparing((parameter, value) => (NAME_PARAMETERS.has(parameter) && value !== value.toUpperCase() ? null : value)),
      },
      {
        name: 'whitespace-significant',
        description: 'values with surrounding spaces are compared as they are, so they match nothing',
        observes: 'OBS-VALUE-WHITESPACE',
        change: comparing((_parameter, value) => (value !== value.trim() ? null : value)),
      },
      {
        name: 'substring-anywhere',
        description: 'name and address match anywhere in the field, not only where a word starts',
        change: textFilters((field, value) => field.includes(value)),
      },
      {
        // §4.3 does not say how a string matches: FHIR's default is a prefix, this service wants whole words.
        name: 'whole-words',
        description: 'name and address match only whole words of the field (CLINIC finds CLINIC, not CLINICS)',
        change: textFilters((field, value) => ` ${field} `.includes(` ${value} `)),
      },
    ],
  },
  {
    key: 'parameter-name-case',
    spec: '§4.1 r8',
    values: [
      { name: 'exact', description: 'parameter names exactly as written' },
      { name: 'any-case', description: 'parameter names in any case', change: () => ({ http: { caseInsensitiveNames: true } }) },
    ],
  },
  {
    key: 'provider-path',
    spec: '§4.1 note',
    values: [
      { name: 'provider', description: 'provider endpoints under /provider' },
      {
        name: 'api',
        description: 'provider endpoints under /api (§4.1 note)',
        configuration: { PROVIDER_PATH: '/api' },
        change: () => ({ provider: { path: '/api' } }),
      },
    ],
  },
  {
    key: 'status-search',
    spec: '§4.3 (active: "only for tenants configured to search status")',
    values: [
      { name: 'supported', description: 'active=true and active=false filter by status' },
      {
        // Unpromised, ORG-ACTIVE has nothing to check; promised, it is a probe problem (rulebook.spec.ts).
        name: 'not-supported',
        description: 'a tenant not configured to search status: active answered 400 not-supported',
        skips: ['ORG-ACTIVE'],
        change: intercepting(async (request, reply) => {
          if (!request.url.includes('active=')) return false;
          await reply
            .code(400)
            .type(JSON_TYPE)
            .send(operationOutcomeBody(new RequestError(400, 'not-supported', 'active is not searchable')));
          return true;
        }),
      },
    ],
  },
  {
    key: 'authentication',
    spec: '§5',
    values: [
      { name: 'none', description: 'no credential asked for' },
      {
        name: 'bearer',
        description: 'every endpoint requires a bearer token',
        configuration: { API_TOKEN: VARIANT_TOKEN },
        change: () => ({ http: { bearerToken: VARIANT_TOKEN } }),
      },
    ],
  },
  {
    key: 'transport',
    spec: 'HTTP (the specification shows none of it)',
    values: [
      { name: 'plain', description: 'each answer whole, with its Content-Length, on a kept-alive connection' },
      {
        name: 'chunked',
        description: 'every answer streamed in chunks (Transfer-Encoding: chunked), no Content-Length',
        change: responding((payload) => Readable.from([Buffer.from(payload)])),
      },
      {
        name: 'connection-close',
        description: 'every answer closes its connection (Connection: close)',
        change: responding((payload, reply) => {
          reply.header('connection', 'close');
          return payload;
        }),
      },
      {
        name: 'etag',
        description: 'every answer carries an ETag and Cache-Control',
        change: responding((payload, reply) => {
          reply.header('etag', `"${createHash('sha1').update(payload).digest('hex')}"`);
          reply.header('cache-control', 'private, max-age=60');
          return payload;
        }),
      },
    ],
  },
  {
    key: 'hiccups',
    spec: 'HTTP (rate limits: not shown, §8)',
    values: [
      { name: 'none', description: 'every request answered' },
      {
        name: 'flaky-connection',
        description: 'every 6th request has its connection reset, never the retry of one just reset (the harness retries once)',
        observes: 'OBS-TRANSPORT-RETRY',
        change: intercepting(
          transientFault(6, async (request, reply) => {
            reply.hijack();
            request.raw.socket.destroy();
            return true;
          }),
        ),
      },
      {
        name: 'sometimes-rate-limited',
        description: 'every 25th request, never a retry, answers 429 with Retry-After: 1 (the harness waits and retries)',
        observes: 'OBS-RATE-LIMITED',
        change: intercepting(
          transientFault(25, async (_request, reply) => {
            await reply.code(429).header('retry-after', '1').type(JSON_TYPE).send('{"error":"slow down"}');
            return true;
          }),
        ),
      },
      {
        // A gateway that cold-starts: its very first request is refused without a Retry-After; the preflight asks once more.
        name: 'first-request-rate-limited',
        description: 'the first request of all answers 429 without Retry-After; every other is answered',
        change: intercepting(async (_request, reply, call) => {
          if (call !== 1) return false;
          await reply.code(429).type(JSON_TYPE).send('{"error":"warming up"}');
          return true;
        }),
      },
    ],
  },
  {
    // The words of a refusal (a malformed, unknown, repeated, empty or over-long parameter, a bad Count or Page, no parameter at all).
    key: 'error-words',
    spec: '§7 (error status codes, body shape and codes: not shown)',
    values: [
      {
        name: 'reference',
        description: 'a refused request answers its 4xx with a JSON body of a code and a message (an OperationOutcome under /fhir)',
      },
      {
        name: 'empty',
        description: 'a refused request answers its 4xx with the same shape of body, its code and message empty',
        change: () => ({
          http: {
            wordError: (_error, answer) => {
              const body = answer.body as { resourceType?: string };
              return {
                ...answer,
                body:
                  body.resourceType === 'OperationOutcome'
                    ? { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: '', diagnostics: '' }] }
                    : { error: '', message: '' },
              };
            },
          },
        }),
      },
      {
        name: 'problem-json',
        description: 'a refused request answers its 4xx as RFC 9457 problem details (application/problem+json)',
        change: () => ({
          http: {
            wordError: (error, answer) => ({
              ...answer,
              type: 'application/problem+json; charset=utf-8',
              body: { type: 'about:blank', title: error.code, status: answer.status, detail: error.message },
            }),
          },
        }),
      },
      {
        name: 'plain-text',
        description: 'a refused request answers its 4xx with its message as text/plain',
        change: () => ({ http: { wordError: (error, answer) => ({ ...answer, type: 'text/plain; charset=utf-8', body: error.message }) } }),
      },
      {
        name: 'no-body',
        description: 'a refused request answers its 4xx with no body',
        change: () => ({ http: { wordError: (_error, answer) => ({ ...answer, type: 'text/plain; charset=utf-8', body: '' }) } }),
      },
    ],
  },
  {
    key: 'input-strictness',
    spec: '§4, §7 (the answer to a parameter a service cannot use: not shown)',
    values: [
      {
        name: 'strict',
        description:
          'an unknown, repeated, empty, malformed, over-long or control-character parameter, and a Count, Page or active it cannot read, is refused with 400',
      },
      {
        name: 'lenient',
        description:
          'nothing is refused for a parameter: an unknown, empty or malformed one is skipped, a repeated one read as its last, any value searched as it is, and a Count, Page or active it cannot read ignored',
        change: () => ({ http: { lenientInput: true } }),
        unsampled:
          'a service that refuses nothing leaves the faults of a refusal (a 5xx for a bad Count, an unknown name, a long value) nothing to break: its variant proves the harness quiet on it',
      },
    ],
  },
];

/** A point of the latitude: a value's name per dimension key; a dimension left out is at the reference's value. */
export type LatitudePoint = Readonly<Record<string, string>>;

/** A point's settings as `serve --latitude` takes them: `key=value,key=value`, only the dimensions off the reference. */
export function latitudeText(point: LatitudePoint): string {
  const served = new Set<LatitudeValue>(valuesAt(point));
  return LATITUDE.flatMap((d) => d.values.filter((v) => served.has(v as LatitudeValue)).map((v) => `${d.key}=${v.name}`)).join(',');
}

/** The key of a point's data: a data seed (src/generator/seeded-directory.ts), or none for the committed fixtures. */
export const DATA_KEY = 'data';

/** A point and its data, as `serve --latitude` takes them. */
export interface LatitudeSetting {
  point: LatitudePoint;
  /** The data seed; the committed fixtures when absent. */
  data?: number;
}

/** A setting that names no point, in one line. */
export class LatitudeSettingError extends Error {}

/** `key=value,key=value` (and `data=N`) as a point and its data; a key or value the catalogue does not know is a LatitudeSettingError. */
export function parseLatitude(text: string): LatitudeSetting {
  const point: Record<string, string> = {};
  let data: number | undefined;
  for (const setting of text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')) {
    const [key, name, ...rest] = setting.split('=');
    if (name === undefined || rest.length > 0)
      throw new LatitudeSettingError(`--latitude takes key=value pairs separated by commas, got "${setting}"`);
    // Two values for one key: neither is silently the one served.
    if (key in point || (key === DATA_KEY && data !== undefined))
      throw new LatitudeSettingError(`--latitude gives ${key} twice: give each dimension one value`);
    if (key === DATA_KEY) {
      if (!/^\d{1,9}$/.test(name)) throw new LatitudeSettingError(`--latitude ${DATA_KEY}=${name}: a data seed is a whole number`);
      data = Number(name);
      continue;
    }
    const dimension = LATITUDE.find((d) => d.key === key);
    if (!dimension)
      throw new LatitudeSettingError(
        `--latitude ${key} is no dimension of the latitude; they are ${[DATA_KEY, ...LATITUDE.map((d) => d.key)].join(', ')}`,
      );
    if (!dimension.values.some((v) => v.name === name))
      throw new LatitudeSettingError(`--latitude ${key}=${name}: ${key} takes ${dimension.values.map((v) => v.name).join(', ')}`);
    point[key] = name;
  }
  return { point, ...(data === undefined ? {} : { data }) };
}

/** A setting as `serve --latitude` takes it back: the data seed first, then every dimension off the reference. */
export function settingText({ point, data }: LatitudeSetting): string {
  return [...(data === undefined ? [] : [`${DATA_KEY}=${data}`]), latitudeText(point)].filter((part) => part !== '').join(',');
}

/**
 * The point `--latitude-seed N` serves: each dimension at the reference's value or, as often, at
 * one of the others, as `draw` (whole numbers below its argument, from the seed) chooses; its data
 * the directory of seed N.
 */
export function sampledLatitude(seed: number, draw: (choices: number) => number): LatitudeSetting {
  const point: Record<string, string> = {};
  for (const dimension of LATITUDE) {
    const index = draw(2) === 0 ? 0 : 1 + draw(dimension.values.length - 1);
    point[dimension.key] = dimension.values[index].name;
  }
  return { point, data: seed };
}

/** The values a point sets off the reference, in catalogue order, with the values they pin. */
export function valuesAt(point: LatitudePoint): LatitudeValue[] {
  const named = (p: LatitudePoint) =>
    LATITUDE.flatMap((d) => {
      const value = p[d.key] === undefined ? undefined : d.values.find((v) => v.name === p[d.key]);
      return value && value !== d.values[0] ? [value as LatitudeValue] : [];
    });
  return named(Object.assign({ ...point }, ...named(point).map((v) => v.pins ?? {})));
}

/** The reference behaviour at a point of the latitude: each value's change over the ones before it, in catalogue order. */
export function behaviourAt(point: LatitudePoint, over: Behaviour = REFERENCE_BEHAVIOUR): Behaviour {
  return valuesAt(point).reduce((before, value) => applyChanges(before, value.change(before)), over);
}

/** What a point asks of a run besides its behaviour: the configuration a user gives, and what it leaves unjudged or observed. */
export function expectationsAt(point: LatitudePoint): {
  configuration: Record<string, string>;
  skips: RequirementId[];
  gaps: RequirementId[];
  observes: ObservationId[];
} {
  const values = valuesAt(point);
  return {
    configuration: Object.assign({}, ...values.map((v) => v.configuration ?? {})),
    skips: [...new Set(values.flatMap((v) => v.skips ?? []))],
    gaps: [...new Set(values.flatMap((v) => v.gaps ?? []))],
    observes: [...new Set(values.flatMap((v) => (v.observes ? [v.observes] : [])))],
  };
}
