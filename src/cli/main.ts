/**
 * directory-conformance: the conformance harness as a command.
 *
 *   run (default)   the conformance suite against a base URL
 *   list            the requirement and observation catalogue
 *   probes check    the probes file's promises, asked of the target
 *   probes draft    a probes file drafted from a few NPIs
 *   compare A B     two conformance.json files side by side
 *   matrix A B ...  any number of conformance.json files, one column each
 *   merge DIR       the blob reports of sharded runs, merged into one conformance report
 *   serve           the embedded reference server
 *   survey          every record of a directory, judged by the same rules; survey merge joins its shards
 *   history         runs and surveys kept in a database: record, check, diff, page, export, prune
 */
import { parseArgs } from 'node:util';
import { SPECIFICATION, SUITE_VERSION as VERSION } from '../suite-version';
import { ConfigError } from '../config/config-error';
import { InputError } from '../config/input-error';
import { EXIT, UsageError } from './exit-codes';
import { draftRequestBound, MAX_SEEDS } from '../probe-tools/draft-bound';
import { type CommandName, COMMAND_FLAGS } from './flags';
import type { RunOptions } from './run';

/* eslint-disable @typescript-eslint/no-require-imports -- Each command loads its modules when it runs, so that --help and
   --version answer at once, without an HTTP stack or a schema compiler. require, not import(): the command registers tsx
   for CommonJS only, and import() would go around it. */
const commandModules = {
  compare: () => require('./compare') as typeof import('./compare'),
  history: () => require('./history') as typeof import('./history'),
  list: () => require('./list') as typeof import('./list'),
  matrix: () => require('./matrix') as typeof import('./matrix'),
  merge: () => require('./merge') as typeof import('./merge'),
  probes: () => require('./probes') as typeof import('./probes'),
  run: () => require('./run') as typeof import('./run'),
  survey: () => require('./survey') as typeof import('./survey'),
  // The reference server starts when its entry module loads.
  serve: () => require('../reference/main') as unknown,
  serveSetup: () => require('./serve') as typeof import('./serve'),
};
/* eslint-enable @typescript-eslint/no-require-imports */

