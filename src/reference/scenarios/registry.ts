import type { MountedScenario } from '../server';
import { type Behaviour, withChanges } from './behaviour';
import { FAULTS } from './faults';
import { HOSTILE, SLOW_ANSWERS } from './hostile';
import { HOSTILE_WALKS } from './hostile-walks';
import { SPARSE_FAULTS } from './sparse-faults';
import type { Scenario } from './scenario';
import { VARIANTS } from './variants';
import { EXPORT_SCENARIOS } from './export-scenarios';

export const CLEAN: Scenario = { name: 'clean', description: 'the reference behaviour', behaviour: {} };

/** Every scenario, by name: the clean reference, its conformant variants, its faults, the sparse data faults a survey finds, hostile targets (of a run, of a survey's walks, and the slow one commands are stopped against), and the exports that agree or disagree with the API. */
export const SCENARIOS: readonly Scenario[] = [
  CLEAN,
  ...VARIANTS,
  ...FAULTS,
  ...SPARSE_FAULTS,
  ...HOSTILE,
  ...HOSTILE_WALKS,
  SLOW_ANSWERS,
  ...EXPORT_SCENARIOS,
];

export function behaviourOf(scenario: Scenario): Behaviour {
  return withChanges(scenario.behaviour);
}

/** Path prefix under which the all-scenarios server mounts a scenario. */
export function scenarioPrefix(name: string): string {
  return `/scenario/${name}`;
}

/** Every scenario mounted under its prefix: the server of the mutation and robustness runs and of the self-tests. */
export function everyScenarioMounted(): MountedScenario[] {
  return SCENARIOS.map((s) => ({ prefix: scenarioPrefix(s.name), behaviour: behaviourOf(s) }));
}
