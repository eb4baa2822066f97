import {
  ANSWER_SUBJECTS,
  type ObservationRecord,
  observationsOf,
  type RequirementRecord,
  requirementsOf,
  type SubjectKind,
} from '../rules/rulebook';
import type { RequirementId } from '../spec/catalogue';
import type { NotJudgedReason, ProbeProblem, RunError } from '../types/schemas';
import type { TestCoverage, TestResult } from '../verdicts/aggregate';

/**
 * What a test reports about requirements, carried as Playwright annotations so that the reporter
 * (and a later merge of sharded runs) works from data, not from logs.
 */
export const ANNOTATION = {
  /** Declares a subject of the rulebook the test hands to it (test metadata): its rules' requirements and observations are declared with it. */
  judges: 'judges',
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
  /** How many answers the test received, each judged as an answer (a number). */
  answers: 'conformance-answers',
  /** JSON TestCoverage: what the test saw of the service's data. */
  coverage: 'conformance-coverage',
  /** JSON NotJudgedReason: why the test skipped itself, as data (Playwright's own skip annotation carries its words). */
  skip: 'conformance-skip',
  /** JSON { kind, message }: an error of the run the test met and knows the kind of (a request without an HTTP answer). */
  error: 'conformance-run-error',
  /** The exact message the test's checks threw because MUST checks failed: a finding, already recorded, not an error of the run. */
  findings: 'conformance-findings-thrown',
} as const;

/** The requirements of the subjects every answer is handed to, whatever test asked for it (test-client.ts: judgeAnswer). */
export const CROSS_CUTTING: readonly RequirementId[] = [...requirementsOf(...ANSWER_SUBJECTS)];
/** The HTTP rules judge every answer of every test: every test carries their tags. */
const EVERY_TEST: readonly RequirementId[] = [...requirementsOf('http-answer')];

/**
 * Test details declaring the subjects of the rulebook a test judges: `test('…', judging('unique-search'), …)`.
 * What the test checks and records is what the registry registers for them, never a list kept by
 * hand, so no rule of a subject can be left out. Each requirement is also a tag (`@SB-ROOT-OBJECT`),
 * so `--grep SB-ROOT-OBJECT` selects the tests that declare it. The rules of an answer judge every
 * answer (the test client hands each to judgeAnswer) without a declaration; every test carries the
 * HTTP ones' tags, and a test that sets out to check an answer's shape declares its subject.
 */
export function judging(...subjects: SubjectKind[]) {
  const ids = [...requirementsOf(...subjects)];
  const observations = [...observationsOf(...subjects)];
  return {
    tag: [...new Set([...ids, ...observations, ...EVERY_TEST])].map((id) => `@${id}`),
    annotation: [
      ...subjects.map((subject) => ({ type: ANNOTATION.judges, description: subject })),
      ...ids.map((id) => ({ type: ANNOTATION.requirement, description: id })),
      ...observations.map((id) => ({ type: ANNOTATION.records, description: id })),
    ],
  };
}

/** What the conformance reporter knows of one finished Playwright test. */
export interface TestOutcome {
  title: string;
  status: TestResult['status'];
  annotations: readonly { type: string; description?: string }[];
  /** Error messages, for a test that failed outside its checks (transport, time-out, harness) or on a MUST check. */
  errors: readonly string[];
  /** How long it took, where it was timed. */
  durationMs?: number;
}

/** How Playwright may give the message a test threw: as it was, or after the error's name. */
const thrownAs = (message: string) => [message, `Error: ${message}`];

function parsed<T>(annotations: TestOutcome['annotations'], type: string): T[] {
  return annotations.filter((a) => a.type === type && a.description).map((a) => JSON.parse(a.description!) as T);
}

const declaredBy = (outcome: TestOutcome, type: string) =>
  outcome.annotations.filter((a) => a.type === type).map((a) => a.description ?? '');

/** A finished test as the verdict sees it: its annotations read back into what its checks recorded. */
export function testResultOf(outcome: TestOutcome): TestResult {
  const [skip] = parsed<NotJudgedReason>(outcome.annotations, ANNOTATION.skip);
  const typed = parsed<{ kind: RunError['kind']; message: string; status?: number }>(outcome.annotations, ANNOTATION.error);
  // The checks' own throw is a finding, recorded already; what else the test threw is an error of the harness, unless a typed one explains it.
  const findings = new Set(declaredBy(outcome, ANNOTATION.findings).flatMap(thrownAs));
  const others = outcome.errors.filter((message) => !findings.has(message));
  return {
    title: outcome.title,
    status: outcome.status,
    declares: declaredBy(outcome, ANNOTATION.requirement) as RequirementId[],
    records: declaredBy(outcome, ANNOTATION.records),
    results: parsed<RequirementRecord>(outcome.annotations, ANNOTATION.result),
    observations: parsed<ObservationRecord>(outcome.annotations, ANNOTATION.observation),
    probeProblems: parsed<ProbeProblem>(outcome.annotations, ANNOTATION.probeProblem),
    coverage: parsed<TestCoverage>(outcome.annotations, ANNOTATION.coverage),
    answers: parsed<number>(outcome.annotations, ANNOTATION.answers).reduce((sum, n) => sum + n, 0),
    ...(skip ? { skip } : {}),
    ...(outcome.durationMs !== undefined ? { durationMs: outcome.durationMs } : {}),
    errors: typed.length > 0 ? typed : others.map((message) => ({ kind: 'harness' as const, message })),
  };
}
