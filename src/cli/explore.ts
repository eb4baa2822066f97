/**
 * `directory-conformance explore`: generated queries against the target, judged by the rulebook
 * (src/explore/). The records to start from are the NPIs of --npis (else of the probes file's
 * provider probes) and the organizations of the probes file's organization searches. The report
 * goes to --out as `run`'s does (conformance.json, conformance.md, index.html), with its `explore`
 * section; the verdict and the exit codes are run's.
 */
import { resolve } from 'node:path';
import { DirectoryEndpoints, type EndpointPaths } from '../client/endpoints';
import type { ReadOnlyHttpClient } from '../client/http-client';
import { preflightInputsOf } from '../client/preflight';
import type { ConnectionConfig } from '../config/connection';
import { DEFAULT_MAX_REQUESTS, explore } from '../explore/explore';
import { exploreReport, probeSearches } from '../explore/explore-report';
import type { Probes } from '../types/schemas';
import { counted } from '../report/counted';
import { escapeText } from '../report/escape';
import { npiListFlag } from './npi-list';
import { verdictLines } from '../report/verdict-lines';
import { writeReport } from '../report/write-report';
import { loadSuiteConfig } from '../suite/suite-config';
import { readNpis } from '../survey/npi-input';
import { EXIT_CODE } from '../verdicts/aggregate';
import type { RunOptions } from './run';
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

/** The largest --seed, --max-requests and --case: nine digits. */
const LARGEST = 999_999_999;

/** The NPIs to start from: --npis, else the probes file's provider probes that name one. */
async function startingNpis(options: ExploreCommandOptions, probes: Probes, cwd: string): Promise<string[]> {
  if (options.npis === undefined) {
    const { unique = [], ambiguous = [] } = probes.provider ?? {};
    return [...new Set([...unique, ...ambiguous].flatMap((p) => (p.query.NPI ? [String(p.query.NPI)] : [])))];
  }
  const file = npiListFlag(options.npis, cwd)!;
  const npis: string[] = [];
  for await (const { npi } of readNpis(file, { problem: () => undefined })) npis.push(npi);
  return npis;
}

export async function exploreCommand(options: ExploreCommandOptions): Promise<number> {
  const cwd = process.cwd();
  const given = options.seed !== undefined;
  const seed = wholeNumber('seed', options.seed, Math.floor(Math.random() * 2 ** 31), LARGEST);
  const maxRequests = wholeNumber('max-requests', options['max-requests'], DEFAULT_MAX_REQUESTS, LARGEST, 1);
  const caseIndex = options.case === undefined ? undefined : wholeNumber('case', options.case, 0, LARGEST);
  const out = resolve(cwd, options.out ?? 'explore-report');
  const startedAt = new Date();
  return target(
    options,
    ExploreEndpoints,
    (env) => ({ env, config: loadSuiteConfig(env) }),
    async (endpoints, { config }, { redactor }) => {
      if (!given) console.error(`explore: seed ${seed} (--seed ${seed} draws the same cases again)`);
      const npis = await startingNpis(options, config.probes, cwd);
      const searches = probeSearches(config.probes);
      const again = [
        'directory-conformance explore',
        ...(options.npis ? ['--npis', options.npis] : []),
        ...(options['max-requests'] ? ['--max-requests', options['max-requests']] : []),
      ];
      const paths: EndpointPaths = endpoints.connection;
      const { outcomes, section } = await explore(
        { http: endpoints.client, paths, redactor },
        {
          seed,
          maxRequests,
          npis,
          searches,
          statusSearch: config.statusSearch,
          command: again.join(' '),
          ...(caseIndex === undefined ? {} : { caseIndex }),
        },
      );
      const report = exploreReport(config, redactor, startedAt, { outcomes, section });
      writeReport(out, report, redactor);
      const tried = section.cases.reduce((sum, c) => sum + c.tried, 0);
      console.log(
        `explore: ${counted(tried, 'case')} (${section.cases.map((c) => `${c.tried} ${c.kind}`).join(', ')}), ${section.requests} of ${maxRequests} requests, seed ${seed}`,
      );
      for (const line of section.unexplored) console.log(`explore: ${line}`);
      for (const failure of section.failures)
        console.log(
          escapeText(
            `  ✘ ${failure.message}\n    smallest: ${failure.smallest}\n    from:     ${failure.original}\n    again:    ${failure.reproduce}`,
            'terminal',
          ),
        );
      for (const line of verdictLines(report, { reportDir: out })) console.log(line);
      return EXIT_CODE[report.verdict];
    },
    ({ config }) => preflightInputsOf(config.probes),
  );
}
