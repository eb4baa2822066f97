/**
 * One account of what a run planned and what ran. The plan is every entry of the suite; a test the
 * run did not finish is either outside what the user chose (the harness's own --grep, or a shard of a
 * run merged whole: not selected) or a gap (a test not reached, an interruption, a worker lost, or
 * one a selection passed through to Playwright left out). The conformance reporter reads the plan
 * here, so that no source of "not judged" decides alone.
 */
import { SUITE } from './groups';
import type { SuiteEntry, SuiteGroup } from './entry';
import type { TestOutcome } from './annotations';
import { ANNOTATION, judging } from './annotations';

/** A test of the plan: its title as a report names it, the key a finished test is matched to it by, and what it carries. */
export interface PlannedTest {
  title: string;
  key: string;
  group: SuiteGroup;
  entry: SuiteEntry;
}

/**
 * The key of a test, from its spec file's name and its title: the same for the TypeScript sources of
 * a checkout and the compiled specs of the package (`http.spec.ts`, `http.spec.js`).
 */
export const testKey = (specFile: string, title: string) => `${specFile.replace(/\.spec\.[cm]?[jt]s$/, '')} › ${title}`;

/** Every test of the suite, titled as testOutcomeOf titles a finished one of the sources. */
export const PLANNED_TESTS: readonly PlannedTest[] = SUITE.flatMap((group) =>
  group.entries.map((entry) => ({ title: `${group.file}.spec.ts › ${entry.title}`, key: testKey(group.file, entry.title), group, entry })),
);

/** Whether the harness's --grep selects a test, matched as Playwright matches it (case aside): its file, describe title, title and tags. */
export function selectedBy(grep: RegExp, { group, entry }: Pick<PlannedTest, 'group' | 'entry'>): boolean {
  return grep.test(`${group.file}.spec.ts ${group.describe} ${entry.title} ${judging(...entry.subjects).tag.join(' ')}`);
}

/** A run's --grep as Playwright reads it. */
export const grepPattern = (grep: string): RegExp => new RegExp(grep, 'i');

/**
 * The outcome of a planned test the run did not finish: not selected by the user's own --grep (no
 * gap), not reached although selected (interrupted: a gap, and the run an error), or left out by a
 * selection the harness did not make (a gap).
 */
export function unfinishedOutcome(test: PlannedTest, { selected, grep }: { selected: boolean; grep?: RegExp }): TestOutcome {
  const declared = judging(...test.entry.subjects).annotation;
  const skip = (reason: object): TestOutcome => ({
    title: test.title,
    status: 'skipped',
    annotations: [...declared, { type: ANNOTATION.skip, description: JSON.stringify(reason) }],
    errors: [],
  });
  if (selected) return { title: test.title, status: 'interrupted', annotations: declared, errors: [] };
  if (grep && !selectedBy(grep, test)) return skip({ kind: 'not-selected', text: 'no test of this run judges it (--grep chose others)' });
  return skip({
    kind: 'test-not-run',
    outcome: 'deselected',
    text: 'not run: a selection passed through to Playwright (after --), or a shard never merged, left it out',
  });
}
