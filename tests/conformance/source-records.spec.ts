/**
 * The conformance suite's entries of src/suite/source-records.ts, as Playwright tests: each entry's title,
 * the subjects it declares (its tags), and its plan with this test's fixtures as its context.
 */
import { entryTest, judging, test } from '../../src/harness/suite';
import { SOURCE_RECORDS } from '../../src/suite/source-records';

// The loop is here, not in the harness: Playwright places a test where test() is called, and its reports name this file.
test.describe(SOURCE_RECORDS.describe, () => {
  for (const entry of SOURCE_RECORDS.entries) test(entry.title, judging(...entry.subjects), entryTest(entry));
});
