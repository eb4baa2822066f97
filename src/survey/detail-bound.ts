/**
 * Which failing organizations a held page keeps the details of (each failure's pointer, value,
 * message and URL) until its walk's end. The report shows details only in failures.csv, the rows of
 * the smallest keys up to --max-failure-rows, and in each requirement's examples, the smallest keys
 * up to --examples: a record whose key is past both, among the keys already met, can never be shown,
 * so its failures are held as their requirement and level alone, one shared list for equal ones.
 * Counts, failing keys and rates stay exact. A walk of 40,000 pages of failing organizations held
 * every value and message (about 2 KB an organization) until its last page.
 */
import type { RecordFailure } from './records';

/**
 * The smallest keys met, as many as hold `bound` of what is counted (rows, or records), each key
 * weighing what it gives (its failures: a row each). Once keys of that weight are met, a key past
 * the last of them is not among them, now or later.
 */
class SmallestKeys {
  private weights = new Map<string, number>();
  /** The weights held, summed. */
  private total = 0;
  /** The largest key still among the smallest; undefined until keys of the bound's weight are met. */
  cutoff: string | undefined;

  constructor(private readonly bound: number) {}

  /** Whether `key` is among the smallest so far; it is counted, with `weight`, if so. */
  admit(key: string, weight: number): boolean {
    if (this.bound <= 0 || (this.cutoff !== undefined && key > this.cutoff)) return false;
    // A key met twice (an organization on two pages) counts once, at its larger weight.
    const before = this.weights.get(key) ?? 0;
    if (weight > before) {
      this.weights.set(key, weight);
      this.total += weight - before;
    }
    // Sorted and cut by halves: the weight held stays under twice the bound, in n log n.
    if (this.total >= 2 * this.bound) this.trim();
    return true;
  }

  /** Whether `key` may still be among the smallest. */
  holds(key: string): boolean {
    return this.bound > 0 && (this.cutoff === undefined || key <= this.cutoff);
  }

  private trim(): void {
    const sorted = [...this.weights].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    let weight = 0;
    let kept = 0;
    while (kept < sorted.length && weight < this.bound) weight += sorted[kept++][1];
    if (weight < this.bound) return;
    this.cutoff = sorted[kept - 1][0];
    this.weights = new Map(sorted.slice(0, kept));
    this.total = weight;
  }
}

export class DetailBound {
  private readonly rows: SmallestKeys;
  private readonly examples = new Map<string, SmallestKeys>();
  /** The cutoffs when the held records were last sifted: a move since makes details held before needless. */
  private sifted = '';

  constructor(private readonly limits: { maxFailureRows: number; examples: number }) {
    this.rows = new SmallestKeys(limits.maxFailureRows);
  }

  /** Whether the failures of the record of `key` keep their details: its key may be among the rows, or among one requirement's examples. */
  keeps(key: string, failures: readonly Pick<RecordFailure, 'id' | 'level'>[]): boolean {
    let kept = this.rows.admit(key, failures.length);
    for (const { id, level } of failures) {
      const at = `${id} ${level}`;
      let smallest = this.examples.get(at);
      if (!smallest) this.examples.set(at, (smallest = new SmallestKeys(this.limits.examples)));
      // Every requirement's keys are counted, whether or not the rows already keep this record.
      kept = smallest.admit(key, 1) || kept;
    }
    return kept;
  }

  /** Whether details kept for the record of `key` are still needed, by the cutoffs as they are now. */
  needs(key: string, failures: readonly Pick<RecordFailure, 'id' | 'level'>[]): boolean {
    return this.rows.holds(key) || failures.some(({ id, level }) => this.examples.get(`${id} ${level}`)?.holds(key) ?? true);
  }

  /** Whether a cutoff moved since the last call: the held records are then worth sifting again (needs). */
  moved(): boolean {
    const now = [this.rows.cutoff, ...[...this.examples.values()].map((s) => s.cutoff)].join('\n');
    if (now === this.sifted) return false;
    this.sifted = now;
    return true;
  }
}

/** Failures held without their details: counted, never shown (detail-bound.ts). */
const withheld = new WeakSet<RecordFailure>();

/** The failure as its requirement and level alone, its texts empty. */
export function withoutDetails({ id, level, sources }: RecordFailure): RecordFailure {
  const failure: RecordFailure = { id, level, pointer: '', value: '', message: '', url: '', ...(sources ? { sources } : {}) };
  withheld.add(failure);
  return failure;
}

export const isWithheld = (failure: RecordFailure): boolean => withheld.has(failure);
