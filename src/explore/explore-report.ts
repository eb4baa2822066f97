/** explore's conformance.json: its cases' outcomes aggregated as run's tests are, with its explore section. */
import type { Redactor } from '../client/redact';
import { conformanceReport } from '../report/model';
import { safeReport } from '../report/write-report';
import type { SuiteConfig } from '../suite/suite-config';
import { reportTargetOf } from '../suite/report-target';
import type { ConformanceReport, Probes, RunError } from '../types/schemas';
import { aggregate } from '../verdicts/aggregate';
import type { Explored } from './explore';

/** The organization searches explore starts from: the probes file's, its searches of many pages and of more than 1000 among them. */
export function probeSearches(probes: Probes): Record<string, string>[] {
  const { searches = [], multiPage, overLimit } = probes.organization ?? {};
  return [...searches, ...(multiPage ? [multiPage] : []), ...(overLimit ? [overLimit] : [])].map((s) => s.query as Record<string, string>);
}

export function exploreReport(
  config: SuiteConfig,
  redactor: Redactor,
  startedAt: Date,
  { outcomes, section, outside }: Explored,
  /** Errors of the command outside its cases: a signal that stopped it. */
  runErrors: readonly RunError[] = [],
): ConformanceReport {
  const report = conformanceReport({
    target: reportTargetOf(config, redactor),
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    ...aggregate(outcomes, { strict: config.strict, outside }, runErrors),
    explore: section,
  });
  return safeReport(report, redactor);
}
