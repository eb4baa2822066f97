/**
 * How far a survey is: on a terminal a progress line (cli-progress) with the units done, the rate
 * and the failures so far; elsewhere (CI) a plain line every ten seconds, since a line redrawn in
 * a log is noise. The units to come are not counted beforehand: a list is streamed, and a walk's
 * length shows only as it is walked.
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
  stop(): void;
}

const LINE_EVERY_MS = 10_000;

export function createProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  const started = Date.now();
  let done = 0;
  let failing = 0;
  const rate = () => done / Math.max(1, (Date.now() - started) / 1000);
  if (stream.isTTY) {
    const bar = new SingleBar({
      format: 'survey: {value} units | {rate}/s | {failing} records failing a MUST',
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
      stop() {
        bar.stop();
      },
    };
  }
  let unansweredNow = 0;
  const line = () =>
    stream.write(
      `survey: ${done} units judged, ${rate().toFixed(1)}/s, ${failing} records failing a MUST${unansweredNow > 0 ? `, ${unansweredNow} requests in a row without an answer` : ''}\n`,
    );
  const timer = setInterval(line, LINE_EVERY_MS);
  timer.unref();
  return {
    update(counts, unanswered = 0) {
      if (unanswered === 0) done++;
      unansweredNow = unanswered;
      failing = counts.failingRecords;
    },
    stop() {
      clearInterval(timer);
      line();
    },
  };
}
