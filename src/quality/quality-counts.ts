/**
 * The scorecard's counts, folded from the records' measures in any order, so that shards merged and
 * resumed surveys give the unsharded counts: per measure, kind of record and dataset, the records
 * counted and those failing. Freshness is folded as a count per LastUpdateDate, and judged against
 * the survey's date when the counts are finished.
 */
import type { SurveyReport } from '../types/schemas';
import { wilsonInterval } from '../verdicts/wilson-interval';
import { type QualityId, QUALITY_MEASURES, qualityMeasure } from './measures';
import type { QualityLists, RecordQuality } from './record-quality';

export type QualityRecords = 'providers' | 'organizations';
export type DataQuality = NonNullable<SurveyReport['dataQuality']>;

/** The freshness measures, by the days a record may be old. */
const STALE_AFTER_DAYS: readonly [QualityId, number][] = [
  ['DQ-STALE-30', 30],
  ['DQ-STALE-90', 90],
];

/** The measures a user's list decides, by the flag that gives it. */
const LIST_FLAGS: readonly [QualityId, keyof QualityLists, string][] = [
  ['DQ-DEACTIVATED-LIST', 'deactivatedNpis', '--deactivated-npis'],
  ['DQ-TAXONOMY-UNLISTED', 'taxonomyCodes', '--taxonomy-codes'],
];

/** Datasets counted apart at most; the rest are counted together, so that a service naming every record's source anew stays a readable report. */
export const MAX_DATASETS = 50;
export const OTHER_DATASETS = '(other datasets, past the first 50)';

const key = (...parts: string[]) => JSON.stringify(parts);

export class QualityCounts {
  private readonly counted = new Map<string, { checked: number; failed: number }>();
  private readonly updated = new Map<string, Map<number, number>>();
  private readonly datasets = new Set<string>();

  add(records: QualityRecords, measured: readonly RecordQuality[]): void {
    for (const { dataset: named, holds, fails, updated } of measured) {
      if (this.datasets.size < MAX_DATASETS) this.datasets.add(named);
      const dataset = this.datasets.has(named) ? named : OTHER_DATASETS;
      for (const id of holds) this.count(key(id, records, dataset), false);
      for (const id of fails) this.count(key(id, records, dataset), true);
      if (updated === undefined) continue;
      const days = this.updated.get(key(records, dataset)) ?? new Map<number, number>();
      this.updated.set(key(records, dataset), days.set(updated, (days.get(updated) ?? 0) + 1));
    }
  }

  private count(at: string, failed: boolean): void {
    const counts = this.counted.get(at) ?? { checked: 0, failed: 0 };
    counts.checked++;
    if (failed) counts.failed++;
    this.counted.set(at, counts);
  }

  /** survey.json's dataQuality at the survey's date (`today`, days since 1970-01-01), given which lists the survey had. */
  finish(today: number, lists: { [K in keyof QualityLists]?: boolean }): DataQuality {
    const all = new Map(this.counted);
    for (const [at, days] of this.updated)
      for (const [id, after] of STALE_AFTER_DAYS) {
        const [records, dataset] = JSON.parse(at) as string[];
        let failed = 0;
        let checked = 0;
        for (const [day, count] of days) {
          checked += count;
          if (day < today - after) failed += count;
        }
        all.set(key(id, records, dataset), { checked, failed });
      }
    const order = new Map(QUALITY_MEASURES.map((m, i) => [m.id as string, i]));
    const rates = [...all]
      .map(([at, { checked, failed }]) => {
        const [id, records, dataset] = JSON.parse(at) as string[];
        return {
          id,
          family: qualityMeasure(id).family,
          records: records as QualityRecords,
          dataset,
          checked,
          failed,
          rate: Number((failed / checked).toFixed(6)),
          interval95: wilsonInterval(failed, checked),
        };
      })
      .sort(
        (a, b) =>
          order.get(a.id)! - order.get(b.id)! ||
          (a.records < b.records ? -1 : a.records > b.records ? 1 : 0) ||
          (a.dataset < b.dataset ? -1 : a.dataset > b.dataset ? 1 : 0),
      );
    return {
      date: new Date(today * 86_400_000).toISOString().slice(0, 10),
      rates,
      notJudged: LIST_FLAGS.filter(([, list]) => !lists[list]).map(([id, , flag]) => ({
        id,
        reason: `no list given (${flag} FILE): not judged, never a rate of zero`,
      })),
    };
  }
}
