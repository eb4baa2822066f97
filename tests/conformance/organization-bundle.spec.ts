/**
 * The conformance suite's entries of src/suite/organization-bundle.ts, as Playwright tests: each entry's title,
 * the subjects it declares (its tags), and its plan with this test's fixtures as its context.
 */
import { entryTest, judging, test } from '../../src/harness/suite';
import { ORGANIZATION_BUNDLE } from '../../src/suite/organization-bundle';

// The loop is here, not in the harness: Playwright places a test where test() is called, and its reports name this file.
test.describe(ORGANIZATION_BUNDLE.describe, () => {
  for (const entry of ORGANIZATION_BUNDLE.entries) test(entry.title, judging(...entry.subjects), entryTest(entry));
});
