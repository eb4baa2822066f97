/**
 * The history's store as the commands use it: opened for one piece of work and closed after it, the
 * report folders recorded into it, and the lines they print, escaped for a terminal.
 */
import { readEntry } from '../history/entry';
import { storedRun } from '../history/queries';
import { recordEntry } from '../history/record';
import { type HistoryStore, openHistory, type StoreAccess } from '../history/store';
import { escapeLine } from '../report/escape';

/**
 * A line as the terminal shows it: what the reports put in it (a target, a label, a requirement or
 * dataset name) may hold a line feed or a bidi override that would fake another line ("regression:
 * …"), or reorder this one; both are shown, never applied.
 */
export const line = (text: string) => escapeLine(text, 'terminal');

/** The store at `location`, opened for `work` and closed after it, whatever it throws. */
export async function withStore<T>(location: string, work: (store: HistoryStore) => Promise<T>, access: StoreAccess = 'write'): Promise<T> {
  const store = await openHistory(location, access);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

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
