/**
 * The target of a command that asks the service itself (probes check, probes draft, survey): the
 * configuration loaded and checked, a GET-only client for it, and, with no BASE_URL at all, the
 * embedded reference server started in this process on a free port, as `run` would start it.
 */
import type { AddressInfo } from 'node:net';
import { BoundedTransport, type RequestBudget, stoppedBySignal } from '../client/bounded-transport';
import { clientOptions } from '../client/client-options';
import { DirectoryEndpoints } from '../client/endpoints';
import { ReadOnlyHttpClient, Throttle, TransportError } from '../client/http-client';
import { Redactor } from '../client/redact';
import { LoggingTransport, REQUEST_LOG_VARIABLE } from '../client/request-log';
import { type Transport, UndiciTransport } from '../client/transport';
import { ConfigError } from '../config/config-error';
import { type ConnectionConfig, EMBEDDED_URL_VARIABLE, loadConnection, secretsOf, targetLine, targetsEmbedded } from '../config/connection';
import { announce, dotenvAnnouncement, type Environment, environmentWithDotenv } from '../config/environment';
import { referenceServerOf } from '../reference/start';
import { PREFLIGHT_PREFIX } from '../harness/preflight';
import { type PreflightInputs, preflightStop } from '../client/preflight';
import { EXIT, UsageError } from './exit-codes';
import { type RunOptions, runEnvironment } from './run';
import { unlessSignalled } from './signal-race';

/** What a command's body is given besides its endpoints: the configuration, its redactor, and the transport its requests leave by. */
export interface TargetContext {
  connection: ConnectionConfig;
  redactor: Redactor;
  /** Bounded by the command's budget and stop where it gives them: what a second client of the command (replay's tests run again) asks through. */
  transport: Transport;
}

/**
 * Runs `body` against the configured target; a request without an HTTP answer is exit 3, said in one
 * line. The preflight comes first, as `run`'s does (client/preflight.ts), with the user's inputs: a
 * target that refuses the credentials, keeps rate-limiting or is no API at that address stops the
 * command in one line, exit 2 where a setting is plainly wrong and 3 otherwise, before it concludes
 * anything from such answers.
 */
export async function target<E extends DirectoryEndpoints, P>(
  options: RunOptions,
  Endpoints: new (http: ReadOnlyHttpClient, connection: ConnectionConfig) => E,
  prepare: (env: Environment, context: Pick<TargetContext, 'connection' | 'redactor'>) => P,
  body: (endpoints: E, prepared: P, context: TargetContext) => Promise<number>,
  /** What the user gave to ask each endpoint with, for the preflight; undefined: a command that asks the service nothing (survey --dry-run). */
  preflightInputs: (prepared: P) => PreflightInputs | undefined | Promise<PreflightInputs | undefined>,
  extra: {
    /** Secrets the command was given beside the connection's (a credential-like parameter of a survey's walk), kept out of every output. */
    secrets?: readonly string[];
    /** The command's request budget (--max-requests): every request that leaves is taken from it. */
    budget?: RequestBudget;
    /** The command's stop (stoppableBySignal): once aborted, no request leaves, and the one under way ends. */
    stop?: AbortSignal;
  } = {},
): Promise<number> {
  const cwd = process.cwd();
  const env = runEnvironment(options, process.env, cwd);
  const merged = configured(() => environmentWithDotenv(env, cwd));
  const server = configured(() => targetsEmbedded(merged)) ? referenceServerOf(process.env).app : undefined;
  if (server) {
    await server.listen({ port: 0, host: '127.0.0.1' });
    merged[EMBEDDED_URL_VARIABLE] = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  }
  try {
    const connection = configured(() => loadConnection(merged, cwd));
    const redactor = new Redactor([...secretsOf(connection), ...(extra.secrets ?? [])]);
    // What the command reads is checked before it prints or asks anything: a bad input is one line.
    const prepared = configured(() => prepare(merged, { connection, redactor }));
    const transport = new UndiciTransport(connection.clientCertificate);
    // The benchmark's request log (CONFORMANCE_REQUEST_LOG), as the suite keeps it: one lane, since one process asks.
    const logDir = merged[REQUEST_LOG_VARIABLE];
    const logged: Transport = logDir ? new LoggingTransport(transport, logDir, 'command', 0, (url) => redactor.url(url)) : transport;
    const carrier = extra.budget || extra.stop ? new BoundedTransport(logged, { budget: extra.budget, stop: extra.stop }) : logged;
    const http = new ReadOnlyHttpClient(carrier, clientOptions(connection, redactor, new Throttle(connection.maxRps)));
    announce(`target: ${targetLine(redactor.url(connection.baseUrl), connection.embedded, connection.maxRps)}`);
    announce(dotenvAnnouncement(env, cwd));
    try {
      const inputs = await preflightInputs(prepared);
      const preflight = inputs && (await unlessSignalled(preflightStop(http, connection, inputs)));
      if (preflight && 'signal' in preflight) {
        console.error(`directory-conformance: stopped by ${preflight.signal} during the preflight: nothing was judged`);
        return EXIT.inconclusive;
      }
      const stopped = preflight?.value;
      if (stopped) {
        console.error(`directory-conformance: ${PREFLIGHT_PREFIX}${stopped.message}`);
        return stopped.configuration ? EXIT.configuration : EXIT.inconclusive;
      }
      return await body(new Endpoints(http, connection), prepared, { connection, redactor, transport: carrier });
    } catch (error) {
      // A signal stopped the command where it did not end itself: what it printed stands, nothing more was asked.
      if (stoppedBySignal(error)) {
        console.error(`directory-conformance: ${error.reason}: nothing more was asked, and what was not asked is not judged`);
        return EXIT.inconclusive;
      }
      if (!(error instanceof TransportError)) throw error;
      console.error(`${error.message}\nthe target could not be asked: nothing was judged (exit ${EXIT.inconclusive})`);
      return EXIT.inconclusive;
    } finally {
      await transport.close();
    }
  } finally {
    await server?.close();
  }
}

/** A configuration error is a usage error of the command: one line, exit 2. */
export function configured<T>(load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}
