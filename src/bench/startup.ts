/**
 * Start-up, measured on the installed command: `--version`, `list` and a whole run against the
 * embedded server, each a median of several runs, wall time and CPU time; and Playwright's own
 * start, the part of the floor no harness can remove: `playwright test --list` of an empty project.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InstalledCommand } from './installed-command';

export interface Timing {
  runs: number;
  /** Median wall time of the runs. */
  wallMs: number;
  /** Median CPU seconds (user and system) of the process and every process it waited for; null where /proc is missing. */
  cpuSeconds: number | null;
}

export interface Startup {
  version: Timing;
  list: Timing;
  /** A whole `run` against the embedded server, reports written. */
  embeddedRun: Timing;
  /** `playwright test --list` of an empty project, with the installed package's Playwright. */
  playwrightStart: Timing;
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** CPU seconds that this process's waited-for children used so far (Linux: /proc/self/stat cutime + cstime). */
function childrenCpuSeconds(): number | null {
  try {
    // The command name in parentheses may hold spaces: the fields are counted after it.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    const ticks = Number(fields[13]) + Number(fields[14]);
    return ticks / 100;
  } catch {
    return null;
  }
}

/**
 * Runs `argv` `runs` times, after one run not counted; a run that exits other than `exitCodes`
 * (default 0) measured something else. `argv` may differ per run (run 0 the uncounted one).
 */
export function timeCommand(
  argvOf: readonly string[] | ((run: number) => readonly string[]),
  runs: number,
  options: { cwd: string; env?: NodeJS.ProcessEnv; exitCodes?: readonly number[] },
): Timing {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const argv = typeof argvOf === 'function' ? argvOf(i) : argvOf;
    const cpuBefore = childrenCpuSeconds();
    const started = performance.now();
    const result = spawnSync(argv[0], argv.slice(1), {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const wall = performance.now() - started;
    const cpuAfter = childrenCpuSeconds();
    if (!(options.exitCodes ?? [0]).includes(result.status ?? -1))
      throw new Error(`${argv.join(' ')} exited ${result.status}: ${String(result.stderr).slice(-600)}`);
    if (i === 0) continue;
    walls.push(wall);
    if (cpuBefore !== null && cpuAfter !== null) cpus.push(cpuAfter - cpuBefore);
  }
  return { runs, wallMs: Math.round(median(walls)), cpuSeconds: cpus.length > 0 ? Number(median(cpus).toFixed(2)) : null };
}

/** `playwright test --list` of a project with no test: Playwright's runner starting, loading its configuration, and stopping. */
function playwrightStart(command: InstalledCommand, runs: number): Timing {
  const empty = mkdtempSync(join(tmpdir(), 'bench-empty-playwright-'));
  try {
    mkdirSync(join(empty, 'tests'));
    writeFileSync(join(empty, 'playwright.config.js'), "module.exports = { testDir: 'tests' };\n");
    const cli = join(command.project, 'node_modules', '@playwright', 'test', 'cli.js');
    return timeCommand([process.execPath, cli, 'test', '--list', '--pass-with-no-tests'], runs, { cwd: empty });
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
}

export function measureStartup(command: InstalledCommand, runs = { quick: 7, whole: 5 }): Startup {
  const cwd = command.project;
  const reportDir = mkdtempSync(join(tmpdir(), 'bench-startup-report-'));
  try {
    return {
      version: timeCommand([command.bin, '--version'], runs.quick, { cwd }),
      list: timeCommand([command.bin, 'list'], runs.quick, { cwd }),
      embeddedRun: timeCommand([command.bin, 'run', '--report', reportDir], runs.whole, { cwd }),
      playwrightStart: playwrightStart(command, runs.quick),
    };
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }
}
