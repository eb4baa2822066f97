/**
 * The scenarios one reference server can serve alone, in place of the reference behaviour: a fault
 * (REFERENCE_FAULT, `serve --fault NAME`) or a conformant variant (REFERENCE_VARIANT). They ship
 * with the package, so that a user of it can try the gate and the history on a release that breaks
 * a rule (README, "Keep results over time").
 */
import type { MountedScenario } from '../server';
import { ServerSettingError } from '../start';
import { FAULTS } from './faults';
import { HOSTILE_WALKS } from './hostile-walks';
import { behaviourOf } from './registry';
import type { Scenario } from './scenario';
import { SPARSE_FAULTS } from './sparse-faults';
import { VARIANTS } from './variants';
import { CONFORMANT_EXPORTS, EXPORT_FAULTS } from './export-scenarios';
import { behaviourAt, LatitudeSettingError, parseLatitude, settingText } from './latitude';

/** What each variable may name. */
export const SERVABLE: Readonly<Record<'REFERENCE_FAULT' | 'REFERENCE_VARIANT', readonly Scenario[]>> = {
  REFERENCE_FAULT: [...FAULTS, ...SPARSE_FAULTS, ...HOSTILE_WALKS, ...EXPORT_FAULTS],
  REFERENCE_VARIANT: [...VARIANTS, ...CONFORMANT_EXPORTS],
};

/** The scenario the environment names, mounted at the root; undefined when it names none. A name not in the list is a setting error. */
export function servedScenario(env: NodeJS.ProcessEnv): MountedScenario[] | undefined {
  if (env.REFERENCE_LATITUDE) return [latitudeServed(env.REFERENCE_LATITUDE)];
  for (const [variable, list] of Object.entries(SERVABLE)) {
    const name = env[variable];
    if (!name) continue;
    const scenario = list.find((s) => s.name === name);
    if (!scenario)
      throw new ServerSettingError(`${variable}=${name} is not one of them; directory-conformance serve --list-faults lists the faults`);
    return [
      {
        prefix: '',
        behaviour: behaviourOf(scenario),
        served: `${variable === 'REFERENCE_FAULT' ? 'fault' : 'variant'} ${scenario.name}: ${scenario.description}`,
      },
    ];
  }
  return undefined;
}

/** REFERENCE_LATITUDE (`serve --latitude`): the point it names, at the root. Its data seed has chosen FIXTURE_DIR already. */
function latitudeServed(text: string): MountedScenario {
  try {
    const setting = parseLatitude(text);
    return { prefix: '', behaviour: behaviourAt(setting.point), served: `latitude ${settingText(setting) || '(the reference)'}` };
  } catch (error) {
    if (error instanceof LatitudeSettingError) throw new ServerSettingError(`REFERENCE_LATITUDE: ${error.message}`);
    throw error;
  }
}
