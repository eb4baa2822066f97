/**
 * The conformance suite: `npm run conformance`. Targets BASE_URL, or the embedded reference server
 * when no BASE_URL is given at all. Configuration is read and checked here, once, before any test runs.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { defineConfig, type ReporterDescription } from '@playwright/test';
import { announce, dotenvAnnouncement, type Environment, environmentWithDotenv, isQuiet } from './src/config/environment';
import { EMBEDDED_URL_VARIABLE, targetLine } from './src/config/connection';
import { loadSuiteConfig, type SuiteConfig } from './src/suite/suite-config';
import { ConfigError } from './src/config/config-error';
import { clearReport, REPORT_FILES } from './src/report/model';
import { reportFolderProblem } from './src/config/report-folder';
import { claimPlaywrightOutput, playwrightOutputOf } from './src/report/playwright-output';
import {
  type RunSelection,
  SELECTION_GREP_VARIABLE,
  SELECTION_METADATA,
  SELECTION_PASS_THROUGH_VARIABLE,
  selectedArguments,
} from './src/harness/run-selection';
import { SUITE_VERSION } from './src/suite-version';

/** A free loopback port, asked of the OS synchronously (the config file cannot await). */
function freePort(): number {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

// Workers evaluate this file too; the report is the main process's business.
const isMainProcess = process.env.TEST_WORKER_INDEX === undefined;
let environment: Environment = process.env;
let harness: SuiteConfig;
let output: { playwright: string; blob: string };
const sharded = process.argv.some((arg) => arg === '--shard' || arg.startsWith('--shard='));
try {
  // This file runs in the main process and again in every worker. The port is chosen once, in the
  // main process, and handed down through the environment, so every worker targets the same server.
  // Only the absence of any target means the embedded server: a blank one is refused by loadConfig.
  if (environmentWithDotenv(process.env, process.cwd()).BASE_URL === undefined && !process.env[EMBEDDED_URL_VARIABLE]) {
    process.env[EMBEDDED_URL_VARIABLE] = `http://127.0.0.1:${freePort()}`;
  }
  environment = environmentWithDotenv(process.env, process.cwd());
  harness = loadSuiteConfig(environment);
  // Before anything is removed: a report folder that is a file, or holds report files of another's, is refused.
  const folderProblem = isMainProcess ? reportFolderProblem(harness.reportDir, Object.values(REPORT_FILES)) : undefined;
  if (folderProblem) throw new ConfigError('REPORT_DIR', folderProblem);
  // Playwright empties its output folders: never one that holds another's files (the main process decides once).
  output = isMainProcess ? claimPlaywrightOutput(harness.reportDir, sharded) : playwrightOutputOf(harness.reportDir);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // Loaded only here: the report's renderers are no start-up cost of a run that starts.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { reportRunThatCouldNotStart } = require('./src/harness/stopped-run') as typeof import('./src/harness/stopped-run');
  const left = isMainProcess ? reportRunThatCouldNotStart(error, environment, process.cwd()) : undefined;
  // One prefix for every command's error line, as src/cli/main.ts writes it; and where no report could be written, that too, in the same line.
  console.error(`directory-conformance: ${error.message}${error.key === 'REPORT_DIR' ? '' : (left?.unwritten ?? '')}`);
  process.exit(2);
}
if (isMainProcess) {
  // The first lines of every run: what it tests, and where its configuration came from.
  announce(`conformance target: ${targetLine(harness.baseUrl, harness.embedded, harness.maxRps)}`);
  announce(dotenvAnnouncement(process.env, process.cwd()));
  // A run that stops before its reporter writes must not leave an earlier run's verdict behind.
  clearReport(harness.reportDir);
}

const grep = environment[SELECTION_GREP_VARIABLE];
const passThrough = environment[SELECTION_PASS_THROUGH_VARIABLE];
/** What makes this run's shards parts of one run: its --grep, its arguments after --, its probes file and the suite's version. */
const selection: RunSelection = {
  ...(grep ? { grep } : {}),
  ...(passThrough ? { passThrough: selectedArguments(JSON.parse(passThrough) as string[]) } : {}),
  probes: createHash('sha256').update(readFileSync(harness.probesFile)).digest('hex'),
  suite: SUITE_VERSION,
};

/**
 * A module of the harness beside this file, with this file's own extension: the TypeScript sources
 * in a checkout (Playwright transpiles them), the compiled JavaScript in the published package.
 */
const own = (path: string) => join(__dirname, `${path}${extname(__filename)}`);

/** A line a test as it ends (the harness's, not Playwright's list, which prints each test's tags), unless --quiet: then the conformance reporter's findings and verdict alone. */
const progress: ReporterDescription[] = isQuiet(process.env) ? [] : [[own('src/harness/terminal-reporter')]];

export default defineConfig({
  testDir: 'tests/conformance',
  // Under REPORT_DIR, so that everything a run writes is in one place; in the harness's own folder, which Playwright may empty.
  outputDir: join(output.playwright, 'test-results'),
  fullyParallel: true,
  // Two workers for a remote target, whatever the machine, so that MAX_RPS means the same
  // everywhere and nobody's service is hammered. One for the embedded server: it answers from the
  // runner's process, and a second worker's start costs more CPU than it saves time (on 2 cores,
  // 3.6 s and 5.0 CPU s with one worker, 3.5 s and 6.1 CPU s with two: docs/testing.md).
  workers: harness.embedded ? 1 : 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000 + 10 * harness.requestTimeoutMs,
  globalSetup: own('src/harness/global-setup'),
  // The run's own selection, for the reporter: carried in every shard's blob to the merge as well.
  metadata: { [SELECTION_METADATA]: selection },
  // A shard writes a Playwright blob report, merged later (directory-conformance merge): a
  // conformance.json of its own would judge a third of the suite.
  reporter: sharded
    ? [...progress, ['blob', { outputDir: output.blob }]]
    : [
        ...progress,
        [own('src/harness/conformance-reporter')],
        // Playwright's own report, by test; without the prompt for a code assistant in its error context.
        // Not Playwright's JUnit file: it copies annotations as they are, so one U+FFFE from a service
        // breaks it; conformance.junit.xml is the CI report, well-formed whatever the service sends.
        ['html', { outputFolder: join(output.playwright, 'html'), open: 'never', noCopyPrompt: true }],
      ],
});
