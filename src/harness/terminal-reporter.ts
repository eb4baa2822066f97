/**
 * The run on the terminal, one line a test, in place of Playwright's list: the test's group and
 * title without its tags (a tag list ran lines to 500 characters) or its file, and how it ended. A
 * test that failed on its findings says how many MUST checks failed and of which requirements: the
 * conformance reporter prints each requirement's block once, after the tests (report/finding-blocks.ts).
 * Anything else that failed a test (a time-out, a harness error) is its first line, the rest under
 * DEBUG=1. A skip says its reason. Errors outside the tests (the preflight) are printed as they come.
 */
import type { FullConfig, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { ANNOTATION } from './annotations';
import { errorText, withoutColour } from './error-text';
import type { RequirementRecord } from '../rules/rulebook';
import { counted } from '../report/counted';
import { escapeLine, escapeText } from '../report/escape';

const debugging = () => process.env.DEBUG !== undefined && process.env.DEBUG !== '';

/** The requirements a test's MUST checks failed, and how many checks, from its result annotations. */
function mustFindings(annotations: TestResult['annotations']): { checks: number; ids: string[] } {
  const records = annotations
    .filter((a) => a.type === ANNOTATION.result && a.description !== undefined)
    .map((a) => JSON.parse(a.description!) as RequirementRecord);
  const failing = records
    .map((record) => ({ id: record.id, failures: record.failures.filter((f) => f.level === 'MUST').length }))
    .filter((record) => record.failures > 0);
  return { checks: failing.reduce((sum, record) => sum + record.failures, 0), ids: [...new Set(failing.map((record) => record.id))] };
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
    if (debugging() && error.stack) console.log(escapeText(withoutColour(error.stack), 'terminal'));
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    // Root, project and file first: the group and the title are what a reader knows the test by.
    const title = test.titlePath().slice(3).join(' › ');
    const took = `(${result.duration} ms)`;
    // A test's annotations may be on both the test and its result: each once, as the conformance reporter reads them.
    const annotations = [
      ...new Map([...test.annotations, ...result.annotations].map((a) => [`${a.type}\u0000${a.description ?? ''}`, a])).values(),
    ];
    switch (result.status) {
      case 'passed':
        console.log(`  ✓ ${title} ${took}`);
        return;
      case 'skipped': {
        const reason = annotations.find((a) => a.type === 'skip')?.description;
        console.log(`  - ${title}: skipped${reason ? `: ${escapeLine(reason, 'terminal')}` : ''}`);
        return;
      }
      default: {
        const findings = annotations.some((a) => a.type === ANNOTATION.findings) ? mustFindings(annotations) : undefined;
        if (findings && findings.checks > 0) {
          console.log(`  ✘ ${title}: ${counted(findings.checks, 'MUST check')} of ${findings.ids.join(', ')} failed ${took}`);
          return;
        }
        const [error] = result.errors;
        console.log(`  ✘ ${title}: ${result.status === 'timedOut' ? 'timed out' : error ? firstLine(error) : result.status} ${took}`);
        if (debugging())
          for (const each of result.errors) console.log(escapeText(withoutColour(each.stack ?? each.message ?? ''), 'terminal'));
      }
    }
  }
}
