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
import { dateOfDay } from './dates';

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

function count(measures: DatasetCounts['measures'], id: QualityId, failed: boolean): void {
  const counts = measures.get(id);
  if (!counts) measures.set(id, { checked: 1, failed: failed ? 1 : 0 });
  else {
    counts.checked++;
    if (failed) counts.failed++;
  }
}

/**
 * What one kind of record of one dataset showed: per measure, the records counted and failing; per
 * LastUpdateDate, the records; per day of an unreversed deactivation, the records.
 */
interface DatasetCounts {
  measures: Map<QualityId, { checked: number; failed: number }>;
  updated: Map<number, number>;
  deactivated: Map<number, number>;
}

/** Records counted by a day of theirs (a LastUpdateDate, a deactivation): how many, and how many of them fail by `failing`. */
function byDay(days: ReadonlyMap<number, number>, failing: (day: number) => boolean): { checked: number; failed: number } {
  let checked = 0;
  let failed = 0;
  for (const [day, records] of days) {
    checked += records;
    if (failing(day)) failed += records;
  }
  return { checked, failed };
}

export class QualityCounts {
  /** By kind of record and dataset (key), what their records showed: a record's measures are counted without a key of their own. */
  private readonly byDataset = new Map<string, DatasetCounts>();
  private readonly datasets = new Set<string>();

  add(records: QualityRecords, measured: readonly RecordQuality[]): void {
    for (const { dataset: named, holds, fails, updated, deactivated } of measured) {
      if (this.datasets.size < MAX_DATASETS) this.datasets.add(named);
      const dataset = this.datasets.has(named) ? named : OTHER_DATASETS;
      const at = key(records, dataset);
      let counts = this.byDataset.get(at);
      if (!counts) this.byDataset.set(at, (counts = { measures: new Map(), updated: new Map(), deactivated: new Map() }));
      for (const id of holds) count(counts.measures, id, false);
      for (const id of fails) count(counts.measures, id, true);
      if (updated !== undefined) counts.updated.set(updated, (counts.updated.get(updated) ?? 0) + 1);
      if (deactivated !== undefined) counts.deactivated.set(deactivated, (counts.deactivated.get(deactivated) ?? 0) + 1);
    }
  }

  /** survey.json's dataQuality at the survey's date (`today`, days since 1970-01-01), given which lists the survey had. */
  finish(today: number, lists: { [K in keyof QualityLists]?: boolean }): DataQuality {
    const all = new Map<string, { checked: number; failed: number }>();
    for (const [at, { measures, updated, deactivated }] of this.byDataset) {
      const [records, dataset] = JSON.parse(at) as string[];
      for (const [id, counts] of measures) all.set(key(id, records, dataset), counts);
      // A deactivation dated after the survey is none yet: it holds, beside the records with none.
      if (deactivated.size > 0) {
        const held = measures.get('DQ-DEACTIVATED') ?? { checked: 0, failed: 0 };
        const dated = byDay(deactivated, (day) => day <= today);
        all.set(key('DQ-DEACTIVATED', records, dataset), { checked: held.checked + dated.checked, failed: held.failed + dated.failed });
      }
      if (updated.size === 0) continue;
      // A LastUpdateDate after the survey's date is counted apart, and never as fresh: freshness is judged of the rest.
      all.set(
        key('DQ-DATE-FUTURE', records, dataset),
        byDay(updated, (day) => day > today),
      );
      const past = new Map([...updated].filter(([day]) => day <= today));
      if (past.size === 0) continue;
      for (const [id, after] of STALE_AFTER_DAYS)
        all.set(
          key(id, records, dataset),
          byDay(past, (day) => day < today - after),
        );
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
      date: dateOfDay(today),
      rates,
      notJudged: LIST_FLAGS.filter(([, list]) => !lists[list]).map(([id, , flag]) => ({
        id,
        reason: `no list given (${flag} FILE): not judged, never a rate of zero`,
      })),
    };
  }
}
