/**
 * The history a run, a survey or a merge keeps with --history (src/history/): where it is, checked
 * before the command starts, and its report recorded when it ends. The history's commands and its
 * store are loaded only to record: a command that keeps none starts without them.
 */
import { announce, environmentWithDotenv } from '../config/environment';
import { historyLocation, HISTORY_URL_VARIABLE, refuseUnwritable } from '../history/location';
import { EXIT, UsageError } from './exit-codes';

export interface HistoryOptions {
  history?: string;
  label?: string;
  'env-file'?: string;
}

/**
 * The history a command was asked to keep, or undefined: --history, else HISTORY_URL; opt-in for
 * run and survey. An empty HISTORY_URL (a CI secret never set, as in a pull request from a fork)
 * asks for none: the command runs as it would without, and says so when it was given --label.
 */
export function requestedHistory(options: HistoryOptions, env: NodeJS.ProcessEnv, cwd: string): string | undefined {
  const merged = environmentWithDotenv(env, cwd);
  const fromEnv = merged[HISTORY_URL_VARIABLE];
  if (options.history === undefined && fromEnv === undefined) {
    if (options.label !== undefined)
      throw new UsageError('--label names a run in the history: give --history DIR|URL (or HISTORY_URL) too');
    return undefined;
  }
  if (options.history === undefined && fromEnv?.trim() === '') {
    if (options.label !== undefined)
      announce(
        `history: ${HISTORY_URL_VARIABLE} is empty, so no history is kept and --label ${JSON.stringify(options.label)} names nothing`,
      );
    return undefined;
  }
  const location = historyLocation(options.history, merged, cwd);
  refuseUnwritable(location);
  return location;
}

/**
 * After a run or survey: its report folder recorded. A history that cannot be written leaves the
 * run's exit code as it is when the run failed, and makes a passing one a configuration error
 * (exit 2): a pipeline that asked for a history must not pass without one.
 */
export async function recordAfter(location: string | undefined, dir: string, label: string | undefined, code: number): Promise<number> {
  if (location === undefined) return code;
  // Loaded here, once a history is to be kept: a run or survey without one loads neither Kysely nor PGlite.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { record } = require('./history-record') as typeof import('./history-record');
  try {
    await record(location, [dir], label);
    return code;
  } catch (error) {
    console.error(`history: not recorded: ${(error as Error).message.split('\n')[0]}`);
    return code === EXIT.pass ? EXIT.configuration : code;
  }
}
