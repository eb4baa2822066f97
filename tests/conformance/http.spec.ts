/**
 * The conformance suite's entries of src/suite/http.ts, as Playwright tests: each entry's title,
 * the subjects it declares (its tags), and its plan with this test's fixtures as its context.
 */
import { entryTest, judging, test } from '../../src/harness/suite';
import { HTTP } from '../../src/suite/http';

// The loop is here, not in the harness: Playwright places a test where test() is called, and its reports name this file.
test.describe(HTTP.describe, () => {
  for (const entry of HTTP.entries) test(entry.title, judging(...entry.subjects), entryTest(entry));
});
