/**
 * Findability per parameter (`survey --findability`): of the searches by a record's own values
 * (an organization's, a provider's), how many found it, how many showed it missing, and how many could not show either; the
 * rate with its 95% Wilson score interval, which stays inside [0, 1] and means something for a
 * handful of searches as for a million (Wilson 1927; Agresti & Coull 1998).
 */
import type { Judgement } from '../rules/rulebook';
import type { RequirementId } from '../spec/catalogue';
import type { SurveyReport } from '../types/schemas';

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

/** z for a two-sided 95% interval. */
const Z = 1.959964;

const rounded = (value: number) => Number(value.toFixed(6));

/** The Wilson score interval of `successes` in `trials` (trials > 0), at 95%. */
export function wilsonInterval(successes: number, trials: number): { low: number; high: number } {
  const p = successes / trials;
  const z2 = Z * Z;
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
  const half = (Z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / (1 + z2 / trials);
  return { low: rounded(Math.max(0, centre - half)), high: rounded(Math.min(1, centre + half)) };
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
          ...(decided > 0 ? { rate: rounded(found / decided), interval95: wilsonInterval(found, decided) } : {}),
        };
      });
  }
}
