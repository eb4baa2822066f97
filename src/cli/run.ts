import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { HAR_DIR_VARIABLE, writeHar } from '../client/har-log';
import { SUITE_VERSION } from '../suite-version';
import { REPORT_FILES } from '../report/model';
import { EMBEDDED_SERVED_VARIABLE, EMBEDDED_URL_VARIABLE, targetsEmbedded } from '../config/connection';
import { environmentWithDotenv, reportDirOf } from '../config/environment';
import { reserveLoopbackPort } from '../reference/free-port';
import { EXIT, UsageError } from './exit-codes';
import { ConfigError } from '../config/config-error';
import { fileRefusalOf, JSON_FILE_MAX_BYTES } from '../json/json-file';
import { withEnvFile } from './env-file';
import { WITHOUT_TYPESCRIPT_LOADER } from '../harness/typescript-loader';
import { recordAfter, requestedHistory } from './kept-history';
import { SELECTION_GREP_VARIABLE, SELECTION_PASS_THROUGH_VARIABLE } from '../harness/run-selection';
import { checkedPassThrough, type SuiteSelections } from './pass-through';

/**
 * The package's own Playwright configuration: the suite runs from wherever the package is installed.
 * In the published package it is compiled JavaScript, as are the specs, which Playwright loads as
 * they are (it transpiles TypeScript only outside node_modules); a source checkout runs the sources.
 */
export const SUITE_CONFIG = join(__dirname, '..', '..', `playwright.config${extname(__filename)}`);

export interface RunOptions {
  'base-url'?: string;
  probes?: string;
  'env-file'?: string;
  report?: string;
  strict?: boolean;
  grep?: string;
  workers?: string;
  shard?: string;
  baseline?: string;
  'update-baseline'?: boolean;
  'fail-on-drift'?: boolean;
  /** survey's --max-rps: MAX_RPS as a flag. */
  'max-rps'?: string;
  /** Where the run is kept when it ends (src/history/), and its name there. */
  history?: string;
  label?: string;
  /** Every exchange of the run, as HAR 1.2, to this file. */
  har?: string;
}

/**
 * The environment of a run: flags, then the environment, then the dotenv file, then defaults.
 * Flags become variables, which the configuration already ranks above the dotenv file.
 */
export function runEnvironment(options: RunOptions, env: NodeJS.ProcessEnv, cwd: string): NodeJS.ProcessEnv {
  const next: NodeJS.ProcessEnv = { ...env };
  const set = (key: string, value: string | undefined) => {
    if (value !== undefined) next[key] = value;
  };
  set('BASE_URL', options['base-url']);
  set('PROBES_FILE', options.probes && resolve(cwd, options.probes));
  set('REPORT_DIR', options.report && resolve(cwd, options.report));
  set('BASELINE_FILE', options.baseline && resolve(cwd, options.baseline));
  set('MAX_RPS', options['max-rps']);
  // The run's own selection reaches the reporter (through Playwright's config metadata, shards and merge too): what it
  // leaves out is not selected, what anything else leaves out is a gap.
  set(SELECTION_GREP_VARIABLE, options.grep);
  if (options.strict) next.STRICT = 'true';
  if (options['update-baseline']) next.UPDATE_BASELINE = 'true';
  if (options['fail-on-drift']) next.FAIL_ON_DRIFT = 'true';
  return withEnvFile(next, options['env-file'], cwd);
}

/** The suite's planned tests, loaded only where a selection is to be checked: a run without one does not load the suite here. */
function plannedTests() {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('../suite/planned-tests') as typeof import('../suite/planned-tests');
}

/** A --grep as Playwright reads it, case aside; a pattern that is none is one line, exit 2. */
function grepPattern(grep: string, flag: string): RegExp {
  try {
    return new RegExp(grep, 'i');
  } catch (error) {
    throw new UsageError(`${flag} must be a regular expression: ${(error as Error).message}`);
  }
}

