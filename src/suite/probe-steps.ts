/** How an entry walks the probes it needs: a step per probe, and a typed skip where the probes file lacks one. */
import { probeLabel } from '../probes/promises';
import type { NotJudgedReason } from '../types/schemas';
import type { EntryContext } from './entry';

const queryOf = (probe: unknown) => (typeof probe === 'object' && probe !== null && 'query' in probe ? probe.query : probe);

/** A probe the probes file lacks, as a typed reason: `PROBES_FILE has no organization.multiPage probe`. */
export const noProbe = (probe: string, what = `${probe} probe`): NotJudgedReason => ({
  kind: 'no-probe',
  probe,
  text: `PROBES_FILE has no ${what}`,
});

/**
 * Runs `check` for each probe in a step named by the probe's place in the probes file and its query,
 * so that the report shows which probe failed. An empty list runs nothing.
 */
export async function stepEachProbe<P>(
  context: Pick<EntryContext, 'step'>,
  place: string,
  probes: readonly P[] | undefined,
  check: (probe: P, label: string) => Promise<void>,
): Promise<void> {
  for (const [index, probe] of (probes ?? []).entries()) {
    const label = probeLabel(`${place}[${index}]`, queryOf(probe));
    await context.step(label, () => check(probe, label));
  }
}

/** The one way an entry walks a list of probes: skipped, with the typed reason that the file has none of `place`, when the list is empty. */
export async function forEachProbe<P>(
  context: Pick<EntryContext, 'step' | 'skipEntry'>,
  place: string,
  probes: readonly P[] | undefined,
  check: (probe: P, label: string) => Promise<void>,
): Promise<void> {
  context.skipEntry((probes ?? []).length === 0, noProbe(place, `${place} probes`));
  await stepEachProbe(context, place, probes, check);
}

/** A value the entry cannot run without: the entry is skipped with `reason` when it is missing. */
export function requiredFor<T>(context: Pick<EntryContext, 'skipEntry'>, value: T | undefined, reason: NotJudgedReason): T {
  context.skipEntry(value === undefined, reason);
  return value as T;
}
