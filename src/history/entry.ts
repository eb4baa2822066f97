/**
 * A report folder as the history keeps it: what `run` wrote (conformance.json) or what `survey`
 * and `survey merge` wrote (survey.json and failing-keys.json beside it), read and checked against
 * their schemas, and turned into the rows of one run. Plain data: recording it is record.ts's job.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as hdr from 'hdr-histogram-js';
import { InputError } from '../config/input-error';
import { REPORT_FILES } from '../report/model';
import { readReport, readReportFile } from '../report/read-report';
import { SURVEY_FILES } from '../report/survey/write-survey';
import { SCHEMA } from '../schema-validation/validator';
import type { ConformanceReport, FailingKeys, SurveyReport } from '../types/schemas';
import { EXIT_CODE } from '../verdicts/aggregate';
import { runFailures } from '../verdicts/baseline/judge';
import { SURVEY_EXIT_CODE, surveyVerdict } from '../verdicts/survey-verdict';

/** The target's name for the embedded reference server, whose port changes from run to run. */
export const EMBEDDED_TARGET = 'embedded';

export interface HistoryEntry {
  reportId: string;
  kind: 'run' | 'survey';
  target: string;
  label: string | null;
  suiteVersion: string;
  startedAt: string;
  finishedAt: string;
  verdict: string;
  exitCode: number;
  report: ConformanceReport | SurveyReport;
  requirements: { requirement: string; level: string; status: string; checks: number; failed: number; fingerprints: string[] }[];
  observations: { observation: string; status: string; value: unknown }[];
  rates: { requirement: string; level: string; source: string; checked: number; failed: number }[];
  findability: { records: string; parameter: string; found: number; missed: number; unknown: number }[];
  dataQuality: { measure: string; records: string; dataset: string; checked: number; failed: number }[];
  latency: { endpoint: string; requests: number; histogram: string }[];
  failingKeys: { requirement: string; level: string; keys: string[] }[];
}

/**
 * The target as the reports show it, without credentials, query or fragment (a report's base URL
 * is redacted already; this also drops what redaction left in place), and `embedded` for the
 * embedded reference server.
 */
export function targetName({ baseUrl, embedded }: { baseUrl: string; embedded?: boolean }): string {
  if (embedded) return EMBEDDED_TARGET;
  try {
    const url = new URL(baseUrl);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return baseUrl;
  }
}

/** A report's own id; a report written before ids existed is known by its content's hash. */
const idOf = (id: string | undefined, file: string) => id ?? `sha256:${createHash('sha256').update(readFileSync(file)).digest('hex')}`;

function runEntry(file: string, label: string | null): HistoryEntry {
  const report = readReport(file);
  const fingerprints = new Map<string, string[]>();
  for (const failure of runFailures(report)) fingerprints.set(failure.id, [...(fingerprints.get(failure.id) ?? []), failure.fingerprint]);
  return {
    reportId: idOf(report.id, file),
    kind: 'run',
    target: targetName(report.target),
    label,
    suiteVersion: report.suite.version,
    startedAt: report.startedAt,
    finishedAt: new Date(Date.parse(report.startedAt) + report.durationMs).toISOString(),
    verdict: report.verdict,
    exitCode: EXIT_CODE[report.verdict],
    report,
    requirements: report.requirements.map((r) => ({
      requirement: r.id,
      level: r.level,
      status: r.status,
      checks: r.checks,
      failed: r.failures.length,
      fingerprints: [...new Set(fingerprints.get(r.id) ?? [])].sort(),
    })),
    observations: report.observations.map((o) => ({
      observation: o.id,
      status: o.status,
      value: o.status === 'observed' ? (o.value ?? null) : (o.reason ?? null),
    })),
    rates: [],
    findability: [],
    dataQuality: [],
    latency: [],
    failingKeys: [],
  };
}

/** How many requests a survey's encoded histogram holds; one that is no HdrHistogram is the file's mistake, said in one line. */
function histogramRequests(file: string, endpoint: string, encoded: string): number {
  try {
    return hdr.decodeFromCompressedBase64(encoded).totalCount;
  } catch (error) {
    throw new InputError(`${file} is not a survey: its latencyHistograms.${endpoint} is not an HdrHistogram (${(error as Error).message})`);
  }
}

