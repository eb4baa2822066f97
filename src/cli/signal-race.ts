/**
 * A command's wait that a signal ends: Ctrl-C (SIGINT) or SIGTERM while the command waits for
 * `work` (the preflight's answer, which may be minutes away) ends the wait at once with the
 * signal's name, so that the command says it stopped and exits by its own table (3), not by the
 * signal (130). The work is left; the command's transport, closed after it, aborts its request.
 */
export async function unlessSignalled<T>(work: Promise<T>): Promise<{ value: T } | { signal: NodeJS.Signals }> {
  let stopListening = () => undefined as unknown;
  const signalled = new Promise<{ signal: NodeJS.Signals }>((resolve) => {
    const onInt = () => resolve({ signal: 'SIGINT' });
    const onTerm = () => resolve({ signal: 'SIGTERM' });
    process.once('SIGINT', onInt).once('SIGTERM', onTerm);
    stopListening = () => process.off('SIGINT', onInt).off('SIGTERM', onTerm);
  });
  // Left behind, the work fails when its request is aborted: that failure is no one's to report.
  work.catch(() => undefined);
  try {
    return await Promise.race([work.then((value) => ({ value })), signalled]);
  } finally {
    stopListening();
  }
}

/**
 * Runs `work` until it ends, or until Ctrl-C (SIGINT) or SIGTERM aborts its `stop`, with the reason
 * `reasonOf` gives the signal: the work ends itself within moments (no further request leaves, the one
 * under way ends) and the command writes the report of what was judged. A second signal is Node's own.
 */
export async function stoppableBySignal<T>(
  work: (stop: AbortSignal) => Promise<T>,
  reasonOf: (signal: NodeJS.Signals) => unknown = (signal) => `stopped by ${signal}`,
): Promise<T> {
  const controller = new AbortController();
  const onInt = () => controller.abort(reasonOf('SIGINT'));
  const onTerm = () => controller.abort(reasonOf('SIGTERM'));
  process.once('SIGINT', onInt).once('SIGTERM', onTerm);
  try {
    return await work(controller.signal);
  } finally {
    process.off('SIGINT', onInt).off('SIGTERM', onTerm);
  }
}
