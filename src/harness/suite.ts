/**
 * The conformance suite's Playwright fixtures: configuration, the read-only client, and the check
 * recorder whose results become annotations for the conformance reporter.
 */
import { test as base } from '@playwright/test';
import { createSchemaValidator, type SchemaValidator } from '../schema-validation/validator';
import type { Probes } from '../types/schemas';
import type { RequirementId } from './catalogue';
import { Checks } from './checks';
import { firstUniqueRecord } from './derived-probes';
import { clientOptions, environmentWithDotenv, type HarnessConfig, loadConfig, secretsOf } from './config';
import { DirectoryClient } from './directory-client';
import { ReadOnlyHttpClient, Throttle } from './http-client';
import { Redactor } from './redact';
import type { RecordLike } from './rules/answers';
import { type Transport, UndiciTransport } from './transport';
import { ANNOTATION } from './annotations';

interface WorkerFixtures {
  harness: HarnessConfig;
  throttle: Throttle;
  redactor: Redactor;
  schemas: SchemaValidator;
  transport: Transport;
}

interface TestFixtures {
  checks: Checks;
  api: DirectoryClient;
  probes: Probes;
  /** The golden record of the first unique probe that returns one: the source of a curated ID (§4.2). */
  golden: RecordLike | undefined;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  harness: [async ({}, use) => use(loadConfig(environmentWithDotenv(process.env, process.cwd()))), { scope: 'worker' }],
  redactor: [async ({ harness }, use) => use(new Redactor(secretsOf(harness))), { scope: 'worker' }],
  schemas: [async ({}, use) => use(createSchemaValidator()), { scope: 'worker' }],
  // Workers are separate processes: each keeps to its share, so together they stay within MAX_RPS.
  throttle: [
    async ({ harness }, use, workerInfo) => use(new Throttle(harness.maxRps / Math.max(1, workerInfo.config.workers))),
    { scope: 'worker' },
  ],
  // One transport per worker keeps connections alive across tests; credentials go per request, never into it.
  transport: [
    async ({ harness }, use) => {
      const transport = new UndiciTransport(harness.clientCertificate);
      await use(transport);
      await transport.close();
    },
    { scope: 'worker' },
  ],

  checks: async ({ redactor, schemas }, use, testInfo) => {
    const declared = new Set(
      testInfo.annotations.filter((a) => a.type === ANNOTATION.requirement).map((a) => a.description as RequirementId),
    );
    const checks = new Checks(declared, redactor, schemas);
    try {
      await use(checks);
    } finally {
      for (const record of checks.requirementRecords)
        testInfo.annotations.push({ type: ANNOTATION.result, description: JSON.stringify(record) });
      for (const record of checks.observationRecords)
        testInfo.annotations.push({ type: ANNOTATION.observation, description: JSON.stringify(record) });
      for (const problem of checks.probeProblems)
        testInfo.annotations.push({ type: ANNOTATION.probeProblem, description: JSON.stringify(problem) });
    }
    const failures = checks.mustFailures();
    if (failures.length > 0) {
      throw new Error(
        `${failures.length} MUST check${failures.length > 1 ? 's' : ''} failed:\n\n${failures.map((f) => f.failure.message).join('\n\n')}`,
      );
    }
  },

  api: async ({ transport, harness, redactor, checks, throttle }, use) => {
    const http = new ReadOnlyHttpClient(transport, clientOptions(harness, redactor, throttle));
    await use(new DirectoryClient(http, harness, checks));
  },

  probes: async ({ harness }, use) => use(harness.probes),

  golden: async ({ api, probes }, use) => use(await firstUniqueRecord(api, probes)),
});

export { expect } from '@playwright/test';
export { requirements } from './annotations';
