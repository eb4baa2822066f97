/**
 * Every bound `npm run bench` prints beside its figures (MISSED where one is not met), and that
 * `npm run figures` renders into the documents: the ones a release is held to, never asserted by a
 * test. One table, so that the bench and the documents cannot hold two bounds for one figure.
 */
export const TARGETS = {
  /** The whole suite over its floor, start-up excluded. */
  overheadRatio: 1.5,
  /** A whole run, start-up included, over its floor with Playwright's own start counted in it. */
  startupRatio: 1.2,
  /** The survey at LATENCY_MS=50 over its floor. */
  surveyAtLatencyRatio: 1.1,
  /** The findability survey at LATENCY_MS=50 over its floor. */
  findabilityRatio: 1.2,
  /** The share of --max-rps a survey keeps on average, at least: the self-tests hold only the bound above (never more than the rate). */
  surveyRate: 0.95,
  /** The survey's peak resident memory at its largest size, and over its figure at the smallest. */
  surveyPeakMb: 256,
  surveyPeakRatio: 1.15,
  /** The scorecard's CPU over a survey's, at most (5% more than the same survey without it). */
  scorecardShare: 0.05,
  /** The NPI list read at ten times the rows: at most this much more memory (flat, with room for the NPIs kept to count repeats). */
  npiInputRatio: 1.5,
  /** The export's reading (--dry-run): memory and pace on one core. */
  exportReadPeakMb: 256,
  exportReadMbPerSecond: 50,
  /** The history over 1,000 runs of 5 targets, at most: a page a team opens every morning, and a nightly job's check. */
  historyPageBytes: 1.5 * 1000 * 1000,
  historyPageMs: 2_000,
  historyCheckMs: 1_000,
  /** Validating a bundle as the suite does, over parsing it. */
  validationRatio: 1,
} as const;
