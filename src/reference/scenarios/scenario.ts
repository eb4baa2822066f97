import type { Level, ObservationId, RequirementId } from '../../spec/catalogue';
import type { BehaviourChanges } from './behaviour';

/** A named change of the reference behaviour, with the suite settings it needs besides BASE_URL. */
export interface Scenario {
  name: string;
  description: string;
  behaviour: BehaviourChanges;
  suiteEnv?: Record<string, string>;
  /** An observation the suite must record against this scenario. */
  observes?: ObservationId;
  /** Requirements that cannot run against this scenario and must say so with a skip, such as ORG-NEXT-LINK without next links. */
  skips?: RequirementId[];
  /**
   * MUST requirements the harness cannot judge against this conformant scenario, by its own rule (a
   * next link to another origin is never followed with credentials): the run must end inconclusive,
   * exit 3, with exactly these gaps and no finding; a baseline's `gaps` entry would accept them.
   */
  gaps?: RequirementId[];
}

/** A departure from the specification that the suite must catch under `targets`. */
export interface Fault extends Scenario {
  targets: RequirementId;
  /**
   * The level its finding must have: a graded requirement (Requirement.nearMiss) fails on a
   * contradiction (MUST) and warns on a near miss (SHOULD). Default: the requirement's level.
   */
  level?: Level;
  /** One finding per cause: the fault must trip no other requirement and leave no probe problem. */
  alone?: true;
  /**
   * Why no request of the survey meets this fault, though the survey judges its requirement: the
   * agreement table (docs/agreement.md) shows it, and a survey that does fail it makes it stale.
   */
  unseenBySurvey?: string;
  /**
   * Why no request of the suite meets this fault (its probes hold no such value): `explore` is the
   * driver the mutation run asks to catch it, and a suite that does fail it makes the claim stale.
   */
  unseenBySuite?: string;
  /**
   * A fault of the seeds' own records: `probes draft` from the fixtures' first NPIs must keep every
   * seed, as it does against the clean server (the draft keeps its evidence; the run judges the fault).
   */
  draft?: true;
}

/** Whether a scenario is a fault (it targets a requirement), not a conformant variant. */
export const isFault = (scenario: Scenario): scenario is Fault => 'targets' in scenario;

/** A fault as written, under the requirement it breaks. */
export type FaultDefinition = Omit<Fault, 'targets'>;

/** Faults keyed by requirement: a missing requirement, or an empty list, is a compile error. */
export type FaultsFor<Id extends RequirementId> = { readonly [K in Id]: readonly [FaultDefinition, ...FaultDefinition[]] };