/**
 * Refuses a --grep that selects no test of the suite, in one line (exit 2) that points to `list`,
 * rather than a run that judged nothing. Matched as Playwright matches it (case aside): against each
 * test's file, describe title, title and tags (`@DATA-FORMATS`).
 */
function refuseEmptySelection(grep: string): void {
  const pattern = grepPattern(grep, '--grep');
  const { PLANNED_TESTS, selectedBy } = plannedTests();
  if (!PLANNED_TESTS.some((test) => selectedBy(pattern, test)))
    throw new UsageError(`--grep ${grep} selects no test of the suite: directory-conformance list shows the requirement ids to give it`);
}

/** What a selection after `--` may select in the suite: its test files (as Playwright reads a filter: a regular expression of the path, `:line` aside), and its tests by --grep. */
const SUITE_SELECTIONS: SuiteSelections = {
  fileMatches(filter) {
    const files = [...new Set(plannedTests().PLANNED_TESTS.map((test) => `tests/conformance/${test.group.file}.spec.ts`))];
    const pattern = filter.replace(/:\d+(:\d+)?$/, '');
    let matches: (file: string) => boolean;
    try {
      const expression = new RegExp(pattern);
      matches = (file) => expression.test(file);
    } catch {
      matches = (file) => file.includes(pattern);
    }
    return files.some(matches);
  },
  grepSelects(grep, inverted) {
    const pattern = grepPattern(grep, inverted ? '-- --grep-invert' : '-- --grep');
    const { PLANNED_TESTS, selectedBy } = plannedTests();
    return PLANNED_TESTS.some((test) => selectedBy(pattern, test) !== inverted);
  },
};

/** Playwright's arguments for a run: the package's suite, the selection flags, and whatever follows `--`, checked. */
function playwrightArguments(options: RunOptions, passThrough: readonly string[]): string[] {
  checkedPassThrough(passThrough, SUITE_SELECTIONS);
  if (options.grep !== undefined) refuseEmptySelection(options.grep);
  if (options.workers !== undefined && !/^\d+%?$/.test(options.workers))
    throw new UsageError(`--workers must be a number (or a percentage), got "${options.workers}"`);
  if (options.shard !== undefined && !/^\d+\/\d+$/.test(options.shard))
    throw new UsageError(`--shard must be I/N, such as 2/3, got "${options.shard}"`);
  return [
    'test',
    '--config',
    SUITE_CONFIG,
    ...(options.grep !== undefined ? ['--grep', options.grep] : []),
    ...(options.workers !== undefined ? ['--workers', options.workers] : []),
    ...(options.shard !== undefined ? ['--shard', options.shard] : []),
    ...passThrough,
  ];
}

/** Playwright's CLI, started: its exit code once it exits, a way to stop it, and whether a signal stopped it. */
interface StartedPlaywright {
  exited: Promise<number>;
  stop: () => void;
  signalled: () => boolean;
}

/**
 * Playwright's CLI under Node, in a process group of its own: Ctrl-C at a terminal, `kill -INT` or
 * SIGTERM reach this process alone, which hands Playwright exactly one SIGINT, its graceful stop (the
 * tests under way end, the report of what was judged is written); a second signal stops its group at
 * once. Without a group of its own, a terminal's Ctrl-C reached both, and a signal to this process
 * alone was lost.
 */
