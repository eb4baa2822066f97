/**
 * The conformance suite's entries of src/suite/organization-paging.ts, as Playwright tests: each entry's title,
 * the subjects it declares (its tags), and its plan with this test's fixtures as its context.
 */
import { entryTest, judging, test } from '../../src/harness/suite';
import { ORGANIZATION_PAGING } from '../../src/suite/organization-paging';

// The loop is here, not in the harness: Playwright places a test where test() is called, and its reports name this file.
test.describe(ORGANIZATION_PAGING.describe, () => {
  for (const entry of ORGANIZATION_PAGING.entries) test(entry.title, judging(...entry.subjects), entryTest(entry));
});
