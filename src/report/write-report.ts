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

/**
 * The report as it may leave the harness, and its conformance.json: every string through the
 * redactor, then the cap; when conformance.json would still pass its bound, the failures' evidence
 * cut shorter until it does not. The JSON is made once for each try, and the last is what is written.
 */
function boundedReport(report: ConformanceReport, redactor: Redactor): { safe: ConformanceReport; json: string } {
  let safe = serviceValue(redactor.value(report), REPORT_STRING_MAX_BYTES);
  let json = jsonOf(safe);
  for (const cut of EVIDENCE_CUTS) {
    if (Buffer.byteLength(json) <= REPORT_JSON_MAX_BYTES) break;
    safe = withEvidenceCut(safe, cut);
    json = jsonOf(safe);
  }
  return { safe, json };
}

/** The report as it may leave the harness (boundedReport): what an in-process run returns. */
export const safeReport = (report: ConformanceReport, redactor: Redactor): ConformanceReport => boundedReport(report, redactor).safe;

/** Writes every report file, each from the safe report. */
export function writeReport(reportDir: string, report: ConformanceReport, redactor: Redactor): void {
  mkdirSync(reportDir, { recursive: true });
  const { safe, json } = boundedReport(report, redactor);
  writeFileSync(join(reportDir, REPORT_FILES.json), json);
  writeFileSync(join(reportDir, REPORT_FILES.markdown), redactor.text(renderMarkdown(safe, reportDir)));
  writeFileSync(join(reportDir, REPORT_FILES.junit), redactor.text(renderJunit(safe)));
  writeFileSync(join(reportDir, REPORT_FILES.html), redactor.text(renderHtml(safe)));
}
