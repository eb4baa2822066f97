import type { Failure } from '../types/schemas';
import { type ObservationId, OBSERVATIONS, type RequirementId } from '../spec/catalogue';

export type { Failure, ProbeProblem } from '../types/schemas';

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
} as const;

/** Requirements every exchange is checked against, whatever test made it. */
export const CROSS_CUTTING: readonly RequirementId[] = ['HTTP-JSON', 'HTTP-NO-5XX'];

export interface RequirementRecord {
  id: RequirementId;
  checks: number;
  failures: Failure[];
  /** Parts of the requirement this test could not check, with the reason. */
  skipped?: string[];
}

export interface ObservationRecord {
  id: ObservationId;
  value: unknown;
}

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
