import { test as base } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { type Directory, indexDirectory } from '../../src/reference/directory';
import { type Fixtures, readFixtures } from '../../src/reference/fixture-files';
import { buildReferenceServer } from '../../src/reference/server';
import { createSchemaValidator, type SchemaValidator } from '../../src/schema-validation/validator';
import { type PostgresServer, startPostgres } from './postgres-server';

interface WorkerFixtures {
  data: Fixtures;
  directory: Directory;
  server: FastifyInstance;
  schemas: SchemaValidator;
  /** A real PostgreSQL server, started for the worker when a test first asks for it. */
  postgres: PostgresServer;
}

/** Worker-scoped: the fixtures are read and indexed, and the schemas compiled, once per worker. */
export const test = base.extend<object, WorkerFixtures>({
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
  postgres: [
    async ({}, use) => {
      const server = await startPostgres();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

export { expect } from '@playwright/test';
