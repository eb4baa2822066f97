/** The directory-conformance command as a user runs it, for the tests of the command. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { neutralSuiteEnvironment } from '../../src/suite-runs/run-suite';
import { PACKAGE_ROOT } from '../../src/package-root';
import { watchProcessTree } from '../../src/suite-runs/process-tree';

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
    timeout: 180_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * The command in `cwd`, without blocking this process: for a target served by the test itself.
 * `started` is given the child (to signal it); with `measureMemory`, the result has its peak resident
 * memory, where /proc shows it.
 */
export function commandAsync(
  args: string[],
  options: CommandOptions & { started?: (child: ChildProcess) => void; measureMemory?: boolean } = {},
): Promise<CommandResult & { signal: NodeJS.Signals | null; peakRssBytes?: number }> {
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
