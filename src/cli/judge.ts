/**
 * `directory-conformance judge HAR`: a recording judged offline with the rulebook, sending nothing
 * (src/recording/). The report goes where run's goes (REPORT_DIR, --report), with the same files,
 * verdict and exit codes; what the recording did not hold is its coverage, as any report says.
 */
import { resolve } from 'node:path';
import { configuredSecrets } from '../config/connection';
import { environmentWithDotenv, reportDirOf } from '../config/environment';
import { Redactor } from '../client/redact';
import { reportFolderProblem } from '../config/report-folder';
import { REPORT_FILES } from '../report/model';
import { judgeRecording } from '../recording/judge-recording';
import { verdictLines } from '../report/verdict-lines';
import { serviceText } from '../rules/service-text';
import { writeReport } from '../report/write-report';
import { EXIT_CODE } from '../verdicts/verdict';
import { UsageError } from './exit-codes';
import { type RunOptions, runEnvironment } from './run';
import { stoppableBySignal } from './signal-race';

/** How many requests not in the recording are named on the terminal; the report names every test they left unjudged. */
const NAMED_MISSING = 3;
/** A URL named on the terminal is cut here: a bad-input request carries a value of 4,000 characters. */
const URL_SHOWN_BYTES = 200;

export async function judgeCommand(options: RunOptions, har: string): Promise<number> {
  const cwd = process.cwd();
  const env = environmentWithDotenv(runEnvironment(options, process.env, cwd), cwd);
  const file = resolve(cwd, har);
  const reportDir = reportDirOf(env, cwd);
  // Refused before judging, as run refuses it: a PASS page another wrote must not stand beside a judging that wrote nothing.
  const folderProblem = reportFolderProblem(reportDir, Object.values(REPORT_FILES));
  if (folderProblem) throw new UsageError(`REPORT_DIR ${folderProblem}`);
  // A signal ends the judging between two tests: the report says what was judged, and the rest is interrupted.
  const { report, missing } = await stoppableBySignal((stop) => judgeRecording(file, env, stop));
  // Nothing was sent, so no credential was used; whatever the recording holds, the configured secrets stay out of every file and line, as any command's.
  const redactor = new Redactor(configuredSecrets(env));
  writeReport(reportDir, report, redactor);
  if (missing.length > 0)
    console.log(
      `judge: ${missing.length} request${missing.length === 1 ? '' : 's'} the suite asks ${missing.length === 1 ? 'is' : 'are'} not in the recording (${missing
        .slice(0, NAMED_MISSING)
        .map((url) => serviceText(redactor.url(url), URL_SHOWN_BYTES))
        .join(', ')}${missing.length > NAMED_MISSING ? ', …' : ''}): the tests that ask them are not judged from it`,
    );
  for (const line of verdictLines(report, { reportDir, judgedFrom: file })) console.log(line);
  return EXIT_CODE[report.verdict];
}
