/**
 * The conformance suite's entries of src/suite/search-single-best.ts, as Playwright tests: each entry's title,
 * the subjects it declares (its tags), and its plan with this test's fixtures as its context.
 */
import { entryTest, judging, test } from '../../src/harness/suite';
import { SEARCH_SINGLE_BEST } from '../../src/suite/search-single-best';

// The loop is here, not in the harness: Playwright places a test where test() is called, and its reports name this file.
test.describe(SEARCH_SINGLE_BEST.describe, () => {
  for (const entry of SEARCH_SINGLE_BEST.entries) test(entry.title, judging(...entry.subjects), entryTest(entry));
});
