import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AMBIGUITY_MESSAGE, MAX_COUNT, PAGE_SIZE } from '../../spec/constants';
import type { GoldenProviderRecord, OrganizationBundle, OrganizationBundleEntry, SourceRecord } from '../../types/schemas';
import type { Directory } from '../directory';
import { RequestError, serviceErrorBody } from '../errors';
import type { OrganizationFilters, OrganizationIndex, OrganizationMatches } from '../organization-index';
import type { RecordList } from '../stored-records';
import type { RawQuery } from '../query';
import type { ProviderQuery, ProviderIndex, SingleBestResult } from '../provider-index';

/** A bundle as the reference builds it: `entry` always there, empty on a page of no organization (§2.5 lets a service leave it out). */
export type BuiltBundle = OrganizationBundle & { entry: OrganizationBundleEntry[] };

/** A whole answer: an object or array is sent as JSON, a string as it is. */
export interface Answer {
  status: number;
  type: string;
  body: unknown;
}

/** What a transform may need besides the value it changes. */
export interface ScenarioContext {
  directory: Directory;
  /** Origin the client used plus the scenario's mount prefix, e.g. `http://127.0.0.1:3000/scenario/x`. */
  base: string;
  /** How many times this scenario's route has answered, for faults that differ call to call. */
  call: number;
  /** The slice of the matches an organization search answers with. */
  window?: PageWindow;
  /** A searchSingleBest request's parameters, as sent, for faults that answer some queries otherwise. */
  parameters?: Readonly<Record<string, string>>;
}

export interface PageWindow {
  start: number;
  size: number;
  page: number;
}

/**
 * Everything about the reference server that a fault or a conformant variant may change. The
 * default is the reference behaviour; a scenario overrides some members. Routes read these values
 * and call these functions, so faults and variants are data rather than conditionals in the routes.
 */
export interface Behaviour {
  /** What both provider endpoints share (§4.1, §4.2). */
  provider: {
    path: string;
    mediaType: string;
  };
  /** §4.1. */
  searchSingleBest: {
    /** §4.1 r1: whether a trailing dash is understood at all. */
    dashSupported: boolean;
    /** §4.1 r2–r4: single-best matching. */
    singleBest(query: ProviderQuery, search: ProviderIndex): SingleBestResult;
    ambiguity(candidates: RecordList<GoldenProviderRecord>): Answer;
    /** `parameters`: the query as sent, for a service that echoes it. */
    noMatch(parameters: Record<string, string>): Answer;
    golden(record: GoldenProviderRecord, context: ScenarioContext): unknown;
  };
  /** §4.2. */
  sourceRecords: {
    unknownCuratedId(curatedID: string): Answer;
    sources(records: readonly SourceRecord[], context: ScenarioContext, curatedID: string): unknown;
  };
  /** §2.5, §4.3, §8. */
  organization: {
    path: string;
    mediaType: string;
    /** §4.3, §8: which slice of the `matches` organizations that match a request (searched by `filters`) gets, or an answer instead. */
    paging(count: number | undefined, page: number | undefined, matches: number, filters?: OrganizationFilters): PageWindow | Answer;
    /** The lowest `Page` the service takes: 1, or 0 for a service whose pages count from 0 (§4.3 does not say). */
    firstPage: number;
    /** The filters applied to one page's search (`page` counts from 1). */
    filters(filters: OrganizationFilters, page: number): OrganizationFilters;
    /** §4.3: the organizations matching the filters, in the order pages slice them. */
    search(filters: OrganizationFilters, organizations: OrganizationIndex): OrganizationMatches;
    /**
     * The query as the route reads it: a service whose next links carry the search in a token of
     * its own unpacks it here. The reference reads the query as it is.
     */
    query(raw: RawQuery): RawQuery;
    /** §4.3 r2 is silent on the answer; the rule is that at least one parameter is required. */
    requireSearchParameter: boolean;
    bundle(bundle: BuiltBundle, context: ScenarioContext): unknown;
  };
  /** §1: the bulk export, whose behaviour the specification does not show. */
  export: {
    /**
     * A resource as the export publishes it (`at`: its place among those of its type), or undefined to
     * leave it out. The reference publishes each as the API serves it.
     */
    publish(resource: Record<string, unknown>, at: number): Record<string, unknown> | undefined;
    /** Resources of `type` the export holds beside the directory's own: none in the reference. */
    extra(type: string): Record<string, unknown>[];
  };
  /** Every endpoint. */
  http: {
    /** When set, every endpoint wants `Authorization: Bearer <token>`. */
    bearerToken?: string;
    /** §4.1 r8 is silent: whether `npi` means `NPI`. */
    caseInsensitiveNames: boolean;
    /** Status for a client error; the reference keeps its 4xx. */
    errorStatus(error: RequestError): number;
    /**
     * A client error's answer as the service words it (§7 shows no error body, code or message): the
     * reference answers `answer`, its JSON body of the error's code and message (an OperationOutcome under /fhir).
     */
    wordError?(error: RequestError, answer: Answer): Answer;
    /**
     * The service refuses no parameter it cannot use (§4 and §7 do not show the answer): an unknown,
     * empty or malformed one is skipped, a repeated one read as its last, a long or odd value searched
     * as it is, and a Count, Page or active it cannot read ignored. The reference refuses each with 400.
     */
    lenientInput?: boolean;
    /**
     * A search value as the service compares it, or null when it can match no record. §4.1 r5 does
     * not show the matching rules: the reference ignores letter case and surrounding spaces.
     */
    searchValue(parameter: string, value: string): string | null;
    /**
     * The query as the service reads it from the URL's query string, for a service with a parser of
     * its own; the reference decodes names and values as form encoding writes them (parseQueryString).
     */
    readQueryString?(queryString: string): RawQuery;
    /** Rewrites every answer as it leaves (a BOM added, a body compressed), for faults of the HTTP layer. */
    respond?(payload: string, reply: FastifyReply): string | Buffer | Readable;
    /**
     * Takes over a request before any route sees it, for targets that misbehave below the
     * specification (hangs, resets, HTML pages). Returns true when it answered (or will never answer).
     */
    intercept?(request: FastifyRequest, reply: FastifyReply, call: number): Promise<boolean>;
  };
}

