/** The reporter's aggregation and rendering, on small hand-made inputs. */
import { OBSERVATIONS, REQUIREMENTS } from '../../src/spec/catalogue';
import { aggregate, type ConformanceSummary, EXIT_CODE, type RunError } from '../../src/verdicts/aggregate';
import { decide, RUN_POLICY, SURVEY_POLICY, type VerdictEvidence } from '../../src/verdicts/verdict';
import { coverageOf, judgedOf } from '../../src/verdicts/coverage';
import type { NotJudgedReason } from '../../src/types/schemas';
import { renderJunit } from '../../src/report/junit';
import { renderMarkdown } from '../../src/report/markdown';
import { conformanceReport, type ConformanceReport } from '../../src/report/model';
import { ANNOTATION, type TestOutcome, testResultOf } from '../../src/suite/annotations';
import type { RequirementRecord } from '../../src/rules/judgement';
import { expect, test } from './fixtures';
import { xmlError } from '../../src/suite-runs/well-formed-xml';
import { coverageLines } from '../../src/report/coverage-lines';
import { findingBlocks } from '../../src/report/finding-blocks';

/** The reporter's way: each test's annotations read back, then folded into one verdict. */
const fold = (outcomes: readonly TestOutcome[], options: { strict: boolean }, runErrors?: RunError[]) =>
  aggregate(outcomes.map(testResultOf), options, runErrors);

const declare = (id: string) => ({ type: ANNOTATION.requirement, description: id });
const result = (record: RequirementRecord) => ({ type: ANNOTATION.result, description: JSON.stringify(record) });
const observation = (id: string, value: unknown) => ({ type: ANNOTATION.observation, description: JSON.stringify({ id, value }) });
/** A test's own skip, as the suite annotates it: the typed reason, and Playwright's skip with its words. */
const skippedFor = (reason: NotJudgedReason) => [
  { type: ANNOTATION.skip, description: JSON.stringify(reason) },
  { type: 'skip', description: reason.text },
];
const NOT_STATUS_SEARCH: NotJudgedReason = { kind: 'not-applicable', condition: 'status-search', text: 'STATUS_SEARCH is not true' };

/** A summary as the reporter writes it, with a fixed target and time. */
const asReport = (summary: ConformanceSummary): ConformanceReport =>
  conformanceReport({ ...summary, target: { baseUrl: 'http://x', embedded: false }, startedAt: '2026-01-01T00:00:00.000Z', durationMs: 1 });

function outcome(
  title: string,
  status: TestOutcome['status'],
  annotations: TestOutcome['annotations'],
  errors: string[] = [],
): TestOutcome {
  return { title, status, annotations, errors };
}

const failure = {
  level: 'MUST' as const,
  message: '[SB-ROOT-OBJECT] MUST §1: answered with a JSON array',
  method: 'GET',
  url: 'http://x/provider/searchSingleBest?NPI=1',
  status: 200,
};

const outcomes: TestOutcome[] = [
  outcome(
    'root',
    'failed',
    [
      declare('SB-ROOT-OBJECT'),
      result({ id: 'SB-ROOT-OBJECT', checks: 3, failures: [failure] }),
      result({ id: 'HTTP-JSON', checks: 3, failures: [] }),
      // What the test threw for its findings: recorded already, no error of the run.
      { type: ANNOTATION.findings, description: '1 MUST check failed:\n\n…' },
    ],
    ['Error: 1 MUST check failed:\n\n…'],
  ),
  outcome('strict', 'passed', [
    declare('SB-STRICT-PARAM'),
    result({ id: 'SB-STRICT-PARAM', checks: 2, failures: [{ level: 'SHOULD', message: 'still returned the record' }] }),
  ]),
  outcome('shape', 'passed', [
    declare('SB-RECORD-SHAPE'),
    result({ id: 'SB-RECORD-SHAPE', checks: 2, failures: [] }),
    observation('OBS-NO-MATCH', { status: 404 }),
  ]),
  outcome('more shape', 'passed', [
    declare('SB-RECORD-SHAPE'),
    result({ id: 'SB-RECORD-SHAPE', checks: 1, failures: [] }),
    observation('OBS-NO-MATCH', { status: 404 }),
    observation('OBS-PARAM-CASE', 'a'),
  ]),
  outcome('case', 'passed', [observation('OBS-PARAM-CASE', 'b')]),
  outcome('active', 'skipped', [declare('ORG-ACTIVE'), ...skippedFor(NOT_STATUS_SEARCH)]),
];

