/**
 * Units of work run by a fixed number of workers, pulled from one async generator: the generator
 * decides what comes next (it may wait for an earlier task's result, as a walk whose end is not
 * known yet does), the workers only run what it hands out.
 */

/** A task, and, for the generator that waits on it, where its outcome goes. */
export interface Task<T> {
  run: () => Promise<T>;
  settled?: (outcome: { value: T } | { error: unknown }) => void;
}

/** A task whose outcome the generator awaits: `task` to yield, `outcome` to await. */
export function awaitedTask<T>(run: () => Promise<T>): { task: Task<T>; outcome: Promise<{ value: T } | { error: unknown }> } {
  let settle!: (outcome: { value: T } | { error: unknown }) => void;
  const outcome = new Promise<{ value: T } | { error: unknown }>((resolve) => (settle = resolve));
  return { task: { run, settled: settle }, outcome };
}

/** A task's run, or the abandon signal's reason as soon as it is aborted, whichever comes first. */
async function unlessAbandoned<T>(running: Promise<T>, abandon: AbortSignal | undefined): Promise<{ value: T } | { abandoned: unknown }> {
  const value = running.then((value) => ({ value }));
  if (abandon === undefined) return value;
  // What a task abandoned comes to is nobody's: its failure is not left unhandled.
  running.catch(() => undefined);
  let onAbort = () => undefined as void;
  const abandoned = new Promise<{ abandoned: unknown }>((resolve) => {
    onAbort = () => resolve({ abandoned: abandon.reason });
    if (abandon.aborted) onAbort();
    else abandon.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([value, abandoned]);
  } finally {
    // One listener a task at most: a survey runs hundreds of thousands of tasks.
    abandon.removeEventListener('abort', onAbort);
  }
}

/**
 * Runs the tasks `concurrency` at a time until the generator ends or `stopping()` says so; each
 * outcome goes to `done` (a value) or `failed` (an error), in the order they finish. Once `abandon`
 * is aborted, the tasks under way are left at once (a slow answer, a long judgement): neither done
 * nor failed, their generator told they did not settle with a value.
 */
export async function runPool<T>(
  tasks: AsyncGenerator<Task<T>>,
  concurrency: number,
  handlers: { done: (value: T) => void; failed: (error: unknown) => void; stopping: () => boolean; abandon?: AbortSignal },
): Promise<void> {
  const worker = async () => {
    while (!handlers.stopping()) {
      const next = await tasks.next();
      if (next.done) return;
      const task = next.value;
      try {
        const outcome = await unlessAbandoned(task.run(), handlers.abandon);
        if ('abandoned' in outcome) {
          task.settled?.({ error: outcome.abandoned });
          return;
        }
        handlers.done(outcome.value);
        task.settled?.(outcome);
      } catch (error) {
        handlers.failed(error);
        task.settled?.({ error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  // A generator left waiting on a task that will never run (the survey is stopping) is closed.
  await tasks.return(undefined);
}

/**
 * The tasks of several sources as one generator, at most `open` sources at once, taken in turn: a
 * source that waits on an earlier task's outcome (a walk whose end its pages decide) no longer
 * holds up the others' tasks, as one generator that walked them one after another did. Each open
 * source is asked for its next task as soon as its last was handed out; a source that throws
 * throws here. A source is opened beside others only while `roomFor()` says so, asked again as
 * each task is handed out; with none open, the next is opened whatever it says.
 */
export async function* mergeTasks<T>(
  sources: Iterable<() => AsyncGenerator<Task<T>>>,
  open: number,
  roomFor: () => boolean = () => true,
): AsyncGenerator<Task<T>> {
  type Pulled = { source: AsyncGenerator<Task<T>>; result: IteratorResult<Task<T>> };
  const pending = new Map<AsyncGenerator<Task<T>>, Promise<Pulled>>();
  const queued = sources[Symbol.iterator]();
  // Deleted and set again, a source goes to the end of the map: Promise.race takes the first of
  // those ready in the map's order, so the sources are served in turn, none starved.
  const pull = (source: AsyncGenerator<Task<T>>) => {
    pending.delete(source);
    pending.set(
      source,
      source.next().then((result) => ({ source, result })),
    );
  };
  const refill = () => {
    while (pending.size < open && (pending.size === 0 || roomFor())) {
      const next = queued.next();
      if (next.done) return;
      pull(next.value());
    }
  };
  try {
    refill();
    while (pending.size > 0) {
      const { source, result } = await Promise.race(pending.values());
      if (result.done) {
        pending.delete(source);
        refill();
        continue;
      }
      pull(source);
      refill();
      yield result.value;
    }
  } finally {
    // Stopped early: every open source is closed once its pending step settles (a task handed out settles when its worker ends it).
    await Promise.all(
      [...pending].map(([source, step]) =>
        step.then(
          () => source.return(undefined),
          () => undefined,
        ),
      ),
    );
  }
}
