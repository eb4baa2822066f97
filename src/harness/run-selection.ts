/**
 * The run's own selection (`run --grep`), carried to the conformance reporter through Playwright's
 * config metadata, so that shards and their merge carry it too: what it leaves out is not selected,
 * what anything else leaves out is a gap (planned-tests.ts). A module of names alone: `run` sets the
 * variable without loading the suite.
 */

/** The key of Playwright's config metadata that holds the selection. */
export const SELECTION_METADATA = 'conformanceSelection';

/** The environment variable `run` sets from its --grep, which playwright.config.ts puts into the metadata. */
export const SELECTION_GREP_VARIABLE = 'CONFORMANCE_GREP';

export interface RunSelection {
  grep?: string;
}
