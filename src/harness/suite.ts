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
import { HAR_DIR_VARIABLE, harSafety, HarTransport } from '../client/har-log';
import { type Transport, UndiciTransport } from '../client/transport';
import { secretsOf } from '../config/connection';
import { environmentWithDotenv } from '../config/environment';
import { escapeText } from '../report/escape';
import type { SubjectKind } from '../rules/rulebook';
import type { RequirementId } from '../spec/catalogue';
import type { NotJudgedReason, Probes } from '../types/schemas';
import { ANNOTATION } from '../suite/annotations';
import { TestChecks } from '../suite/checks';
import { type Discovery, discover } from '../suite/discovery';
import { readSharedDiscovery, SHARED_DIR_VARIABLE, writeSharedDiscovery } from './shared-discovery';
import type { EntryContext, SuiteEntry } from '../suite/entry';
import { DirectoryEndpoints } from '../client/endpoints';
import { loadSuiteConfig, type SuiteConfig } from '../suite/suite-config';
import { DirectoryClient } from '../suite/test-client';

/** What a test needs of its target: the configuration, and what is built from it once per worker. */
interface TargetSetup {
  harness: SuiteConfig;
  redactor: Redactor;
  throttle: Throttle;
  transport: Transport;
  /** What the unique probes lead to, discovered once for the worker by the first test that needs it; recorded by one entry alone. */
  discovery?: Promise<Discovery>;
}

interface WorkerFixtures {
  /** The target's setup, built once and kept for the worker's life. */
  targetSetup: TargetSetup;
}

interface TestFixtures {
  harness: SuiteConfig;
  redactor: Redactor;
  throttle: Throttle;
  transport: Transport;
  checks: TestChecks;
  api: DirectoryClient;
  probes: Probes;
  /** The golden records of the unique probes that return one, each once: the curated IDs (§4.2), and how their answers were judged. */
  discovery: Discovery;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  targetSetup: [
    async ({}, use, workerInfo) => {
      const harness = loadSuiteConfig(environmentWithDotenv(process.env, process.cwd()));
      const setup: TargetSetup = {
        harness,
        redactor: new Redactor(secretsOf(harness)),
        // Workers are separate processes: each keeps to its share, so together they stay within MAX_RPS.
        throttle: new Throttle(harness.maxRps / Math.max(1, workerInfo.config.workers)),
        // One transport per worker keeps connections alive across tests; credentials go per request, never into it.
        transport: new UndiciTransport(harness.clientCertificate),
      };
      await use(setup);
      await setup.transport.close();
    },
    { scope: 'worker' },
  ],
  // Plumbing fixtures are no steps of their own (box: 'self'): a report by test shows the checks, the
  // client and discovery, not how the configuration reached them.
  harness: [async ({ targetSetup }, use) => use(targetSetup.harness), { box: 'self' }],
  redactor: [async ({ targetSetup }, use) => use(targetSetup.redactor), { box: 'self' }],
  throttle: [async ({ targetSetup }, use) => use(targetSetup.throttle), { box: 'self' }],
  transport: [
    async ({ targetSetup }, use, testInfo) => {
      const { transport, redactor } = targetSetup;
      const logDir = process.env[REQUEST_LOG_VARIABLE];
      const harDir = process.env[HAR_DIR_VARIABLE];
      // The benchmark's request log (CONFORMANCE_REQUEST_LOG), by test and by parallel lane.
      const logged = logDir
        ? new LoggingTransport(transport, logDir, testInfo.testId, testInfo.parallelIndex, (url) => redactor.url(url))
        : transport;
      // run --har: every exchange, as harSafety writes it.
      await use(
        harDir
          ? new HarTransport(logged, harDir, testInfo.titlePath.slice(1).join(' › '), testInfo.parallelIndex, harSafety(redactor))
          : logged,
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
    if (failures.length > 0) {
      // Playwright prints this on the terminal: what the service sent must show there, never act. The
      // first failure of each requirement tells the story, with how many more it has; every one, with
      // its evidence, is in the report the verdict line names.
      const byRequirement = new Map<RequirementId, typeof failures>();
      for (const failure of failures) {
        const listed = byRequirement.get(failure.id);
        if (listed) listed.push(failure);
        else byRequirement.set(failure.id, [failure]);
      }
      const shown = [...byRequirement.values()].map(([first, ...rest]) =>
        [
          escapeText(first.failure.message, 'terminal'),
          ...(rest.length > 0 ? [`      (and ${rest.length} more of ${first.id}: in the report)`] : []),
        ].join('\n'),
      );
      const message = checks.findingsThrown(
        `${failures.length} MUST check${failures.length > 1 ? 's' : ''} failed, of ${byRequirement.size} requirement${byRequirement.size > 1 ? 's' : ''}:\n\n${shown.join('\n\n')}`,
      );
      testInfo.annotations.push(...checks.thrownAnnotation());
      throw findingError(message);
    }
  },

  api: async ({ transport, harness, redactor, checks, throttle }, use) => {
    const http = new ReadOnlyHttpClient(transport, clientOptions(harness, redactor, throttle));
    await use(new DirectoryClient(http, harness, checks));
  },

  probes: [async ({ harness }, use) => use(harness.probes), { box: 'self' }],

  // Discovery once per run (shared-discovery.ts: a worker started again after a failed test reads what the first found),
  // through endpoints that judge nothing of their own: its judgements are recorded by one entry alone (source-records), so
  // no count depends on how often a worker starts.
  // Through the test's transport: run --har keeps its exchanges too, under the test that needed them first.
  discovery: async ({ probes, targetSetup, harness, redactor, throttle, transport }, use) => {
    const endpoints = () => new DirectoryEndpoints(new ReadOnlyHttpClient(transport, clientOptions(harness, redactor, throttle)), harness);
    targetSetup.discovery ??= (async () => {
      const shared = process.env[SHARED_DIR_VARIABLE];
      const found = readSharedDiscovery(shared);
      if (found) return found;
      const discovered = await discover(endpoints(), probes);
      writeSharedDiscovery(shared, discovered, redactor);
      return discovered;
    })();
    await use(await targetSetup.discovery);
  },
});

/**
 * A test's findings as the error that fails it: the service's fault, not a crash of the harness, so
 * without a stack, and Playwright shows no code frame of the harness under the evidence.
 */
function findingError(message: string): Error {
  const finding = new Error(message);
  finding.stack = `Error: ${message}`;
  return finding;
}

/**
 * Skips the test when `skipped`, with a typed reason: the reporter reads the reason as data (the
 * conformance-skip annotation), Playwright shows its words. An entry's skipEntry, under Playwright.
 */
function skipTest(skipped: boolean, reason: NotJudgedReason): void {
  if (!skipped) return;
  test.info().annotations.push({ type: ANNOTATION.skip, description: JSON.stringify(reason) });
  test.skip(true, reason.text);
}

/** A suite entry as a Playwright test's body: its plan, with the fixtures as its context and Playwright's skip and steps. */
export function entryTest(entry: SuiteEntry) {
  return ({ api, checks, probes, harness, discovery }: Pick<TestFixtures, 'api' | 'checks' | 'probes' | 'harness' | 'discovery'>) => {
    const context: EntryContext = {
      api,
      checks,
      probes,
      settings: { maxPages: harness.maxPages, statusSearch: harness.statusSearch },
      discovery,
      skipEntry: skipTest,
      step: (label, body) => test.step(label, body),
    };
    return entry.plan(context);
  };
}

export { judging } from '../suite/annotations';
