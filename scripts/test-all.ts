/**
 * `npm test`: every part, stopping at the first stage that fails, as `a && b && c` would, and then
 * the time each part took, so that a CI log shows where the minutes go (docs/testing.md keeps the
 * figures of a 2-core machine).
 *
 * The checks of the first stage (lint, type check, generated files) each keep one core busy: they
 * run two at a time, each one's output printed whole when it ends. The runs after them use every
 * core themselves, and run one after another with their output as it comes.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { markdownTable } from '../src/suite-runs/run-table';
import { pooled } from '../src/suite-runs/run-suite';

interface Part {
  name: string;
  command: string[];
}

/** Single-threaded checks, independent of one another. */
const CHECKS: readonly Part[] = [
  // npm run lint, in its three parts.
  { name: 'lint: code (eslint)', command: ['npm', 'run', 'lint:code'] },
  { name: 'lint: format (prettier)', command: ['npm', 'run', 'lint:format'] },
  { name: 'lint: import boundaries', command: ['npm', 'run', 'boundaries'] },
  { name: 'type check', command: ['npm', 'run', 'typecheck'] },
  { name: 'generated types current', command: ['npm', 'run', 'gen:types', '--', '--check'] },
  { name: 'OpenAPI current', command: ['npm', 'run', 'gen:openapi', '--', '--check'] },
  { name: 'catalogue current', command: ['npm', 'run', 'catalogue', '--', '--check'] },
  { name: 'figures current', command: ['npm', 'run', 'figures', '--', '--check'] },
  { name: 'architecture current', command: ['npm', 'run', 'architecture', '--', '--check'] },
];

/** Runs that use every core: one at a time. */
const RUNS: readonly Part[] = [
  { name: 'self-tests', command: ['npx', 'playwright', 'test', '-c', 'tests/self'] },
  { name: 'mutation run', command: ['npm', 'run', 'test:mutation'] },
  { name: 'robustness run', command: ['npm', 'run', 'test:robustness'] },
  // A fixed sample of the specification's latitude: npm run test:latitude -- --runs 200 samples more.
  { name: 'latitude run', command: ['npm', 'run', 'test:latitude', '--', '--runs', '12', '--seed', '20261128'] },
];

interface Outcome {
  part: Part;
  seconds: number;
  /** CPU seconds, user and system, of every process the part started and waited for; undefined without /proc. */
  cpuSeconds?: number;
  status: number | null;
}

/**
 * What runs each part: a bare Node process that runs its command, waits for it, and then writes to
 * its fd 3 the CPU time of everything it waited for (its children's, /proc/self/stat fields 16 and
 * 17, in clock ticks). A part's CPU is so its own, whatever runs beside it.
 */
const CPU_OF = `
const { spawnSync } = require('node:child_process');
const { readFileSync, writeSync } = require('node:fs');
const [command, ...args] = process.argv.slice(1);
const { status, signal } = spawnSync(command, args, { stdio: 'inherit' });
try {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  writeSync(3, String(Number(fields[13]) + Number(fields[14])));
} catch {}
process.exit(status ?? (signal ? 1 : 0));
`;

/** Clock ticks a second (USER_HZ): 100 on every Linux Node runs on. */
const TICKS_PER_SECOND = 100;

/** One part; with `collect`, its output is held and printed whole at its end, so that parts side by side do not interleave. */
function runPart(part: Part, collect: boolean): Promise<Outcome> {
  const started = Date.now();
  const child = spawn(process.execPath, ['-e', CPU_OF, ...part.command], {
    stdio: [collect ? 'ignore' : 'inherit', collect ? 'pipe' : 'inherit', collect ? 'pipe' : 'inherit', 'pipe'],
  });
  const output: Buffer[] = [];
  const ticks: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stdio[3]?.on('data', (chunk: Buffer) => ticks.push(chunk));
  return new Promise((resolve) =>
    child.on('close', (status) => {
      if (collect) process.stdout.write(Buffer.concat(output));
      const said = Buffer.concat(ticks).toString().trim();
      resolve({
        part,
        seconds: (Date.now() - started) / 1000,
        ...(said === '' ? {} : { cpuSeconds: Number(said) / TICKS_PER_SECOND }),
        status,
      });
    }),
  );
}

async function main(): Promise<void> {
  const started = Date.now();
  const outcomes = await pooled(CHECKS, Math.min(2, availableParallelism()), (part) => runPart(part, true));
  if (outcomes.every((o) => o.status === 0)) {
    for (const part of RUNS) {
      const outcome = await runPart(part, false);
      outcomes.push(outcome);
      if (outcome.status !== 0) break;
    }
  }
  const rows = outcomes.map(({ part, seconds, cpuSeconds, status }) => [
    part.name,
    seconds.toFixed(0),
    cpuSeconds === undefined ? '-' : cpuSeconds.toFixed(0),
    status === 0 ? 'pass' : `fail (exit ${status})`,
  ]);
  const failed = outcomes.filter((o) => o.status !== 0).map((o) => o.part.name);
  const cpu = outcomes.reduce((sum, o) => sum + (o.cpuSeconds ?? 0), 0);
  console.log(
    `\nnpm test: the time and CPU of each part (the checks two at a time; CPU seconds are user and system of every process a part started)\n\n${markdownTable(['part', 'seconds', 'CPU seconds', 'result'], rows)}`,
  );
  console.log(
    `\nnpm test: ${failed.length > 0 ? `FAILED at ${failed.join(', ')}` : 'passed'} in ${((Date.now() - started) / 1000).toFixed(0)} s, ${cpu.toFixed(0)} CPU seconds`,
  );
  process.exit(failed.length > 0 ? 1 : 0);
}

void main();
