/**
 * `directory-conformance explore`: generated queries against the target, judged by the rulebook
 * (src/explore/). The records to start from are the NPIs of --npis (else of the probes file's
 * provider probes) and the organizations of the probes file's organization searches. The report
 * goes to --out as `run`'s does (conformance.json, conformance.md, index.html), with its `explore`
 * section; the verdict and the exit codes are run's.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { RequestBudget } from '../client/bounded-transport';
import type { Redactor } from '../client/redact';
import { DirectoryEndpoints } from '../client/endpoints';
import type { ReadOnlyHttpClient } from '../client/http-client';
import { preflightInputsOf } from '../client/preflight';
import type { ConnectionConfig } from '../config/connection';
import { dotenvFile, type Environment } from '../config/environment';
import { DEFAULT_MAX_REQUESTS, explore } from '../explore/explore';
import { exploreReport, probeSearches } from '../explore/explore-report';
import type { ConformanceReport, ExploreReport, Probes, RunError } from '../types/schemas';
import { REPORT_FILES } from '../report/model';
import { counted } from '../report/counted';
import { escapeText, shellWord } from '../report/escape';
import { serviceText } from '../rules/service-text';
import { npiListFlag } from './npi-list';
import { verdictLines } from '../report/verdict-lines';
import { writeReport } from '../report/write-report';
import { loadSuiteConfig } from '../suite/suite-config';
import { readNpis } from '../survey/npi-input';
import { InputError } from '../config/input-error';
import { EXIT_CODE } from '../verdicts/aggregate';
import { outputFolder } from './exit-codes';
import type { RunOptions } from './run';
import { stoppableBySignal } from './signal-race';
import { target } from './target';
import { wholeNumber } from './whole-number';

export type ExploreCommandOptions = Pick<RunOptions, 'base-url' | 'env-file' | 'probes' | 'max-rps'> & {
  npis?: string;
  seed?: string;
  'max-requests'?: string;
  case?: string;
  out?: string;
};

/** The endpoints, with the client and paths each case's own client is made of. */
class ExploreEndpoints extends DirectoryEndpoints {
  constructor(
    readonly client: ReadOnlyHttpClient,
    readonly connection: ConnectionConfig,
  ) {
    super(client, connection);
  }
}

/** The largest --seed and --max-requests: nine digits. */
const LARGEST = 999_999_999;

/** The largest --case a draw of 100,000 cases after any sweep may print. */
const LARGEST_CASE = 1_000_000;

/** A value of the service's shown on the terminal is cut here, as the run's are. */
const SHOWN_BYTES = 400;

/** The NPIs of --npis, read before anything is asked: a list that is no file, or names no NPI, is one line, exit 2. */
async function listedNpis(options: ExploreCommandOptions, cwd: string): Promise<string[] | undefined> {
  const file = npiListFlag(options.npis, cwd);
  if (file === undefined) return undefined;
  const npis: string[] = [];
  for await (const { npi } of readNpis(file, { problem: () => undefined })) npis.push(npi);
  // A list of no NPI starts from nothing it names: said, never explored past as if no list were given.
  if (npis.length === 0)
    throw new InputError(`--npis ${options.npis} holds no NPI: give a list of NPIs the service has, one a line or a CSV column`);
  return npis;
}

/** The NPIs to start from: --npis, else the probes file's provider probes that name one. */
function startingNpis(listed: string[] | undefined, probes: Probes): string[] {
  if (listed !== undefined) return listed;
  const { unique = [], ambiguous = [] } = probes.provider ?? {};
  return [...new Set([...unique, ...ambiguous].flatMap((p) => (p.query.NPI ? [String(p.query.NPI)] : [])))];
}

/**
 * The command that draws the same cases again, without --seed and --case, pasted as it is printed in
 * any folder: the target as resolved (a BASE_URL of the environment or of a dotenv file included;
 * none for the embedded server), the dotenv file read, the probes file and the NPI list by absolute
 * path, STATUS_SEARCH where it was set (the sweep asks `active` by it), each a shell word. Credentials
 * never: the dotenv file carries them, and a URL's are redacted. What a failure's `again:` line begins with.
 */