test('MUST failures fail, SHOULD failures warn, checks pass, no checks skip', { tag: '@fast' }, () => {
  const report = fold(outcomes, { strict: false });
  const status = Object.fromEntries(report.requirements.map((r) => [r.id, r.status]));
  expect(status).toMatchObject({
    'SB-ROOT-OBJECT': 'fail',
    'SB-STRICT-PARAM': 'warn',
    'SB-RECORD-SHAPE': 'pass',
    'HTTP-JSON': 'pass',
    'ORG-ACTIVE': 'skip',
    'ORG-PAGE': 'skip',
  });
  const root = report.requirements.find((r) => r.id === 'SB-ROOT-OBJECT')!;
  expect(root).toMatchObject({ level: 'MUST', spec: '§1, §4.1 r3', checks: 3, failures: [failure] });
  expect(report.requirements.find((r) => r.id === 'SB-RECORD-SHAPE')!.checks).toBe(3);
  expect(report.requirements.find((r) => r.id === 'ORG-ACTIVE')!.skipped).toEqual(['active: STATUS_SEARCH is not true']);
  expect(report.requirements.find((r) => r.id === 'ORG-PAGE')!.skipped).toEqual([
    'no test of this run judges it (--grep or --shard chose others)',
  ]);
  // What each requirement came to: judged, not applicable (its condition did not hold), or not selected by this run.
  expect(report.requirements.find((r) => r.id === 'ORG-ACTIVE')!.judged).toBe('notApplicable');
  expect(report.requirements.find((r) => r.id === 'ORG-PAGE')!.judged).toBe('not');
  expect(report.coverage).toMatchObject({ judged: 4, partly: 0, notApplicable: 1 });
  expect(report.summary).toEqual({ pass: 2, fail: 1, warn: 1, skip: report.requirements.length - 4, partial: 0, answers: 0, checks: 11 });
  expect(report.verdict).toBe('fail');
  expect(report.errors).toEqual([]);
});

test('the verdict: warnings pass unless STRICT', { tag: '@fast' }, () => {
  const withoutMustFailure = outcomes.slice(1);
  expect(fold(withoutMustFailure, { strict: false }).verdict).toBe('warn');
  expect(fold(withoutMustFailure, { strict: true }).verdict).toBe('fail');
  expect(fold(outcomes.slice(2), { strict: true }).verdict).toBe('pass');
});

test('observations: equal values fold into one, different ones into a list', { tag: '@fast' }, () => {
  const { observations } = fold(outcomes, { strict: false });
  const observed = observations.filter((o) => o.status === 'observed');
  expect(observed).toEqual([
    { id: 'OBS-NO-MATCH', title: expect.any(String), status: 'observed', value: { status: 404 } },
    { id: 'OBS-PARAM-CASE', title: expect.any(String), status: 'observed', value: ['a', 'b'] },
  ]);
});

test('an observation that could not be made is listed as not observed, with the reason', { tag: '@fast' }, () => {
  const records = { type: ANNOTATION.records, description: 'OBS-DEFAULT-PAGE-SIZE' };
  const { observations } = fold(
    [
      outcome('default page', 'skipped', [
        records,
        ...skippedFor({ kind: 'no-probe', probe: 'organization.multiPage', text: 'PROBES_FILE has no organization.multiPage probe' }),
      ]),
    ],
    { strict: false },
  );
  const byId = Object.fromEntries(observations.map((o) => [o.id, o]));
  expect(observations).toHaveLength(OBSERVATIONS.length);
  expect(byId['OBS-DEFAULT-PAGE-SIZE']).toEqual({
    id: 'OBS-DEFAULT-PAGE-SIZE',
    title: expect.any(String),
    status: 'not observed',
    reason: 'default page: PROBES_FILE has no organization.multiPage probe',
  });
  expect(byId['OBS-RATE-LIMITED']).toMatchObject({
    status: 'not observed',
    reason: 'no answer was a 429 or 503 with a Retry-After to wait out',
  });
  expect(byId['OBS-NO-MATCH']).toMatchObject({ status: 'not observed', reason: 'no test that records it ran' });
  const ran = fold([outcome('ambiguous', 'passed', [{ type: ANNOTATION.records, description: 'OBS-AMBIGUITY-RESPONSE' }])], {
    strict: false,
  });
  expect(ran.observations.find((o) => o.id === 'OBS-AMBIGUITY-RESPONSE')?.reason).toMatch(
    /^the tests that record it ran, but no answer showed it/,
  );
});

