/**
 * The reference server with the test equipment: `npm run serve`, the mutation and robustness runs,
 * the self-tests. Without a variable below, the reference behaviour, as src/reference/main.ts.
 *
 *   REFERENCE_FAULT=<name>      serve one fault (or sparse fault) instead of the reference behaviour
 *   REFERENCE_VARIANT=<name>    serve one conformant variant
 *   REFERENCE_SCENARIOS=all     serve every scenario under /scenario/<name> (the mutation run)
 */
import type { MountedScenario } from '../server';
import { runReferenceServer } from '../start';
import { FAULTS } from './faults';
import { behaviourOf, scenarioPrefix, SCENARIOS } from './registry';
import type { Scenario } from './scenario';
import { SPARSE_FAULTS } from './sparse-faults';
import { HOSTILE_WALKS } from './hostile-walks';
import { VARIANTS } from './variants';

function named(variable: string, list: readonly Scenario[]): MountedScenario[] | undefined {
  const name = process.env[variable];
  if (!name) return undefined;
  const scenario = list.find((s) => s.name === name);
  if (!scenario) {
    console.error(`${variable}=${name} is not one of: ${list.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
  return [{ prefix: '', behaviour: behaviourOf(scenario) }];
}

function scenarios(): MountedScenario[] | undefined {
  if (process.env.REFERENCE_SCENARIOS === 'all')
    return SCENARIOS.map((s) => ({ prefix: scenarioPrefix(s.name), behaviour: behaviourOf(s) }));
  return named('REFERENCE_FAULT', [...FAULTS, ...SPARSE_FAULTS, ...HOSTILE_WALKS]) ?? named('REFERENCE_VARIANT', VARIANTS);
}

runReferenceServer(scenarios());
