/**
 * Playwright globalSetup: the preflight (client/preflight.ts) before any test. A target that cannot
 * be reached or trusted, refuses the credentials, keeps rate-limiting, or is no API at that address
 * is reported once, in one line, and the run stops, instead of failing every test the same way.
 */
import type { FullConfig } from '@playwright/test';
import { clientOptions } from '../client/client-options';
import { environmentWithDotenv } from '../config/environment';
import { loadSuiteConfig, type SuiteConfig } from '../suite/suite-config';
import { secretsOf } from '../config/connection';
import { ReadOnlyHttpClient } from '../client/http-client';
import { preflightInputsOf, preflightStop } from '../client/preflight';
import { Redactor } from '../client/redact';
import { UndiciTransport } from '../client/transport';

export const PREFLIGHT_PREFIX = 'preflight: ';

/** What the preflight of a configuration error begins with: the run's verdict is then `error` (exit 2). */
const CONFIGURATION_PREFLIGHT_PREFIX = `${PREFLIGHT_PREFIX}configuration: `;

/**
 * Where the preflight leaves why it stopped the run, as data, for the conformance reporter: both run
 * in Playwright's runner process (globalSetup and reporters), so the reporter reads the kind here
 * instead of reading it back from the error's words.
 */
const STOP = Symbol.for('directory-conformance.preflight-stop');

export interface PreflightStopRecord {
  kind: 'preflight' | 'configuration';
  message: string;
}

/** Why the preflight stopped this run, when it did: set once, by the error below. */
export const preflightStopped = (): PreflightStopRecord | undefined => (globalThis as { [STOP]?: PreflightStopRecord })[STOP];

export class PreflightError extends Error {
  constructor(message: string, configuration = false) {
    super(`${configuration ? CONFIGURATION_PREFLIGHT_PREFIX : PREFLIGHT_PREFIX}${message}`);
    // Playwright prints a globalSetup error as its name, ": " and its stack: the command's name, as
    // every command's error line begins, and the message, which is the whole story.
    this.name = 'directory-conformance';
    this.stack = this.message;
    (globalThis as { [STOP]?: PreflightStopRecord })[STOP] = { kind: configuration ? 'configuration' : 'preflight', message };
  }
}

/** Traces record request headers and cannot redact them: with credentials set, they must stay off. */
export function traceProblem(
  config: Pick<FullConfig, 'projects'>,
  harness: Pick<SuiteConfig, 'apiToken' | 'apiHeaders'>,
): string | undefined {
  if (secretsOf(harness).length === 0) return undefined;
  const tracing = config.projects.some(({ use: { trace } }) => (typeof trace === 'object' ? trace.mode : (trace ?? 'off')) !== 'off');
  return tracing
    ? 'traces would record API_TOKEN and API_HEADERS in request headers: run without --trace while credentials are set'
    : undefined;
}

/** The target's base URL is asked once, before any test; a failure stops the run. */
export async function preflight(config: FullConfig): Promise<void> {
  const harness = loadSuiteConfig(environmentWithDotenv(process.env, process.cwd()));
  const stop = (message: string, configuration: boolean) => new PreflightError(message, configuration);
  const tracing = traceProblem(config, harness);
  if (tracing) throw stop(tracing, true);
  const transport = new UndiciTransport(harness.clientCertificate);
  try {
    const http = new ReadOnlyHttpClient(transport, clientOptions(harness, new Redactor(secretsOf(harness))));
    const problem = await preflightStop(http, harness, preflightInputsOf(harness.probes));
    if (problem) throw stop(problem.message, problem.configuration);
  } finally {
    await transport.close();
  }
}