test('OBS-CODED-VALUES merges its values attribute by attribute', { tag: '@fast' }, () => {
  const { observations } = fold(
    [
      outcome('a', 'passed', [observation('OBS-CODED-VALUES', { index: ['nppes'], Status: ['I'] })]),
      outcome('b', 'passed', [observation('OBS-CODED-VALUES', { index: ['dea', 'nppes'] })]),
    ],
    { strict: false },
  );
  expect(observations.find((o) => o.id === 'OBS-CODED-VALUES')?.value).toEqual({ Status: ['I'], index: ['dea', 'nppes'] });
});

const NO_OVERLIMIT: NotJudgedReason = {
  kind: 'no-probe',
  probe: 'organization.overLimit',
  text: 'PROBES_FILE has no organization.overLimit probe',
};

test(
  'a requirement whose checks partly ran passes for what ran, says what did not, and a MUST one judged in part leaves the run inconclusive',
  { tag: '@fast' },
  () => {
    const report = fold(
      [
        outcome('count at most', 'passed', [declare('ORG-COUNT'), result({ id: 'ORG-COUNT', checks: 5, failures: [] })]),
        outcome('count over 1000', 'skipped', [declare('ORG-COUNT'), ...skippedFor(NO_OVERLIMIT)]),
        outcome('strict', 'passed', [
          declare('SB-STRICT-PARAM'),
          result({
            id: 'SB-STRICT-PARAM',
            checks: 1,
            failures: [],
            skipped: [{ kind: 'precondition', text: 'one part could not run' }],
          }),
        ]),
      ],
      { strict: false },
    );
    const count = report.requirements.find((r) => r.id === 'ORG-COUNT')!;
    expect(count).toMatchObject({
      status: 'pass',
      partial: true,
      checks: 5,
      skipped: ['count over 1000: PROBES_FILE has no organization.overLimit probe'],
    });
    expect(report.requirements.find((r) => r.id === 'SB-STRICT-PARAM')).toMatchObject({
      status: 'pass',
      partial: true,
      skipped: ['strict: one part could not run'],
    });
    expect(report.summary.partial).toBe(2);
    // Green means judged: ORG-COUNT (MUST) judged in part is a gap; SB-STRICT-PARAM (SHOULD) in part is listed, and decides nothing.
    expect(report.verdict).toBe('inconclusive');
    const selected = report.coverage.gaps.filter((g) => g.reason.kind !== 'not-selected');
    expect(selected.map((g) => [g.id, g.level, g.judged, g.reason.kind])).toEqual([
      ['ORG-COUNT', 'MUST', 'partly', 'no-probe'],
      ['SB-STRICT-PARAM', 'SHOULD', 'partly', 'precondition'],
    ]);
    // The requirements no test of this run declares are listed as not selected, and decide nothing.
    expect(report.coverage.gaps.filter((g) => g.reason.kind === 'not-selected')).toHaveLength(report.coverage.notJudged);
    expect(selected[0].closeWith).toMatch(/^add organization\.overLimit, a search more than 1000 organizations match/);
    const markdown = renderMarkdown(asReport(report));
    expect(markdown).toContain(
      '| ORG-COUNT | MUST | §4.3, §8 | pass (partial) | 5 | partly skipped: count over 1000: PROBES_FILE has no organization.overLimit probe |',
    );
    expect(markdown).toContain('pass (2 partial)');
  },
);

const problem = {
  probe: 'provider.unique[0] {"NPI":"1"}',
  promised: 'exactly one matching provider',
  observed: 'the service answered 200 that more than one provider matches',
  message: 'm',
};

test('probe problems are listed once each and make a run without failures inconclusive (exit 3)', { tag: '@fast' }, () => {
  const withProblem = (title: string) =>
    outcome(title, 'passed', [
      declare('SB-RECORD-SHAPE'),
      result({ id: 'SB-RECORD-SHAPE', checks: 1, failures: [] }),
      { type: ANNOTATION.probeProblem, description: JSON.stringify(problem) },
    ]);
  const report = fold([withProblem('a'), withProblem('b')], { strict: false });
  expect(report.probeProblems).toEqual([problem]);
  expect(report.verdict).toBe('inconclusive');
  expect(EXIT_CODE[report.verdict]).toBe(3);
  const markdown = renderMarkdown(asReport(report));
  expect(markdown).toContain('**Verdict: INCONCLUSIVE');
  expect(markdown).toContain('## Probe problems');
  expect(markdown).toContain('**provider.unique[0] {"NPI":"1"}** promised exactly one matching provider');
  // A failure still fails the run, problems or not.
  expect(fold([...outcomes, withProblem('a')], { strict: false }).verdict).toBe('fail');
});

