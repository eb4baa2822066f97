import { resolve } from 'node:path';
import { environmentWithDotenv, reportDirOf } from '../config/environment';
import { InputError } from '../config/input-error';
import { blobReports } from '../harness/blob-reports';
import { reportRunThatCouldNotStart } from '../harness/stopped-run';
import { recordAfter, requestedHistory } from './history';
import { playwright, type RunOptions, runEnvironment, SUITE_CONFIG } from './run';

/**
 * `directory-conformance merge DIR`: the blob reports of `run --shard` merged by Playwright, with the
 * suite's reporters, into one conformance report. The configuration must be the shards' (the same
 * flags, environment or dotenv file): the reporter judges with it.
 */
export async function merge(options: RunOptions, blobDir: string): Promise<number> {
  const cwd = process.cwd();
  const dir = resolve(cwd, blobDir);
  const env = runEnvironment(options, process.env, cwd);
  try {
    await blobReports(dir);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    // Nothing to merge is no verdict to keep: the report folder says error, and no earlier PASS survives.
    const left = reportRunThatCouldNotStart(error, environmentWithDotenv(env, cwd), cwd);
    throw new InputError(`${error.message}${left.unwritten ?? ` (report: ${left.reportDir})`}`);
  }
  const history = requestedHistory(options, env, cwd);
  const code = await playwright(['merge-reports', '--config', SUITE_CONFIG, dir], env, cwd);
  return recordAfter(history, reportDirOf(environmentWithDotenv(env, cwd), cwd), options.label, code);
}
