/**
 * `directory-conformance replay REPORT`: is it fixed now? Each failure of a conformance.json (or of
 * the folder a run wrote) asked again of the target and judged by today's rulebook (src/replay/):
 * fixed, still fails, changed or not replayed, one line each, then a count.
 *
 * The destination is the configured target alone (--base-url, BASE_URL from the environment or the
 * dotenv file), with the configured credentials: a report names where it ran, never where replay
 * sends them. A report of another target is refused in one line before anything is sent; only a
 * report of the embedded server is asked of the embedded server again, rebased on its new port.
 */
import { resolve } from 'node:path';
import { RequestBudget } from '../client/bounded-transport';
import { DirectoryEndpoints } from '../client/endpoints';
import { preflightInputsOf } from '../client/preflight';
import type { Redactor } from '../client/redact';
import type { ConnectionConfig } from '../config/connection';
import { environmentWithDotenv } from '../config/environment';
import { counted } from '../report/counted';
import { escapeLine } from '../report/escape';
import { readReport } from '../report/read-report';
import { type ReplayedFailure, replayReport, type ReplayStatus } from '../replay/replay-report';
import { serviceText } from '../rules/service-text';
import { loadSuiteConfig } from '../suite/suite-config';
import type { ConformanceReport } from '../types/schemas';
import { EXIT, UsageError } from './exit-codes';
import { type RunOptions, runEnvironment } from './run';
import { stoppableBySignal } from './signal-race';
import { target } from './target';
import { wholeNumber } from './whole-number';

export type ReplayOptions = Pick<RunOptions, 'base-url' | 'env-file' | 'probes' | 'max-rps'> & {
  json?: boolean;
  'max-requests'?: string;
};

/** Requests a replay sends at most, unless --max-requests says otherwise: explore's default, the tests run again included. */
const DEFAULT_MAX_REQUESTS = 2_000;
const LARGEST = 999_999_999;

/** A report's own text (a message, a URL) shown on the terminal is cut here, as the run's terminal output cuts the service's. */
const SHOWN_BYTES = 400;

/** One failure's line: its outcome, the requirement at its location, how many requests showed it, and its message, each cut. */
function replayLine(failure: ReplayedFailure): string {
  const requests = failure.urls.length > 0 ? ` (${counted(failure.urls.length, 'request')})` : '';
  const after =
    failure.status === 'changed'
      ? `; now fails ${serviceText(failure.now!.join(', '), SHOWN_BYTES)}`
      : failure.status === 'not replayed'
        ? `; ${serviceText(failure.why ?? '', SHOWN_BYTES)}`
        : '';
  return escapeLine(
    `${failure.status}: ${failure.id} ${failure.level} ${serviceText(failure.fingerprint, SHOWN_BYTES)}${requests}: ${serviceText(failure.message, SHOWN_BYTES)}${after}`,
    'terminal',
  );
}

/** 1 when one still fails or fails otherwise, 3 when none does but one could not be asked, 0 when every one is fixed. */
function exitOf(replayed: readonly ReplayedFailure[]): number {
  if (replayed.some((f) => f.status === 'still fails' || f.status === 'changed')) return EXIT.fail;
  if (replayed.some((f) => f.status === 'not replayed')) return EXIT.inconclusive;
  return EXIT.pass;
}

/**
 * The first request of the report that is not under the configured target, for a report of another
 * target: replay sends the configured credentials, and sends them nowhere else.
 */
function foreignRequest(report: ConformanceReport, baseUrl: string): string | undefined {
  const urls = report.requirements.flatMap((r) => r.failures.flatMap((f) => (f.url ? [f.url] : [])));
  return urls.find((url) => !url.startsWith(`${baseUrl}/`));
}

/** The report, checked against the target before anything is sent: whether its requests are rebased (the embedded server's), else refused where another's. */
function rebasedOnTarget(report: ConformanceReport, file: string, connection: ConnectionConfig, redactor: Redactor): boolean {
  if (report.target.embedded && connection.embedded) return true;
  const foreign = foreignRequest(report, connection.baseUrl);
  if (foreign !== undefined)
    throw new UsageError(
      `${file} holds requests to another target than ${redactor.url(connection.baseUrl)} (${serviceText(foreign, SHOWN_BYTES)}): replay asks the configured target alone, with its credentials; give --base-url of the target the report is of`,
    );
  return false;
}

function printed(replayed: readonly ReplayedFailure[], file: string, json: boolean): void {
  if (json) process.stdout.write(`${JSON.stringify(replayed, null, 2)}\n`);
  else if (replayed.length === 0) console.log(`replay: nothing to replay: ${file} holds no failure`);
  else {
    for (const failure of replayed) console.log(replayLine(failure));
    const count = (status: ReplayStatus) => replayed.filter((f) => f.status === status).length;
    console.log(
      `\nreplay: ${count('fixed')} fixed, ${count('still fails')} still failing, ${count('changed')} changed, ${count('not replayed')} not replayed, of the ${counted(replayed.length, 'failure')} of ${file}`,
    );
  }
}

export async function replayCommand(options: ReplayOptions, file: string): Promise<number> {
  const cwd = process.cwd();
  const report = readReport(resolve(cwd, file));
  const maxRequests = wholeNumber('max-requests', options['max-requests'], DEFAULT_MAX_REQUESTS, LARGEST, 1);
  // No target configured: the embedded server, which only a report of the embedded server is asked of.
  if (environmentWithDotenv(runEnvironment(options, process.env, cwd), cwd).BASE_URL === undefined && !report.target.embedded)
    throw new UsageError(
      `${file} is a report of ${serviceText(report.target.baseUrl, SHOWN_BYTES)}: replay asks the configured target alone; give --base-url (or BASE_URL, in the environment or --env-file)`,
    );
  const budget = new RequestBudget(maxRequests);
  return stoppableBySignal((stop) =>
    target(
      options,
      DirectoryEndpoints,
      (env, { connection, redactor }) => ({
        env,
        probes: loadSuiteConfig(env).probes,
        rebase: rebasedOnTarget(report, file, connection, redactor),
      }),
      async (endpoints, { env, rebase }, { connection, transport }) => {
        const replayed = await replayReport(report, {
          baseUrl: connection.baseUrl,
          paths: connection,
          rebase,
          send: (url) => endpoints.follow(url),
          transport,
          bounds: { budget, stop },
          env,
        });
        printed(replayed, file, options.json === true);
        return exitOf(replayed);
      },
      ({ probes }) => preflightInputsOf(probes),
      { budget, stop },
    ),
  );
}