test('the exit codes: 0 pass, 1 fail, 2 configuration error, 3 inconclusive; the one verdict under each policy', { tag: '@fast' }, () => {
  expect(EXIT_CODE).toEqual({ pass: 0, warn: 0, fail: 1, error: 2, inconclusive: 3 });
  const judged = { judged: 2, partly: 0, gaps: [] };
  const evidence: VerdictEvidence = { findings: { must: 0, should: 1 }, probeProblems: 0, errors: 0, coverage: judged };
  const run = RUN_POLICY(false);
  expect(decide(evidence, run).verdict).toBe('warn');
  expect(decide(evidence, RUN_POLICY(true)).verdict).toBe('fail');
  expect(decide({ ...evidence, probeProblems: 1 }, run).verdict).toBe('inconclusive');
  expect(decide({ ...evidence, findings: { must: 0, should: 0 }, errors: 1 }, run).verdict).toBe('inconclusive');
  expect(decide({ ...evidence, findings: { must: 0, should: 0 }, coverage: { ...judged, judged: 0 } }, run).verdict).toBe('inconclusive');
  expect(decide({ ...evidence, misconfigured: true }, run).verdict).toBe('error');
  // Drift warns, and STRICT, which is about SHOULD findings, does not make it fail.
  expect(decide({ ...evidence, findings: { must: 0, should: 0 }, notices: 1 }, RUN_POLICY(true)).verdict).toBe('warn');
  // A MUST gap: inconclusive, unless a baseline entry accepts it; judged in part counts for a run, not for a survey (record by record).
  const gap = (judgedHow: 'partly' | 'not', accepted?: { id: string; reason: string }) => ({
    id: 'ORG-PAGE',
    level: 'MUST' as const,
    judged: judgedHow,
    reason: { kind: 'not-met' as const, needs: [], text: 'nothing met let it judge' },
    closeWith: 'add it',
    ...(accepted ? { accepted } : {}),
  });
  const clean = { ...evidence, findings: { must: 0, should: 0 } };
  expect(decide({ ...clean, coverage: { ...judged, gaps: [gap('not')] } }, run).verdict).toBe('inconclusive');
  expect(decide({ ...clean, coverage: { ...judged, gaps: [gap('not', { id: 'ORG-PAGE', reason: 'later' })] } }, run).verdict).toBe('pass');
  expect(decide({ ...clean, coverage: { ...judged, gaps: [gap('partly')] } }, run).verdict).toBe('inconclusive');
  expect(decide({ ...clean, coverage: { ...judged, gaps: [gap('partly')] } }, SURVEY_POLICY).verdict).toBe('pass');
  expect(decide({ ...clean, coverage: { ...judged, gaps: [gap('not')] } }, SURVEY_POLICY).verdict).toBe('inconclusive');
  // What a service keeps a survey from judging (a next link to another origin) is listed, and decides nothing there.
  const foreign = { ...gap('not'), reason: { kind: 'foreign-origin' as const, origin: 'https://else.example', text: 'not followed' } };
  expect(decide({ ...clean, coverage: { ...judged, gaps: [foreign] } }, SURVEY_POLICY).verdict).toBe('pass');
  expect(decide({ ...clean, coverage: { ...judged, gaps: [foreign] } }, run).verdict).toBe('inconclusive');
  // A survey tolerates 5% of its requests without an answer; a run none.
  const requests = { total: 100, unanswered: 5 };
  expect(decide({ ...clean, requests }, SURVEY_POLICY).verdict).toBe('pass');
  expect(decide({ ...clean, requests: { total: 100, unanswered: 6 } }, SURVEY_POLICY).verdict).toBe('inconclusive');
  expect(decide({ ...clean, requests }, run).verdict).toBe('inconclusive');
});

