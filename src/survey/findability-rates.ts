/**
 * Findability per parameter (`survey --findability`): of the searches by a record's own values
 * (an organization's, a provider's), how many found it, how many showed it missing, and how many could not show either; the
 * rate with its 95% Wilson score interval (wilson-interval.ts).
 */
import type { Judgement } from '../rules/rulebook';
import type { RequirementId } from '../spec/catalogue';
import type { SurveyReport } from '../types/schemas';
import { wilsonInterval } from '../verdicts/wilson-interval';

/** What one search by a record's own values showed: it found the record, it showed it missing (its requirement failed), or neither (skipped). */
export type SearchOutcome = 'found' | 'missed' | 'unknown';

/**
 * One record's searches: the parameter each filled (`identifier`, `address-city+address-state`,
 * `Phone-`, …), what it showed and, for a provider's own values, the source datasets (§2.2 `index`)
 * whose records hold the values searched (none for an unmatchable value).
 */
export type RecordSearches = readonly (readonly [parameter: string, outcome: SearchOutcome, datasets?: readonly string[]])[];

type ParameterRate = NonNullable<SurveyReport['findability']>['organizations'][number];

/** What a search's judgement showed of requirement `id`: held, failed, or not checked (skipped). */
export function outcomeOf(judgement: Judgement, id: RequirementId): SearchOutcome {
  const record = judgement.requirementRecords((value) => value).find((r) => r.id === id);
  if (!record || record.checks === 0) return 'unknown';
  return record.failures.length > 0 ? 'missed' : 'found';
}

type Counts = Record<SearchOutcome, number>;

/** Adds one outcome to the counts kept under `key`. */
function count(counts: Map<string, Counts>, key: string, outcome: SearchOutcome): void {
  let kept = counts.get(key);
  if (!kept) counts.set(key, (kept = { found: 0, missed: 0, unknown: 0 }));
  kept[outcome]++;
}

/** The searches, and the rate found / (found + missed) with its interval where any search showed either (a skipped search shows neither, and is not in the rate). */
function rated({ found, missed, unknown }: Counts): Omit<ParameterRate, 'parameter'> {
  const decided = found + missed;
  return {
    searched: found + missed + unknown,
    found,
    missed,
    unknown,
    ...(decided > 0 ? { rate: Number((found / decided).toFixed(6)), interval95: wilsonInterval(found, decided) } : {}),
  };
}

const byName = <T>([a]: [string, T], [b]: [string, T]) => (a < b ? -1 : a > b ? 1 : 0);

/** Counts per parameter, and per parameter and source dataset, fed one record at a time. */
export class FindabilityCounts {
  private readonly perParameter = new Map<string, Counts>();
  /** Per parameter, per dataset: a dataset's name is the service's text, so no separator is safe to join them with. */
  private readonly perSource = new Map<string, Map<string, Counts>>();

  add(searches: RecordSearches): void {
    for (const [parameter, outcome, datasets = []] of searches) {
      count(this.perParameter, parameter, outcome);
      let perDataset = this.perSource.get(parameter);
      if (!perDataset && datasets.length > 0) this.perSource.set(parameter, (perDataset = new Map()));
      for (const dataset of datasets) if (perDataset) count(perDataset, dataset, outcome);
    }
  }

  /** Per parameter, in name order. */
  byParameter(): ParameterRate[] {
    return [...this.perParameter].sort(byName).map(([parameter, counts]) => ({ parameter, ...rated(counts) }));
  }

  /** Per parameter and source dataset holding the value searched, in name order: a search whose value two datasets hold counts in both. */
  bySource(): ParameterRate[] {
    return [...this.perSource]
      .sort(byName)
      .flatMap(([parameter, perDataset]) =>
        [...perDataset].sort(byName).map(([dataset, counts]) => ({ parameter, dataset, ...rated(counts) })),
      );
  }
}
