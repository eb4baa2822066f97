/**
 * How far a survey is: on a terminal a progress bar (cli-progress) with records done of the total
 * when it is known, the rate, the ETA and the failures so far; elsewhere (CI) a plain line every
 * ten seconds, since a bar redrawn in a log is noise.
 */
import { SingleBar } from 'cli-progress';

export interface ProgressCounts {
  providers: number;
  notFound: number;
  failingRecords: number;
}

export interface Progress {
  /** A unit was judged (or ended without an answer: `unanswered` in a row). */
  update(counts: ProgressCounts, unanswered?: number): void;
  /** More units became known: the NPIs of the list, the pages of a walk. */
  expect(units: number): void;
  stop(): void;
}

const LINE_EVERY_MS = 10_000;

export function createProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  const started = Date.now();
  let done = 0;
  let expected = 0;
  let failing = 0;
  const rate = () => done / Math.max(1, (Date.now() - started) / 1000);
  if (stream.isTTY) {
    const bar = new SingleBar({
      format: 'survey {bar} {value}/{total} units | {rate}/s | ETA {eta_formatted} | {failing} records failing a MUST',
      etaBuffer: 200,
      stream,
      hideCursor: true,
    });
    bar.start(0, 0, { rate: '0', failing: 0 });
    return {
      update(counts, unanswered = 0) {
        if (unanswered === 0) done++;
        failing = counts.failingRecords;
        bar.update(done, { rate: rate().toFixed(1), failing });
      },
      expect(units) {
        expected += units;
        bar.setTotal(expected);
      },
      stop() {
        bar.stop();
      },
    };
  }
  let unansweredNow = 0;
  const line = () =>
    stream.write(
      `survey: ${done} units judged${expected > 0 ? ` of ${expected} known` : ''}, ${rate().toFixed(1)}/s, ${failing} records failing a MUST${unansweredNow > 0 ? `, ${unansweredNow} requests in a row without an answer` : ''}\n`,
    );
  const timer = setInterval(line, LINE_EVERY_MS);
  timer.unref();
  return {
    update(counts, unanswered = 0) {
      if (unanswered === 0) done++;
      unansweredNow = unanswered;
      failing = counts.failingRecords;
    },
    expect(units) {
      expected += units;
    },
    stop() {
      clearInterval(timer);
      line();
    },
  };
}
