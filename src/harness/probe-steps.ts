import { probeLabel } from '../probes/promises';
import { test } from './suite';

const queryOf = (probe: unknown) => (typeof probe === 'object' && probe !== null && 'query' in probe ? probe.query : probe);

/**
 * The one way a test walks a list of probes: it skips, with `reason`, when the list is empty, and
 * runs `check` for each probe inside a test.step (see stepEachProbe).
 */
export async function forEachProbe<P>(
  place: string,
  probes: readonly P[] | undefined,
  reason: string,
  check: (probe: P, label: string) => Promise<void>,
): Promise<void> {
  test.skip((probes ?? []).length === 0, reason);
  await stepEachProbe(place, probes, check);
}

/**
 * Runs `check` for each probe inside a test.step named by the probe's place in the probes file and
 * its query, so that the report shows which probe failed. An empty list runs nothing.
 */
export async function stepEachProbe<P>(
  place: string,
  probes: readonly P[] | undefined,
  check: (probe: P, label: string) => Promise<void>,
): Promise<void> {
  for (const [index, probe] of (probes ?? []).entries()) {
    const label = probeLabel(`${place}[${index}]`, queryOf(probe));
    await test.step(label, () => check(probe, label));
  }
}

/** A value the test cannot run without: skips the test with `reason` when it is missing (test.skip ends the test). */
export function requiredFor<T>(value: T | undefined, reason: string): T {
  test.skip(value === undefined, reason);
  return value as T;
}
