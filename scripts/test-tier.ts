/**
 * The three tiers of the harness's own tests (docs/testing.md), each run by `tsx scripts/test-tier.ts TIER`,
 * stopping at the first part that fails, as `a && b && c` would, and ending with the time and CPU
 * of each part and of the tier, so that a CI log (`.ci/run`) shows where the minutes go:
 *   - `test` (`npm test`, the edit loop): the self-tests tagged @fast (pure and in
 *     this process: a worker fixture fails one that starts a child process), the mutation run's
 *     canary and the robustness cases judged from the report alone. At most 300 CPU seconds.
 *   - `lint` (`npm run lint`): the type check, eslint and prettier with their caches, the import boundaries, the
 *     generated files current.
 *   - `full` (`npm run test:full`): the self-tests tagged @full (processes, signals, the browser,
 *     PostgreSQL, the packed tarball, the README walk), the whole mutation and robustness runs, and
 *     a fixed sample of the specification's latitude. At most 1,200 CPU seconds.
 *
 * Single-threaded parts (`pairs`) run two at a time, each one's output printed whole when it ends;
 * the runs after them use every core themselves, and run one after another with their output as it comes.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { markdownTable } from '../src/suite-runs/run-table';
import { pooled } from '../src/suite-runs/run-suite';

interface Part {
  name: string;
  command: string[];
  env?: Record<string, string>;
}

interface Tier {
  /** The command that runs it, as the README and CI name it. */
  command: string;
  /** Its budget, in CPU seconds on a 2-core machine; printed beside what it spent, never judged here (the machines are noisy). */
  budget?: number;
  /** Single-threaded parts, independent of one another: two at a time. */
  pairs: readonly Part[];
  /** Parts that use every core: one at a time, after the pairs. */
  runs: readonly Part[];
}

const selfTests = (tier: 'fast' | 'full'): Part => ({
  name: `self-tests (@${tier})`,
  command: ['npx', 'playwright', 'test', '-c', 'tests/self'],
  env: { SELF_TEST_TIER: tier },
});

const TIERS: Record<string, Tier> = {
  test: {
    command: 'npm test',
    budget: 300,
    pairs: [],
    runs: [
      selfTests('fast'),
      { name: 'mutation run: canary', command: ['npm', 'run', 'test:mutation', '--', '--canary'] },
      { name: 'robustness run: judged from the report', command: ['npm', 'run', 'test:robustness', '--', '--report-only'] },
    ],
  },
  lint: {
    command: 'npm run lint',
    pairs: [
      // A static check, as eslint is: here rather than in npm test, whose 300 CPU seconds are the self-tests'.
      // V8 on one thread: its compiler and collector threads spent a third more CPU than the check itself
      // (25 CPU seconds against 17), for 2 seconds of the 16.
      { name: 'type check', command: ['node', '--single-threaded', require.resolve('typescript/bin/tsc'), '-p', '.'] },
      { name: 'eslint', command: ['npm', 'run', 'lint:code'] },
      { name: 'prettier', command: ['npm', 'run', 'lint:format'] },
      { name: 'import boundaries', command: ['npm', 'run', 'boundaries'] },
      { name: 'generated types current', command: ['npm', 'run', 'gen:types', '--', '--check'] },
      { name: 'OpenAPI current', command: ['npm', 'run', 'gen:openapi', '--', '--check'] },
      { name: 'catalogue current', command: ['npm', 'run', 'catalogue', '--', '--check'] },
      { name: 'figures current', command: ['npm', 'run', 'figures', '--', '--check'] },
      { name: 'architecture current', command: ['npm', 'run', 'architecture', '--', '--check'] },
    ],
    runs: [],
  },
  full: {
    command: 'npm run test:full',
    budget: 1200,
    pairs: [],
    runs: [
      selfTests('full'),
      { name: 'mutation run', command: ['npm', 'run', 'test:mutation'] },
      { name: 'robustness run', command: ['npm', 'run', 'test:robustness'] },
      // A fixed sample of the specification's latitude: npm run test:latitude -- --runs 200 samples more.
      { name: 'latitude run', command: ['npm', 'run', 'test:latitude', '--', '--runs', '5', '--seed', '20261128'] },
    ],
  },
};

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
    env: { ...process.env, ...part.env },
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
  const name = process.argv[2] ?? '';
  const tier = TIERS[name];
  if (!tier) {
    console.error(`test-tier: name a tier: ${Object.keys(TIERS).join(', ')}`);
    process.exit(2);
  }
  const started = Date.now();
  const outcomes = await pooled(tier.pairs, Math.min(2, availableParallelism()), (part) => runPart(part, true));
  if (outcomes.every((o) => o.status === 0)) {
    for (const part of tier.runs) {
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
    `\n${tier.command}: the time and CPU of each part (CPU seconds are user and system of every process a part started)\n\n${markdownTable(['part', 'seconds', 'CPU seconds', 'result'], rows)}`,
  );
  const budget = tier.budget === undefined ? '' : ` (its budget: ${tier.budget} on a 2-core machine)`;
  console.log(
    `\n${tier.command}: ${failed.length > 0 ? `FAILED at ${failed.join(', ')}` : 'passed'} in ${((Date.now() - started) / 1000).toFixed(0)} s, ${cpu.toFixed(0)} CPU seconds${budget}`,
  );
  process.exit(failed.length > 0 ? 1 : 0);
}

void main();
