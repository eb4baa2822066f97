/**
 * The embedded reference server, for a run with no target, on the address the configuration chose
 * (CONFORMANCE_EMBEDDED_URL). The `run` command serves it from its own process while Playwright
 * starts, and the run waits for it to answer; a run started by Playwright itself (`npm run
 * conformance`) starts it inside the runner's process. Either way no Node process of its own, and no
 * Playwright web server polling /health (docs/performance.md#start-up).
 */
import type { Transport } from '../client/transport';

/** Listens on `baseUrl`'s host and port; resolves with what closes it. */
export async function startEmbeddedServer(baseUrl: string): Promise<() => Promise<void>> {
  const { hostname, port } = new URL(baseUrl);
  // Loaded here: where the command serves it from its own process, the runner only waits for it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { referenceServerOf } = require('../reference/start') as typeof import('../reference/start');
  const { app } = referenceServerOf(process.env);
  await app.listen({ host: hostname, port: Number(port) });
  return () => app.close();
}

/** How long the run waits for the server that the command starts: it loads the fixtures, a second or less. */
const READY_WITHIN_MS = 60_000;
const POLL_MS = 10;

/** Resolves once `baseUrl`/health answers 200; throws after READY_WITHIN_MS. */
export async function embeddedServerReady(baseUrl: string, transport: Transport): Promise<void> {
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    try {
      const answer = await transport.get(`${baseUrl}/health`, {}, { timeoutMs: 1_000, maxBodyBytes: 64 * 1024 });
      if (answer.status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline)
      throw new Error(`the embedded reference server at ${baseUrl} did not answer within ${READY_WITHIN_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
