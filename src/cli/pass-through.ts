/**
 * What `run` passes to Playwright after `--`: checked before Playwright starts, so that a wrong one is
 * one line, exit 2, never Playwright's stack trace and exit 1 (which CI reads as a MUST failure), and
 * never a run that lists, traces or reports in a way that writes no conformance report or a file
 * holding credentials. The options are Playwright's test options that select or pace tests; the
 * others are refused with what to do instead.
 */
import { UsageError } from './exit-codes';

/** How an option of Playwright's takes its value, and what a good one is (undefined: good; else why not, in words). */
interface Passed {
  takes: 'nothing' | 'value' | 'optional value';
  check?: (value: string) => string | undefined;
}

const wholeNumber = (value: string) => (/^\d+$/.test(value) ? undefined : 'a whole number');
// Playwright throws on no worker at all (`--workers=0`, `0%`), after the run has started.
const workers = (value: string) =>
  /^0*[1-9]\d*%?$/.test(value) ? undefined : 'a number of workers from 1, or a percentage of the cores above 0';
function regularExpression(value: string): string | undefined {
  try {
    new RegExp(value);
    return undefined;
  } catch (error) {
    return `a regular expression (${(error as Error).message})`;
  }
}

/** The options run passes on, by every name Playwright gives them. */
const PASSED: Readonly<Record<string, Passed>> = {
  '--grep': { takes: 'value', check: regularExpression },
  '-g': { takes: 'value', check: regularExpression },
  '--grep-invert': { takes: 'value', check: regularExpression },
  '-G': { takes: 'value', check: regularExpression },
  '--repeat-each': { takes: 'value', check: wholeNumber },
  '--retries': { takes: 'value', check: wholeNumber },
  '--max-failures': { takes: 'value', check: wholeNumber },
  '-x': { takes: 'nothing' },
  '--timeout': { takes: 'value', check: wholeNumber },
  '--global-timeout': { takes: 'value', check: wholeNumber },
  '--workers': { takes: 'value', check: workers },
  '-j': { takes: 'value', check: workers },
  '--shuffle': { takes: 'optional value', check: wholeNumber },
  '--fail-on-flaky-tests': { takes: 'nothing' },
  '--forbid-only': { takes: 'nothing' },
  '--fully-parallel': { takes: 'nothing' },
  '--last-failed': { takes: 'nothing' },
  '--pass-with-no-tests': { takes: 'nothing' },
  '--quiet': { takes: 'nothing' },
  '--no-deps': { takes: 'nothing' },
};

/** Playwright's options that run does not pass on, and what to do instead. */
const REFUSED: Readonly<Record<string, string>> = {
  '--config': "the suite's configuration is the package's own: give the harness's flags and keys (directory-conformance run --help)",
  '-c': "the suite's configuration is the package's own: give the harness's flags and keys (directory-conformance run --help)",
  '--list': 'it lists tests and judges nothing: directory-conformance list names every requirement, and run --grep ID selects by it',
  '--reporter': "the reports are the harness's (conformance.json, .md, .junit.xml, index.html): read them in REPORT_DIR",
  '--add-reporter': "the reports are the harness's (conformance.json, .md, .junit.xml, index.html): read them in REPORT_DIR",
  '--trace': 'a trace holds the requests as sent, their credentials with them: run --har writes every exchange with its credentials out',
  '--output': "Playwright's output goes under REPORT_DIR: give --report",
  '--project': 'the suite has one project: select tests with --grep',
  '--shard': "give run's own --shard I/N",
  '--test-list': 'select tests with --grep, or -- --grep-invert',
  '--test-list-invert': 'select tests with --grep, or -- --grep-invert',
  '--last-failed-file': 'the last run is the one REPORT_DIR holds',
  '--only-changed': "the suite is the package's, not a checkout's: select tests with --grep",
};

/** Options that need a browser, a screen or snapshots: the suite sends GET requests, and has none of them. */
const NO_BROWSER = [
  '--ui',
  '--ui-host',
  '--ui-port',
  '--debug',
  '--headed',
  '--browser',
  '--run-agents',
  '--update-snapshots',
  '-u',
  '--update-source-method',
  '--ignore-snapshots',
  '--tsconfig',
];

/** What the suite holds, for a selection after `--`: whether a filter matches a test file, whether a --grep selects a test (inverted: leaves one). */
export interface SuiteSelections {
  fileMatches(filter: string): boolean;
  grepSelects(grep: string, inverted: boolean): boolean;
}

/** Why one argument after `--` cannot go to Playwright, or undefined; `next` is the argument after it, which a value may be. */
function refusal(argument: string, next: string | undefined, suite: SuiteSelections): { why?: string; consumed: number } {
  if (!argument.startsWith('-'))
    return suite.fileMatches(argument)
      ? { consumed: 1 }
      : { why: `-- ${argument} filters the suite's test files, and matches none of them (tests/conformance/*.spec.ts)`, consumed: 1 };
  const [name, inline] = argument.includes('=')
    ? [argument.slice(0, argument.indexOf('=')), argument.slice(argument.indexOf('=') + 1)]
    : [argument, undefined];
  if (REFUSED[name]) return { why: `-- ${name} is not passed to Playwright: ${REFUSED[name]}`, consumed: 1 };
  if (NO_BROWSER.includes(name))
    return { why: `-- ${name} is not passed to Playwright: the suite uses no browser, screen or snapshot`, consumed: 1 };
  const passed = PASSED[name];
  if (!passed)
    return {
      why: `-- ${name} is no option run passes to Playwright; it passes ${Object.keys(PASSED).join(', ')} (docs/cli.md)`,
      consumed: 1,
    };
  const separate =
    inline === undefined &&
    passed.takes !== 'nothing' &&
    next !== undefined &&
    !(passed.takes === 'optional value' && next.startsWith('-'));
  const value = inline ?? (separate ? next : undefined);
  if (passed.takes === 'nothing' && inline !== undefined) return { why: `-- ${name} takes no value, got "${inline}"`, consumed: 1 };
  if (passed.takes === 'value' && value === undefined) return { why: `-- ${name} needs a value`, consumed: 1 };
  const wrong = value === undefined ? undefined : passed.check?.(value);
  const consumed = separate ? 2 : 1;
  if (wrong) return { why: `-- ${name} must be ${wrong}, got "${value}"`, consumed };
  const inverted = name === '--grep-invert' || name === '-G';
  if ((inverted || name === '--grep' || name === '-g') && !suite.grepSelects(value!, inverted))
    return {
      why: `-- ${name} ${value} ${inverted ? 'leaves' : 'selects'} no test of the suite: directory-conformance list shows the requirement ids`,
      consumed,
    };
  return { consumed };
}

/**
 * The arguments after `--`, each a test option Playwright takes that selects or paces tests, or a
 * filter that matches a test file of the suite; anything else is one line, exit 2.
 */
export function checkedPassThrough(passThrough: readonly string[], suite: SuiteSelections): readonly string[] {
  for (let i = 0; i < passThrough.length;) {
    const { why, consumed } = refusal(passThrough[i], passThrough[i + 1], suite);
    if (why) throw new UsageError(why);
    i += consumed;
  }
  return passThrough;
}
