/**
 * The checks of one test: the rules' judgements it records, turned into Playwright annotations when
 * it ends (the conformance reporter reads those, never logs). A failed MUST check fails the test; a
 * SHOULD one only warns. Every check names a requirement the test declared, or a cross-cutting one.
 */
import type { Redactor } from '../client/redact';
import {
  ANSWER_SUBJECTS,
  Judgement,
  judge,
  type RequirementRecord,
  requirementsOf,
  serviceValue,
  type SubjectKind,
  type Subjects,
} from '../rules/rulebook';
import type { RequirementId } from '../spec/catalogue';
import type { Failure, NotJudgedReason, RunError } from '../types/schemas';
import type { TestCoverage } from '../verdicts/aggregate';
import { ANNOTATION, CROSS_CUTTING } from './annotations';

export class TestChecks {
  private readonly judgement = new Judgement();
  private readonly covered: TestCoverage[] = [];
  /** Answers the test received, each judged as an answer of its endpoint. */
  private answers = 0;
  /** Errors of the run the test met, by kind: a request that ended without an HTTP answer. */
  private readonly runErrors: { kind: RunError['kind']; message: string; status?: number }[] = [];
  /** What the test threw because MUST checks failed, when it did. */
  private thrown: string | undefined;

  constructor(
    private readonly declared: ReadonlySet<RequirementId>,
    /** The subjects the test declared (judging), and the cross-cutting one. */
    private readonly subjects: ReadonlySet<SubjectKind>,
    private readonly redactor: Redactor,
  ) {}

  /** Adds what a rule concluded; returns it, for rules whose result the test also reads. */
  record(judgement: Judgement): Judgement {
    for (const id of judgement.requirementIds)
      if (!this.declared.has(id) && !CROSS_CUTTING.includes(id))
        throw new Error(`harness bug: a check of ${id} in a test that does not declare it`);
    this.judgement.add(judgement);
    return judgement;
  }

  /**
   * Hands a subject to the rulebook: every rule of it judges it, and what they conclude is recorded
   * and returned. A subject the test did not declare (judging) is a bug of the harness, never a rule
   * silently left out.
   */
  judge<K extends SubjectKind>(subject: K, value: Subjects[K]): Judgement {
    if (!this.subjects.has(subject) && !(ANSWER_SUBJECTS as readonly SubjectKind[]).includes(subject))
      throw new Error(`harness bug: a test judges ${subject} without declaring it: test('…', judging('${subject}', …), …)`);
    return this.record(judge(subject, value));
  }

  /** What the rules of an answer concluded of one answer the test received (judgeAnswer): counted, and recorded. */
  answered(judgement: Judgement): void {
    this.answers++;
    this.record(judgement);
  }

  /** What this test saw of the service's data: the report says which source datasets the run covered. */
  cover(coverage: TestCoverage): void {
    this.covered.push(coverage);
  }

  /** Every requirement of a subject this test declared and cannot meet (for want of a probe, say): each shows skipped, with the reason. */
  skipSubject(subject: SubjectKind, reason: NotJudgedReason): void {
    for (const id of requirementsOf(subject)) this.skip(id, reason);
  }

  /** A part of a requirement this test cannot check, for want of a probe: the report shows it partial, with the reason. */
  skip(id: RequirementId, reason: NotJudgedReason): void {
    this.record(new Judgement().skip(id, reason));
  }

  /** An error of the run the test met, of a kind it knows (a request that ended without an HTTP answer, one refused for rate): said as data, not read back from a message. */
  runError(kind: RunError['kind'], message: string, status?: number): void {
    this.runErrors.push({ kind, message: this.redactor.text(message), ...(status === undefined ? {} : { status }) });
  }

  /** The message the test throws because MUST checks failed: a finding, never an error of the run. */
  findingsThrown(message: string): string {
    this.thrown = message;
    return message;
  }

  /** Secrets out first, then the service's text capped: a cut never leaves part of a secret behind. */
  private readonly redact = <T>(value: T): T => this.redactor.value(value);

  get requirementRecords(): RequirementRecord[] {
    return this.judgement.requirementRecords(this.redact);
  }

  /** The test's records as annotations, for the conformance reporter and a later merge of shards. */
  annotations(): { type: string; description: string }[] {
    return [
      ...this.requirementRecords.map((record) => ({ type: ANNOTATION.result, description: JSON.stringify(record) })),
      ...this.judgement
        .observationRecords(this.redact)
        .map((record) => ({ type: ANNOTATION.observation, description: JSON.stringify(record) })),
      ...this.judgement
        .probeProblems(this.redact)
        .map((problem) => ({ type: ANNOTATION.probeProblem, description: JSON.stringify(problem) })),
      // Dataset names are the service's text: redacted and capped as every value from it.
      ...(this.answers > 0 ? [{ type: ANNOTATION.answers, description: String(this.answers) }] : []),
      ...this.covered.map((coverage) => ({ type: ANNOTATION.coverage, description: JSON.stringify(serviceValue(this.redact(coverage))) })),
      ...this.runErrors.map((error) => ({ type: ANNOTATION.error, description: JSON.stringify(error) })),
    ];
  }

  /** What the test threw for its findings, once it threw: an annotation of the test's result, after the others. */
  thrownAnnotation(): { type: string; description: string }[] {
    return this.thrown === undefined ? [] : [{ type: ANNOTATION.findings, description: this.thrown }];
  }

  /** MUST failures, which fail the test. */
  mustFailures(): { id: RequirementId; failure: Failure }[] {
    return this.requirementRecords.flatMap((record) =>
      record.failures.filter((failure) => failure.level === 'MUST').map((failure) => ({ id: record.id, failure })),
    );
  }
}