const HELP: Record<string, string> = {
  main: `directory-conformance ${VERSION}: conformance harness for the ${SPECIFICATION}

Usage: directory-conformance [command] [options]

Commands:
  run            run the conformance suite (the default command)
  list           the requirement and observation catalogue
  probes check   check every promise of a probes file against the target, without running the suite
  probes draft   draft a probes file from a few providers you know (--npi N ...)
  compare A B    compare two conformance.json files
  matrix A B ... deployments side by side: one column per conformance.json
  merge DIR      merge the blob reports of run --shard I/N into one conformance report
  serve          start the embedded reference server
  survey         judge every record of a directory: NPIs from a list, organizations by walking searches
  survey merge   join the shards of a survey (survey --shard I/N) into one
  history        runs and surveys kept over time: record, check (the regression gate), diff, page, export, prune

Every command takes --help and --version.

Exit codes: 0 pass, 1 fail, 2 configuration error, 3 inconclusive (probe problems, or run errors without a failure).
`,
  run: `Usage: directory-conformance run [options] [-- playwright options]

  --base-url URL     the service's base URL (BASE_URL); unset: the embedded reference server
  --probes FILE      what you know about the service's data (PROBES_FILE)
  --env-file FILE    the dotenv file to read, instead of .env in the working directory
  --report DIR       where the reports go (REPORT_DIR)
  --strict           SHOULD findings fail the run too (STRICT)
  --grep ID          only the tests that check this requirement id (a regular expression)
  --workers N        Playwright workers
  --shard I/N        run shard I of N: writes a Playwright blob report to REPORT_DIR/blob/ for merge
  --baseline FILE    judge against a committed baseline of known failures and observed behaviour (BASELINE_FILE)
  --update-baseline  write the baseline from this run, keeping the reasons, owners and dates of entries that remain
  --fail-on-drift    an observation that differs from the baseline fails the run, instead of warning (FAIL_ON_DRIFT)
  --history DIR|URL  keep the run in a history when it ends: a folder (embedded) or postgres://... (HISTORY_URL)
  --label L          the run's name in the history: the service's release, a deployment
  --har FILE         write every exchange of the run to FILE as HAR 1.2: credentials redacted, bodies cut as in the reports

Precedence: flags, then environment variables, then the dotenv file, then defaults.
Anything after -- goes to Playwright as it is.
`,
  list: `Usage: directory-conformance list [--json]

  Prints every requirement (id, level, section, title) and every observation.
  --json   as a JSON array, for machines
`,
  probes: `Usage: directory-conformance probes check [options]
       directory-conformance probes draft --npi N [--npi N ...] [--out FILE] [options]

  check   asks the target each promise of the probes file, one line each: holds, contradicted
          (with what came back), or unconfirmed (the service failed on its own). Exits 0 only
          when every promise holds, 3 otherwise.
  draft   drafts a probes file from up to ${MAX_SEEDS} NPIs you know, read-only, within MAX_RPS, in at
          most ${draftRequestBound(1)} requests for one NPI and ${draftRequestBound(MAX_SEEDS)} for ${MAX_SEEDS}. It writes only promises it has
          verified, and says which categories it could not fill and why.

  --base-url URL     the service's base URL (BASE_URL); unset: the embedded reference server
  --probes FILE      the probes file to check (PROBES_FILE)
  --env-file FILE    the dotenv file to read, instead of .env in the working directory
  --npi N            a provider the service has (draft; repeat for more)
  --out FILE         where the draft goes (draft; default: standard output)
`,
  compare: `Usage: directory-conformance compare A B [--json]

  Compares two conformance.json files (say, the last release and this one, or staging and
  production): requirements whose status changed, failures new in B and gone from it, and
  observations that differ. Exits 1 when B has a failure that A did not have.
  --json   the comparison as JSON
`,
  matrix: `Usage: directory-conformance matrix A.json B.json ... [--out matrix.html]

  One column per conformance.json (staging, production, a vendor's build), one row per
  requirement and per observation; rows whose behaviour differs are marked. Markdown on standard
  output; --out also writes a self-contained HTML page.
`,
  merge: `Usage: directory-conformance merge DIR [options]

  Merges the blob reports that run --shard I/N wrote (REPORT_DIR/blob/report-I.zip, gathered into
  DIR) with Playwright's merge-reports, and writes conformance.json, .md, .junit.xml and index.html
  as one unsharded run would. Give it the shards' configuration: the same flags, environment or
  dotenv file (--base-url, --probes, --env-file, --report, --strict, --baseline, --fail-on-drift).
  --history DIR|URL and --label keep the merged run in a history.
`,
  history: `Usage: directory-conformance history record REPORT_DIR... [--label L]
       directory-conformance history check [--target T] [--against last|last-pass|N] [--max-rate-rise P]
                                           [--min-records N] [--max-latency-rise R] [--window N]
       directory-conformance history diff [--target T] [RUN_A RUN_B] [--json]
       directory-conformance history page --out DIR
       directory-conformance history export --format openmetrics [--target T]
       directory-conformance history prune --keep N | --older-than DAYS

  Every command takes --history DIR|URL: a folder holding an embedded PostgreSQL (the default,
  ${'conformance-history/'}), or a PostgreSQL server's postgres:// URL; HISTORY_URL when the flag is absent.
  A target is the base URL as the reports show it (no credentials, no query), or "embedded".

  record   keeps report folders (what run, merge, survey or survey merge wrote), each once by its id
  check    the regression gate: the latest run and survey of each target against the one before
           (or the last that passed, or run N). Exits 1 when a requirement that passed fails, an
           observation drifted, a survey failure rate rose by more than --max-rate-rise points
           (0.5) with --min-records records (20), or a p95/p99 latency rose by more than
           --max-latency-rise (25%) over the median of the last --window surveys (5); 3 when
           there is nothing to compare yet; 0 otherwise. See docs/history.md.
  diff     two runs side by side (the latest two of a target by default), as compare does; for
           surveys, the records that started and stopped failing. Markdown, or --json
  page     a self-contained HTML page: verdicts over time, the requirement grid, rates, latency
  export   the latest state per target in the OpenMetrics text format, for Prometheus
  prune    removes runs beyond the newest N of each target and kind, or older than DAYS
`,
  serve: `Usage: directory-conformance serve [--port N] [--host ADDRESS] [--size N] [--write-npis FILE]

  Starts the embedded reference server (default http://127.0.0.1:3000). LATENCY_MS and FIXTURE_DIR
  are read from the environment.

  --size N           serve a generated directory of N providers and N organizations instead of the fixtures
  --write-npis FILE  write the NPIs of the served data, one a line, for survey --npis (- for standard output)
`,
  survey: `Usage: directory-conformance survey [--base-url URL] [--npis FILE|-] [--delimiter D] [--organizations QUERY]... [--organizations-by-state]
                                    [--out DIR] [--resume] [--shard I/N] [--max-rps N] [--concurrency N] [--examples N]
       directory-conformance survey merge DIR... --out DIR

  Judges every record of a directory with the conformance run's rules: a single-best search for each
  NPI and the source records of what it finds; every page of each organization search (by Page alone,
  25 a page). Writes survey.json, failures.csv and index.html to --out.

  --base-url URL          the service's base URL (BASE_URL); unset: the embedded reference server
  --env-file FILE         the dotenv file to read, instead of .env in the working directory
  --npis FILE|-           NPIs, one a line, or a CSV with an NPI column (comma, semicolon or tab); - reads standard input
  --delimiter D           the CSV's delimiter: comma, semicolon or tab (default: found from the first line)
  --organizations QUERY   a search to walk, such as address-state=TX (repeat for more)
  --organizations-by-state  walk address-state for every USPS state and territory code
  --out DIR               where the survey goes (default ${'survey-report'})
  --resume                carry on the survey whose checkpoint is in --out
  --shard I/N             survey shard I of N; join the shards with survey merge
  --max-rps N             requests per second at most (MAX_RPS)
  --concurrency N         requests in flight at most (default 8)
  --examples N            failing records shown per requirement, the smallest keys (default 5)
  --max-failure-rows N    rows of failures.csv at most (default 100000)
  --history DIR|URL       keep the survey in a history when it ends (HISTORY_URL); for shards, give it to survey merge
  --label L               the survey's name in the history

  Exit codes: 0 no record broke a MUST requirement, 1 one did, 2 configuration error, 3 inconclusive
  (stopped before it completed, or a unit without an answer about the directory: --resume finishes it).
`,
};

