/**
 * The survey, `probes check`, the draft, explore, judge and replay of one target, in this process, configured as their commands would
 * be from the same environment (BASE_URL, API_TOKEN, PROVIDER_PATH…): the mutation run sets what
 * they conclude beside the suite's verdict on the same scenario (agreement.ts).
 */
import { join } from 'node:path';
import { DirectoryEndpoints } from '../client/endpoints';
import { clientOptions } from '../client/client-options';
import { ReadOnlyHttpClient, Throttle } from '../client/http-client';
import { Redactor } from '../client/redact';
import { type Transport, UndiciTransport } from '../client/transport';
import { type ConnectionConfig, loadConnection, secretsOf } from '../config/connection';
import type { Environment } from '../config/environment';
import { type PromiseCheck, verifyProbes } from '../probe-tools/verify';
import { BoundedEndpoints } from '../probe-tools/bounded-endpoints';
import { type Draft, draftProbes } from '../probe-tools/draft';
import { type Progress, silentProgress } from '../survey/progress';
import { runSurvey, type SurveyResult } from '../survey/run-survey';
import type { SurveyPlan } from '../survey/survey-plan';
import type { Probes } from '../types/schemas';
import { preflightStop } from '../client/preflight';
import { explore } from '../explore/explore';
import { exploreReport, probeSearches } from '../explore/explore-report';
import { loadSuiteConfig } from '../suite/suite-config';
import { BoundedTransport, RequestBudget } from '../client/bounded-transport';
import { harSafety, HarTransport, writeHar } from '../client/har-log';
import { judgeRecording } from '../recording/judge-recording';
import { replayReport, type ReplayedFailure } from '../replay/replay-report';
import { runSuiteInProcess } from '../suite/in-process-suite';
import type { ConformanceReport } from '../types/schemas';
import { SUITE_VERSION } from '../suite-version';

async function withEndpoints<T, E extends DirectoryEndpoints = DirectoryEndpoints>(
  env: Environment,
  use: (api: E, connection: ConnectionConfig, redactor: Redactor, http: ReadOnlyHttpClient) => Promise<T>,
  Endpoints: new (http: ReadOnlyHttpClient, connection: ConnectionConfig) => E = DirectoryEndpoints as never,
  /** What the transport is carried through, as a command bounds its requests. */
  carried: (network: Transport) => Transport = (network) => network,
) {
  const connection = loadConnection(env);
  const redactor = new Redactor(secretsOf(connection));
  const transport = new UndiciTransport(connection.clientCertificate);
  try {
    const http = new ReadOnlyHttpClient(carried(transport), clientOptions(connection, redactor, new Throttle(connection.maxRps)));
    return await use(new Endpoints(http, connection), connection, redactor, http);
  } finally {
    await transport.close();
  }
}

/** What a survey may add to its plan: --findability, --sample, --shard. */
export type SurveyOptions = Partial<Pick<SurveyPlan, 'findability' | 'sample' | 'shard'>>;

/** `survey --npis FILE --organizations … [--findability --sample … --shard …]` of the target `env` names, journalled in `out`: the whole result and its plan. */
export function surveyResultOf(
  env: Environment,
  { npis, walks }: { npis: string; walks: Record<string, string>[] },
  out: string,
  options: SurveyOptions = {},
  progress: Progress = silentProgress(),
): Promise<SurveyResult & { plan: SurveyPlan }> {
  return withEndpoints(env, async (api, connection, redactor) => {
    const plan: SurveyPlan = {
      baseUrl: redactor.url(connection.baseUrl),
      embedded: false,
      npis,
      walks,
      shard: { index: 1, total: 1 },
      examples: 1,
      maxFailureRows: 100,
      credentials: { bearer: connection.apiToken !== undefined, headers: Object.keys(connection.apiHeaders), clientCertificate: false },
      ...options,
    };
    const settings = {
      out,
      resume: false,
      concurrency: 8,
      progress,
      redact: <T>(value: T) => redactor.value(value),
    };
    return { ...(await runSurvey(api, plan, settings)), plan };
  });
}

