/** The reference server over a real socket, for tests whose client is a real HTTP client. */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Directory } from '../../src/reference/directory';
import { behaviourOf, SCENARIOS } from '../../src/reference/scenarios/registry';
import { buildReferenceServer } from '../../src/reference/server';

/** Serves `scenario` (the reference behaviour by default) on a free loopback port. */
export async function listening(directory: Directory, scenario?: string): Promise<{ server: FastifyInstance; baseUrl: string }> {
  const found = scenario ? SCENARIOS.find((s) => s.name === scenario) : undefined;
  if (scenario && !found) throw new Error(`no scenario ${scenario}`);
  const server = buildReferenceServer({
    directory,
    ...(found ? { scenarios: [{ prefix: '', behaviour: behaviourOf(found) }] } : {}),
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  return { server, baseUrl: `http://127.0.0.1:${(server.server.address() as AddressInfo).port}` };
}