/** A command's flags: unknown ones are a usage error (exit 2), never ignored. */
function parse(
  args: string[],
  command: CommandName,
): { values: Record<string, string | boolean | string[] | undefined>; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({
      args,
      options: { ...COMMAND_FLAGS[command], help: { type: 'boolean' }, version: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
    return { values: values as Record<string, string | boolean | string[] | undefined>, positionals };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

async function main(argv: string[]): Promise<number> {
  const commands = ['run', 'list', 'probes', 'compare', 'matrix', 'merge', 'serve', 'survey', 'history'];
  const command = commands.includes(argv[0]) ? argv[0] : 'run';
  const rest = command === argv[0] ? argv.slice(1) : argv;
  const dash = rest.indexOf('--');
  const own = dash < 0 ? rest : rest.slice(0, dash);
  const passThrough = dash < 0 ? [] : rest.slice(dash + 1);
  if (own.includes('--version')) {
    console.log(VERSION);
    return EXIT.pass;
  }
  if (own.includes('--help')) {
    process.stdout.write(HELP[argv[0] === command ? command : 'main']);
    return EXIT.pass;
  }

  switch (command) {
    case 'list': {
      const { values, positionals } = parse(own, 'list');
      if (positionals.length > 0) throw new UsageError(`list takes no arguments, got "${positionals.join(' ')}"`);
      process.stdout.write(commandModules.list().listCatalogue(values.json === true));
      return EXIT.pass;
    }
    case 'probes': {
      const [action, ...flags] = own;
      if (action === 'check') {
        const { values, positionals } = parse(flags, 'probes check');
        if (positionals.length > 0) throw new UsageError(`probes check takes no arguments, got "${positionals.join(' ')}"`);
        return commandModules.probes().probesCheck(values as RunOptions);
      }
      if (action === 'draft') {
        const { values, positionals } = parse(flags, 'probes draft');
        if (positionals.length > 0) throw new UsageError(`probes draft takes no arguments, got "${positionals.join(' ')}"`);
        return commandModules.probes().probesDraft(values as RunOptions & { npi?: string[]; out?: string });
      }
      throw new UsageError('probes takes check or draft: directory-conformance probes check, directory-conformance probes draft --npi N');
    }
    case 'compare': {
      const { values, positionals } = parse(own, 'compare');
      if (positionals.length !== 2) throw new UsageError('compare takes two conformance.json files: directory-conformance compare A B');
      const [a, b] = positionals;
      return commandModules.compare().compareCommand(a, b, values.json === true);
    }
    case 'matrix': {
      const { values, positionals } = parse(own, 'matrix');
      if (positionals.length === 0) throw new UsageError('matrix takes conformance.json files: directory-conformance matrix A.json B.json');
      return commandModules.matrix().matrixCommand(positionals, typeof values.out === 'string' ? values.out : undefined);
    }
    case 'serve': {
      const { values, positionals } = parse(own, 'serve');
      if (positionals.length > 0) throw new UsageError(`serve takes no arguments, got "${positionals.join(' ')}"`);
      if (values.port !== undefined) process.env.PORT = String(values.port);
      if (values.host !== undefined) process.env.HOST = String(values.host);
      commandModules.serveSetup().prepareServe(values as { size?: string; 'write-npis'?: string });
      commandModules.serve();
      return new Promise<number>(() => undefined);
    }
    case 'survey': {
      if (own[0] === 'merge') {
        const { values, positionals } = parse(own.slice(1), 'survey merge');
        return commandModules
          .survey()
          .surveyMergeCommand(positionals, values as Pick<import('./survey').SurveyOptions, 'out' | 'history' | 'label'>);
      }
      const { values, positionals } = parse(own, 'survey');
      if (positionals.length > 0)
        throw new UsageError(`survey takes no arguments, got "${positionals.join(' ')}"; did you mean survey merge?`);
      return commandModules.survey().surveyCommand(values as import('./survey').SurveyOptions);
    }
    case 'history': {
      const [action, ...flags] = own;
      const name = `history ${action}`;
      if (!(name in COMMAND_FLAGS))
        throw new UsageError(
          `history takes record, check, diff, page, export or prune: directory-conformance history check --history DIR|URL`,
        );
      const { values, positionals } = parse(flags, name as CommandName);
      return commandModules.history().historyCommand(action, positionals, values as import('./history').HistoryCommandOptions);
    }
    case 'merge': {
      const { values, positionals } = parse(own, 'merge');
      if (positionals.length !== 1) throw new UsageError('merge takes one folder of blob reports: directory-conformance merge DIR');
      return commandModules.merge().merge(values as RunOptions, positionals[0]);
    }
    default: {
      const { values, positionals } = parse(own, 'run');
      if (positionals.length > 0) throw new UsageError(`unknown command or argument "${positionals[0]}"; see directory-conformance --help`);
      return commandModules.run().run(values as RunOptions, passThrough);
    }
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // A wrong flag, configuration or file: one line, exit 2.
    if (error instanceof UsageError || error instanceof InputError || error instanceof ConfigError) {
      console.error(`directory-conformance: ${error.message.split('\n')[0]}`);
      process.exit(EXIT.configuration);
    }
    // A bug of the harness is no finding (exit 1 would say the service failed): nothing was judged.
    console.error('directory-conformance: internal error, nothing was judged; please report it with what follows');
    console.error(error);
    process.exit(EXIT.inconclusive);
  },
);
