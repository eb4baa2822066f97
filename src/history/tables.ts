/**
 * The history's tables, as Kysely types them: one schema for the embedded store (PGlite) and a
 * PostgreSQL server. Migrations (migrations.ts) create them; these types must say what they made.
 */
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** A timestamp column: written as an ISO 8601 string, read back as a Date by both drivers. */
type Timestamp = ColumnType<Date, string, string>;

export interface RunsTable {
  id: Generated<number>;
  /** The report's own id (conformance.json's or survey.json's `id`): a run is kept once by it. */
  report_id: string;
  kind: 'run' | 'survey';
  /** The target as the reports show it, without credentials or query; `embedded` for the embedded reference server. */
  target: string;
  label: string | null;
  suite_version: string;
  started_at: Timestamp;
  finished_at: Timestamp;
  verdict: string;
  exit_code: number;
  recorded_at: Generated<Date>;
  /** The report as it was read (conformance.json or survey.json): `history diff` compares two of them as `compare` does. */
  report: JSONColumnType<Record<string, unknown>, string, string>;
}

/** Per run and requirement (and level: a graded requirement's survey counts have a SHOULD row too). */
export interface RequirementResultsTable {
  run_id: number;
  requirement: string;
  level: string;
  /** pass, fail, warn, skip (a run's); a survey's: fail or warn when a record failed, pass otherwise. */
  status: string;
  checks: number;
  failed: number;
  /** Distinct failure fingerprints (requirement, endpoint, generalised JSON Pointer), sorted. */
  fingerprints: JSONColumnType<string[], string, string>;
}

export interface ObservationsTable {
  run_id: number;
  observation: string;
  status: string;
  value: ColumnType<unknown, string, string>;
}

/** A survey's counts per requirement, level and source dataset; source '' is the requirement as a whole. */
export interface SurveyRatesTable {
  run_id: number;
  requirement: string;
  level: string;
  source: string;
  checked: number;
  failed: number;
}

/** A target's highest survey failure rate (failed / checked) and most failing records, per requirement, level and source, over its surveys (series-highs.ts). */
export interface SurveyRateHighsTable {
  target: string;
  requirement: string;
  level: string;
  source: string;
  highest: number | null;
  most: number;
}

/** A target's highest scorecard rate per measure and kind of record, over its surveys, of the rows the page charts (series-highs.ts). */
export interface ScorecardHighsTable {
  target: string;
  measure: string;
  records: string;
  highest: number;
}

/** A survey's searches by records' own values (--findability): per kind of record (organizations, providers) and parameter, what they showed. */
export interface FindabilityTable {
  run_id: number;
  records: string;
  parameter: string;
  found: number;
  missed: number;
  unknown: number;
}

/** A survey's data-quality scorecard (DQ-*): per measure, kind of record and dataset, the records counted and failing. */
export interface DataQualityTable {
  run_id: number;
  measure: string;
  records: string;
  dataset: string;
  checked: number;
  failed: number;
}

/** A survey's latency per endpoint: the HdrHistogram, compressed and base64-encoded, and how many requests it holds. */
export interface LatencyTable {
  run_id: number;
  endpoint: string;
  requests: number;
  histogram: string;
}

/** The keys of a survey's failing records, per requirement and level, sorted. */
export interface FailingKeysTable {
  run_id: number;
  requirement: string;
  level: string;
  keys: JSONColumnType<string[], string, string>;
}

/** What `history check` would have said of a run when it was recorded, against the run before it: the page's events. */
export interface EventsTable {
  run_id: number;
  what: 'requirement' | 'observation' | 'rate' | 'findability' | 'data-quality' | 'latency';
  line: string;
}

export interface HistoryTables {
  events: EventsTable;
  runs: RunsTable;
  requirement_results: RequirementResultsTable;
  observations: ObservationsTable;
  survey_rates: SurveyRatesTable;
  survey_rate_highs: SurveyRateHighsTable;
  findability: FindabilityTable;
  data_quality: DataQualityTable;
  scorecard_highs: ScorecardHighsTable;
  latency: LatencyTable;
  failing_keys: FailingKeysTable;
}
