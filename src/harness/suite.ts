/**
 * The conformance suite's Playwright fixtures: configuration, the read-only client, and the check
 * recorder whose results become annotations for the conformance reporter.
 */
// Playwright's root test type, without the browser fixtures that `test` adds. The suite never opens a
// browser; those fixtures were set up and torn down around every test, each as a step with a
// captured stack; and without them no trace is recorded, even with --trace on: traces hold request
// headers, which cannot be redacted, so no credential can reach one.
import { _baseTest as base } from '@playwright/test';
import { clientOptions } from '../client/client-options';
import { ReadOnlyHttpClient, Throttle } from '../client/http-client';
import { Redactor } from '../client/redact';
import { LoggingTransport, REQUEST_LOG_VARIABLE } from '../client/request-log';
import { HAR_DIR_VARIABLE, HarTransport } from '../client/har-log';
import { serviceText } from '../rules/service-text';
import { type Transport, UndiciTransport } from '../client/transport';
import { secretsOf } from '../config/connection';
import { environmentWithDotenv } from '../config/environment';
import { suiteTargets, targetEnvironment, targetTag } from '../config/targets';
import { escapeText } from '../report/escape';
import type { RecordLike } from '../rules/answers';
import type { SubjectKind } from '../rules/rulebook/subjects';
import type { RequirementId } from '../spec/catalogue';
import type { Probes } from '../types/schemas';
import { ANNOTATION } from './annotations';
import { TestChecks } from './checks';
import { uniqueProbeRecords } from './discovery';
import { loadSuiteConfig, type SuiteConfig } from './suite-config';
import { DirectoryClient } from './test-client';

/** What a test needs of its target: the configuration, and what is built from it once per worker. */
interface TargetSetup {
  harness: SuiteConfig;
  redactor: Redactor;
  throttle: Throttle;
  transport: Transport;
  /** The golden records the unique probes lead to, discovered by the first test that needs them. */
  goldens?: Promise<RecordLike[]>;
}

interface WorkerFixtures {
  /** Each target's setup, built on first use and kept for the worker's life. */
  targetSetups: (name: string) => TargetSetup;
}

interface TestFixtures {
  /** The target of this test (CONFORMANCE_TARGETS); '' for the run's own configuration. */
  target: string;
  harness: SuiteConfig;
  redactor: Redactor;
  throttle: Throttle;
  transport: Transport;
  checks: TestChecks;
  api: DirectoryClient;
  probes: Probes;
  /** The golden records of the unique probes that return one, each once: the curated IDs (§4.2). */
  goldens: RecordLike[];
}

/** The targets of the run (CONFORMANCE_TARGETS), read as the reporter and the preflight read them. */
const TARGETS = suiteTargets(environmentWithDotenv(process.env, process.cwd()));
const SEVERAL_TARGETS = TARGETS.length > 0;

export const test = base.extend<TestFixtures, WorkerFixtures>({
  target: ['', { option: true }],
  targetSetups: [
    async ({}, use, workerInfo) => {
      const environment = environmentWithDotenv(process.env, process.cwd());
      const targets = new Map(TARGETS.map((t) => [t.name, t]));
      const setups = new Map<string, TargetSetup>();
      await use((name) => {
        let setup = setups.get(name);
        if (!setup) {
          const harness = loadSuiteConfig(targetEnvironment(environment, targets.get(name)));
          setup = {
            harness,
            redactor: new Redactor(secretsOf(harness)),
            // Workers are separate processes: each keeps to its share, so together they stay within MAX_RPS.
            throttle: new Throttle(harness.maxRps / Math.max(1, workerInfo.config.workers)),
            // One transport per worker and target keeps connections alive across tests; credentials go per request, never into it.
            transport: new UndiciTransport(harness.clientCertificate),
          };
          setups.set(name, setup);
        }
        return setup;
      });
      await Promise.all([...setups.values()].map((setup) => setup.transport.close()));
    },
    { scope: 'worker' },
  ],
  // Plumbing fixtures are no steps of their own (box: 'self'): a report by test shows the checks, the
  // client and discovery, not how the configuration reached them.
  harness: [async ({ targetSetups, target }, use) => use(targetSetups(target).harness), { box: 'self' }],
  redactor: [async ({ targetSetups, target }, use) => use(targetSetups(target).redactor), { box: 'self' }],
  throttle: [async ({ targetSetups, target }, use) => use(targetSetups(target).throttle), { box: 'self' }],
  transport: [
    async ({ targetSetups, target }, use, testInfo) => {
      const { transport, redactor } = targetSetups(target);
      const logDir = process.env[REQUEST_LOG_VARIABLE];
      const harDir = process.env[HAR_DIR_VARIABLE];
      // The benchmark's request log (CONFORMANCE_REQUEST_LOG), by test and by parallel lane.
      const logged = logDir
        ? new LoggingTransport(transport, logDir, testInfo.testId, testInfo.parallelIndex, (url) => redactor.url(url))
        : transport;
      // run --har: every exchange, credentials out and bodies bounded as in the reports.
      const safety = {
        url: (v: string) => redactor.url(v),
        text: (v: string) => redactor.text(v),
        body: (v: string) => serviceText(redactor.text(v)),
      };
      await use(
        harDir ? new HarTransport(logged, harDir, testInfo.titlePath.slice(1).join(' › '), testInfo.parallelIndex, safety) : logged,
      );
    },
    { box: 'self' },
  ],

  checks: async ({ redactor }, use, testInfo) => {
    const declared = new Set(
      testInfo.annotations.filter((a) => a.type === ANNOTATION.requirement).map((a) => a.description as RequirementId),
    );
    const subjects = new Set(testInfo.annotations.filter((a) => a.type === ANNOTATION.judges).map((a) => a.description as SubjectKind));
    const checks = new TestChecks(declared, subjects, redactor);
    try {
      await use(checks);
    } finally {
      testInfo.annotations.push(...checks.annotations());
    }
    const failures = checks.mustFailures();
    // With several targets the reporter alone judges, from the annotations: a failed test would make
    // Playwright replace its worker, and a hundred scenarios would start a hundred workers.
    if (failures.length > 0 && !SEVERAL_TARGETS) {
      // Playwright prints this on the terminal: what the service sent must show there, never act.
      const message = checks.findingsThrown(
        `${failures.length} MUST check${failures.length > 1 ? 's' : ''} failed:\n\n${failures.map((f) => escapeText(f.failure.message, 'terminal')).join('\n\n')}`,
      );
      testInfo.annotations.push(...checks.thrownAnnotation());
      throw new Error(message);
    }
  },

  api: async ({ transport, harness, redactor, checks, throttle }, use) => {
    const http = new ReadOnlyHttpClient(transport, clientOptions(harness, redactor, throttle));
    await use(new DirectoryClient(http, harness, checks));
  },

  probes: [async ({ harness }, use) => use(harness.probes), { box: 'self' }],

  // Discovery happens once per worker and target, not once per test: its requests, checks and probe
  // problems belong to the first test that asked.
  goldens: async ({ api, probes, targetSetups, target }, use) => {
    const setup = targetSetups(target);
    await use(await (setup.goldens ??= uniqueProbeRecords(api, probes)));
  },
});

/** A top-level describe of the suite: once, or once per target when CONFORMANCE_TARGETS names several. */
export function describeSuite(title: string, body: () => void): void {
  if (!SEVERAL_TARGETS) return test.describe(title, body);
  for (const { name } of TARGETS)
    test.describe(`${title} ${targetTag(name)}`, () => {
      test.use({ target: name });
      body();
    });
}

export { expect } from '@playwright/test';
export { judging } from './annotations';
