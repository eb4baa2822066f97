/**
 * The conformance suite in this process: its entries (src/suite/) against one target, judged as
 * `run` judges them, without Playwright's runner or workers. The mutation run and the self-tests
 * call it: a scenario costs what judging it costs, not a runner and its workers. Each entry's
 * outcome goes the reporter's own way (annotations, then testResultOf), so the two drivers cannot
 * disagree on what an outcome comes to; what only a process shows (the exit code, Playwright's
 * reports, sharding) is proven by the commands' own tests.
 */
import { clientOptions } from '../client/client-options';
import { DirectoryEndpoints } from '../client/endpoints';
import { NotSentError, ReadOnlyHttpClient, Throttle } from '../client/http-client';
import { preflightInputsOf, preflightStop } from '../client/preflight';
import { Redactor } from '../client/redact';
import { type Transport, UndiciTransport } from '../client/transport';
import { secretsOf } from '../config/connection';
import type { Environment } from '../config/environment';
import { ANNOTATION, judging, testResultOf, type TestOutcome } from './annotations';
import { TestChecks } from './checks';
import { loadSuiteConfig, type SuiteConfig } from './suite-config';
import { DirectoryClient } from './test-client';
import { needsOf, requirementsOf, type SubjectKind } from '../rules/rulebook';
import { discover } from './discovery';
import type { EntryContext, SuiteEntry, SuiteGroup } from './entry';
import { PLANNED_TESTS, selectedBy, unfinishedOutcome } from './planned-tests';
import type { NotJudgedReason, RunError } from '../types/schemas';
import { applyBaseline } from '../verdicts/baseline/apply';
import { aggregate, type TestResult } from '../verdicts/aggregate';
import { type ConformanceReport, conformanceReport } from '../report/model';
import { reportTargetOf } from './report-target';
import { safeReport } from '../report/write-report';

/** How an entry ends itself as skipped in this process: the reason travels as data, as Playwright's skip annotation carries it. */
class EntrySkipped extends Error {
  constructor(readonly reason: NotJudgedReason) {
    super(reason.text);
  }
}

/** Why a request the transport declined leaves the rest of its test unasked, by what declined it. */
const NOT_SENT: Record<NotSentError['kind'], string> = {
  recording: 'what this test asks next is not in the recording',
  budget: 'what this test asks next is past the request budget',
  stopped: 'the command was stopped before this test asked the rest',
};

/** A request the transport declined (a recording that does not hold it, a budget spent): the entry is not judged from here, and says which request. */
function notSentReason(error: unknown, entry: SuiteEntry): NotJudgedReason | undefined {
  if (!(error instanceof NotSentError)) return undefined;
  return {
    kind: 'not-met',
    needs: [...new Set([...requirementsOf(...entry.subjects)].flatMap(needsOf))],
    text: `${error.message}: ${NOT_SENT[error.kind]}`,
  };
}

/** The preflight's stop, or, where its request was declined (a budget spent, a stop), the run error that says so. */
async function preflightOf(http: ReadOnlyHttpClient, config: SuiteConfig): Promise<RunError | undefined> {
  try {
    const stop = await preflightStop(http, config, preflightInputsOf(config.probes));
    return stop && { test: 'preflight', kind: stop.configuration ? 'configuration' : 'preflight', message: stop.message };
  } catch (error) {
    if (!(error instanceof NotSentError)) throw error;
    return { test: 'preflight', kind: 'interrupted', message: error.message };
  }
}

