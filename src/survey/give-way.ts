/**
 * Long judgements give way: between parts of one (every ENTRIES_A_TURN entries of a page) the event
 * loop runs, so that a signal's handler, the checkpoint's timer and other units' answers are not
 * kept waiting, and a unit the survey abandoned (it is stopping) ends there rather than run on.
 */

/** Entries judged between two turns of the event loop: about 20 ms of judging. */
export const ENTRIES_A_TURN = 100;

/** One turn of the event loop; throws the abandon reason once the survey abandoned the unit. */
export async function giveWay(abandon: AbortSignal | undefined): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  abandon?.throwIfAborted();
}
