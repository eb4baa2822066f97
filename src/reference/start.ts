/**
 * Starts a reference server on PORT (3000) and HOST (127.0.0.1), over FIXTURE_DIR (fixtures/) with
 * LATENCY_MS (0), and prints the line its launchers read: `reference server: http://HOST:PORT (…)`.
 */
import type { AddressInfo } from 'node:net';
import { loadDirectory } from './directory';
import { buildReferenceServer, type MountedScenario } from './server';

/** A setting of the environment that is wrong: said in one line, exit 2. */
export function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function integerSetting(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) fail(`${name} must be a whole number, got "${raw}"`);
  return value;
}

/** The server, serving `scenarios` (the reference behaviour at the root when absent), until SIGINT or SIGTERM. */
export function runReferenceServer(scenarios?: MountedScenario[]): void {
  const start = async () => {
    const port = integerSetting('PORT', 3000);
    const host = process.env.HOST || '127.0.0.1';
    const directory = loadDirectory(process.env.FIXTURE_DIR || undefined);
    const app = buildReferenceServer({ directory, latencyMs: integerSetting('LATENCY_MS', 0), scenarios });
    await app.listen({ port, host });
    // PORT=0 takes any free port: the line below says which, from the socket itself.
    const bound = (app.server.address() as AddressInfo).port;
    const shown = host.includes(':') ? `[${host}]` : host;
    const serving = scenarios && scenarios.length > 1 ? `, ${scenarios.length} scenarios under /scenario/<name>` : '';
    console.log(
      `reference server: http://${shown}:${bound} (${directory.providers.size} providers, ${directory.organizations.size} organizations${serving})`,
    );
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => void app.close().then(() => process.exit(0)));
    }
  };
  start().catch((error: unknown) => {
    console.error(`reference server failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