test(
  'conformance.junit.xml: a case per requirement and level, failures named, warnings failures of their own, skips with reasons, probe problems as errors',
  { tag: '@fast' },
  () => {
    const nearMiss = {
      level: 'SHOULD' as const,
      message: '[ORG-FILTERS] SHOULD §4.3: only with punctuation ignored\n  GET http://x/fhir/organization → 200 application/fhir+json',
      rule: 'only with punctuation ignored',
      url: 'http://x/fhir/organization',
    };
    const report = fold(
      [
        ...outcomes,
        outcome('p', 'passed', [{ type: ANNOTATION.probeProblem, description: JSON.stringify(problem) }]),
        outcome('filters', 'passed', [declare('ORG-FILTERS'), result({ id: 'ORG-FILTERS', checks: 2, failures: [nearMiss] })]),
      ],
      { strict: false },
    );
    const xml = renderJunit(asReport(report));
    expect(xmlError(xml)).toBeUndefined();
    const graded = REQUIREMENTS.filter((r) => 'nearMiss' in r).length;
    // A case per requirement and level, the verdict's case, and the probe problem's.
    expect(xml.match(/<testcase /g)).toHaveLength(REQUIREMENTS.length + graded + 2);
    // The id once: a failure of an older report opens its message with it; a newer one keeps the rule's words apart (rule).
    expect(xml).toContain('<failure type="MUST" message="[SB-ROOT-OBJECT] MUST §1: answered with a JSON array">');
    expect(xml).toContain(
      'message="[ORG-FILTERS] SHOULD §4.3: only with punctuation ignored (a SHOULD finding: a warning, the run does not fail on it)"',
    );
    // A rule whose first line ends in ":" is whole: its next line follows, and the id is not repeated.
    const announced = renderJunit(
      asReport(
        fold(
          [
            outcome('data', 'passed', [
              declare('DATA-FORMATS'),
              result({
                id: 'DATA-FORMATS',
                checks: 1,
                failures: [
                  { level: 'MUST', message: '[DATA-FORMATS] MUST §2.3: x', rule: '[DATA-FORMATS] 1 violation:\n    at /data/Phone/0 bad' },
                ],
              }),
            ]),
          ],
          { strict: false },
        ),
      ),
    );
    expect(announced).toContain('message="[DATA-FORMATS] MUST §2.3.5–6: 1 violation: at /data/Phone/0 bad"');
    // A SHOULD finding is a failure of type warning on a case of its own: never a plain pass.
    expect(xml).toMatch(
      /<testcase name="SB-STRICT-PARAM\/should: [^"]*" classname="conformance.SHOULD"[^>]*>\s*<properties>.*value="warn".*<\/properties>\s*<failure type="warning" message="\[SB-STRICT-PARAM\] [^"]*\(a SHOULD finding: a warning, the run does not fail on it\)"/s,
    );
    // A graded requirement's near miss: its MUST case passes, its /should case warns.
    expect(xml).toMatch(
      /<testcase name="ORG-FILTERS: [^"]*" classname="conformance.MUST"[^>]*>\s*<properties>(?:(?!<\/testcase>).)*<\/properties>\s*<\/testcase>/s,
    );
    expect(xml).toMatch(
      /<testcase name="ORG-FILTERS\/should: [^"]*" classname="conformance.SHOULD"[^>]*>\s*<properties>.*?<\/properties>\s*<failure type="warning"/s,
    );
    expect(xml).toContain('<skipped message="active: STATUS_SEARCH is not true"/>');
    expect(report.coverage.notApplicable).toBe(1);
    expect(xml).toMatch(/<testsuite name="probe problems" tests="1" failures="0" errors="1" skipped="0" time="\d+\.\d{3}">/);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="[^"]* of http:\/\/x \(fail\)" tests="\d+" failures="3" errors="1" skipped="\d+" time="\d+\.\d{3}">/,
    );
    // A /should case's level is SHOULD, its MUST case's MUST.
    expect(xml).toMatch(/<testcase name="ORG-FILTERS\/should: [^"]*"[^>]*>\s*<properties>\s*<property name="level" value="SHOULD"\/>/);
    expect(xml).toMatch(/<testcase name="ORG-FILTERS: [^"]*"[^>]*>\s*<properties>\s*<property name="level" value="MUST"\/>/);
  },
);

