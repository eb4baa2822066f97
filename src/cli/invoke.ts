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
 *   explore         generated queries judged by the rulebook, each failure shrunk
 *   judge HAR       a recording judged offline, sending nothing
 *   replay REPORT   each failure of a report asked again and judged by today's rulebook
 *   serve           the embedded reference server
 *   survey          every record of a directory, judged by the same rules; survey merge joins its shards, survey diff compares two
 *   history         runs and surveys kept in a database: record, check, diff, page, export, prune
 */
import { ConfigError } from '../config/config-error';
import { isDebugging, QUIET_VARIABLE } from '../config/environment';
import { InputError } from '../config/input-error';
import { StoreError } from '../history/store-error';
import { EXIT, UsageError } from './exit-codes';
import { Answered, type ParsedCommandLine, parseCommandLine } from './program';
import type { RunOptions } from './run';

/* eslint-disable @typescript-eslint/no-require-imports -- Each command loads its modules when it runs, so that --help and
   --version answer at once, without an HTTP stack or a schema compiler (the parser and its table are light). require, not import(): the command registers tsx
   for CommonJS only, and import() would go around it. */
const commandModules = {
  compare: () => require('./compare') as typeof import('./compare'),
  explore: () => require('./explore') as typeof import('./explore'),
  history: () => require('./history') as typeof import('./history'),
  judge: () => require('./judge') as typeof import('./judge'),
  list: () => require('./list') as typeof import('./list'),
  matrix: () => require('./matrix') as typeof import('./matrix'),
  merge: () => require('./merge') as typeof import('./merge'),
  probes: () => require('./probes') as typeof import('./probes'),
  replay: () => require('./replay') as typeof import('./replay'),
  run: () => require('./run') as typeof import('./run'),
  survey: () => require('./survey') as typeof import('./survey'),
  surveyDiff: () => require('./survey-diff') as typeof import('./survey-diff'),
  // The reference server starts when its entry module loads: the reference behaviour, or one scenario (serve --fault).
  serve: () => require('../reference/main') as unknown,
  serveScenario: () => require('../reference/scenarios/main') as unknown,
  serveSetup: () => require('./serve') as typeof import('./serve'),
};
/* eslint-enable @typescript-eslint/no-require-imports */

async function main(argv: string[]): Promise<number> {
  // Anything after -- goes to Playwright as it is: run's alone.
  const dash = argv.indexOf('--');
  const own = dash < 0 ? argv : argv.slice(0, dash);
  const passThrough = dash < 0 ? [] : argv.slice(dash + 1);
  let parsed: ParsedCommandLine;
  try {
    parsed = parseCommandLine(own);
  } catch (error) {
    if (error instanceof Answered) return EXIT.pass;
    throw error;
  }
  const { command, values, positionals } = parsed;
  if (passThrough.length > 0 && command !== 'run')
    throw new UsageError(`-- passes options to Playwright: only run takes them, not ${command}`);
  if (parsed.quiet) process.env[QUIET_VARIABLE] = 'true';
  if (!parsed.color) {
    process.env.NO_COLOR = '1';
    process.env.FORCE_COLOR = '0';
  }

  switch (command) {
    case 'list':
      process.stdout.write(commandModules.list().listCatalogue(values.json === true));
      return EXIT.pass;
    case 'probes check':
      return commandModules.probes().probesCheck(values as RunOptions);
    case 'probes draft':
      return commandModules.probes().probesDraft(values as RunOptions & { npi?: string[]; out?: string });
    case 'compare': {
      const [a, b] = positionals;
      return commandModules.compare().compareCommand(a, b, values.json === true);
    }
    case 'matrix':
      return commandModules.matrix().matrixCommand(positionals, typeof values.out === 'string' ? values.out : undefined);
    case 'serve': {
      if (values.port !== undefined) process.env.PORT = String(values.port);
      if (values.host !== undefined) process.env.HOST = String(values.host);
      const entry = commandModules.serveSetup().prepareServe(values as import('./serve').ServeOptions);
      if (entry === undefined) return EXIT.pass;
      if (entry === 'scenario') commandModules.serveScenario();
      else commandModules.serve();
      return new Promise<number>(() => undefined);
    }
    case 'survey':
      return commandModules.survey().surveyCommand(values as import('./survey').SurveyOptions);
    case 'survey merge':
      return commandModules
        .survey()
        .surveyMergeCommand(positionals, values as Pick<import('./survey').SurveyOptions, 'out' | 'history' | 'label'>);
    case 'survey diff':
      return commandModules.surveyDiff().surveyDiffCommand(positionals);
    case 'merge':
      return commandModules.merge().merge(values as RunOptions, positionals[0]);
    case 'explore':
      return commandModules.explore().exploreCommand(values as import('./explore').ExploreCommandOptions);
    case 'judge':
      return commandModules.judge().judgeCommand(values as RunOptions, positionals[0]);
    case 'replay':
      return commandModules.replay().replayCommand(values as import('./replay').ReplayOptions, positionals[0]);
    case 'run':
      return commandModules.run().run(values as RunOptions, passThrough);
    default:
      return commandModules
        .history()
        .historyCommand(command.slice('history '.length), positionals, values as import('./history').HistoryCommandOptions);
  }
}

