import type { ObservationRecord, RequirementRecord } from '../rules/judgement';
import { type ObservationId, OBSERVATIONS, type RequirementId } from '../spec/catalogue';
import type { ProbeProblem } from '../types/schemas';
import type { TestCoverage, TestResult } from '../verdicts/aggregate';

/**
 * What a test reports about requirements, carried as Playwright annotations so that the reporter
 * (and a later merge of sharded runs) works from data, not from logs.
 */
export const ANNOTATION = {
  /** Declares a requirement the test checks (test metadata). */
  requirement: 'requirement',
  /** Declares an observation the test records (test metadata). */
  records: 'records-observation',
  /** JSON RequirementRecord: checks run and failures found, per requirement. */
  result: 'conformance-result',
  /** JSON ObservationRecord. */
  observation: 'conformance-observation',
  /** JSON ProbeProblem. */
  probeProblem: 'conformance-probe-problem',
  /** JSON TestCoverage: what the test saw of the service's data. */
  coverage: 'conformance-coverage',
} as const;

/** Requirements every exchange is checked against, whatever test made it. */
export const CROSS_CUTTING: readonly RequirementId[] = ['HTTP-JSON', 'HTTP-NO-5XX'];

const OBSERVATION_IDS = new Set<string>(OBSERVATIONS.map((o) => o.id));

/**
 * Test details declaring what a test checks and records: `test('…', requirements('SB-ROOT-OBJECT'), …)`.
 * Each id is also a tag (`@SB-ROOT-OBJECT`), so `--grep SB-ROOT-OBJECT` selects the tests that check
 * it; the cross-cutting HTTP rules are checked on every answer, so every test carries their tags.
 */
export function requirements(...ids: (RequirementId | ObservationId)[]) {
  return {
    tag: [...new Set([...ids, ...CROSS_CUTTING])].map((id) => `@${id}`),
    annotation: ids.map((id) => ({ type: OBSERVATION_IDS.has(id) ? ANNOTATION.records : ANNOTATION.requirement, description: id })),
  };
}

/** The start of the error a test throws when a MUST check failed: a finding, already recorded, not an error of the run. */
export const MUST_FAILURES = /MUST checks? failed:/;

/** What the conformance reporter knows of one finished Playwright test. */
export interface TestOutcome {
  title: string;
  status: TestResult['status'];
  annotations: readonly { type: string; description?: string }[];
  /** Error messages, for a test that failed outside its checks (transport, time-out, harness) or on a MUST check. */
  errors: readonly string[];
}

function parsed<T>(annotations: TestOutcome['annotations'], type: string): T[] {
  return annotations.filter((a) => a.type === type && a.description).map((a) => JSON.parse(a.description!) as T);
}

const declaredBy = (outcome: TestOutcome, type: string) =>
  outcome.annotations.filter((a) => a.type === type).map((a) => a.description ?? '');

/** A finished test as the verdict sees it: its annotations read back into what its checks recorded. */
export function testResultOf(outcome: TestOutcome): TestResult {
  const skip = outcome.annotations.find((a) => a.type === 'skip');
  return {
    title: outcome.title,
    status: outcome.status,
    declares: declaredBy(outcome, ANNOTATION.requirement) as RequirementId[],
    records: declaredBy(outcome, ANNOTATION.records),
    results: parsed<RequirementRecord>(outcome.annotations, ANNOTATION.result),
    observations: parsed<ObservationRecord>(outcome.annotations, ANNOTATION.observation),
    probeProblems: parsed<ProbeProblem>(outcome.annotations, ANNOTATION.probeProblem),
    coverage: parsed<TestCoverage>(outcome.annotations, ANNOTATION.coverage),
    ...(skip ? { skipReason: skip.description ?? 'skipped' } : {}),
    errors: outcome.errors.filter((message) => !MUST_FAILURES.test(message)),
  };
}