function startPlaywright(args: readonly string[], env: NodeJS.ProcessEnv, cwd: string): StartedPlaywright {
  const cli = require.resolve('@playwright/test/cli');
  const compiled = extname(__filename) === '.js';
  const child = spawn(process.execPath, [cli, ...args], {
    cwd,
    env: compiled ? { ...env, ...WITHOUT_TYPESCRIPT_LOADER } : env,
    // No terminal on its standard input: Playwright then keeps its "npx playwright show-report" hint,
    // which points away from the report a user reads (the verdict line names index.html).
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  let signals = 0;
  const onSignal = () => {
    if (signals++ === 0) child.kill('SIGINT');
    else if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  };
  process.on('SIGINT', onSignal).on('SIGTERM', onSignal);
  const exited = new Promise<number>((resolveExit) =>
    child.on('exit', (code, signal) => {
      process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
      resolveExit(code ?? (signal ? EXIT.inconclusive : 1));
    }),
  );
  return { exited, stop: () => void child.kill(), signalled: () => signals > 0 };
}

/** Playwright's exit code, for merge's merge-reports; a signal that stopped it is inconclusive (3), never its 130. */
export async function playwright(args: readonly string[], env: NodeJS.ProcessEnv, cwd: string): Promise<number> {
  const started = startPlaywright(args, env, cwd);
  const code = await started.exited;
  return started.signalled() && !VERDICT_CODES.includes(code) ? EXIT.inconclusive : code;
}

/** The exit codes a verdict gives: what the conformance reporter sets Playwright's exit to. */
const VERDICT_CODES: readonly number[] = [EXIT.pass, EXIT.fail, EXIT.configuration, EXIT.inconclusive];

/**
 * With no target, the embedded server, served from this process while Playwright starts in its own:
 * both load at once, on two cores, and the run waits for the server only if it is not up yet
 * (src/harness/global-setup.ts). Its address goes to the run in the environment.
 */
async function servedEmbedded(env: NodeJS.ProcessEnv, cwd: string): Promise<{ serve: () => Promise<() => Promise<void>> } | undefined> {
  if (!targetsEmbedded(environmentWithDotenv(env, cwd)) || env[EMBEDDED_URL_VARIABLE]) return undefined;
  const reserved = await reserveLoopbackPort();
  const url = `http://127.0.0.1:${reserved.port}`;
  env[EMBEDDED_URL_VARIABLE] = url;
  env[EMBEDDED_SERVED_VARIABLE] = 'true';
  return {
    serve: async () => {
      // Loaded now, once Playwright is on its way: the server's modules are no cost before it starts.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { referenceServerOf, ServerSettingError } = require('../reference/start') as typeof import('../reference/start');
      let app;
      try {
        ({ app } = referenceServerOf(process.env));
      } catch (error) {
        // A wrong LATENCY_MS or FIXTURE_DIR: one line, exit 2.
        throw error instanceof ServerSettingError ? new UsageError(error.message) : error;
      } finally {
        // The port the run was given, held until now: let go either way, and listened on at once.
        await reserved.release();
      }
      await app.listen({ host: '127.0.0.1', port: reserved.port });
      return () => app.close();
    },
  };
}

/** `directory-conformance run`: the conformance suite through Playwright's runner; its exit code is the run's. */
/**
 * The files a run's keys name (PROBES_FILE, BASELINE_FILE), refused here where no read could take
 * them (a device, a FIFO, a folder, past their size): one line, exit 2, and a report saying error,
 * before Playwright starts, as its configuration would have said it after.
 */
function refuseUnreadableInputs(env: NodeJS.ProcessEnv, cwd: string): void {
  const merged = environmentWithDotenv(env, cwd);
  for (const key of ['PROBES_FILE', 'BASELINE_FILE'] as const) {
    const file = merged[key]?.trim();
    const refusal = file ? fileRefusalOf(resolve(cwd, file), JSON_FILE_MAX_BYTES) : undefined;
    if (!refusal) continue;
    const error = new ConfigError(key, `cannot be read: ${refusal.message}`);
    // Loaded only here: the report's renderers are no start-up cost of a run that starts.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { reportRunThatCouldNotStart } = require('../harness/stopped-run') as typeof import('../harness/stopped-run');
    const left = reportRunThatCouldNotStart(error, merged, cwd);
    throw new UsageError(`${error.message}${left.unwritten ?? ''}`);
  }
}

export async function run(options: RunOptions, passThrough: readonly string[]): Promise<number> {
  const cwd = process.cwd();
  // The suite's configuration file says which target and which dotenv file the run uses, first.
  const env = runEnvironment(options, process.env, cwd);
  const args = playwrightArguments(options, passThrough);
  // What follows -- is part of the run's selection: shards merged must share it (merge refuses them otherwise).
  if (passThrough.length > 0) env[SELECTION_PASS_THROUGH_VARIABLE] = JSON.stringify(passThrough);
  // A shard's report is recorded once merged (merge --history): alone, it is a part of a run.
  if (options.shard !== undefined && options.history !== undefined)
    throw new UsageError('--history records a whole run: give it to merge, which joins the shards');
  const history = requestedHistory(options, env, cwd);
  refuseUnreadableInputs(env, cwd);
  const embedded = await servedEmbedded(env, cwd);
  const har = options.har === undefined ? undefined : { file: resolve(cwd, options.har), dir: mkdtempSync(join(tmpdir(), 'har-')) };
  if (har) env[HAR_DIR_VARIABLE] = har.dir;
  const suite = startPlaywright(args, env, cwd);
  let close: (() => Promise<void>) | undefined;
  try {
    close = await embedded?.serve();
  } catch (error) {
    suite.stop();
    throw error;
  }
  const code = await suite.exited;
  await close?.();
  if (har) {
    mkdirSync(dirname(har.file), { recursive: true });
    const written = writeHar(har.dir, har.file, { name: 'directory-search-conformance', version: SUITE_VERSION });
    rmSync(har.dir, { recursive: true, force: true });
    console.log(`har: ${written} exchanges, credentials redacted, in ${har.file}`);
  }
  const reportDir = reportDirOf(environmentWithDotenv(env, cwd), cwd);
  if (options.shard === undefined) return recordAfter(history, reportDir, options.label, ranTo(code, suite, reportDir, env, cwd));
  return shardEnded(options.shard, code, suite.signalled(), join(reportDir, 'blob'));
}

/**
 * The exit of a run that is not a shard: its verdict, as the conformance reporter set it. A signal
 * that stopped Playwright before its reporter gave one is inconclusive (3), never 130; an exit with
 * no report of this run at all (Playwright stopped before the suite, on something no check before it
 * foresaw, not the configuration's own exit 2) is a configuration error in one line, its report saying so, never a finding (1).
 */
function ranTo(code: number, suite: StartedPlaywright, reportDir: string, env: NodeJS.ProcessEnv, cwd: string): number {
  if (suite.signalled()) return VERDICT_CODES.includes(code) ? code : EXIT.inconclusive;
  if (code === EXIT.pass || existsSync(join(reportDir, REPORT_FILES.json))) return code;
  // Exit 2 is the harness's configuration refusing in Playwright's process (playwright.config.ts), which said so in its
  // own line and wrote the report or said why not; Playwright's own errors exit 1.
  if (code === EXIT.configuration) return code;
  const error = { message: `Playwright stopped before the suite ran (exit ${code}): its message is above; nothing was judged` };
  // Loaded only here: the report's renderers are no start-up cost of a run that starts.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { reportRunThatCouldNotStart } = require('../harness/stopped-run') as typeof import('../harness/stopped-run');
  const left = reportRunThatCouldNotStart(error, environmentWithDotenv(env, cwd), cwd);
  console.error(`directory-conformance: ${error.message}${left.unwritten ?? ''}`);
  return EXIT.configuration;
}

/**
 * A shard's exit: its failed tests are judged when the shards are merged, against the baseline and
 * all the rest, so the shard itself succeeded once its blob report is written; a shard stopped by a
 * signal is inconclusive (3), never 130.
 */
function shardEnded(shard: string, code: number, signalled: boolean, blobs: string): number {
  if (signalled) {
    console.error(`shard ${shard}: stopped by a signal before every test of it ran: run it again before the merge`);
    return EXIT.inconclusive;
  }
  if (code !== 1) return code;
  if (!existsSync(blobs) || readdirSync(blobs).length === 0) return code;
  console.error(
    `shard ${shard}: failed tests are judged when the shards are merged: directory-conformance merge (blob report in ${blobs})`,
  );
  return EXIT.pass;
}
