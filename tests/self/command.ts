/** The directory-conformance command as a user runs it, for the tests of the command. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { neutralSuiteEnvironment } from '../../src/suite-runs/run-suite';
import { PACKAGE_ROOT } from '../../src/package-root';
import { watchProcessTree } from '../../src/suite-runs/process-tree';
import { invoke } from '../../src/cli/invoke';
import { replaceEnvironment, withOutputCaptured } from '../../src/suite-runs/in-process-command';

/** Where global-setup.ts compiled the command for the tests' processes (src/suite-runs/compiled-package.ts). */
export const COMPILED_BIN_VARIABLE = 'SELF_TEST_COMPILED_BIN';

/** The command the tests run: the one compiled before them, or, without the self-tests' global setup, the checkout's bin. */
export const BIN = process.env[COMPILED_BIN_VARIABLE] ?? join(PACKAGE_ROOT, 'bin', 'directory-conformance.js');

interface CommandOptions {
  cwd?: string;
  env?: Record<string, string>;
  bin?: string;
  unset?: string[];
  /** A command that runs the command: its name and arguments, the command's own after them (as `setpriv ... directory-conformance ...`). */
  runner?: string[];
  /** A process of its own, where the process is the point: commands at once against one store, a lock held across processes. */
  ownProcess?: boolean;
}

interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The suite's keys neutral unless given; a test of the dotenv file in `cwd` unsets CONFORMANCE_ENV_FILE. */
function commandEnvironment(options: CommandOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...neutralSuiteEnvironment(process.env), ...options.env };
  for (const key of options.unset ?? []) delete env[key];
  return env;
}

/** The command in `cwd`, waited for. */
export function command(args: string[], options: CommandOptions = {}): CommandResult {
  const result = spawnSync(options.bin ?? BIN, args, {
    cwd: options.cwd ?? PACKAGE_ROOT,
    env: commandEnvironment(options),
    encoding: 'utf8',
    // A hang, not a busy machine: one command, however loaded the cores, ends well within it.
    timeout: 600_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * The commands a test may run in its own process (invoke.ts), as the installed command runs them:
 * those that write only through this process's standard output and error. `run`, `merge` and
 * `serve` hand a Playwright runner or a server the process's own output, and run as processes.
 */
const IN_PROCESS_COMMANDS = new Set(['survey', 'history', 'probes', 'compare', 'matrix', 'list', 'help', 'judge', 'replay', 'explore']);

/** Whatever the command, asking for its help or the version ends in the parser, before any runner or server starts. */
const ASKS_FOR_PAGE = new Set(['--help', '-h', '--version', '-V']);
const inProcess = (args: readonly string[]) => IN_PROCESS_COMMANDS.has(args[0]) || args.some((arg) => ASKS_FOR_PAGE.has(arg));

/** One command at a time in this process: a command owns its environment, directory and output while it runs. */
let inProcessTurn: Promise<unknown> = Promise.resolve();

/**
 * The command run in this process with its own environment, directory and standard output and
 * error, all put back after it: a process's cost (a second or two of loading modules, each time)
 * spent once per worker. Commands asked for at once run one after another.
 */
function commandInProcess(args: string[], options: CommandOptions): Promise<CommandResult & { signal: null }> {
  const turn = inProcessTurn.then(async () => {
    const saved = { env: { ...process.env }, cwd: process.cwd() };
    const signalListeners = (['SIGINT', 'SIGTERM'] as const).map((signal) => [signal, process.listeners(signal)] as const);
    replaceEnvironment(commandEnvironment(options));
    process.chdir(options.cwd ?? PACKAGE_ROOT);
    try {
      const { value: code, ...output } = await withOutputCaptured(() => invoke(args));
      return { code, signal: null, ...output };
    } finally {
      process.chdir(saved.cwd);
      replaceEnvironment(saved.env);
      for (const [signal, listeners] of signalListeners)
        for (const listener of process.listeners(signal)) if (!listeners.includes(listener)) process.off(signal, listener);
    }
  });
  inProcessTurn = turn.catch(() => undefined);
  return turn;
}

/**
 * The command in `cwd`, without blocking this process: for a target served by the test itself.
 * `started` is given the child (to signal it); with `measureMemory`, the result has its peak resident
 * memory, where /proc shows it. A command that needs no process of its own (no signal, no memory of
 * its own, no runner, no other build) runs in this one.
 */
export function commandAsync(
  args: string[],
  options: CommandOptions & { started?: (child: ChildProcess) => void; measureMemory?: boolean } = {},
): Promise<CommandResult & { signal: NodeJS.Signals | null; peakRssBytes?: number }> {
  const ownProcess = options.ownProcess || options.started || options.measureMemory || options.runner || options.bin;
  if (!ownProcess && inProcess(args)) return commandInProcess(args, options);
  const [file, ...before] = [...(options.runner ?? []), options.bin ?? BIN];
  const child = spawn(file, [...before, ...args], { cwd: options.cwd ?? PACKAGE_ROOT, env: commandEnvironment(options) });
  const watched = options.measureMemory ? watchProcessTree(child.pid!) : undefined;
  options.started?.(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr, peakRssBytes: watched?.stop().peakRssBytes })),
  );
}

export const tempDir = () => mkdtempSync(join(tmpdir(), 'cli-'));

/** `dir` made a folder where `npx directory-conformance` is the command the tests run, as it is where the package is installed. */
export function withCommandInstalled(dir: string): string {
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(BIN, join(dir, 'node_modules', '.bin', 'directory-conformance'));
  return dir;
}
