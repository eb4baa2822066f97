/** A run's summary made from the records its tests would leave: the baseline's tests and the reports' read-back judge it. */
import { type TestOutcome, testResultOf } from '../../src/suite/annotations';
import { aggregate } from '../../src/verdicts/aggregate';

const ORG = 'https://directory.example/fhir/organization?Page=1';
const SEARCH = 'https://directory.example/provider/searchSingleBest?NPI=1';

/** One test per requirement, with the given failures, and the observations it recorded. */
export function summaryOf(
  records: { id: string; checks?: number; failures?: { level?: 'MUST' | 'SHOULD'; message: string; url?: string; pointer?: string }[] }[],
  observations: Record<string, unknown> = {},
) {
  const outcomes: TestOutcome[] = records.map(({ id, checks = 1, failures = [] }) => ({
    title: id,
    status: 'passed',
    annotations: [
      { type: 'requirement', description: id },
      { type: 'conformance-result', description: JSON.stringify({ id, checks, failures }) },
      ...Object.entries(observations).map(([obs, value]) => ({
        type: 'conformance-observation',
        description: JSON.stringify({ id: obs, value }),
      })),
    ],
    errors: [],
  }));
  return aggregate(outcomes.map(testResultOf), { strict: false });
}

export const RUN = summaryOf(
  [
    { id: 'ORG-PAGE', failures: [{ message: '[ORG-PAGE] MUST: Page=1 returned 20 entries', url: ORG, pointer: '/entry' }] },
    { id: 'SB-ROOT-OBJECT', failures: [{ message: '[SB-ROOT-OBJECT] MUST: a JSON array', url: SEARCH, pointer: '' }] },
    // A near miss of a graded requirement: repeats, every record still reachable.
    {
      id: 'ORG-PAGE-DISJOINT',
      failures: [{ level: 'SHOULD', message: '[ORG-PAGE-DISJOINT] SHOULD: repeats', url: ORG, pointer: '/entry/3' }],
    },
    { id: 'ORG-COUNT' },
  ],
  { 'OBS-NO-MATCH': { status: 404, mediaType: 'application/json; charset=utf-8', body: '{"error":"not-found","message":"req 81723"}' } },
);
