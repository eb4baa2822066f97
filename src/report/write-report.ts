/** The report files of a run, written together: JSON, Markdown, JUnit and HTML, each from the one model. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Redactor } from '../client/redact';
import { serviceValue } from '../rules/service-text';
import type { ConformanceReport } from '../types/schemas';
import { renderHtml } from './html/conformance-page';
import { renderJunit } from './junit';
import { renderMarkdown } from './markdown';
import { REPORT_FILES } from './model';

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
