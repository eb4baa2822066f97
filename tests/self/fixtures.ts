import { test as base } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { Random } from '../../src/generator/random';
import { type Directory, indexDirectory } from '../../src/reference/directory';
import { type Fixtures, readFixtures } from '../../src/reference/fixture-files';
import { buildReferenceServer } from '../../src/reference/server';
import { createSchemaValidator, type SchemaValidator } from '../../src/schema-validation/validator';
import { type PostgresServer, startPostgres } from './postgres-server';
import { FAST_TIER, refusingChildProcesses, TIER_TAGS, tierOfRun } from './tier';
import { type ScenarioServer, serveScenariosHere, startScenarioServer } from '../../src/suite-runs/scenario-server';

interface TestFixtures {
  /** Auto: the test's tier, checked declared; for a test of the fast tier, no child process while it runs. */
  tier: void;
}

interface WorkerFixtures {
  data: Fixtures;
  directory: Directory;
  server: FastifyInstance;
  schemas: SchemaValidator;
  /** A real PostgreSQL server, started for the worker when a test first asks for it. */
  postgres: PostgresServer;
  /** The reference server with every scenario under /scenario/<name>: one per worker, started when a test first asks for it. */
  scenarios: ScenarioServer;
}

/** A server in a process of its own, for the worker: started when a test first asks for it, stopped when the worker ends. */
function serverOfTheWorker<Server extends { stop(): Promise<void> }>(
  start: () => Promise<Server>,
): [(fixtures: object, use: (server: Server) => Promise<void>) => Promise<void>, { scope: 'worker'; timeout: number }] {
  return [
    async ({}, use) => {
      const server = await start();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ];
}

/** Worker-scoped: the fixtures are read and indexed, the schemas compiled and the servers started, once per worker. */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  tier: [
    async ({}, use, testInfo) => {
      const tiers = testInfo.tags.filter((tag) => (TIER_TAGS as readonly string[]).includes(tag));
      if (tiers.length !== 1)
        throw new Error(
          `a self-test declares exactly one tier, by its tag (${TIER_TAGS.join(' or ')}; docs/testing.md): this one has ${tiers.join(', ') || 'none'}`,
        );
      if (tiers[0] !== FAST_TIER) return use();
      await refusingChildProcesses(use);
    },
    { auto: true },
  ],
  data: [async ({}, use) => use(readFixtures()), { scope: 'worker' }],
  directory: [async ({ data }, use) => use(indexDirectory(data)), { scope: 'worker' }],
  server: [
    async ({ directory }, use) => {
      const server = buildReferenceServer({ directory });
      await server.ready();
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  schemas: [async ({}, use) => use(createSchemaValidator()), { scope: 'worker' }],
  postgres: serverOfTheWorker(startPostgres),
  // In the fast tier the worker serves the scenarios itself (its tests start no process); in the full
  // tier a process of its own, as a test that blocks on a command (spawnSync) would otherwise stop its server too.
  scenarios: serverOfTheWorker(() => (tierOfRun() === 'fast' ? serveScenariosHere() : startScenarioServer())),
});

export { expect } from '@playwright/test';

/**
 * Random choices of a test (where a kill lands), from a seed: SELF_TEST_SEED when set, to replay a
 * failure, else one drawn now. The seed is an annotation of the test and heads every failure message
 * that passes `seeded.say(...)`, so a failing run prints how to replay it.
 */
export function seededRandom(): { next: () => number; seed: number; say: (what: string) => string } {
  const seed = Number(process.env.SELF_TEST_SEED) || Math.floor(Math.random() * 2 ** 31);
  base.info().annotations.push({ type: 'seed', description: `SELF_TEST_SEED=${seed}` });
  const random = new Random(seed);
  return { next: () => random.next(), seed, say: (what) => `${what} (replay with SELF_TEST_SEED=${seed})` };
}
