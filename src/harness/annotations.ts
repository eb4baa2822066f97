import { type Level, type ObservationId, OBSERVATIONS, type RequirementId } from './catalogue';

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

export interface Failure {
  /**
   * MUST when the answer contradicts the specification under every reading, SHOULD for a near miss
   * of a graded requirement (see Requirement.nearMiss) and for the findings of a SHOULD requirement.
   */
  level: Level;
  message: string;
  method?: string;
  url?: string;
  status?: number;
  /** The answer's Content-Type, '' when it had none. */
  mediaType?: string;
  /** The failing part of the body (the value at `pointer`), or the start of the body; secrets redacted. */
  excerpt?: string;
  /** JSON Pointer of the failing part of the body, when there is one. */
  pointer?: string;
  /** Where in the schema the broken rule lives, for a schema violation. */
  schemaPath?: string;
}

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

/**
 * The service's answer contradicts what the probes file promised, and nothing in the exchanges
 * shows which side is wrong: the probes file may be out of date, or the service's matching wrong.
 * No requirement is charged; the run is inconclusive.
 */
export interface ProbeProblem {
  /** Which probe: its place in the probes file and its query. */
  probe: string;
  /** What the probes file promised. */
  promised: string;
  /** What came back. */
  observed: string;
  message: string;
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
