/**
 * Starts the embedded reference server: `npm run serve`.
 *
 *   PORT (3000), HOST (127.0.0.1), LATENCY_MS (0), FIXTURE_DIR (fixtures/)
 *   REFERENCE_FAULT=<name>      serve one fault instead of the reference behaviour
 *   REFERENCE_VARIANT=<name>    serve one conformant variant
 *   REFERENCE_SCENARIOS=all     serve every scenario under /scenario/<name> (the mutation run)
 */
import type { AddressInfo } from 'node:net';
import { loadDirectory } from './directory';
import { behaviourOf, scenarioPrefix, SCENARIOS } from './scenarios/registry';
import { FAULTS } from './scenarios/faults';
import type { Scenario } from './scenarios/scenario';
import { VARIANTS } from './scenarios/variants';
import { buildReferenceServer, type MountedScenario } from './server';

function fail(message: string): never {
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

function named(variable: string, list: readonly Scenario[]): MountedScenario[] | undefined {
  const name = process.env[variable];
  if (!name) return undefined;
  const scenario = list.find((s) => s.name === name);
  if (!scenario) fail(`${variable}=${name} is not one of: ${list.map((s) => s.name).join(', ')}`);
  return [{ prefix: '', behaviour: behaviourOf(scenario) }];
}

function scenarios(): MountedScenario[] | undefined {
  if (process.env.REFERENCE_SCENARIOS === 'all')
    return SCENARIOS.map((s) => ({ prefix: scenarioPrefix(s.name), behaviour: behaviourOf(s) }));
  return named('REFERENCE_FAULT', FAULTS) ?? named('REFERENCE_VARIANT', VARIANTS);
}

async function main(): Promise<void> {
  const port = integerSetting('PORT', 3000);
  const host = process.env.HOST || '127.0.0.1';
  const directory = loadDirectory(process.env.FIXTURE_DIR || undefined);
  const mounted = scenarios();
  const app = buildReferenceServer({ directory, latencyMs: integerSetting('LATENCY_MS', 0), scenarios: mounted });
  await app.listen({ port, host });
  // PORT=0 takes any free port: the line below says which, from the socket itself.
  const bound = (app.server.address() as AddressInfo).port;
  const shown = host.includes(':') ? `[${host}]` : host;
  const serving = mounted && mounted.length > 1 ? `, ${mounted.length} scenarios under /scenario/<name>` : '';
  console.log(
    `reference server: http://${shown}:${bound} (${directory.providers.size} providers, ${directory.organizations.size} organizations${serving})`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
}

main().catch((error: unknown) => {
  console.error(`reference server failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
