/**
 * Playwright's globalSetup: with no target, the embedded reference server (waited for when the `run`
 * command serves it, started here otherwise), then the preflight: one request before any test.
 * Makes the run's folder its workers share (shared-discovery.ts). Returns Playwright's teardown: the
 * folder removed, a server started here closed.
 */
import type { FullConfig } from '@playwright/test';
import { UndiciTransport } from '../client/transport';
import { EMBEDDED_SERVED_VARIABLE, EMBEDDED_URL_VARIABLE, targetsEmbedded } from '../config/connection';
import { environmentWithDotenv } from '../config/environment';
import { embeddedServerReady, startEmbeddedServer } from './embedded-server';
import { preflight } from './preflight';
import { makeSharedFolder } from './shared-discovery';

async function embeddedServer(url: string, servedByCommand: boolean): Promise<(() => Promise<void>) | undefined> {
  if (!servedByCommand) return startEmbeddedServer(url);
  const transport = new UndiciTransport();
  try {
    await embeddedServerReady(url, transport);
  } finally {
    await transport.close();
  }
  return undefined;
}

export default async function globalSetup(config: FullConfig): Promise<(() => Promise<void>) | undefined> {
  const environment = environmentWithDotenv(process.env, process.cwd());
  const close = targetsEmbedded(environment)
    ? await embeddedServer(environment[EMBEDDED_URL_VARIABLE]!, environment[EMBEDDED_SERVED_VARIABLE] === 'true')
    : undefined;
  const removeShared = makeSharedFolder();
  const teardown = async () => {
    removeShared();
    await close?.();
  };
  try {
    await preflight(config);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
