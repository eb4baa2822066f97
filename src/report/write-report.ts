/** The report files of a run, written together: JSON, Markdown, JUnit and HTML, each from the one model. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Redactor } from '../client/redact';
import { serviceValue } from '../rules/service-text';
import type { ConformanceReport } from '../types/schemas';
import { renderHtml } from './html/conformance-page';
import { renderJunit } from './junit';
import { renderMarkdown } from './markdown';
import { REPORT_FILES } from './model';

/** No string of a report is longer: the checks cap what the service sent, this bounds what they did not foresee. */
const REPORT_STRING_MAX_BYTES = 16 * 1024;

/** The report as it may leave the harness: every string through the redactor, then the cap. */
export function safeReport(report: ConformanceReport, redactor: Redactor): ConformanceReport {
  return serviceValue(redactor.value(report), REPORT_STRING_MAX_BYTES);
}

/** Writes every report file, each from the safe report. */
export function writeReport(reportDir: string, report: ConformanceReport, redactor: Redactor): void {
  mkdirSync(reportDir, { recursive: true });
  const safe = safeReport(report, redactor);
  writeFileSync(join(reportDir, REPORT_FILES.json), `${JSON.stringify(safe, null, 2)}\n`);
  writeFileSync(join(reportDir, REPORT_FILES.markdown), redactor.text(renderMarkdown(safe, reportDir)));
  writeFileSync(join(reportDir, REPORT_FILES.junit), redactor.text(renderJunit(safe)));
  writeFileSync(join(reportDir, REPORT_FILES.html), redactor.text(renderHtml(safe)));
}
