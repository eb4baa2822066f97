/** conformance.json as schemas/report/conformance-report.schema.json shapes it: the model every renderer reads. */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ConformanceReport } from '../types/schemas';
import { SPECIFICATION, SUITE_VERSION } from '../suite-version';

export type { ConformanceReport } from '../types/schemas';

/** What a run's report is made of; the suite's version, the id (when not given), and the key order come from conformanceReport. */
export type ReportParts = Omit<ConformanceReport, 'suite' | 'id' | 'baseline' | 'drift'> &
  Partial<Pick<ConformanceReport, 'id' | 'baseline' | 'drift'>>;

/**
 * conformance.json as schemas/report/conformance-report.schema.json shapes it, its members in a
 * fixed order: the baseline `null` and the drift `[]` when the run had no baseline.
 */
export function conformanceReport(parts: ReportParts): ConformanceReport {
  return {
    suite: { version: SUITE_VERSION, specification: SPECIFICATION },
    // A new id for every report: the history keeps a run once by it, however often it is recorded.
    id: parts.id ?? randomUUID(),
    target: parts.target,
    startedAt: parts.startedAt,
    durationMs: parts.durationMs,
    verdict: parts.verdict,
    ...(parts.verdictWhy ? { verdictWhy: parts.verdictWhy } : {}),
    summary: parts.summary,
    requirements: parts.requirements,
    observations: parts.observations,
    ...(parts.coverage ? { coverage: parts.coverage } : {}),
    probeProblems: parts.probeProblems,
    errors: parts.errors,
    baseline: parts.baseline ?? null,
    drift: parts.drift ?? [],
    ...(parts.explore ? { explore: parts.explore } : {}),
  };
}

export const REPORT_FILES = {
  json: 'conformance.json',
  markdown: 'conformance.md',
  junit: 'conformance.junit.xml',
  html: 'index.html',
} as const;

/**
 * Removes the report files of an earlier run, so that a run that stops early never leaves a stale
 * verdict. Here, beside the file names, and not with the renderers: every run calls it first.
 */
export function clearReport(reportDir: string): void {
  for (const file of Object.values(REPORT_FILES)) rmSync(join(reportDir, file), { force: true });
}

/** Which source datasets the run's golden records drew on, and how many records each: what the data checks saw. */
export function coverageInWords({ coverage }: ConformanceReport): string {
  if (!coverage) return 'none (no golden record was reached)';
  const datasets = coverage.sourceDatasets.map((d) => `${d.index} ${d.records}`).join(', ') || 'none';
  return `${datasets} (the source records of ${coverage.goldenRecords} golden record${coverage.goldenRecords === 1 ? '' : 's'}, one per distinct provider.unique probe)`;
}
