/**
 * The history's store as the commands use it: opened for one piece of work and closed after it, and
 * the lines they print, escaped for a terminal. Recording into it is history-record.ts.
 */
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