/** `survey --npis FILE --organizations …` of the target `env` names, journalled in `out`: its survey.json. */
export const surveyOf = async (env: Environment, setting: { npis: string; walks: Record<string, string>[] }, out: string) =>
  (await surveyResultOf(env, setting, out)).report;

/** `probes check` of `probes` against the target `env` names: a verdict per promise (`statusSearch` as the suite reads it). */
export function probesCheckOf(env: Environment, probes: Probes, statusSearch: boolean): Promise<PromiseCheck[]> {
  return withEndpoints(env, (api) => verifyProbes(api, probes, statusSearch));
}

/**
 * `probes draft --npi …` of the target `env` names: what it drafts from `seeds`, and its notes. The
 * command's preflight first, as the command asks it (its first seed's search): a target it stops is
 * an error here, as it is the command's exit 2.
 */
export function draftOf(env: Environment, seeds: readonly string[]): Promise<Draft> {
  return withEndpoints(
    env,
    async (api, connection, _redactor, http) => {
      const stop = await preflightStop(http, connection, { provider: { NPI: seeds[0] } });
      if (stop) throw new Error(`probes draft: the preflight stopped: ${stop.message}`);
      return draftProbes(api, seeds);
    },
    BoundedEndpoints,
  );
}

/** The seed the mutation run explores from: explore's sweep meets its faults whatever the seed, and the draw is the same on every run. */
const MUTATION_EXPLORE_SEED = 1;

/**
 * explore's budgets in the mutation and latitude runs: against a fault, the records met and the
 * sweep, which meet its faults, and draws besides; against a conformant scenario, where it must stay
 * quiet, enough for every kind to be asked (the sweep asks them in turn) at half the cost.
 */
export const EXPLORE_REQUESTS = { fault: 600, quiet: 300 } as const;

/** `explore` of one target from `npis`, in this process: its report, as the command would write it. */
export function exploreOf(env: Environment, npis: readonly string[], maxRequests: number = EXPLORE_REQUESTS.fault) {
  const budget = new RequestBudget(maxRequests);
  return withEndpoints(
    env,
    async (_api, connection, redactor, http) => {
      const config = loadSuiteConfig(env);
      const startedAt = new Date();
      const explored = await explore(
        { http, paths: connection, redactor, budget },
        {
          seed: MUTATION_EXPLORE_SEED,
          maxRequests,
          npis,
          searches: probeSearches(config.probes),
          statusSearch: config.statusSearch,
          command: 'directory-conformance explore',
        },
      );
      return exploreReport(config, redactor, startedAt, explored);
    },
    DirectoryEndpoints,
    (network) => new BoundedTransport(network, { budget }),
  );
}

/**
 * The suite of one target with every exchange recorded as `run --har` records it (in `dir`), and
 * `judge` of that recording: the two reports, which must give the same statuses and failures.
 */
export async function recordedAndJudged(env: Environment, dir: string): Promise<{ suite: ConformanceReport; judged: ConformanceReport }> {
  const connection = loadConnection(env);
  const network = new UndiciTransport(connection.clientCertificate);
  const har = join(dir, 'run.har');
  try {
    const recording = new HarTransport(network, dir, 'mutation run', 0, harSafety(new Redactor(secretsOf(connection))));
    const suite = await runSuiteInProcess(env, { transport: recording });
    writeHar(dir, har, { name: 'mutation run', version: SUITE_VERSION });
    return { suite, judged: (await judgeRecording(har, env)).report };
  } finally {
    await network.close();
  }
}

/**
 * `replay` of `report` against the target `env` names, as the command replays it: each failure
 * asked again and judged by today's rulebook. The report may be of another scenario of the same
 * server (a fault's report asked of the clean server): its requests are rebased, as the command
 * rebases only a report of the embedded server on the one it serves.
 */
export const replayedAgainst = (env: Environment, report: ConformanceReport): Promise<ReplayedFailure[]> =>
  withEndpoints(env, (api, connection) =>
    replayReport(report, { baseUrl: connection.baseUrl, paths: connection, rebase: true, send: (url) => api.follow(url), env }),
  );