function surveyEntry(dir: string, label: string | null): HistoryEntry {
  const file = join(dir, SURVEY_FILES.json);
  const report = readReportFile<SurveyReport>(file, SCHEMA.survey, 'a survey');
  const keysFile = join(dir, SURVEY_FILES.failingKeys);
  const keys = existsSync(keysFile) ? readReportFile<FailingKeys>(keysFile, SCHEMA.failingKeys, 'a failing-keys file') : undefined;
  if (keys && report.id !== undefined && keys.survey !== report.id)
    throw new InputError(`${keysFile} belongs to survey ${keys.survey}, not to the survey.json beside it (${report.id})`);
  const { verdict } = surveyVerdict(report);
  return {
    reportId: idOf(report.id, file),
    kind: 'survey',
    target: targetName(report.target),
    label,
    suiteVersion: report.suite?.version ?? 'unknown',
    startedAt: report.started,
    finishedAt: report.finished,
    verdict,
    exitCode: SURVEY_EXIT_CODE[verdict],
    report,
    requirements: report.requirements.map((r) => ({
      requirement: r.id,
      level: r.level,
      status: r.failed === 0 ? 'pass' : r.level === 'MUST' ? 'fail' : 'warn',
      checks: r.checked,
      failed: r.failed,
      fingerprints: [],
    })),
    observations: report.observations.map((o) => ({ observation: o.id, status: 'observed', value: o.values })),
    // A dataset's share is of the records the requirement checked: what failed there, of all it judged.
    rates: report.requirements.flatMap((r) => [
      { requirement: r.id, level: r.level, source: '', checked: r.checked, failed: r.failed },
      ...Object.entries(r.bySource).map(([source, failed]) => ({ requirement: r.id, level: r.level, source, checked: r.checked, failed })),
    ]),
    findability: Object.entries(report.findability ?? {}).flatMap(([records, rates]) =>
      rates.map(({ parameter, dataset, found, missed, unknown }) => ({
        records: findabilityRecords(records, dataset),
        parameter,
        found,
        missed,
        unknown,
      })),
    ),
    dataQuality: (report.dataQuality?.rates ?? []).map(({ id, records, resourceType, dataset, field, checked, failed }) => ({
      // DQ-EXPORT-DIFFERS per field is a series of its own, and an export's types are kinds of record of their own.
      measure: field === undefined ? id : `${id} (${field})`,
      records: resourceType ?? records,
      dataset,
      checked,
      failed,
    })),
    latency: Object.entries(report.latencyHistograms ?? {}).map(([endpoint, histogram]) => ({
      endpoint,
      requests: histogramRequests(file, endpoint, histogram),
      histogram,
    })),
    failingKeys: (keys?.requirements ?? []).map((r) => ({ requirement: r.id, level: r.level, keys: r.keys })),
  };
}

/**
 * What a findability row counts: the kind of record, and for `providerSources` the dataset, so that
 * one parameter of two datasets is two rows (the store keys a row by run, records and parameter).
 */
function findabilityRecords(records: string, dataset: string | undefined): string {
  return dataset === undefined ? records : `providers of dataset ${dataset}`;
}

/** The run a report folder holds (or a conformance.json or survey.json given as a file). */
export function readEntry(path: string, label: string | null): HistoryEntry {
  const dir = path.endsWith('.json') ? join(path, '..') : path;
  if (path.endsWith(REPORT_FILES.json) || (!path.endsWith('.json') && existsSync(join(dir, REPORT_FILES.json))))
    return runEntry(path.endsWith('.json') ? path : join(dir, REPORT_FILES.json), label);
  if (path.endsWith(SURVEY_FILES.json) || existsSync(join(dir, SURVEY_FILES.json))) return surveyEntry(dir, label);
  throw new InputError(`${path} holds neither ${REPORT_FILES.json} nor ${SURVEY_FILES.json}: give the folder a run or a survey wrote`);
}