test(
  'conformance.junit.xml: each case carries its share of the time of the tests that judged it, and no time is counted twice',
  { tag: '@fast' },
  () => {
    const timed = (o: TestOutcome, durationMs: number): TestOutcome => ({ ...o, durationMs });
    // One test judges two requirements, another one of them; a graded requirement's two cases share its time.
    const report = fold(
      [
        timed(
          outcome('two', 'passed', [declare('SB-ROOT-OBJECT'), declare('HTTP-JSON'), result({ id: 'HTTP-JSON', checks: 1, failures: [] })]),
          1200,
        ),
        timed(outcome('one', 'passed', [declare('HTTP-JSON'), result({ id: 'HTTP-JSON', checks: 1, failures: [] })]), 300),
        timed(outcome('graded', 'passed', [declare('ORG-FILTERS'), result({ id: 'ORG-FILTERS', checks: 1, failures: [] })]), 500),
      ],
      { strict: false },
    );
    expect(Object.fromEntries(report.requirements.filter((r) => r.durationMs !== undefined).map((r) => [r.id, r.durationMs]))).toEqual({
      'SB-ROOT-OBJECT': 600,
      'HTTP-JSON': 900,
      'ORG-FILTERS': 500,
    });
    const xml = renderJunit({ ...asReport(report), durationMs: 2500 });
    const time = (name: string) => new RegExp(`<testcase name="${name}[^"]*" classname="[^"]*" time="([\\d.]+)"`).exec(xml)?.[1];
    expect(
      [time('SB-ROOT-OBJECT: '), time('HTTP-JSON: '), time('HTTP-JSON/should: '), time('ORG-FILTERS: '), time('ORG-FILTERS/should: ')],
      'HTTP-JSON and ORG-FILTERS are graded: two cases each',
    ).toEqual(['0.600', '0.450', '0.450', '0.250', '0.250']);
    // A requirement no timed test judged has no time, rather than a time of 0.
    expect(xml).toMatch(/<testcase name="ORG-PAGE: [^"]*" classname="conformance.MUST">/);
    // The requirements suite sums its cases (the tests' 2.000 s); the whole run, set-up included, is the root's.
    expect(xml).toMatch(/<testsuite name="requirements" [^>]*time="2.000">/);
    expect(xml).toMatch(/<testsuites [^>]*time="2.500">/);
  },
);

test('a transport error is a run error, not a conformance failure', { tag: '@fast' }, () => {
  const message = 'transport: GET http://x/fhir/organization?Page=1 failed after 2 attempts: read ECONNRESET';
  // The test's client says the kind as data when the request fails; Playwright's error carries the words.
  const broken = outcome(
    'pages',
    'failed',
    [declare('ORG-PAGE'), { type: ANNOTATION.error, description: JSON.stringify({ kind: 'transport', message }) }],
    [`Error: ${message}`],
  );
  const report = fold([broken], { strict: false });
  expect(report.errors).toEqual([{ test: 'pages', kind: 'transport', message }]);
  // Without the client's word, an error outside the checks is the harness's: no message is read for its kind.
  const unexplained = fold([outcome('pages', 'failed', [declare('ORG-PAGE')], [`Error: ${message}`])], { strict: false });
  expect(unexplained.errors.map((e) => e.kind)).toEqual(['harness']);
  const page = report.requirements.find((r) => r.id === 'ORG-PAGE')!;
  expect(page.status).toBe('skip');
  expect(page.skipped).toEqual(['pages: could not complete (transport)']);
  expect(report.verdict).toBe('inconclusive');
});

test('a timed-out test is a run error of kind timeout', { tag: '@fast' }, () => {
  const report = fold([outcome('slow', 'timedOut', [declare('ORG-PAGE')], ['Test timeout of 30000ms exceeded.'])], { strict: false });
  expect(report.errors.map((e) => e.kind)).toEqual(['timeout']);
});

test('the markdown report shows the verdict, each first failure and the observations', { tag: '@fast' }, () => {
  const markdown = renderMarkdown(asReport(fold(outcomes, { strict: false })));
  expect(markdown).toContain('**Verdict: FAIL');
  expect(markdown).toContain('| SB-ROOT-OBJECT | MUST | §1, §4.1 r3 | fail | 3 | [SB-ROOT-OBJECT] MUST §1: answered with a JSON array |');
  expect(markdown).toContain('| SB-STRICT-PARAM | SHOULD | §4.1 r2, r5 | warn | 2 | still returned the record |');
  expect(markdown).toContain('| OBS-PARAM-CASE |');
});

