import type { Readable } from 'node:stream';
import { Agent, type Dispatcher, request } from 'undici';
import type { ClientCertificate } from '../config/connection';

/**
 * The harness's socket-level transport: undici, chosen over Playwright's APIRequestContext because
 * that one buffers a whole body before the caller sees a byte, so a service that streams without
 * end would cost gigabytes before REQUEST_TIMEOUT_MS stopped it. Here the body is read as a stream
 * and reading stops at the body limit, declared length or not.
 */
export interface TransportLimits {
  /** Bounds the whole exchange, body included: a dripping answer ends here too. */
  timeoutMs: number;
  /** Reading stops once the body passes this many bytes. */
  maxBodyBytes: number;
}

export interface TransportAnswer {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The body, or empty when it was too large to hold. */
  body: Buffer;
  /** Set when reading stopped at the limit: the declared length, or the bytes read so far. */
  tooLargeBytes?: number;
  /** True when the service declared no length and reading was cut off. */
  cutOff?: boolean;
}

export interface Transport {
  /** One GET, never redirected. Rejects with an Error whose message says what failed. */
  get(url: string, headers: Record<string, string>, limits: TransportLimits): Promise<TransportAnswer>;
  /** Ends the connections, aborting any request still under way. */
  close(): Promise<void>;
}

/** An answer whose body is read as it comes: an export's file of gigabytes, or a body the transport bounds. */
export interface StreamedAnswer {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Readable;
}

/**
 * One GET, its body a stream, never redirected (undici's request follows none: a 3xx comes back as
 * it is, and credentials stay where they were sent). The timeout bounds the headers and each chunk.
 */
export async function streamedGet(
  url: string,
  headers: Record<string, string>,
  { timeoutMs, dispatcher, signal }: { timeoutMs: number; dispatcher: Dispatcher; signal?: AbortSignal },
): Promise<StreamedAnswer> {
  const response = await request(url, { method: 'GET', headers, dispatcher, signal, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  return { status: response.statusCode, headers: headerRecord(response.headers), body: response.body };
}

/** A body read whole up to `maxBytes`; past them, reading stops and the bytes read so far are returned as a number. */
export async function boundedBody(body: Readable, maxBytes: number): Promise<Buffer | number> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy();
      return size;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** Connections of their own for streamedGet, kept alive between requests, with no client certificate. */
export const streamingAgent = (): Dispatcher => new Agent({ keepAliveTimeout: 4_000 });

function headerRecord(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw))
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}

/** An error's message with its code, so that callers can tell a reset from a refusal. */
function describe(error: unknown, timeoutMs: number, signal: AbortSignal): Error {
  if (signal.aborted) return new Error(`timed out: Timeout ${timeoutMs}ms exceeded`);
  const { message = String(error), code } = (error ?? {}) as { message?: string; code?: string };
  const cause = (error as { cause?: { message?: string; code?: string } })?.cause;
  const parts = [
    message,
    code && !message.includes(code) ? `(${code})` : '',
    cause?.message && cause.message !== message ? `: ${cause.message}` : '',
  ];
  return new Error(parts.join(' ').trim());
}

/**
 * The one real transport: a keep-alive agent per worker, GET only, no redirects followed. A client
 * certificate, when configured, is offered in every TLS handshake; the service's certificate is
 * checked against Node's CAs, which NODE_EXTRA_CA_CERTS extends with a private one.
 */
export class UndiciTransport implements Transport {
  // undici's request() follows no redirect: a 3xx comes back as it is, credentials stay here.
  private readonly agent: Agent;

  constructor(clientCertificate?: ClientCertificate) {
    this.agent = new Agent({
      keepAliveTimeout: 4_000,
      keepAliveMaxTimeout: 10_000,
      ...(clientCertificate ? { connect: { ...clientCertificate } } : {}),
    });
  }

  async get(url: string, headers: Record<string, string>, { timeoutMs, maxBodyBytes }: TransportLimits): Promise<TransportAnswer> {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const response = await streamedGet(url, headers, { timeoutMs, dispatcher: this.agent, signal });
      const answer = { status: response.status, headers: response.headers };
      const declared = Number(answer.headers['content-length'] ?? NaN);
      if (declared > maxBodyBytes) {
        response.body.destroy();
        return { ...answer, body: Buffer.alloc(0), tooLargeBytes: declared };
      }
      const body = await boundedBody(response.body, maxBodyBytes);
      return typeof body === 'number' ? { ...answer, body: Buffer.alloc(0), tooLargeBytes: body, cutOff: true } : { ...answer, body };
    } catch (error) {
      throw describe(error, timeoutMs, signal);
    }
  }

  /**
   * Ends the connections. A request still under way then belongs to work its caller left (a survey
   * stopped by a signal while an answer never came): it is aborted, not waited for.
   */
  async close(): Promise<void> {
    await this.agent.destroy();
  }
}
