/** `directory-conformance compare A B`: two reports read and checked, compared, printed; the exit code says what changed. */
import { renderComparison } from '../report/comparison';
import { readReport } from '../report/read-report';
import { compareReports, comparisonExit } from '../verdicts/comparison';

export function compareCommand(a: string, b: string, json: boolean): number {
  const comparison = compareReports(a, readReport(a), b, readReport(b));
  process.stdout.write(json ? `${JSON.stringify(comparison, null, 2)}\n` : renderComparison(comparison));
  return comparisonExit(comparison);
}
