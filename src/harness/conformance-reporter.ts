import { basename } from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { type TestOutcome, testResultOf } from '../suite/annotations';
import { errorText, testOutcomeOf } from './finished-test';
import { grepPattern, PLANNED_TESTS, testKey, unfinishedOutcome } from '../suite/planned-tests';
import { type RunSelection, SELECTION_METADATA } from './run-selection';
import { preflightStopped } from './preflight';
import { ENV_FILE_VARIABLE, type Environment, environmentWithDotenv, isQuiet } from '../config/environment';
import { loadSuiteConfig } from '../suite/suite-config';
import { reportTargetOf } from '../suite/report-target';
import { secretsOf } from '../config/connection';
import { Redactor } from '../client/redact';
import { applyBaseline } from '../verdicts/baseline/apply';
import { aggregate, EXIT_CODE, type RunError, type RunVerdict } from '../verdicts/aggregate';
import { conformanceReport } from '../report/model';

/**
 * What writes the report and its lines, loaded once a test has ended rather than as Playwright
 * starts: the renderers (HTML, JUnit's XML builder) are a tenth of a second the run would otherwise
 * wait for before its first test, and are loaded by the time it ends, while the workers wait on the
 * target's answers.
 */
function reportWriters(): typeof import('../report/write-report') & typeof import('../report/verdict-lines') {
  /* eslint-disable @typescript-eslint/no-require-imports */
  return {
    ...(require('../report/write-report') as typeof import('../report/write-report')),
    ...(require('../report/verdict-lines') as typeof import('../report/verdict-lines')),
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
}

/**
 * Playwright reporter that turns the suite's annotations into conformance.json, .md and .junit.xml,
 * and decides the exit status (EXIT_CODE): MUST failures fail (1), SHOULD failures only with STRICT;
 * probe problems or run errors without a failure are inconclusive (3).
 */
export default class ConformanceReporter implements Reporter {
  private readonly outcomes = new Map<string, TestOutcome>();
  /** The finished tests' keys (planned-tests.ts: testKey). */
  private readonly finished = new Set<string>();
  /** Errors outside any test: the preflight, or a failing global set-up. */
  private readonly runErrors: RunError[] = [];
  private startedAt = new Date();

  /** Under --quiet it is the only reporter that prints (its verdict line): Playwright then adds none of its own. */
  printsToStdio(): boolean {
    return isQuiet(process.env);
  }

  /** The tests Playwright selected (after every filter, the harness's and any passed through), by title; the run's own --grep. */
  private selected = new Set<string>();
  private selection: RunSelection = {};

  onBegin(config: FullConfig, suite: Suite): void {
    this.startedAt = new Date();
    this.selected = new Set(suite.allTests().map((test) => testKey(basename(test.location.file), test.title)));
    this.selection = (config.metadata?.[SELECTION_METADATA] as RunSelection | undefined) ?? {};
  }

  onError(error: TestError): void {
    // The preflight says why it stopped the run as data (preflightStopped); any other error outside the tests is the harness's.
    const stop = preflightStopped();
    if (stop && !this.runErrors.some((e) => e.test === 'preflight')) this.runErrors.push({ test: 'preflight', ...stop });
    else this.runErrors.push({ test: '(outside tests)', kind: 'harness', message: errorText(error) });
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (this.finished.size === 0) setImmediate(reportWriters);
    this.outcomes.set(test.id, testOutcomeOf(test, result));
    this.finished.add(testKey(basename(test.location.file), test.title));
  }

  async onEnd(result: FullResult): Promise<{ status?: FullResult['status'] } | undefined> {
    // `--list` ends without running a test: there is nothing to report, and no verdict to give.
    if (this.outcomes.size === 0 && this.runErrors.length === 0 && result.status === 'passed') return undefined;
    const environment = environmentWithDotenv(process.env, process.cwd());
    const verdict = this.report(environment, [...this.outcomes.values(), ...this.unfinished(result)]);
    // Playwright exits 0 or 1 only; an exit listener runs inside its process.exit and sets ours.
    // The verdict can also be kinder than the tests: a failure the baseline knows fails its test, not the run.
    const code = EXIT_CODE[verdict];
    // A run stopped by Ctrl-C or SIGTERM exits by the verdict of what it judged (inconclusive, as a
    // rule: what it did not reach is not judged), not by Playwright's 130.
    process.once('exit', () => {
      process.exitCode = code;
    });
    if (result.status === 'interrupted') return undefined;
    if (code !== 0 && result.status === 'passed') return { status: 'failed' };
    return code === 0 && result.status === 'failed' ? { status: 'passed' } : undefined;
  }

  /**
   * Every test of the plan that did not finish, as the verdict reads it (planned-tests.ts); and, when
   * selected tests were not reached or the run was stopped, an error of the run: an interrupted run
   * is never a pass, whatever a baseline accepts.
   */
  private unfinished(result: FullResult): TestOutcome[] {
    // A run stopped before its tests (the preflight, the configuration) says so, once: its tests were never its to run.
    if (this.runErrors.some((e) => e.kind === 'preflight' || e.kind === 'configuration')) return [];
    const grep = this.selection.grep === undefined ? undefined : grepPattern(this.selection.grep);
    const left = PLANNED_TESTS.filter((test) => !this.finished.has(test.key)).map((test) =>
      unfinishedOutcome(test, { selected: this.selected.has(test.key), ...(grep ? { grep } : {}) }),
    );
    const unreached = left.filter((o) => o.status === 'interrupted').length;
    if (unreached > 0 || result.status === 'interrupted' || result.status === 'timedout')
      this.runErrors.push({
        test: '(run)',
        kind: 'interrupted',
        message: `the run ${result.status === 'timedout' ? 'reached its global time-out' : result.status === 'interrupted' ? 'was interrupted (Ctrl-C or SIGTERM)' : 'lost tests'} before ${unreached} of its ${this.selected.size} selected tests ran: what they judge is not judged`,
      });
    return left;
  }

  /** The run's report, written to REPORT_DIR, and its verdict. */
  private report(environment: Environment, outcomes: readonly TestOutcome[]): RunVerdict {
    // The configuration was checked before any test ran (playwright.config.ts); reading it again here
    // keeps secrets out of reporter options, which Playwright copies into its own reports.
    const config = loadSuiteConfig(environment);
    const { safeReport, verdictLines, writeReport } = reportWriters();
    const redactor = new Redactor(secretsOf(config));
    const aggregated = aggregate(outcomes.map(testResultOf), { strict: config.strict }, this.runErrors);
    const judged = config.baseline ? applyBaseline(aggregated, config.baseline, config.strict) : undefined;
    const summary = { ...aggregated, ...judged };
    const report = conformanceReport({
      target: reportTargetOf(config, redactor),
      startedAt: this.startedAt.toISOString(),
      durationMs: Date.now() - this.startedAt.getTime(),
      ...summary,
    });
    writeReport(config.reportDir, report, redactor);
    // Playwright's own tests, as it printed them above: the plan's tests that did not run are the coverage lines' to name.
    const tests = (...statuses: TestOutcome['status'][]) => [...this.outcomes.values()].filter((o) => statuses.includes(o.status)).length;
    const printed = { passed: tests('passed'), failed: tests('failed', 'timedOut'), skipped: tests('skipped') };
    for (const line of verdictLines(safeReport(report, redactor), { reportDir: config.reportDir, tests: printed })) console.log(line);
    // Without a baseline a SHOULD finding only warns: the last line says how to gate on every finding.
    if (!config.baseline && this.runErrors.length === 0 && !isQuiet(environment)) {
      // The hint repeats the target and inputs of this run: copied, it records the same service's findings, never a credential.
      const again = [
        ...(config.embedded ? [] : [`--base-url ${redactor.url(config.baseUrl)}`]),
        ...(environment[ENV_FILE_VARIABLE] ? [`--env-file ${environment[ENV_FILE_VARIABLE]}`] : []),
        ...(environment.PROBES_FILE?.trim() ? [`--probes ${environment.PROBES_FILE.trim()}`] : []),
      ];
      console.log(
        `no baseline: to gate releases on every finding, SHOULD ones included, record the ones you accept with: directory-conformance run ${[...again, '--baseline conformance-baseline.json --update-baseline'].join(' ')}`,
      );
    }
    return summary.verdict;
  }
}
