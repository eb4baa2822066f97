import type { BaselineOutcome, Failure } from '../../types/schemas';
import { failureLocation } from '../fingerprint';

/**
 * The reason a run's baseline gives for accepting a failure of requirement `id`, or undefined when
 * no entry covers it: a failure is known by its requirement and location, as the baseline's own
 * judgement keyed it (judge.ts). The page and the terminal tell known from new by this alone.
 */
export function acceptedBy(
  baseline: Pick<BaselineOutcome, 'known'> | null | undefined,
): (id: string, failure: Failure) => string | undefined {
  const known = new Map((baseline?.known ?? []).map((k) => [`${k.id} ${k.fingerprint}`, k.expectation.reason]));
  return (id, failure) => known.get(`${id} ${failureLocation(failure)}`);
}
