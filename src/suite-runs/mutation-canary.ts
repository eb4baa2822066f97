/**
 * The mutation run's canary, `npm test`'s share of it (`npm run test:mutation -- --canary`): the
 * scenarios whose loss the edit loop must see at once, drawn by rule from the catalogue and the
 * faults, so that a requirement family or a driver added later has its canary without anyone
 * choosing it. The whole run (`npm run test:full`) still judges every scenario.
 */
import { REQUIREMENT_GROUPS } from '../spec/catalogue';
import { requirementsOf } from '../rules/rulebook';
import { CLEAN } from '../reference/scenarios/registry';
import { type Fault, isFault, type Scenario } from '../reference/scenarios/scenario';
import { SURVEY_SUBJECTS } from '../survey/subjects';
import { faultLevel } from './agreement';

/**
 * Conformant variants where a reading of the specification is easiest to get wrong: no match as 204
 * without a body, pages from 0, a cursor for a next link, dates after the survey. The others that
 * raised false alarms before (a longer ambiguity message, no match as 404, an empty bundle without
 * `entry`, totals that count the page or stop at 1000, values as whole words) are points of
 * `tests/self/latitude.spec.ts`, in the same tier, judged there by every driver.
 */
export const FALSE_ALARM_VARIANTS: readonly string[] = [
  'no-content-204',
  'pages-from-zero',
  'next-link-opaque-cursor',
  'last-update-beyond-today',
];

/**
 * Faults that only one driver's own judgement shows, beside the families' first: promises of the
 * probes file that `probes check` contradicts (an ambiguous search answered with its first
 * candidate; an organization findable by its first identifier only).
 */
export const DRIVER_FAULTS: readonly string[] = ['ambiguous-first-candidate', 'identifier-first-only'];

/**
 * The canary of `scenarios`: the clean server (where `probes draft` runs too); a fault of each
 * requirement family at MUST, and one at SHOULD; the first fault of the seeds' own records (the
 * draft's); the first fault only explore meets; the first fault the survey meets of a family whose first fault it does not; and the
 * faults and variants named above.
 */
export function canaryOf(scenarios: readonly Scenario[]): Scenario[] {
  const faults = scenarios.filter(isFault);
  const surveyed = requirementsOf(...SURVEY_SUBJECTS);
  const metBySurvey = (fault: Fault) => surveyed.has(fault.targets) && fault.unseenBySurvey === undefined;
  const chosen = new Set<Scenario>([CLEAN]);
  for (const group of REQUIREMENT_GROUPS) {
    const ofGroup = faults.filter((fault) => group.ids.includes(fault.targets));
    const first = ofGroup.find((fault) => faultLevel(fault) === 'MUST');
    if (first) chosen.add(first);
    const survey = ofGroup.find(metBySurvey);
    if (survey && (!first || !metBySurvey(first))) chosen.add(survey);
  }
  const should = faults.find((fault) => faultLevel(fault) === 'SHOULD');
  const drafted = faults.find((fault) => fault.draft === true);
  // explore's: the first fault no request of the suite meets, which the mutation run asks explore to catch.
  const explored = faults.find((fault) => fault.unseenBySuite !== undefined);
  for (const fault of [should, drafted, explored]) if (fault) chosen.add(fault);
  for (const [names, fault] of [
    [FALSE_ALARM_VARIANTS, false],
    [DRIVER_FAULTS, true],
  ] as const)
    for (const name of names) {
      const scenario = scenarios.find((s) => s.name === name && isFault(s) === fault);
      if (!scenario) throw new Error(`the canary's ${name} is no ${fault ? 'fault' : 'conformant variant'} of the mutation run`);
      chosen.add(scenario);
    }
  // In the run's own order, as the tables list them.
  return scenarios.filter((s) => chosen.has(s));
}
