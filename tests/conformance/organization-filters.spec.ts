/**
 * The conformance suite's entries of src/suite/organization-filters.ts, as Playwright tests: each entry's title,
 * the subjects it declares (its tags), and its plan with this test's fixtures as its context.
 */
import { entryTest, judging, test } from '../../src/harness/suite';
import { ORGANIZATION_FILTERS } from '../../src/suite/organization-filters';

// The loop is here, not in the harness: Playwright places a test where test() is called, and its reports name this file.
test.describe(ORGANIZATION_FILTERS.describe, () => {
  for (const entry of ORGANIZATION_FILTERS.entries) test(entry.title, judging(...entry.subjects), entryTest(entry));
});
