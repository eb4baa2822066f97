/**
 * What a judgement of the suite prints when it ends, whichever driver made it (`run`'s reporter,
 * `judge`, a test in process): each failing requirement once with its first example, the verdict
 * line with its counts and what the baseline made of it, then the coverage lines. Built from the
 * report that is written beside it, so that the terminal and conformance.json cannot disagree.
 */
import { join } from 'node:path';
import type { ConformanceReport } from '../types/schemas';
import { counted } from './counted';
import { coverageLines } from './coverage-lines';
import { findingBlocks } from './finding-blocks';
import { REPORT_FILES } from './model';

/** Baseline entries the verdict line names: the first few, then how many more. */
const NAMED_ENTRIES = 3;

/** ` (ORG-PAGE organization /link, ORG-COUNT, and 2 more)`: which entries, so that the line says what changed; nothing for none. */
function named(entries: readonly { id: string; fingerprint?: string }[]): string {
  if (entries.length === 0) return '';
  const names = entries.slice(0, NAMED_ENTRIES).map((e) => (e.fingerprint ? `${e.id} ${e.fingerprint}` : e.id));
  const more = entries.length - names.length;
  return ` (${names.join(', ')}${more > 0 ? `, and ${more} more` : ''})`;
}

/** `, 2 probe problems`: a count named only when there is one. */
const plural = (count: number, noun: string, many?: string) => (count > 0 ? `, ${counted(count, noun, many)}` : '');

export interface VerdictLineContext {
  /** Where the report was written. */
  reportDir: string;
  /** Playwright's tests as it printed them above the verdict: `run` alone has them. */
  tests?: { passed: number; failed: number; skipped: number };
  /** The recording the answers were judged from: `judge` alone. */
  judgedFrom?: string;
}

/** `; baseline: 1 known, 0 new, …`: what the baseline made of the run; nothing without one. */
function againstBaseline(report: ConformanceReport): string {
  const { baseline, drift } = report;
  if (!baseline) return '';
  const { gaps } = baseline;
  const gapCounts = gaps
    ? `${plural(gaps.accepted.length, 'gap accepted', 'gaps accepted')}${named(gaps.accepted)}${plural(gaps.expired.length, 'gap entry expired', 'gap entries expired')}${named(gaps.expired)}${plural(gaps.unexplained?.length ?? 0, 'gap entry without a reason', 'gap entries without a reason')}${named(gaps.unexplained ?? [])}`
    : '';
  return `; baseline: ${baseline.known.length} known, ${baseline.new.length} new${named(baseline.new)}, ${baseline.fixed.length} fixed${named(baseline.fixed)}, ${baseline.expired.length} expired${named(baseline.expired)}${gapCounts}${plural(drift.length, 'drifted observation')}${named(drift)}`;
}

/** The lines, in the order they are printed: the findings, a blank line, the verdict line, the coverage. */
export function verdictLines(report: ConformanceReport, { reportDir, tests, judgedFrom }: VerdictLineContext): string[] {
  const { pass, fail, warn, skip, partial } = report.summary;
  // Two counts, each named: the requirements the verdict is drawn from, and Playwright's tests where it printed them.
  const testCounts = tests ? `; tests ${tests.passed} passed, ${tests.failed} failed, ${tests.skipped} skipped` : '';
  const counts = `requirements ${pass} pass${partial > 0 ? ` (${partial} partial)` : ''}, ${fail} fail, ${warn} warn, ${skip} skip${testCounts}${plural(report.probeProblems.length, 'probe problem')}${plural(report.errors.length, 'run error')}`;
  const source = judgedFrom ? `, judged from ${judgedFrom}` : '';
  return [
    // Each failing requirement once, with its first example: the tests above named only how many of its checks failed.
    ...findingBlocks(report.requirements, report.baseline ?? undefined, join(reportDir, REPORT_FILES.markdown)),
    '',
    `conformance: ${report.verdict.toUpperCase()}: ${counts}${againstBaseline(report)}${source} (${reportDir}/${REPORT_FILES.html}; ${REPORT_FILES.markdown} and ${REPORT_FILES.json} beside it)`,
    // What was not judged, and what closes each gap: MUST gaps, which decide the verdict, first.
    ...(report.coverage ? coverageLines(report.coverage) : []),
  ];
}