/**
 * The command given `argv` (the arguments after the command's name), run in this process: its exit
 * code, once it ended or stopped with one line on standard error. The installed command is this and
 * an exit (main.ts); the self-tests call it in their own process, where no process is the point.
 */
export function invoke(argv: string[]): Promise<number> {
  return main(argv).catch((error: unknown) => stoppedBy(error));
}

/** The one line an error stops the command with, on standard error, and the exit code it means. */
function stoppedBy(error: unknown): number {
  const debug = isDebugging(process.env);
  const first = (error instanceof Error ? error.message : String(error)).split('\n')[0];
  /** Stops with one line; with DEBUG, the error whole below it, where `detail` says it has any worth showing. */
  const stop = (line: string, code: number, detail = true) => {
    console.error(`directory-conformance: ${line}`);
    if (debug && detail) console.error(error);
    return code;
  };
  const more = debug ? '' : '; DEBUG=1 shows the detail';
  // A wrong flag, configuration or file: one line, exit 2.
  if (error instanceof UsageError || error instanceof InputError || error instanceof ConfigError)
    return stop(first, EXIT.configuration, false);
  // The store's trouble (a damaged data folder), or the system's (a full disk, a folder removed under the command: Node's system errors name their call): one line, exit 3, as no finding and no bug of the harness.
  if (error instanceof StoreError || (error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string'))
    return stop(`${error instanceof StoreError ? '' : 'stopped by the system: '}${first}${more}`, EXIT.inconclusive);
  // The history's database refused: a report it cannot keep as it is (SQLSTATE class 22, data, or 23, integrity) is the input's, exit 2; anything else (a full disk, a broken store, a lost connection) the store's, exit 3. One line: a driver's error can dump the query's parameters.
  const sqlState = (error as { code?: unknown }).code;
  if (typeof sqlState === 'string' && /^[0-9A-Z]{5}$/.test(sqlState)) {
    const input = sqlState.startsWith('22') || sqlState.startsWith('23');
    return stop(
      `the history ${input ? 'cannot keep this report' : 'store failed'}: ${first} (SQLSTATE ${sqlState})${more}`,
      input ? EXIT.configuration : EXIT.inconclusive,
    );
  }
  // A bug of the harness is no finding (exit 1 would say the service failed): nothing was judged.
  return stop(
    `internal error, nothing was judged: ${first}; ${debug ? 'please report it with what follows' : 'run again with DEBUG=1 for the detail, and please report it'}`,
    EXIT.inconclusive,
  );
}
