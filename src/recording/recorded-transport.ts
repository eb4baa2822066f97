/**
 * The transport of `judge`: it sends nothing, and answers each request with what the recording
 * holds for the same URL: the URL as sent where the recording holds it (the order and the
 * percent-encoding of its parameters are a request's own, which SB- and ORG-EQUIVALENT-QUERY ask
 * apart), else the same parameters in another order (a browser may order them otherwise). A URL asked several times is answered with its recorded answers in order
 * (the last again, once they run out: a repeated lookup of a recording that asked once is judged
 * by the one answer it holds); one recorded without an answer fails as the network failed then. A
 * URL the recording does not hold is declined, as data (NotSentError): the test that asked it is
 * not judged from this recording, and says so.
 */
import { NotSentError } from '../client/http-client';
import type { Transport, TransportAnswer } from '../client/transport';
import type { RecordedExchange } from './har-file';

/** Whether two URLs are one request, whatever the order of their query parameters. */
export const sameRequest = (a: string, b: string) => urlKey(a) === urlKey(b);

/** A URL in one form whatever the order of its query parameters: the harness and a browser may order them differently. */
function urlKey(url: string): string {
  const parsed = new URL(url);
  const parameters = [...parsed.searchParams].sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return `${parsed.origin}${parsed.pathname}?${new URLSearchParams(parameters).toString()}`;
}

/** The exchanges of `recording` under `key` of their URLs, in the order recorded. */
function byKey(recording: readonly RecordedExchange[], key: (url: string) => string): Map<string, RecordedExchange[]> {
  const answers = new Map<string, RecordedExchange[]>();
  for (const exchange of recording) {
    const at = key(exchange.url);
    answers.set(at, [...(answers.get(at) ?? []), exchange]);
  }
  return answers;
}

export class RecordedTransport implements Transport {
  private readonly asSent: Map<string, RecordedExchange[]>;
  private readonly inAnyOrder: Map<string, RecordedExchange[]>;
  private readonly asked = new Map<string, number>();
  /** The URLs asked that the recording does not hold, in the order asked. */
  readonly missing: string[] = [];

  constructor(recording: readonly RecordedExchange[]) {
    this.asSent = byKey(recording, (url) => new URL(url).href);
    this.inAnyOrder = byKey(recording, urlKey);
  }

  async get(url: string): Promise<TransportAnswer> {
    const href = new URL(url).href;
    // Each map counts its own turns: a key of one may be written as a key of the other.
    const [key, recorded] = this.asSent.has(href)
      ? [`as sent ${href}`, this.asSent.get(href)!]
      : [`in any order ${urlKey(url)}`, this.inAnyOrder.get(urlKey(url)) ?? []];
    const turn = this.asked.get(key) ?? 0;
    this.asked.set(key, turn + 1);
    const answer = recorded[Math.min(turn, recorded.length - 1)];
    if (answer === undefined) {
      this.missing.push(url);
      throw new NotSentError(url, 'the recording holds no answer to it');
    }
    // The request was sent and got no answer: the transport error the run met, again.
    if (answer.failure !== undefined) throw new Error(answer.failure);
    const { status, headers, body, tooLargeBytes, cutOff } = answer;
    return { status, headers, body, ...(tooLargeBytes === undefined ? {} : { tooLargeBytes }), ...(cutOff ? { cutOff } : {}) };
  }

  async close(): Promise<void> {}
}
