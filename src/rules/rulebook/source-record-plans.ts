/** The plans of the §4.2 subjects (ask.ts says what a plan is). */
import type { Ask } from './ask';
import type { Subjects } from './subjects';

/** §4.2 r1–r2: the same curated ID asked twice. */
export async function meetRepeatedLookup(ask: Pick<Ask, 'sourceRecords'>, curatedId: string): Promise<Subjects['repeated-lookup']> {
  const first = await ask.sourceRecords(curatedId);
  return { first, second: await ask.sourceRecords(curatedId) };
}

/**
 * OBS-UNKNOWN-CURATED-ID (§4.2 r3): a curated ID no directory holds. The same at every run, so that
 * two runs ask the same requests and a recording of one answers a judging of it (judge HAR).
 */
export async function meetUnknownLookup(ask: Pick<Ask, 'sourceRecords'>): Promise<Subjects['unknown-lookup']> {
  return { exchange: await ask.sourceRecords('conformance-no-such-curated-id') };
}
