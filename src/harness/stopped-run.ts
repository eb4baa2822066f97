import { type Environment, reportDirOf } from '../config/environment';
import type { ConfigError } from '../config/config-error';
import { Redactor } from '../client/redact';
import { aggregate } from '../verdicts/aggregate';
import { writeReport } from '../report/write-report';
import { clearReport, conformanceReport, REPORT_FILES } from '../report/model';
import { reportFolderProblem } from '../config/report-folder';
import { configuredSecrets } from '../config/connection';

/**
 * A run that could not start (a configuration error, nothing to merge) still leaves a report,
 * verdict `error`, in REPORT_DIR, replacing whatever an earlier run left there: no stale PASS
 * survives a run that could not start. A folder that is a file, or holds report files another
 * wrote, is left as it is; what the run then says ends with `unwritten`, so that a PASS page left
 * there from elsewhere is never taken for this run's.
 */
export function reportRunThatCouldNotStart(
  error: Pick<ConfigError, 'message'>,
  env: Environment,
  cwd: string,
): { reportDir: string; unwritten?: string } {
  const reportDir = reportDirOf(env, cwd);
  const problem = reportFolderProblem(reportDir, Object.values(REPORT_FILES));
  if (problem) return { reportDir, unwritten: `; no report was written: REPORT_DIR ${problem}` };
  clearReport(reportDir);
  const summary = aggregate([], { strict: false }, [{ test: 'configuration', kind: 'configuration', message: error.message }]);
  const given = env.BASE_URL;
  const redactor = new Redactor(configuredSecrets(env));
  // The address as given, its user information out: a BASE_URL refused for carrying a password must not write it.
  const baseUrl = given === undefined ? '(the embedded reference server)' : redactor.url(given.trim()) || '(an empty BASE_URL)';
  writeReport(
    reportDir,
    conformanceReport({
      ...summary,
      verdict: 'error',
      target: { baseUrl, embedded: given === undefined },
      startedAt: new Date().toISOString(),
      durationMs: 0,
    }),
    redactor,
  );
  return { reportDir };
}
