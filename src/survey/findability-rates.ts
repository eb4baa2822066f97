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

/** One record's searches: the parameter each filled (`identifier`, `address-city+address-state`, `Phone-`, …) and what it showed. */
export type RecordSearches = readonly (readonly [parameter: string, outcome: SearchOutcome])[];

type ParameterRate = NonNullable<SurveyReport['findability']>['organizations'][number];

/** What a search's judgement showed of requirement `id`: held, failed, or not checked (skipped). */
export function outcomeOf(judgement: Judgement, id: RequirementId): SearchOutcome {
  const record = judgement.requirementRecords((value) => value).find((r) => r.id === id);
  if (!record || record.checks === 0) return 'unknown';
  return record.failures.length > 0 ? 'missed' : 'found';
}

/** Counts per parameter, fed one record at a time. */
export class FindabilityCounts {
  private readonly counts = new Map<string, Record<SearchOutcome, number>>();

  add(searches: RecordSearches): void {
    for (const [parameter, outcome] of searches) {
      let count = this.counts.get(parameter);
      if (!count) this.counts.set(parameter, (count = { found: 0, missed: 0, unknown: 0 }));
      count[outcome]++;
    }
  }

  /**
   * Per parameter, in name order: the searches, and the rate found / (found + missed) with its
   * interval where any search showed either (a skipped search shows neither, and is not in the rate).
   */
  byParameter(): ParameterRate[] {
    return [...this.counts]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([parameter, { found, missed, unknown }]) => {
        const decided = found + missed;
        return {
          parameter,
          searched: found + missed + unknown,
          found,
          missed,
          unknown,
          ...(decided > 0 ? { rate: Number((found / decided).toFixed(6)), interval95: wilsonInterval(found, decided) } : {}),
        };
      });
  }
}
