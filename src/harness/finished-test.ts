/** What the reporters read of a finished Playwright test: its errors without colour, its annotations once each. */
import { basename } from 'node:path';
import type { TestCase, TestError, TestResult } from '@playwright/test/reporter';
import type { TestOutcome } from '../suite/annotations';

// eslint-disable-next-line no-control-regex -- ANSI colour codes start with ESC.
const ANSI = /\u001b\[[0-9;]*m/g;

/** Text Playwright gave with its colours, without them. */
export const withoutColour = (text: string): string => text.replace(ANSI, '');

/** What an error Playwright reports says: its message, or the value thrown, without colour. */
export const errorText = (error: TestError): string => withoutColour(error.message ?? error.value ?? '');

/** A finished test as the verdict reads it: its annotations may be on both the test and its result, and count once. */
export function testOutcomeOf(test: TestCase, result: TestResult): TestOutcome {
  const annotations = [...test.annotations, ...(result.annotations ?? [])];
  return {
    title: `${basename(test.location.file)} › ${test.title}`,
    status: result.status,
    annotations: [...new Map(annotations.map((a) => [`${a.type}\u0000${a.description ?? ''}`, a])).values()],
    errors: result.errors.map(errorText),
    durationMs: result.duration,
  };
}
