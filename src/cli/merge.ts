import { resolve } from 'node:path';
import { readBaseline } from '../config/baseline-file';
import { ConfigError } from '../config/config-error';
import { type Environment, environmentWithDotenv, reportDirOf } from '../config/environment';
import { probesFileOf } from '../config/run-config';
import { loadProbes } from '../probes/probes-file';
import { InputError } from '../config/input-error';
import { blobReports } from '../harness/blob-reports';
import { reportRunThatCouldNotStart } from '../harness/stopped-run';
import { recordAfter, requestedHistory } from './kept-history';
import { playwright, type RunOptions, runEnvironment, SUITE_CONFIG } from './run';

/**
 * What merge's reporter reads of the configuration (the probes file, the baseline), read here first:
 * one it cannot use is one line before a blob is opened, as a run says it before its tests.
 */
function refuseUnusableConfiguration(env: Environment, cwd: string): void {
  loadProbes(probesFileOf(env, cwd));
  const baseline = env.BASELINE_FILE?.trim();
  if (baseline && env.UPDATE_BASELINE !== 'true') readBaseline(resolve(cwd, baseline));
}

/**
 * `directory-conformance merge DIR`: the blob reports of `run --shard` merged by Playwright, with the
 * suite's reporters, into one conformance report. The configuration must be the shards' (the same
 * flags, environment or dotenv file): the reporter judges with it.
 */
export async function merge(options: RunOptions, blobDir: string): Promise<number> {
  const cwd = process.cwd();
  const dir = resolve(cwd, blobDir);
  const env = runEnvironment(options, process.env, cwd);
  const history = requestedHistory(options, env, cwd);
  try {
    refuseUnusableConfiguration(environmentWithDotenv(env, cwd), cwd);
    await blobReports(dir);
  } catch (error) {
    if (!(error instanceof InputError) && !(error instanceof ConfigError)) throw error;
    // Nothing to merge is no verdict to keep: the report folder says error, and no earlier PASS survives.
    const left = reportRunThatCouldNotStart(error, environmentWithDotenv(env, cwd), cwd);
    throw new InputError(`${error.message}${left.unwritten ?? ` (report: ${left.reportDir})`}`);
  }
  const code = await playwright(['merge-reports', '--config', SUITE_CONFIG, dir], env, cwd);
  return recordAfter(history, reportDirOf(environmentWithDotenv(env, cwd), cwd), options.label, code);
}
