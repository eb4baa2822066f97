import type { ObservationId, RequirementId } from './catalogue';

/**
 * What a test reports about requirements, carried as Playwright annotations so that the reporter
 * (and a later merge of sharded runs) works from data, not from logs.
 */
export const ANNOTATION = {
  /** Declares a requirement the test checks (test metadata). */
  requirement: 'requirement',
  /** JSON RequirementRecord: checks run and failures found, per requirement. */
  result: 'conformance-result',
  /** JSON ObservationRecord. */
  observation: 'conformance-observation',
} as const;

export interface Failure {
  message: string;
  method?: string;
  url?: string;
  status?: number;
}

export interface RequirementRecord {
  id: RequirementId;
  checks: number;
  failures: Failure[];
}

export interface ObservationRecord {
  id: ObservationId;
  value: unknown;
}

/** Test details declaring the requirements a test checks: `test('…', requirements('SB-ROOT-OBJECT'), …)`. */
export function requirements(...ids: RequirementId[]) {
  return { annotation: ids.map((id) => ({ type: ANNOTATION.requirement, description: id })) };
}
