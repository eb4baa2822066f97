/**
 * The reference server as its environment describes it: FIXTURE_DIR (fixtures/), LATENCY_MS (0) and
 * LATENCY_ENDPOINT (every endpoint, or only searchSingleBest, sourceRecords or organization),
 * and, for a server of its own, PORT (3000) and HOST (127.0.0.1). The one place that reads them,
 * whether the server runs in a process of its own (runReferenceServer: `serve`, the test equipment)
 * or inside the command that tests it (the embedded server of `run`, `probes`, `survey`).
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type Directory, loadDirectory } from './directory';
import { buildReferenceServer, type MountedScenario } from './server';

const LATENCY_ENDPOINTS = ['searchSingleBest', 'sourceRecords', 'organization'];

/** A setting of the environment that is wrong. */
export class ServerSettingError extends Error {}

function integerSetting(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new ServerSettingError(`${name} must be a whole number, got "${raw}"`);
  return value;
}

/** The server over FIXTURE_DIR with LATENCY_MS, serving `scenarios` (the reference behaviour at the root when absent); not listening yet. */
export function referenceServerOf(
  env: NodeJS.ProcessEnv,
  scenarios?: readonly MountedScenario[],
): { app: FastifyInstance; directory: Directory } {
  const latencyMs = integerSetting(env, 'LATENCY_MS', 0);
  const latencyEndpoint = env.LATENCY_ENDPOINT || undefined;
  if (latencyEndpoint !== undefined && !LATENCY_ENDPOINTS.includes(latencyEndpoint))
    throw new ServerSettingError(`LATENCY_ENDPOINT must be one of ${LATENCY_ENDPOINTS.join(', ')}, got "${latencyEndpoint}"`);
  const directory = loadDirectory(env.FIXTURE_DIR || undefined);
  return { app: buildReferenceServer({ directory, latencyMs, latencyEndpoint, scenarios }), directory };
}

/**
 * A server of its own on PORT and HOST, until SIGINT or SIGTERM, printing the line its launchers
 * read: `reference server: http://HOST:PORT (…)`. A wrong setting is one line and exit 2.
 */
export function runReferenceServer(scenarios?: MountedScenario[]): void {
  const start = async () => {
    const port = integerSetting(process.env, 'PORT', 3000);
    const host = process.env.HOST || '127.0.0.1';
    const { app, directory } = referenceServerOf(process.env, scenarios);
    await app.listen({ port, host });
    // PORT=0 takes any free port: the line below says which, from the socket itself.
    const bound = (app.server.address() as AddressInfo).port;
    const shown = host.includes(':') ? `[${host}]` : host;
    const serving =
      scenarios && scenarios.length > 1
        ? `, ${scenarios.length} scenarios under /scenario/<name>`
        : scenarios?.[0]?.served
          ? `; serving the ${scenarios[0].served}`
          : '';
    console.log(
      `reference server: http://${shown}:${bound} (${directory.providers.size} providers, ${directory.organizations.size} organizations${serving})`,
    );
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => void app.close().then(() => process.exit(0)));
    }
  };
  start().catch((error: unknown) => {
    if (error instanceof ServerSettingError) {
      console.error(error.message);
      process.exit(2);
    }
    console.error(`reference server failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