test(
  'the Markdown cell of a first failure shows what was wrong, the failing value and the request, whatever the rule says before them',
  { tag: '@fast' },
  () => {
    const rule = `a phone number is 10 digits without punctuation, or empty, §2.3 r6: ${'1 violation of schemas/provider/golden-record.schema.json '.repeat(8)}:`;
    const failure = {
      level: 'MUST' as const,
      message: `[DATA-FORMATS] MUST §2.3.5–6: ${rule}\n  GET https://directory.example/provider/searchSingleBest?NPI=1 → 200\n  /data/Phone/0 = "(806) 669-3883"`,
      rule,
      method: 'GET',
      url: 'https://directory.example/provider/searchSingleBest?NPI=1',
      status: 200,
      mediaType: 'application/json',
      excerpt: '/data/Phone/0 = "(806) 669-3883"',
      pointer: '/data/Phone/0',
    };
    const report = fold(
      [outcome('t', 'failed', [declare('DATA-FORMATS'), result({ id: 'DATA-FORMATS', checks: 1, failures: [failure] })])],
      {
        strict: false,
      },
    );
    const row = renderMarkdown(asReport(report))
      .split('\n')
      .find((line) => line.startsWith('| DATA-FORMATS |'))!;
    expect(row).toContain('/data/Phone/0 = "(806) 669-3883" (GET https://directory.example/provider/searchSingleBest?NPI=1 → 200)');
  },
);

test(
  'a run stopped before its tests says its gaps in a few lines: six ids a line, the rest counted, every one in the report',
  { tag: '@fast' },
  () => {
    const stopped = aggregate([], { strict: false }, [{ test: 'preflight', kind: 'preflight', message: 'cannot connect' }]);
    const lines = coverageLines(stopped.coverage);
    const must = lines.find((line) => line.startsWith('MUST gaps: '))!;
    const mustGaps = stopped.coverage.gaps.filter((gap) => gap.level === 'MUST');
    expect(mustGaps.length).toBeGreaterThan(6);
    expect(must.match(/\((not judged|in part)\)/g)).toHaveLength(6);
    expect(must).toContain(`, and ${mustGaps.length - 6} more, each named in the report: `);
    // The report's Markdown names every one.
    const markdown = renderMarkdown(
      conformanceReport({
        ...stopped,
        id: 'r',
        target: { baseUrl: 'https://x.example', embedded: false },
        startedAt: new Date(0).toISOString(),
        durationMs: 1,
      }),
    );
    for (const gap of mustGaps) expect(markdown).toContain(gap.id);
  },
);

test(
  'finding blocks: one per requirement and level, MUST first; against a baseline the example is a new failure, and all-known is one line',
  { tag: '@fast' },
  () => {
    const failure = (level: 'MUST' | 'SHOULD', pointer: string) => ({
      level,
      message: `[X] ${level}: rule`,
      rule: 'a rule, §1:\n  a rule, §1: at ' + pointer,
      method: 'GET',
      url: 'https://x.example/provider/searchSingleBest?NPI=1',
      status: 200,
      mediaType: 'application/json',
      excerpt: `${pointer} = "v"`,
      pointer,
    });
    const requirement = (id: string, level: 'MUST' | 'SHOULD', failures: ReturnType<typeof failure>[]) => ({
      id,
      level,
      spec: '§1',
      title: id,
      status: 'fail' as const,
      checks: 10,
      failures,
    });
    const requirements = [
      requirement('DATA-CODES', 'SHOULD', [failure('SHOULD', '/data/A')]),
      requirement('DATA-FORMATS', 'MUST', [failure('MUST', '/data/Phone/0'), failure('MUST', '/data/Zip')]),
    ];
    const plain = findingBlocks(requirements, undefined, 'report/conformance.md');
    expect(plain).toEqual([
      '',
      'findings:',
      '  ✘ DATA-FORMATS MUST §1: 2 failed checks',
      '    a rule, §1: at /data/Phone/0',
      '    GET https://x.example/provider/searchSingleBest?NPI=1 → 200 application/json',
      '    /data/Phone/0 = "v"',
      '    and 1 more: report/conformance.md',
      '  ! DATA-CODES SHOULD §1: 1 failed check',
      '    a rule, §1: at /data/A',
      '    GET https://x.example/provider/searchSingleBest?NPI=1 → 200 application/json',
      '    /data/A = "v"',
    ]);
    const known = (id: string, fingerprint: string) => ({
      id,
      level: 'MUST' as const,
      fingerprint,
      message: '',
      expectation: { id, reason: 'accepted' },
    });
    const againstBaseline = findingBlocks(
      requirements,
      { known: [known('DATA-FORMATS', 'searchSingleBest /data/Phone/*'), known('DATA-CODES', 'searchSingleBest /data/A')] },
      'r.md',
    );
    expect(againstBaseline).toContain('  ✘ DATA-FORMATS MUST §1: 2 failed checks, 1 NEW, 1 known');
    expect(againstBaseline).toContain('    /data/Zip = "v"');
    expect(againstBaseline).toContain('  known DATA-CODES SHOULD §1: 1 failed check, every one accepted by the baseline');
  },
);

