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
 * survives a run that could not start.
 */
export function reportRunThatCouldNotStart(error: Pick<ConfigError, 'message'>, env: Environment, cwd: string): string {
  const reportDir = reportDirOf(env, cwd);
  // A folder that is a file, or holds another's report files, is left as it is: the error says so.
  if (reportFolderProblem(reportDir, Object.values(REPORT_FILES))) return reportDir;
  clearReport(reportDir);
  const summary = aggregate([], { strict: false }, [{ test: 'configuration', kind: 'configuration', message: error.message }]);
  const given = env.BASE_URL;
  const baseUrl = given === undefined ? '(the embedded reference server)' : given.trim() || '(an empty BASE_URL)';
  writeReport(
    reportDir,
    conformanceReport({
      ...summary,
      verdict: 'error',
      target: { baseUrl, embedded: given === undefined },
      startedAt: new Date().toISOString(),
      durationMs: 0,
    }),
    new Redactor(configuredSecrets(env)),
  );
  return reportDir;
}
