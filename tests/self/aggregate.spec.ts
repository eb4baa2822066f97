/** The reporter's aggregation and rendering, on small hand-made inputs. */
import { aggregate, type TestOutcome } from '../../src/harness/reporter/aggregate';
import { renderMarkdown } from '../../src/harness/reporter/markdown';
import { ANNOTATION, type RequirementRecord } from '../../src/harness/results';
import { expect, test } from './fixtures';

const declare = (id: string) => ({ type: ANNOTATION.requirement, description: id });
const result = (record: RequirementRecord) => ({ type: ANNOTATION.result, description: JSON.stringify(record) });
const observation = (id: string, value: unknown) => ({ type: ANNOTATION.observation, description: JSON.stringify({ id, value }) });

function outcome(title: string, status: TestOutcome['status'], annotations: TestOutcome['annotations'], errors: string[] = []): TestOutcome {
  return { title, status, annotations, errors };
}

const failure = { message: '[SB-ROOT-OBJECT] MUST §1: answered with a JSON array', method: 'GET', url: 'http://x/provider/searchSingleBest?NPI=1', status: 200 };

const outcomes: TestOutcome[] = [
  outcome('root', 'failed', [declare('SB-ROOT-OBJECT'), result({ id: 'SB-ROOT-OBJECT', checks: 3, failures: [failure] }), result({ id: 'HTTP-JSON', checks: 3, failures: [] })], ['1 MUST check failed:\n\n…']),
  outcome('strict', 'passed', [declare('SB-STRICT-PARAM'), result({ id: 'SB-STRICT-PARAM', checks: 2, failures: [{ message: 'still returned the record' }] })]),
  outcome('shape', 'passed', [declare('SB-RECORD-SHAPE'), result({ id: 'SB-RECORD-SHAPE', checks: 2, failures: [] }), observation('OBS-NO-MATCH', { status: 404 })]),
  outcome('more shape', 'passed', [declare('SB-RECORD-SHAPE'), result({ id: 'SB-RECORD-SHAPE', checks: 1, failures: [] }), observation('OBS-NO-MATCH', { status: 404 }), observation('OBS-PARAM-CASE', 'a')]),
  outcome('case', 'passed', [observation('OBS-PARAM-CASE', 'b')]),
  outcome('active', 'skipped', [declare('ORG-ACTIVE'), { type: 'skip', description: 'STATUS_SEARCH is not true' }]),
];

test('MUST failures fail, SHOULD failures warn, checks pass, no checks skip', () => {
  const report = aggregate(outcomes, { strict: false });
  const status = Object.fromEntries(report.requirements.map((r) => [r.id, r.status]));
  expect(status).toMatchObject({ 'SB-ROOT-OBJECT': 'fail', 'SB-STRICT-PARAM': 'warn', 'SB-RECORD-SHAPE': 'pass', 'HTTP-JSON': 'pass', 'ORG-ACTIVE': 'skip', 'ORG-PAGE': 'skip' });
  const root = report.requirements.find((r) => r.id === 'SB-ROOT-OBJECT')!;
  expect(root).toMatchObject({ level: 'MUST', spec: '§1, §4.1 r3', checks: 3, failures: [failure] });
  expect(report.requirements.find((r) => r.id === 'SB-RECORD-SHAPE')!.checks).toBe(3);
  expect(report.requirements.find((r) => r.id === 'ORG-ACTIVE')!.skipped).toEqual(['active: STATUS_SEARCH is not true']);
  expect(report.requirements.find((r) => r.id === 'ORG-PAGE')!.skipped).toEqual(['no check of this requirement ran']);
  expect(report.summary).toEqual({ pass: 2, fail: 1, warn: 1, skip: report.requirements.length - 4 });
  expect(report.verdict).toBe('fail');
  expect(report.errors).toEqual([]);
});

test('the verdict: warnings pass unless STRICT', () => {
  const withoutMustFailure = outcomes.slice(1);
  expect(aggregate(withoutMustFailure, { strict: false }).verdict).toBe('warn');
  expect(aggregate(withoutMustFailure, { strict: true }).verdict).toBe('fail');
  expect(aggregate(outcomes.slice(2), { strict: true }).verdict).toBe('pass');
});

test('observations: equal values fold into one, different ones into a list', () => {
  const { observations } = aggregate(outcomes, { strict: false });
  expect(observations).toEqual([
    { id: 'OBS-NO-MATCH', title: expect.any(String), value: { status: 404 } },
    { id: 'OBS-PARAM-CASE', title: expect.any(String), value: ['a', 'b'] },
  ]);
});

test('a transport error is a run error, not a conformance failure', () => {
  const broken = outcome('pages', 'failed', [declare('ORG-PAGE')], ['Error: transport: GET http://x/fhir/organization?Page=1 failed after 2 attempts: read ECONNRESET']);
  const report = aggregate([broken], { strict: false });
  expect(report.errors).toEqual([{ test: 'pages', kind: 'transport', message: broken.errors[0] }]);
  const page = report.requirements.find((r) => r.id === 'ORG-PAGE')!;
  expect(page.status).toBe('skip');
  expect(page.skipped).toEqual(['pages: could not complete (transport)']);
  expect(report.verdict).toBe('fail');
});

test('a timed-out test is a run error of kind timeout', () => {
  const report = aggregate([outcome('slow', 'timedOut', [declare('ORG-PAGE')], ['Test timeout of 30000ms exceeded.'])], { strict: false });
  expect(report.errors.map((e) => e.kind)).toEqual(['timeout']);
});

test('the markdown report shows the verdict, each first failure and the observations', () => {
  const markdown = renderMarkdown({ ...aggregate(outcomes, { strict: false }), target: { baseUrl: 'http://x', embedded: false }, startedAt: '2026-01-01T00:00:00.000Z', durationMs: 1234 });
  expect(markdown).toContain('**Verdict: FAIL');
  expect(markdown).toContain('| SB-ROOT-OBJECT | MUST | §1, §4.1 r3 | fail | 3 | [SB-ROOT-OBJECT] MUST §1: answered with a JSON array |');
  expect(markdown).toContain('| SB-STRICT-PARAM | SHOULD | §4.1 r2, r5 | warn | 2 | still returned the record |');
  expect(markdown).toContain('| OBS-PARAM-CASE |');
});