test(
  'conformance.md escapes once: an observed JSON body in a code span with its one \\", a pipe kept in its cell, the catalogue\'s backticks as code',
  { tag: '@fast' },
  () => {
    const report = asReport(fold([], { strict: false }));
    const markdown = renderMarkdown({
      ...report,
      observations: [
        {
          id: 'OBS-NO-MATCH',
          title: 'answer when `Name` matches nothing',
          status: 'observed',
          value: { status: 404, body: '{"error":"a|b"}' },
        },
      ],
    });
    const row = markdown.split('\n').find((line) => line.startsWith('| OBS-NO-MATCH |'))!;
    expect(row).toBe('| OBS-NO-MATCH | answer when `Name` matches nothing | `{"status":404,"body":"{\\"error\\":\\"a\\|b\\"}"}` |');
    expect(row).not.toContain('\\\\');
    // Markup stays out of the file, code span or not: a value holding "<" is escaped text.
    const marked = renderMarkdown({ ...report, observations: [{ id: 'OBS-NO-MATCH', title: 'x', status: 'observed', value: '<script>' }] });
    expect(marked).not.toContain('<script');
  },
);

test(
  'not applicable only when every reason given is: a missing probe beside a condition that did not hold is a gap',
  { tag: '@fast' },
  () => {
    const notApplicable: NotJudgedReason = { kind: 'not-applicable', condition: 'several-match', text: 'no search matched several' };
    const noProbe: NotJudgedReason = { kind: 'no-probe', probe: 'provider.ambiguous', text: 'no provider.ambiguous probe' };
    expect(judgedOf({ checks: 0, reasons: [notApplicable] })).toBe('notApplicable');
    expect(judgedOf({ checks: 0, reasons: [noProbe, notApplicable] })).toBe('not');
    expect(judgedOf({ checks: 0, reasons: [] })).toBe('not');
    expect(judgedOf({ checks: 2, reasons: [notApplicable] })).toBe('fully');
    expect(judgedOf({ checks: 2, reasons: [noProbe] })).toBe('partly');
  },
);

test(
  'a pass that a policy lets through with MUST gaps judged in part names each of them; a run lets none through',
  { tag: '@fast' },
  () => {
    const gap = {
      id: 'ORG-PAGE',
      level: 'MUST' as const,
      judged: 'partly' as const,
      reason: { kind: 'walk-cut' as const, budget: 'MAX_PAGES=20', text: 'a walk stopped at its page budget' },
      closeWith: 'raise it',
    };
    const evidence: VerdictEvidence = {
      findings: { must: 0, should: 0 },
      probeProblems: 0,
      errors: 0,
      coverage: { judged: 3, partly: 1, gaps: [gap] },
    };
    expect(decide(evidence, SURVEY_POLICY)).toEqual({
      verdict: 'pass',
      why: [
        'no finding, and nothing it judged is contradicted',
        '1 MUST requirement judged in part, which this policy lets through: ORG-PAGE (a walk stopped at its page budget)',
      ],
    });
    expect(decide(evidence, RUN_POLICY(false)).verdict).toBe('inconclusive');
  },
);

test("a walk cut by the survey's own bound asks for narrower searches; one cut by MAX_PAGES asks to raise it", { tag: '@fast' }, () => {
  const cut = (fixed?: true) =>
    coverageOf([
      {
        id: 'ORG-PAGE',
        level: 'MUST',
        checks: 3,
        reasons: [
          {
            kind: 'walk-cut',
            budget: fixed ? "40000 pages, the survey's bound on a walk" : 'MAX_PAGES=20 pages',
            text: 'cut',
            ...(fixed ? { fixed } : {}),
          },
        ],
      },
    ]).gaps[0].closeWith;
  expect(cut(true)).toBe(
    "walk narrower searches (--organizations with a state and a city, or a postal code): no setting raises 40000 pages, the survey's bound on a walk",
  );
  expect(cut()).toMatch(/^raise the page budget \(MAX_PAGES=20 pages: MAX_PAGES\)/);
});
