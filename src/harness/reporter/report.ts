import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BaselineOutcome, Drift } from '../baseline/judge';
import type { Redactor } from '../redact';
import { SPECIFICATION, SUITE_VERSION } from '../../suite-version';
import type { ConformanceSummary } from './aggregate';
import { renderHtml } from './html';
import { renderJunit } from './junit';
import { renderMarkdown } from './markdown';

/** conformance.json: the report's fields are an interface others depend on. */
export interface ConformanceReport extends ConformanceSummary {
  target: {
    baseUrl: string;
    embedded: boolean;
    /** Which credentials the run sent, by kind and header name, never by value: for the curl commands of the HTML report. */
    credentials?: { bearer: boolean; headers: string[]; clientCertificate: boolean };
  };
  startedAt: string;
  durationMs: number;
  /** How the run measured up to BASELINE_FILE; written as null when no baseline was used. */
  baseline?: BaselineOutcome;
  /** Observations whose behaviour differs from the baseline's; written as [] without one. */
  drift?: Drift[];
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

/** Writes every report file; everything passes the redactor on the way out. */
export function writeReport(reportDir: string, report: ConformanceReport, redactor: Redactor): void {
  mkdirSync(reportDir, { recursive: true });
  const ordered = {
    suite: { version: SUITE_VERSION, specification: SPECIFICATION },
    target: report.target,
    startedAt: report.startedAt,
    durationMs: report.durationMs,
    verdict: report.verdict,
    summary: report.summary,
    requirements: report.requirements,
    observations: report.observations,
    probeProblems: report.probeProblems,
    errors: report.errors,
    baseline: report.baseline ?? null,
    drift: report.drift ?? [],
  };
  writeFileSync(join(reportDir, REPORT_FILES.json), redactor.text(`${JSON.stringify(ordered, null, 2)}\n`));
  writeFileSync(join(reportDir, REPORT_FILES.markdown), redactor.text(renderMarkdown(report)));
  writeFileSync(join(reportDir, REPORT_FILES.junit), redactor.text(renderJunit(report)));
  writeFileSync(join(reportDir, REPORT_FILES.html), redactor.text(renderHtml(report)));
}