/** A take-over of requests before any route sees them (see `Behaviour['http']['intercept']`). */
export type Intercept = NonNullable<Behaviour['http']['intercept']>;

/** What a scenario changes: any members of any group. */
export type BehaviourChanges = { readonly [Group in keyof Behaviour]?: Partial<Behaviour[Group]> };

/** The media type of the reference server's JSON answers. */
export const JSON_TYPE = 'application/json; charset=utf-8';

export const REFERENCE_BEHAVIOUR: Behaviour = {
  provider: { path: '/provider', mediaType: JSON_TYPE },
  searchSingleBest: {
    dashSupported: true,
    singleBest: (query, search) => search.singleBest(query),
    // §4.1 r4; status and media type are not shown (r6): plain text with 200.
    ambiguity: () => ({ status: 200, type: 'text/plain; charset=utf-8', body: AMBIGUITY_MESSAGE }),
    noMatch: () => errorAnswer(new RequestError(404, 'not-found', 'no provider matches the search')),
    golden: (record) => record,
  },
  sourceRecords: {
    // §4.2 r3 is silent: 404.
    unknownCuratedId: () => errorAnswer(new RequestError(404, 'not-found', 'no golden record has that curated ID')),
    sources: (records) => records,
  },
  organization: {
    path: '/fhir',
    mediaType: JSON_TYPE,
    // Count alone: one page of Count (clamped to 1000); Page alone: 25 per page; neither: the first 25.
    // A page past the last is an empty bundle (§4.3 does not show it: OBS-PAGE-BEYOND-LAST).
    paging: (count, page = 1) => {
      const size = Math.min(count ?? PAGE_SIZE, MAX_COUNT);
      return { start: (page - 1) * size, size, page };
    },
    firstPage: 1,
    filters: (filters) => filters,
    search: (filters, organizations) => organizations.search(filters),
    query: (raw) => raw,
    requireSearchParameter: true,
    bundle: (bundle) => bundle,
  },
  export: { publish: (resource) => resource, extra: () => [] },
  http: { caseInsensitiveNames: false, errorStatus: (error) => error.status, searchValue: (_parameter, value) => value },
};

/** `changes` over `before`, group by group. */
export function applyChanges(before: Behaviour, changes: BehaviourChanges): Behaviour {
  const after = { ...before };
  for (const group of Object.keys(changes) as (keyof Behaviour)[])
    Object.assign(after, { [group]: { ...before[group], ...changes[group] } });
  return after;
}

/** The reference behaviour with a scenario's changes, group by group. */
export const withChanges = (changes: BehaviourChanges): Behaviour => applyChanges(REFERENCE_BEHAVIOUR, changes);

export function errorAnswer(error: RequestError): Answer {
  return { status: error.status, type: JSON_TYPE, body: serviceErrorBody(error) };
}

export function isAnswer(value: PageWindow | Answer): value is Answer {
  return 'status' in value;
}
