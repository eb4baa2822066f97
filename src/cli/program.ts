/**
 * The command line's parser: commander, built from the one table of commands and flags
 * (command-table.ts). Commander, because it is the most used parser of Node's ecosystem, has no
 * dependency, keeps to Node 20 in its 14th major, and gives what the tools beside this one give:
 * -h/--help and `help` on every command and subcommand, -V/--version, "did you mean" for commands and
 * flags, nested subcommands (probes check, survey merge, history check). Yargs needs six
 * dependencies for the same; citty and clipanion give no suggestions for a misspelt flag.
 *
 * It parses and prints help, nothing more: what a command does stays in its own module.
 */
import { Command, CommanderError, Option } from 'commander';
import { SPECIFICATION, SUITE_VERSION } from '../suite-version';
import { type CommandEntry, type CommandName, COMMANDS, EXIT_CODES_LINE, type Flag, GLOBAL_FLAGS } from './command-table';
import { UsageError } from './exit-codes';

export const PROGRAM = 'directory-conformance';

/** What the command line asked for: one command, its flags by their names, and its arguments. */
export interface ParsedCommandLine {
  command: CommandName;
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
  quiet: boolean;
  color: boolean;
}

/** Help or the version was printed: the command is done, exit 0. */
export class Answered extends Error {}

function optionOf(name: string, flag: Flag): Option {
  const option = new Option(`--${name}${flag.value ? ` <${flag.value}>` : ''}`, flag.description);
  return flag.multiple ? option.argParser((value: string, previous?: string[]) => [...(previous ?? []), value]) : option;
}

function helpAfter(entry: CommandEntry): string {
  const keys = 'environment' in entry && entry.environment ? entry.environment : [];
  const environment =
    keys.length > 0
      ? `\nConfiguration keys (environment or dotenv file; flags win): ${keys.join(', ')}.\nSee docs/configuration.md.\n`
      : '';
  return `${environment}\nExit codes: ${entry.exits}.\n`;
}

/** The parser: one commander command per entry of the table, a group command for probes, survey merge and history. */
function program(parsed: (result: ParsedCommandLine) => void): Command {
  const root = new Command(PROGRAM)
    .description(`conformance harness for the ${SPECIFICATION}\nWithout a command, run.`)
    .version(SUITE_VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'print this help')
    .helpCommand('help [command...]', 'print the help of a command')
    .showSuggestionAfterError(true)
    // A flag after a subcommand is the subcommand's: survey merge --out is merge's, not survey's.
    .enablePositionalOptions()
    .exitOverride()
    // Errors are said in one line by the command (oneLine); help goes to standard output.
    .configureOutput({ outputError: () => undefined, writeErr: () => undefined })
    .addHelpText('after', `\n${EXIT_CODES_LINE}\n`);
  // A command's first word, such as history: a command of its own (survey), or a group of subcommands only (probes, history).
  const heads = new Map<string, Command>();
  for (const [name, entry] of Object.entries(COMMANDS) as [CommandName, CommandEntry][]) {
    const [first, second] = name.split(' ');
    let head = heads.get(first);
    if (!head) heads.set(first, (head = root.command(first).enablePositionalOptions()));
    const command = second ? head.command(second) : head;
    command.summary(entry.summary).description(entry.description ?? `${entry.summary[0].toUpperCase()}${entry.summary.slice(1)}.`);
    if (entry.arguments) command.arguments(entry.arguments);
    const options = Object.entries({ ...entry.flags, ...GLOBAL_FLAGS }).map(([flag, spec]) => [flag, optionOf(flag, spec)] as const);
    for (const [, option] of options) command.addOption(option);
    command.addHelpText('after', helpAfter(entry)).action((...args: unknown[]) => {
      const self = args[args.length - 1] as Command;
      const values = Object.fromEntries(
        options
          .filter(([flag]) => !(flag in GLOBAL_FLAGS))
          .map(([flag, option]) => [flag, self.getOptionValue(option.attributeName()) as ParsedCommandLine['values'][string]]),
      );
      parsed({
        command: name,
        values,
        positionals: self.args,
        quiet: self.getOptionValue('quiet') === true,
        color: self.getOptionValue('color') !== false,
      });
    });
  }
  for (const [first, head] of heads)
    if (!(first in COMMANDS)) head.summary(`${subcommandsOf(first).join(', ')}: see ${PROGRAM} ${first} --help`);
  return root;
}

/** The subcommands of a group: check, draft of probes. */
const subcommandsOf = (group: string) =>
  Object.keys(COMMANDS)
    .filter((name) => name.startsWith(`${group} `))
    .map((name) => name.slice(group.length + 1));
const needsSubcommand = (group: string) => `${group} takes ${subcommandsOf(group).join(', ')}; see ${PROGRAM} ${group} --help`;

const ROOT_ONLY = new Set(['-h', '--help', '-V', '--version']);

/** commander's error, in the one line every error of the command is: "unknown option '--base-ulr' (did you mean --base-url?)". */
function oneLine(error: CommanderError): string {
  return error.message
    .replace(/^error: /, '')
    .replace(/\n\(Did you mean (.+)\?\)/, ' (did you mean $1?)')
    .split('\n')[0];
}

/**
 * The command line, parsed. Without a command, `run` (its flags may come first). `help a b` is
 * `a b --help`. Help and the version are printed here and end in Answered; a mistake is a UsageError
 * (one line, exit 2), with commander's suggestion when it has one.
 */
export function parseCommandLine(argv: readonly string[]): ParsedCommandLine {
  // `help nosuch` asks of a command that is not there: a mistake, not a request for the top-level help.
  const known = new Set(Object.keys(COMMANDS).map((name) => name.split(' ')[0]));
  if (argv[0] === 'help' && argv[1] !== undefined && !known.has(argv[1]))
    throw new UsageError(`help: there is no command "${argv[1]}"; the commands are ${[...known].join(', ')}`);
  const args = argv[0] === 'help' ? [...argv.slice(1), '--help'] : [...argv];
  if (args.length === 0 || (args[0].startsWith('-') && !ROOT_ONLY.has(args[0]))) args.unshift('run');
  // The version, asked of any command (run --version): commander's root flag, said here whatever the command.
  if (args.includes('-V') || args.includes('--version')) {
    process.stdout.write(`${SUITE_VERSION}\n`);
    throw new Answered('version');
  }
  let result: ParsedCommandLine | undefined;
  try {
    program((parsed) => (result = parsed)).parse(args, { from: 'user' });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    if (error.exitCode === 0) throw new Answered(error.code);
    // A group asked without its subcommand: commander would print its help to standard error.
    throw new UsageError(error.code === 'commander.help' ? needsSubcommand(args[0]) : oneLine(error));
  }
  if (!result) throw new UsageError(needsSubcommand(args[0]));
  return result;
}
