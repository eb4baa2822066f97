/**
 * How many requests `probes draft` makes at most: a promise to the user, printed by --help (which
 * loads this alone) and enforced by the draft (draft.ts).
 */

/** Seeds taken at most: enough to fill every category, few enough to keep the requests bounded. */
export const MAX_SEEDS = 10;

/** Candidates tried at most, per category. */
export const TRIES = {
  narrowings: 3,
  none: 3,
  cities: 3,
  postalCodes: 3,
  states: 3,
  counted: 3,
  multiPage: 3,
  overLimit: 3,
  identifiers: 2,
} as const;

/**
 * The most requests a draft makes for `seeds` NPIs. Per seed: its NPI, then its name alone, its name
 * and state, and its last name and state, each with up to 3 narrowings when ambiguous, each narrowing asked as plain
 * and as optional parameters (the suite's SB-NARROWING). Then the unknown NPIs, a search per city and
 * postal code, per state Count=1000 (overLimit, and how many match), Count=1000 of the searches whose
 * answer was a full page and whose total did not show more (how many match), Count=1000 of each
 * other search whose answer showed more than 1000 matches and of the name words the organizations
 * found share most (overLimit), each Count=1000 answer of 1000 organizations followed by its page 2
 * (and Page=1, for pages that count from 0) when its total does not tell whether more match, 2 pages for each multiPage candidate tried, one
 * per identifier, and 2 for `active`.
 */
export function draftRequestBound(seeds: number): number {
  const perSeed = 1 + 3 * (1 + 2 * TRIES.narrowings);
  return (
    seeds * perSeed +
    TRIES.none +
    TRIES.cities +
    TRIES.postalCodes +
    3 * (TRIES.states + TRIES.counted + TRIES.overLimit) +
    2 * TRIES.multiPage +
    TRIES.identifiers +
    2
  );
}
