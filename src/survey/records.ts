/**
 * What the survey learns of each unit of work: a provider (one NPI), one page of an organization
 * walk, a line of the NPI list it could not read, or the list's account, each one line of its
 * journal; and a unit left without an answer about the directory, which only the execution that
 * met it counts. Plain JSON, so that a resumed survey and a merge of shards fold the same lines
 * into the same counts.
 */
import type { Level } from '../spec/catalogue';
import type { NotJudgedReason, SurveyReport } from '../types/schemas';
import type { RecordSearches } from './findability-rates';
import type { DemographicRelation } from './relations';
import type { RecordQuality } from '../quality/record-quality';
import type { KindValueCounts } from './search-kinds';

export const ENDPOINTS = ['searchSingleBest', 'sourceRecords', 'organization'] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

/** One request: its endpoint, its status (absent when no HTTP answer came) and how long it took. */
export interface RequestOutcome {
  endpoint: Endpoint;
  status?: number;
  ms: number;
}

/** A record's failure of one requirement at one level: the first one its answers show. */
export interface RecordFailure {
  id: string;
  level: Level;
  pointer: string;
  value: string;
  message: string;
  url: string;
  /** Source datasets (`index`) holding the failing value, for provider data; [] when none does. */
  sources?: string[];
}

/** A record judged: the requirements it was checked by, the ones it broke, and those a rule could not judge for it (the first reason each). */
export interface RecordVerdict {
  key: string;
  checked: string[];
  failures: RecordFailure[];
  skipped?: RecordSkip[];
}

/**
 * How many records a requirement could not be judged for, and why for one of them (the tally says
 * which, so that shards merge exactly).
 */
export interface SkipCount {
  records: number;
  key: string;
  reason: NotJudgedReason;
}

/** A requirement a rule could not judge for one record, and why (the first reason). */
export interface RecordSkip {
  id: string;
  reason: NotJudgedReason;
}

export interface ProviderUnit {
  kind: 'provider';
  line: number;
  npi: string;
  /** The search answered a golden record. */
  found: boolean;
  /** The search's answer held no record that could be read (a 5xx, a body too large, no JSON, an array, a record of the wrong shape): neither found nor not found. */
  unreadable?: true;
  requests: RequestOutcome[];
  verdict: RecordVerdict;
  /** OBS-CODED-VALUES: "Attribute: value", once each. */
  values: string[];
  /** With --findability, for a provider found: each search by its own values, its parameter and what it showed (its verdict is in `verdict`). */
  findability?: RecordSearches;
  /** With --findability, for a provider found with a name and a state: its demographic query's key, for the relations between records. */
  demographics?: DemographicRelation;
  /** With --findability, for a provider found with a first and last name: its search by name alone, for the same relations. */
  names?: DemographicRelation;
  /** The scorecard's measures of the golden record and each source record (record-quality.ts); absent from journals written before it. */
  quality?: RecordQuality[];
  /** A golden record found: its NPIs and names, each a digest, for survey diff (compare.ts). */
  fields?: Record<string, string>;
  /** When its answer came (ISO 8601): the record's time, for survey diff's lag. */
  at?: string;
}

