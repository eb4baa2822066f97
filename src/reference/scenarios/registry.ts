import { type Behaviour, withChanges } from './behaviour';
import { FAULTS } from './faults';
import { HOSTILE } from './hostile';
import { SPARSE_FAULTS } from './sparse-faults';
import type { Scenario } from './scenario';
import { VARIANTS } from './variants';

export const CLEAN: Scenario = { name: 'clean', description: 'the reference behaviour', behaviour: {} };

/** Every scenario, by name: the clean reference, its conformant variants, its faults, the sparse data faults a survey finds, and hostile targets. */
export const SCENARIOS: readonly Scenario[] = [CLEAN, ...VARIANTS, ...FAULTS, ...SPARSE_FAULTS, ...HOSTILE];

export function behaviourOf(scenario: Scenario): Behaviour {
  return withChanges(scenario.behaviour);
}

/** Path prefix under which the all-scenarios server mounts a scenario. */
export function scenarioPrefix(name: string): string {
  return `/scenario/${name}`;
}
