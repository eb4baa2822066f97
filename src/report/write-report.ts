/** The report files of a run, written together: JSON, Markdown, JUnit and HTML, each from the one model. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Redactor } from '../client/redact';
import { serviceText, serviceValue } from '../rules/service-text';
import type { ConformanceReport, Failure } from '../types/schemas';
import { renderHtml } from './html/conformance-page';
import { renderJunit } from './junit';
import { renderMarkdown } from './markdown';
import { REPORT_FILES } from './model';

/** No string of a report is longer: the checks cap what the service sent, this bounds what they did not foresee. */
const REPORT_STRING_MAX_BYTES = 16 * 1024;

/**
 * conformance.json at most, whatever the service sends (#49: 15.4 MB once); index.html is bounded
 * by folding. Every failure stays, so every count stays exact: their evidence is cut instead.
 */
export const REPORT_JSON_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Each string of a failure's evidence at most, tried in turn until conformance.json fits; at the
 * last, a failure keeps its level and the start of its message alone, about 200 bytes of JSON, so
 * that some 10,000 failures fit.
 */
const EVIDENCE_CUTS = [4096, 1024, 256, 'message alone'] as const;
const MESSAGE_ALONE_MAX_BYTES = 96;

/** The report with every string of its failures and probe problems cut to `cut`. */
function withEvidenceCut(report: ConformanceReport, cut: (typeof EVIDENCE_CUTS)[number]): ConformanceReport {
  const failureCut =
    cut === 'message alone'
      ? (f: Failure): Failure => ({ ...(f.level ? { level: f.level } : {}), message: serviceText(f.message, MESSAGE_ALONE_MAX_BYTES) })
      : (f: Failure): Failure => serviceValue(f, cut);
  return {
    ...report,
    requirements: report.requirements.map((r) => ({ ...r, failures: r.failures.map(failureCut) })),
    probeProblems: serviceValue(report.probeProblems, cut === 'message alone' ? MESSAGE_ALONE_MAX_BYTES : cut),
  };
}

const jsonOf = (report: ConformanceReport) => `${JSON.stringify(report, null, 2)}\n`;

/** Whether conformance.json of the report is within its bound; the compact JSON, shorter and quicker to make, first rules out most that are not. */
const fits = (report: ConformanceReport) =>
  JSON.stringify(report).length <= REPORT_JSON_MAX_BYTES && Buffer.byteLength(jsonOf(report)) <= REPORT_JSON_MAX_BYTES;

/**
 * The report as it may leave the harness: every string through the redactor, then the cap; when
 * conformance.json would still pass its bound, the failures' evidence cut shorter until it does not.
 */
export function safeReport(report: ConformanceReport, redactor: Redactor): ConformanceReport {
  let safe = serviceValue(redactor.value(report), REPORT_STRING_MAX_BYTES);
  for (const cut of EVIDENCE_CUTS) {
    if (fits(safe)) break;
    safe = withEvidenceCut(safe, cut);
  }
  return safe;
}

/** Writes every report file, each from the safe report. */
export function writeReport(reportDir: string, report: ConformanceReport, redactor: Redactor): void {
  mkdirSync(reportDir, { recursive: true });
  const safe = safeReport(report, redactor);
  writeFileSync(join(reportDir, REPORT_FILES.json), jsonOf(safe));
  writeFileSync(join(reportDir, REPORT_FILES.markdown), redactor.text(renderMarkdown(safe, reportDir)));
  writeFileSync(join(reportDir, REPORT_FILES.junit), redactor.text(renderJunit(safe)));
  writeFileSync(join(reportDir, REPORT_FILES.html), redactor.text(renderHtml(safe)));
}