/** One page of a walk by Page alone: what ends a walk, and the records on it. */
export interface PageUnit {
  kind: 'page';
  walk: number;
  page: number;
  url: string;
  status: number;
  contentType: string;
  requests: RequestOutcome[];
  /** The answer is a bundle (a 2xx JSON object). */
  bundle: boolean;
  entries: number;
  total: unknown;
  ids: string[];
  /** Ids of its organizations that match the walk's query under no reading, when any: they show the walk no missing match. */
  unmatched?: string[];
  /** The page's own checks (ORG-BUNDLE-SHAPE, HTTP-*), keyed by the walk's query. */
  shell: RecordVerdict;
  /** One per entry judged (the first MAX_JUDGED_ENTRIES), keyed by organization id: the organization's rules, ORG-FILTERS aside. */
  organizations: RecordVerdict[];
  /** One per entry judged: ORG-FILTERS for the walk's query. */
  filters: RecordVerdict[];
  /** Entries past the first MAX_JUDGED_ENTRIES (more than any page may hold): counted, not judged. */
  notJudged?: number;
  /** With --findability, one per entry: each search by the organization's own values, its parameter and what it showed (its verdict is in `organizations`). */
  findability?: RecordSearches[];
  /** One per entry judged: the scorecard's measures of the organization (record-quality.ts); absent from journals written before it. */
  quality?: RecordQuality[];
  /** One per entry judged: the organization's NPIs, for DQ-NPI-SHARED among the organizations met; absent when none carries one. */
  npis?: string[][];
  /** Page 1 only: its next link followed once: the answer's line, its organizations, and ORG-NEXT-LINK on the answer. */
  next?: { url: string; status: number; contentType: string; ids: string[]; verdict: RecordVerdict };
  /** Page 1 only: the origin of a next link on another origin, never followed (OBS-CROSS-ORIGIN-LINK). */
  nextElsewhere?: string;
  /** Page 1 only: why ORG-NEXT-LINK was not judged by its next link (a link to another origin), for the walk's record. */
  nextSkipped?: RecordSkip[];
  /** Page 1 of a walk of the plan, with --findability: how many of its organizations carry each value of each kind (search-kinds.ts). */
  kindValues?: KindValueCounts;
  /** What the page's own rules observed: a first page's no-match answer (OBS-ORG-NO-MATCH). */
  observed?: { id: string; value: unknown }[];
  /** With --export, one per entry judged: whether the export holds the organization (DQ-EXPORT-UNPUBLISHED). */
  exported?: boolean[];
  /** One per entry judged: its compared fields, each a digest, for survey diff (compare.ts). */
  fields?: Record<string, string>[];
  /** When its answer came (ISO 8601). */
  at?: string;
}

/**
 * One resource of the export (--export), asked of the service (export-record.ts): found or not
 * (DQ-EXPORT-ABSENT), and the fields it was found with another value in (DQ-EXPORT-DIFFERS). A
 * resource no search can be made from (no identifier, no name) is counted as not asked.
 */
export interface ExportRecordUnit {
  kind: 'export';
  /** The export's file, as the source names it, and the resource's line in it. */
  file: string;
  line: number;
  resourceType: string;
  /** `Type/id`, or `Type at file:line` when it has no id. */
  key: string;
  /** absent: no search could be made from it, or no answer could be read (`unreadable`). */
  found?: boolean;
  /** Every answer held no record that could be read: neither found nor not found. */
  unreadable?: true;
  /** The last request asked for it: the one that found it, or the last that did not. */
  url?: string;
  differences: ExportDifference[];
  requests: RequestOutcome[];
  /** When its answer came (ISO 8601). */
  at?: string;
}

/** A field the service answers with another value than the export: what each side holds that the other lacks. */
export interface ExportDifference {
  field: string;
  exportedOnly: string[];
  servedOnly: string[];
}

/** The export read whole (in every shard alike): its references by the file and type holding them, and its files of one stamp. */
export interface ExportReadUnit {
  kind: 'export-read';
  references: { file: string; resourceType: string; checked: number; dangling: number }[];
  /** Files whose every meta.lastUpdated is one stamp: freshness cannot be read from them. */
  oneStamp: { file: string; stamp: string; resources: number }[];
  resources: Record<string, number>;
  /** Lines or files that could not be read. */
  problems: number;
  /** With --sample: resources not drawn. */
  notSampled?: number;
}

/** Why a survey is not complete, as data: a signal, a service that stopped answering, units left unanswered, or a walk cut at the page bound (no resume helps that one). */
export interface SurveyStop {
  kind: NonNullable<SurveyReport['stop']>['kind'];
  text: string;
}

/** Work left without an answer about the data (none came, or a 401, 403, 429 or 5xx): counted as requests, never as a record. */
export interface TransportFailureUnit {
  kind: 'transport-error';
  /** The NPI line, or the walk and page, or the export's file and line, that is left unjudged. */
  line?: number;
  file?: string;
  walk?: number;
  page?: number;
  requests: RequestOutcome[];
  reason: string;
}

export interface InputProblemUnit {
  kind: 'input';
  line: number;
  value: string;
  reason: string;
}

/** The NPI list read to its end: what its rows came to (the same in every shard, which all read the whole list). */
export interface InputReadUnit {
  kind: 'input-read';
  rows: number;
  duplicates: number;
  problems: number;
  /** With --sample: the list's NPIs not drawn (the same in every shard). */
  notSampled?: number;
}

export type SurveyUnit =
  ProviderUnit | PageUnit | TransportFailureUnit | InputProblemUnit | InputReadUnit | ExportRecordUnit | ExportReadUnit;
