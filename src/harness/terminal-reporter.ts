/**
 * The run on the terminal, one line a test, in place of Playwright's list: the test's group and
 * title without its tags (a tag list ran lines to 500 characters) or its file, and how it ended. A
 * test that failed on its findings says how many MUST checks failed and of which requirements: the
 * conformance reporter prints each requirement's block once, after the tests (report/finding-blocks.ts).
 * Anything else that failed a test (a time-out, a harness error) is its first line, the rest under
 * DEBUG=1. A skip says its reason. Errors outside the tests (the preflight) are printed as they come.
 */
import type { FullConfig, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { testResultOf } from '../suite/annotations';
import { errorText, testOutcomeOf, withoutColour } from './finished-test';
import { isDebugging } from '../config/environment';
import { counted } from '../report/counted';
import { escapeLine, escapeText } from '../report/escape';

/**
 * The MUST checks a test failed and their requirements, when its failure is its findings alone: the
 * verdict's own reading of the test (testResultOf), which leaves no error once the findings explain it.
 */
function mustFindings(test: TestCase, result: TestResult): { checks: number; ids: string[] } | undefined {
  const read = testResultOf(testOutcomeOf(test, result));
  if (read.errors.length > 0) return undefined;
  const failing = read.results
    .map((record) => ({ id: record.id, failures: record.failures.filter((f) => f.level === 'MUST').length }))
    .filter((record) => record.failures > 0);
  const checks = failing.reduce((sum, record) => sum + record.failures, 0);
  return checks === 0 ? undefined : { checks, ids: [...new Set(failing.map((record) => record.id))] };
}

/** The first line of an error as Playwright gives it, without colour, and shown, never acted on: it may quote the service. */
const firstLine = (error: TestError) => escapeLine(errorText(error).split('\n')[0], 'terminal');

export default class TerminalReporter implements Reporter {
  printsToStdio(): boolean {
    return true;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    const tests = suite.allTests().length;
    console.log(`\nRunning ${counted(tests, 'test')} using ${counted(config.workers, 'worker')}\n`);
  }

  onError(error: TestError): void {
    console.log(firstLine(error));
    if (isDebugging(process.env) && error.stack) console.log(escapeText(withoutColour(error.stack), 'terminal'));
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    // Root, project and file first: the group and the title are what a reader knows the test by.
    const title = test.titlePath().slice(3).join(' › ');
    const took = `(${result.duration} ms)`;
    switch (result.status) {
      case 'passed':
        console.log(`  ✓ ${title} ${took}`);
        return;
      case 'skipped': {
        const reason = [...test.annotations, ...result.annotations].find((a) => a.type === 'skip')?.description;
        console.log(`  - ${title}: skipped${reason ? `: ${escapeLine(reason, 'terminal')}` : ''}`);
        return;
      }
      default: {
        const findings = mustFindings(test, result);
        if (findings) {
          console.log(`  ✘ ${title}: ${counted(findings.checks, 'MUST check')} of ${findings.ids.join(', ')} failed ${took}`);
          return;
        }
        const [error] = result.errors;
        console.log(`  ✘ ${title}: ${result.status === 'timedOut' ? 'timed out' : error ? firstLine(error) : result.status} ${took}`);
        if (isDebugging(process.env))
          for (const each of result.errors) console.log(escapeText(withoutColour(each.stack ?? each.message ?? ''), 'terminal'));
      }
    }
  }
}
