import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Redactor } from '../redact';
import type { ConformanceSummary } from './aggregate';
import { renderMarkdown } from './markdown';

/** conformance.json: the report's fields are an interface others depend on. */
export interface ConformanceReport extends ConformanceSummary {
  target: { baseUrl: string; embedded: boolean };
  startedAt: string;
  durationMs: number;
}

export const REPORT_FILES = { json: 'conformance.json', markdown: 'conformance.md' } as const;

/** Writes both report files; everything passes the redactor on the way out. */
export function writeReport(reportDir: string, report: ConformanceReport, redactor: Redactor): void {
  mkdirSync(reportDir, { recursive: true });
  const ordered = {
    target: report.target,
    startedAt: report.startedAt,
    durationMs: report.durationMs,
    verdict: report.verdict,
    summary: report.summary,
    requirements: report.requirements,
    observations: report.observations,
    errors: report.errors,
  };
  writeFileSync(join(reportDir, REPORT_FILES.json), redactor.text(`${JSON.stringify(ordered, null, 2)}\n`));
  writeFileSync(join(reportDir, REPORT_FILES.markdown), redactor.text(renderMarkdown(report)));
}
