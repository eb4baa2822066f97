/**
 * The bounds `npm run bench` prints beside its figures (MISSED where one is not met) and `npm run
 * figures` renders into the documents: the ones a release is held to, never asserted by a test.
 */
export const TARGETS = {
  /** A whole run, start-up included, over its floor with Playwright's own start counted in it. */
  startupRatio: 1.2,
  /** The survey at LATENCY_MS=50 over its floor. */
  surveyAtLatencyRatio: 1.1,
  /** The survey's peak resident memory at its largest size, and over its figure at the smallest. */
  surveyPeakMb: 256,
  surveyPeakRatio: 1.15,
} as const;
