/**
 * How far a survey is: on a terminal a progress bar (cli-progress) with the units done of the total
 * when it is known, the rate, the time left and the failures so far; elsewhere (CI) a plain line
 * every ten seconds, since a bar redrawn in a log is noise. The total grows as the plan is counted:
 * an NPI file by a pass of its own beside the survey, a walk when its page 1 gives a page count
 * (`total`). Standard input and walks that end only where a short page shows are counted as they
 * go, and the total is said to be a lower bound ("4,468+") until every part is counted.
 */
import { SingleBar } from 'cli-progress';

export interface ProgressCounts {
  providers: number;
  notFound: number;
  failingRecords: number;
}

export interface Progress {
  /** `units` more to come, counted now; fewer than counted, when negative (a walk that ended before its total). */
  expect(units: number): void;
  /** Parts of the plan whose units are not all counted yet (the NPI list, each walk): the total is a lower bound while any is left. */
  uncounted(parts: number): void;
  /** A unit was judged (or was left without an answer about the directory: `unanswered` in a row). */
  update(counts: ProgressCounts, unanswered?: number): void;
  /** The display ended: the last count said, unless `said` is false (the survey stopped on an error, which is said instead). */
  stop(said?: boolean): void;
}

const LINE_EVERY_MS = 10_000;

/** What the two displays share: the counts, and the total as a number and in words. */
class Tracker {
  done = 0;
  failing = 0;
  total = 0;
  open = 0;
  private readonly started = Date.now();

  rate(): number {
    return this.done / Math.max(1, (Date.now() - this.started) / 1000);
  }

  /** "of 4,468" or "of at least 4,468"; nothing while no unit is counted. */
  of(): string {
    if (this.total === 0) return '';
    return ` of ${this.open > 0 ? 'at least ' : ''}${this.total}`;
  }

  /** Seconds left at the rate so far, when the total is known. */
  left(): string {
    if (this.open > 0 || this.total === 0 || this.done === 0) return '';
    return `, about ${Math.ceil(Math.max(0, this.total - this.done) / this.rate())} s left`;
  }
}

/** No progress shown: --quiet, and the drivers of the mutation run, which print their own table. */
export const silentProgress = (): Progress => ({
  expect: () => undefined,
  uncounted: () => undefined,
  update: () => undefined,
  stop: () => undefined,
});

export function createProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  const tracker = new Tracker();
  const counting = {
    expect(units: number) {
      tracker.total += units;
    },
    uncounted(parts: number) {
      tracker.open = parts;
    },
  };
  if (stream.isTTY) {
    const bar = new SingleBar({
      // The time left is the tracker's: cli-progress's own ETA shows "NFs" while the rate is unknown.
      format: 'survey: {value}/{total}{more} units | {rate}/s{left} | {failing} records failing a MUST',
      stream,
      hideCursor: true,
      etaBuffer: 200,
    });
    bar.start(0, 0, { rate: '0', failing: 0, more: '', left: '' });
    let stopped = false;
    // The count of an NPI file runs beside the survey and may end after it: nothing is drawn then.
    const redraw = () => {
      if (stopped) return;
      bar.setTotal(Math.max(tracker.total, tracker.done));
      bar.update(tracker.done, {
        rate: tracker.rate().toFixed(1),
        failing: tracker.failing,
        more: tracker.open > 0 ? '+' : '',
        left: tracker.left().replace(/^, /, ' | '),
      });
    };
    return {
      expect(units) {
        counting.expect(units);
        redraw();
      },
      uncounted(parts) {
        counting.uncounted(parts);
        redraw();
      },
      update(counts, unanswered = 0) {
        if (unanswered === 0) tracker.done++;
        tracker.failing = counts.failingRecords;
        redraw();
      },
      stop() {
        stopped = true;
        bar.stop();
      },
    };
  }
  let unansweredNow = 0;
  const line = () =>
    stream.write(
      `survey: ${tracker.done}${tracker.of()} units judged, ${tracker.rate().toFixed(1)}/s${tracker.left()}, ${tracker.failing} records failing a MUST${unansweredNow > 0 ? `, ${unansweredNow} units in a row without an answer about the directory` : ''}\n`,
    );
  const timer = setInterval(line, LINE_EVERY_MS);
  timer.unref();
  return {
    ...counting,
    update(counts, unanswered = 0) {
      if (unanswered === 0) tracker.done++;
      unansweredNow = unanswered;
      tracker.failing = counts.failingRecords;
    },
    stop(said = true) {
      clearInterval(timer);
      if (said) line();
    },
  };
}
