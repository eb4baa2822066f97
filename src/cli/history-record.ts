/**
 * Report folders recorded into the history: what `history record` does, and what `run`, `survey`
 * and `merge` do with --history once they end. Apart from the store, so that the commands that only
 * read it (check, diff, page, export) load no report reader and no survey renderer.
 */
import { readEntry } from '../history/entry';
import { storedRun } from '../history/queries';
import { recordEntry } from '../history/record';
import { line, withStore } from './history-store';

/** Records the report folders into the history, one line each. */
export async function record(location: string, dirs: readonly string[], label: string | undefined): Promise<void> {
  // Read and checked before the store opens: a wrong folder records nothing.
  const entries = dirs.map((dir) => ({ dir, entry: readEntry(dir, label ?? null) }));
  await withStore(location, async (store) => {
    for (const { dir, entry } of entries) {
      const { recorded, id } = await recordEntry(store.db, entry);
      // Kept already: what the history holds, its label and verdict, not this folder's.
      const kept = recorded ? entry : await storedRun(store.db, id);
      console.error(
        line(
          `history: ${recorded ? 'recorded' : 'kept already'} ${kept.kind} #${id} of ${kept.target}${kept.label ? ` (${kept.label})` : ''}, verdict ${kept.verdict} (${dir}) in ${store.where}`,
        ),
      );
    }
  });
}
