/**
 * What bounds the requests a command sends, where they leave: a budget that counts every attempt
 * the client makes (a retry after a reset or a wait out of Retry-After included), and a stop
 * (Ctrl-C, SIGTERM) that lets no further request leave and ends the one under way. `explore` and
 * `replay` are bounded so (--max-requests); a request they do not let leave is said as data
 * (NotSentError), never as a failure of the network or of the service.
 */
import { NotSentError } from './http-client';
import type { Transport, TransportAnswer, TransportLimits } from './transport';

export class RequestBudget {
  used = 0;
  /** Requests it did not let leave. */
  refused = 0;
  /** Requests that may be sent now: the whole budget, or the share a phase of the command may spend (explore's drawing). */
  limit: number;

  constructor(readonly max: number) {
    this.limit = max;
  }

  /** One more request, or NotSentError (`budget`) where the limit is reached. */
  take(url: string): void {
    if (this.used >= this.limit) {
      this.refused++;
      throw new NotSentError(url, `the budget of ${this.max} requests is spent`, 'budget');
    }
    this.used++;
  }
}

/** Whether an error is a request the budget did not let leave. */
export const budgetSpent = (error: unknown): error is NotSentError => error instanceof NotSentError && error.kind === 'budget';

/** Whether an error is a request a stop did not let leave, or ended. */
export const stoppedBySignal = (error: unknown): error is NotSentError => error instanceof NotSentError && error.kind === 'stopped';

/** A transport that takes each request it carries from a budget, and lets none leave, or finish, once `stop` is aborted. */
export class BoundedTransport implements Transport {
  constructor(
    private readonly inner: Transport,
    private readonly bounds: { budget?: RequestBudget; stop?: AbortSignal },
  ) {}

  async get(url: string, headers: Record<string, string>, limits: TransportLimits): Promise<TransportAnswer> {
    const { budget, stop } = this.bounds;
    const stopped = () => new NotSentError(url, `the command was stopped (${String(stop?.reason ?? 'a signal')})`, 'stopped');
    if (stop?.aborted) throw stopped();
    budget?.take(url);
    if (!stop) return this.inner.get(url, headers, limits);
    let onStop = () => undefined as unknown;
    const ended = new Promise<never>((_resolve, reject) => {
      onStop = () => reject(stopped());
      stop.addEventListener('abort', onStop, { once: true });
    });
    const answer = this.inner.get(url, headers, limits);
    // Left behind by a stop, the request ends when its transport is closed: that failure is no one's to report.
    answer.catch(() => undefined);
    try {
      return await Promise.race([answer, ended]);
    } finally {
      stop.removeEventListener('abort', onStop);
    }
  }

  /** The inner transport is its owner's to close. */
  async close(): Promise<void> {}
}
