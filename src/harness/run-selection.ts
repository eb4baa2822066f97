/**
 * The run's own selection (`run --grep`), carried to the conformance reporter through Playwright's
 * config metadata, so that shards and their merge carry it too: what it leaves out is not selected,
 * what anything else leaves out is a gap (planned-tests.ts). With it, what else makes shards parts
 * of one run: the arguments passed through to Playwright, the probes file and the suite's version,
 * which `merge` compares across the blobs (blob-reports.ts). A module of names alone: `run` sets the
 * variables without loading the suite.
 */

/** The key of Playwright's config metadata that holds the selection. */
export const SELECTION_METADATA = 'conformanceSelection';

/** The environment variable `run` sets from its --grep, which playwright.config.ts puts into the metadata. */
export const SELECTION_GREP_VARIABLE = 'CONFORMANCE_GREP';

/** The environment variable `run` sets from what follows its --, as JSON: Playwright's arguments, which a merge's shards share. */
export const SELECTION_PASS_THROUGH_VARIABLE = 'CONFORMANCE_PASS_THROUGH';

export interface RunSelection {
  grep?: string;
  /** What `run` passed through to Playwright after --, a --shard among them aside (each shard's own). */
  passThrough?: string[];
  /** The SHA-256 of the probes file: the shards of one run judge the same promises. */
  probes?: string;
  /** The suite's version: the shards of one run are judged by one rulebook. */
  suite?: string;
}

/** Playwright's arguments as a run's selection records them: a --shard of its own is each shard's, not the run's. */
export function selectedArguments(passThrough: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < passThrough.length; i++) {
    if (passThrough[i] === '--shard') i++;
    else if (!passThrough[i].startsWith('--shard=')) kept.push(passThrough[i]);
  }
  return kept;
}
