import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConformanceReport } from '../types/schemas';
import type { Redactor } from '../client/redact';
import { serviceValue } from '../rules/service-text';
import { SPECIFICATION, SUITE_VERSION } from '../suite-version';
import { renderHtml } from './html';
import { renderJunit } from './junit';
import { renderMarkdown } from './markdown';

export type { ConformanceReport } from '../types/schemas';

/** What a run's report is made of; the suite's version, and the key order, come from conformanceReport. */
export type ReportParts = Omit<ConformanceReport, 'suite' | 'baseline' | 'drift'> & Partial<Pick<ConformanceReport, 'baseline' | 'drift'>>;

/**
 * conformance.json as schemas/report/conformance-report.schema.json shapes it, its members in a
 * fixed order: the baseline `null` and the drift `[]` when the run had no baseline.
 */
export function conformanceReport(parts: ReportParts): ConformanceReport {
  return {
    suite: { version: SUITE_VERSION, specification: SPECIFICATION },
    target: parts.target,
    startedAt: parts.startedAt,
    durationMs: parts.durationMs,
    verdict: parts.verdict,
    summary: parts.summary,
    requirements: parts.requirements,
    observations: parts.observations,
    probeProblems: parts.probeProblems,
    errors: parts.errors,
    baseline: parts.baseline ?? null,
    drift: parts.drift ?? [],
  };
}

export const REPORT_FILES = {
  json: 'conformance.json',
  markdown: 'conformance.md',
  junit: 'conformance.junit.xml',
  html: 'index.html',
} as const;

/** Removes the report files of an earlier run, so that a run that stops early never leaves a stale verdict. */
export function clearReport(reportDir: string): void {
  for (const file of Object.values(REPORT_FILES)) rmSync(join(reportDir, file), { force: true });
}

/** No string of a report is longer: the checks cap what the service sent, this bounds what they did not foresee. */
const REPORT_STRING_MAX_BYTES = 16 * 1024;

/** Writes every report file; everything passes the redactor, and then the cap, on the way out. */
export function writeReport(reportDir: string, report: ConformanceReport, redactor: Redactor): void {
  mkdirSync(reportDir, { recursive: true });
  const safe = serviceValue(redactor.value(report), REPORT_STRING_MAX_BYTES);
  writeFileSync(join(reportDir, REPORT_FILES.json), `${JSON.stringify(safe, null, 2)}\n`);
  writeFileSync(join(reportDir, REPORT_FILES.markdown), redactor.text(renderMarkdown(safe)));
  writeFileSync(join(reportDir, REPORT_FILES.junit), redactor.text(renderJunit(safe)));
  writeFileSync(join(reportDir, REPORT_FILES.html), redactor.text(renderHtml(safe)));
}