/** One entry, its plan run to its end, as the reporter would see the test that wraps it. */
async function runEntry(
  group: SuiteGroup,
  entry: SuiteEntry,
  base: Omit<EntryContext, 'api' | 'checks' | 'skipEntry' | 'step'>,
  http: ReadOnlyHttpClient,
  paths: { providerPath: string; fhirPath: string },
  redactor: Redactor,
): Promise<TestResult> {
  const subjects = new Set<SubjectKind>(entry.subjects);
  const declared = judging(...entry.subjects).annotation;
  const checks = new TestChecks(requirementsOf(...entry.subjects), subjects, redactor);
  const api = new DirectoryClient(http, paths, checks);
  const annotations: TestOutcome['annotations'][number][] = [...declared];
  const started = performance.now();
  let status: TestOutcome['status'] = 'passed';
  const errors: string[] = [];
  const context: EntryContext = {
    ...base,
    api,
    checks,
    skipEntry: (skipped, reason) => {
      if (skipped) throw new EntrySkipped(reason);
    },
    step: (_label, body) => body(),
  };
  try {
    await entry.plan(context);
  } catch (error) {
    const skipped = error instanceof EntrySkipped ? error.reason : notSentReason(error, entry);
    if (skipped) {
      status = 'skipped';
      annotations.push({ type: ANNOTATION.skip, description: JSON.stringify(skipped) }, { type: 'skip', description: skipped.text });
    } else {
      // A transport error the client said as data (runError); anything else is the harness's, as Playwright would report it.
      status = 'failed';
      errors.push(error instanceof Error ? error.message : String(error));
    }
  }
  annotations.push(...checks.annotations());
  // A MUST finding fails the test, as the Playwright fixture's throw does.
  if (status === 'passed' && checks.mustFailures().length > 0) status = 'failed';
  const durationMs = Math.round(performance.now() - started);
  return testResultOf({ title: `${group.file}.spec.ts › ${entry.title}`, status, annotations, errors, durationMs });
}

/**
 * The suite against the target `env` names (BASE_URL, API_TOKEN, PROBES_FILE, STATUS_SEARCH, …, as
 * `run` reads them): the preflight, discovery once, every entry in turn, and the report
 * `run` would write (conformance.json's content), its baseline applied where one is configured.
 */
export async function runSuiteInProcess(
  env: Environment,
  {
    transport: given,
    offline = false,
    grep,
    secrets = [],
    stop,
  }: {
    transport?: Transport;
    offline?: boolean;
    /** Secrets kept out of the report besides the configuration's: what a recording judged offline may hold of credentials it was not sent with. */
    secrets?: readonly string[];
    /** Once aborted (a signal), no further entry runs: each is interrupted, as the run's tests not reached are, and the run says why. */
    stop?: AbortSignal;
    /** The tests `run --grep` would select: the others are not selected, as the reporter reads them (planned-tests.ts). */
    grep?: RegExp;
  } = {},
): Promise<ConformanceReport> {
  const startedAt = new Date();
  const config = loadSuiteConfig(env);
  const redactor = new Redactor([...secretsOf(config), ...secrets]);
  const transport = given ?? new UndiciTransport(config.clientCertificate);
  try {
    const http = new ReadOnlyHttpClient(transport, clientOptions(config, redactor, new Throttle(config.maxRps)));
    // Offline (a recording judged as it is), there is no service to find before the tests.
    const stopped = offline ? undefined : await preflightOf(http, config);
    const runErrors: RunError[] = stopped ? [stopped] : [];
    const outcomes: TestResult[] = [];
    if (!stopped) {
      const discovery = await discover(new DirectoryEndpoints(http, config), config.probes);
      const base = { probes: config.probes, settings: { maxPages: config.maxPages, statusSearch: config.statusSearch }, discovery };
      for (const planned of PLANNED_TESTS) {
        const selected = !grep || selectedBy(grep, planned);
        outcomes.push(
          !selected || stop?.aborted
            ? testResultOf(unfinishedOutcome(planned, { selected, ...(grep ? { grep } : {}) }))
            : await runEntry(planned.group, planned.entry, base, http, config, redactor),
        );
      }
      if (stop?.aborted)
        runErrors.push({
          test: '(run)',
          kind: 'interrupted',
          message: `${String(stop.reason)} before every test ran: what they judge is not judged`,
        });
    }
    const aggregated = aggregate(outcomes, { strict: config.strict }, runErrors);
    const judged = config.baseline ? applyBaseline(aggregated, config.baseline, config.strict) : undefined;
    const report = conformanceReport({
      target: reportTargetOf(config, redactor),
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      ...aggregated,
      ...judged,
    });
    return safeReport(report, redactor);
  } finally {
    // A transport the caller gave is the caller's to close.
    if (!given) await transport.close();
  }
}
