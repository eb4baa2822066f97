/**
 * `directory-conformance replay REPORT`: is it fixed now? Each failure of a conformance.json asked
 * again of the target and judged by today's rulebook (src/replay/): fixed, still fails, changed or
 * not replayed, one line each, then a count. The target is the configured one (--base-url,
 * BASE_URL), else the report's own; the credentials are the configured ones, never anything read
 * from the report (it holds none).
 */
import { resolve } from 'node:path';
import { DirectoryEndpoints } from '../client/endpoints';
import { preflightInputsOf } from '../client/preflight';
import { REDACTED } from '../client/redact';
import { environmentWithDotenv } from '../config/environment';
import { counted } from '../report/counted';
import { escapeText } from '../report/escape';
import { readReport } from '../report/read-report';
import { type ReplayedFailure, replayReport, type ReplayStatus } from '../replay/replay-report';
import { loadSuiteConfig } from '../suite/suite-config';
import { EXIT, UsageError } from './exit-codes';
import type { RunOptions } from './run';
import { target } from './target';

export type ReplayOptions = Pick<RunOptions, 'base-url' | 'env-file' | 'probes' | 'max-rps'> & { json?: boolean };

/** One failure's line: its outcome, the requirement at its location, how many requests showed it, and its message. */
function replayLine(failure: ReplayedFailure): string {
  const requests = failure.urls.length > 0 ? ` (${counted(failure.urls.length, 'request')})` : '';
  const after =
    failure.status === 'changed' ? `; now fails ${failure.now!.join(', ')}` : failure.status === 'not replayed' ? `; ${failure.why}` : '';
  return escapeText(
    `${failure.status}: ${failure.id} ${failure.level} ${failure.fingerprint}${requests}: ${failure.message}${after}`,
    'terminal',
  );
}

/** 1 when one still fails or fails otherwise, 3 when none does but one could not be asked, 0 when every one is fixed. */
function exitOf(replayed: readonly ReplayedFailure[]): number {
  if (replayed.some((f) => f.status === 'still fails' || f.status === 'changed')) return EXIT.fail;
  if (replayed.some((f) => f.status === 'not replayed')) return EXIT.inconclusive;
  return EXIT.pass;
}

export async function replayCommand(options: ReplayOptions, file: string): Promise<number> {
  const cwd = process.cwd();
  const report = readReport(resolve(cwd, file));
  // No target given: the report's own, unless it was the embedded server (served here again) or its address held a secret.
  const given = options['base-url'] ?? environmentWithDotenv(process.env, cwd).BASE_URL;
  let asked = options;
  if (given === undefined && !report.target.embedded) {
    if (report.target.baseUrl.includes(REDACTED))
      throw new UsageError(`${file}'s target held a secret the report does not keep (${report.target.baseUrl}): give --base-url`);
    asked = { ...options, 'base-url': report.target.baseUrl };
  }
  return target(
    asked,
    DirectoryEndpoints,
    (env) => ({ env, probes: loadSuiteConfig(env).probes }),
    async (endpoints, { env }, { connection }) => {
      const replayed = await replayReport(report, { baseUrl: connection.baseUrl, send: (url) => endpoints.follow(url), env });
      if (options.json) process.stdout.write(`${JSON.stringify(replayed, null, 2)}\n`);
      else if (replayed.length === 0) console.log(`replay: nothing to replay: ${file} holds no failure`);
      else {
        for (const failure of replayed) console.log(replayLine(failure));
        const count = (status: ReplayStatus) => replayed.filter((f) => f.status === status).length;
        console.log(
          `\nreplay: ${count('fixed')} fixed, ${count('still fails')} still failing, ${count('changed')} changed, ${count('not replayed')} not replayed, of the ${counted(replayed.length, 'failure')} of ${file}`,
        );
      }
      return exitOf(replayed);
    },
    ({ probes }) => preflightInputsOf(probes),
  );
}
