/**
 * Starts the embedded reference server: `npm run serve`.
 * PORT (default 3000), HOST (default 127.0.0.1), LATENCY_MS (default 0), FIXTURE_DIR (default fixtures/).
 */
import { loadDirectory } from './directory';
import { buildReferenceServer } from './server';

function integerSetting(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) {
    console.error(`${name} must be a whole number, got "${raw}"`);
    process.exit(2);
  }
  return value;
}

async function main(): Promise<void> {
  const port = integerSetting('PORT', 3000);
  const host = process.env.HOST || '127.0.0.1';
  const directory = loadDirectory(process.env.FIXTURE_DIR || undefined);
  const app = buildReferenceServer({ directory, latencyMs: integerSetting('LATENCY_MS', 0) });
  await app.listen({ port, host });
  const shown = host.includes(':') ? `[${host}]` : host;
  console.log(`reference server: http://${shown}:${port} (${directory.providers.size} providers, ${directory.organizations.size} organizations)`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
}

main().catch((error: unknown) => {
  console.error(`reference server failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