function againCommand(
  options: ExploreCommandOptions,
  env: Environment,
  connection: Pick<ConnectionConfig, 'baseUrl' | 'embedded'>,
  redactor: Redactor,
  cwd: string,
): string {
  const dotenv = dotenvFile(env, cwd);
  const flags: [string, string | undefined][] = [
    ['--base-url', connection.embedded ? undefined : redactor.url(connection.baseUrl)],
    ['--env-file', existsSync(dotenv) ? dotenv : undefined],
    ['--probes', env.PROBES_FILE?.trim() ? resolve(cwd, env.PROBES_FILE.trim()) : undefined],
    ['--npis', options.npis === undefined ? undefined : resolve(cwd, options.npis)],
    ['--max-requests', options['max-requests']],
  ];
  const status = env.STATUS_SEARCH?.trim();
  return [
    ...(status ? [`STATUS_SEARCH=${shellWord(status)}`] : []),
    'directory-conformance explore',
    ...flags.flatMap(([flag, value]) => (value === undefined ? [] : [flag, shellWord(value)])),
  ].join(' ');
}

/** What explore prints once it has asked: its cases, what it left, each failure shrunk and how to ask it again, and the verdict. */
function printed(section: ExploreReport, report: ConformanceReport, out: string, maxRequests: number): void {
  const tried = section.cases.reduce((sum, c) => sum + c.tried, 0);
  console.log(
    `explore: ${counted(tried, 'case')} (${section.cases.map((c) => `${c.tried} ${c.kind}`).join(', ')}), ${section.requests} of ${maxRequests} requests, seed ${section.seed}`,
  );
  for (const line of section.unexplored) console.log(escapeText(`explore: ${line}`, 'terminal'));
  for (const failure of section.failures)
    console.log(
      escapeText(
        `  ✘ ${serviceText(failure.message, SHOWN_BYTES)}\n    smallest: ${serviceText(failure.smallest, SHOWN_BYTES)}\n    from:     ${serviceText(failure.original, SHOWN_BYTES)}\n    again:    ${failure.reproduce}`,
        'terminal',
      ),
    );
  for (const line of verdictLines(report, { reportDir: out })) console.log(line);
}

export async function exploreCommand(options: ExploreCommandOptions): Promise<number> {
  const cwd = process.cwd();
  const given = options.seed !== undefined;
  const seed = wholeNumber('seed', options.seed, Math.floor(Math.random() * 2 ** 31), LARGEST);
  const maxRequests = wholeNumber('max-requests', options['max-requests'], DEFAULT_MAX_REQUESTS, LARGEST, 1);
  // Past the last case any draw holds (a sweep is far shorter than this): refused at once, before the sweep says exactly where.
  const caseIndex = options.case === undefined ? undefined : wholeNumber('case', options.case, 0, LARGEST_CASE);
  const out = outputFolder(resolve(cwd, options.out ?? 'explore-report'), Object.values(REPORT_FILES));
  const listed = await listedNpis(options, cwd);
  const startedAt = new Date();
  const budget = new RequestBudget(maxRequests);
  return stoppableBySignal((stop) =>
    target(
      options,
      ExploreEndpoints,
      (env) => ({ env, config: loadSuiteConfig(env) }),
      async (endpoints, { env, config }, { connection, redactor }) => {
        if (!given) console.error(`explore: seed ${seed} (--seed ${seed} draws the same cases again)`);
        const npis = startingNpis(listed, config.probes);
        const explored = await explore(
          { http: endpoints.client, paths: endpoints.connection, redactor, budget },
          {
            seed,
            maxRequests,
            npis,
            searches: probeSearches(config.probes),
            statusSearch: config.statusSearch,
            command: againCommand(options, env, connection, redactor, cwd),
            ...(caseIndex === undefined ? {} : { caseIndex }),
          },
        );
        // A signal ends the exploring where it was: what was judged is the report, and the rest a run error, never a pass.
        const interrupted: RunError[] = stop.aborted
          ? [{ test: 'explore', kind: 'interrupted', message: `${String(stop.reason)}: the cases not asked were not judged` }]
          : [];
        const report = exploreReport(config, redactor, startedAt, explored, interrupted);
        writeReport(out, report, redactor);
        printed(explored.section, report, out, maxRequests);
        return EXIT_CODE[report.verdict];
      },
      ({ config }) => preflightInputsOf(config.probes),
      { budget, stop },
    ),
  );
}
