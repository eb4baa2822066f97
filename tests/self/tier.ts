/**
 * The self-tests' tiers (docs/testing.md): every test declares one, by its tag. `@fast` runs in
 * `npm test`, pure and in the worker's own process; `@full` in `npm run test:full`, where a process,
 * a signal, the browser or a database server is the point. `SELF_TEST_TIER` (fast or full) selects
 * one; without it, both run.
 */
import { createRequire } from 'node:module';

export const TIER_TAGS = ['@fast', '@full'] as const;
export const FAST_TIER = '@fast';

export const tierOfRun = (): 'fast' | 'full' | undefined =>
  process.env.SELF_TEST_TIER === 'fast' || process.env.SELF_TEST_TIER === 'full' ? process.env.SELF_TEST_TIER : undefined;

/**
 * Every way Node starts a child process, wrapped once per worker: while a test of the fast tier
 * runs, each call is recorded and refused, so that the tier cannot rot back into processes. The
 * module object itself is wrapped (not an import's copy): the tests' and the harness's modules read
 * its members at the time of the call. A worker thread is no process, and stays allowed.
 */
const childProcess = createRequire(__filename)('node:child_process') as Record<string, (...args: unknown[]) => unknown>;
let running: { started: string[] } | undefined;
const REMEDY = 'tag it @full, or run it in this process';
for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) {
  const original = childProcess[name];
  childProcess[name] = function (this: unknown, ...args: unknown[]) {
    const started = `${name} ${String(args[0])}`;
    if (running) {
      running.started.push(started);
      throw new Error(`a test of the fast tier started a child process (${started}): ${REMEDY}`);
    }
    return original.apply(this, args);
  };
}

/**
 * `body` with every child process refused; a refusal the code under test caught and went past is
 * still the test's failure.
 */
export async function refusingChildProcesses(body: () => Promise<void>): Promise<void> {
  const test = { started: [] as string[] };
  const outer = running;
  running = test;
  try {
    await body();
  } finally {
    running = outer;
  }
  if (test.started.length > 0)
    throw new Error(`a test of the fast tier started ${test.started.length} child process(es): ${test.started.join('; ')}: ${REMEDY}`);
}
