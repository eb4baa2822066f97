import { probeLabel } from '../probes/promises';
import type { NotJudgedReason } from '../types/schemas';
import { ANNOTATION } from './annotations';
import { test } from './suite';

const queryOf = (probe: unknown) => (typeof probe === 'object' && probe !== null && 'query' in probe ? probe.query : probe);

/**
 * Skips the test when `skipped`, with a typed reason: the reporter reads the reason as data (the
 * conformance-skip annotation), Playwright shows its words.
 */
export function skipTest(skipped: boolean, reason: NotJudgedReason): void {
  if (!skipped) return;
  test.info().annotations.push({ type: ANNOTATION.skip, description: JSON.stringify(reason) });
  test.skip(true, reason.text);
}

/** A probe the probes file lacks, as a typed reason: `PROBES_FILE has no organization.multiPage probe`. */
export const noProbe = (probe: string, what = `${probe} probe`): NotJudgedReason => ({
  kind: 'no-probe',
  probe,
  text: `PROBES_FILE has no ${what}`,
});

/**
 * The one way a test walks a list of probes: it skips, with the typed reason that the probes file
 * has none of `place`, when the list is empty, and runs `check` for each probe inside a test.step
 * (see stepEachProbe).
 */
export async function forEachProbe<P>(
  place: string,
  probes: readonly P[] | undefined,
  check: (probe: P, label: string) => Promise<void>,
): Promise<void> {
  skipTest((probes ?? []).length === 0, noProbe(place, `${place} probes`));
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
export function requiredFor<T>(value: T | undefined, reason: NotJudgedReason): T {
  skipTest(value === undefined, reason);
  return value as T;
}
