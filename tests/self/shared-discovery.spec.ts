/**
 * Discovery once per run (src/harness/shared-discovery.ts): what one worker found is read back whole
 * by a worker started later, and a discovery that holds a configured secret is never written.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Redactor } from '../../src/client/redact';
import { readSharedDiscovery, writeSharedDiscovery } from '../../src/harness/shared-discovery';
import { readProbes } from '../../src/reference/fixture-files';
import { scenarioPrefix } from '../../src/reference/scenarios/registry';
import { discover } from '../../src/suite/discovery';
import { DirectoryEndpoints } from '../../src/client/endpoints';
import { ReadOnlyHttpClient } from '../../src/client/http-client';
import { UndiciTransport } from '../../src/client/transport';
import { tempDir } from './command';
import { expect, test } from './fixtures';

const SECRET = 'shared-discovery-secret-5b2e';

/** Discovery of the committed probes against `baseUrl`, as a worker makes it. */
async function discovered(baseUrl: string) {
  const transport = new UndiciTransport();
  try {
    const http = new ReadOnlyHttpClient(transport, { baseUrl, headers: {}, timeoutMs: 15_000, redactor: new Redactor([]) });
    return await discover(new DirectoryEndpoints(http, { providerPath: '/provider', fhirPath: '/fhir' }), readProbes());
  } finally {
    await transport.close();
  }
}

/** What a discovery comes to, as the source-records entry records it: the goldens, and each judgement's records. */
const recorded = (discovery: Awaited<ReturnType<typeof discovered>>) => ({
  goldens: discovery.goldens,
  answers: discovery.answers.map((j) => [j.requirementRecords((v) => v), j.observationRecords((v) => v), j.probeProblems((v) => v)]),
  probes: discovery.probes.map((j) => [j.requirementRecords((v) => v), j.observationRecords((v) => v), j.probeProblems((v) => v)]),
});

test(
  'a discovery written by one worker is read back as it was; one that holds a secret is not written, and there is nothing to read',
  { tag: '@fast' },
  async ({ scenarios }) => {
    for (const scenario of ['clean', 'invalid-json']) {
      const dir = tempDir();
      const found = await discovered(`${scenarios.origin}${scenarioPrefix(scenario)}`);
      expect(readSharedDiscovery(dir), 'nothing written yet').toBeUndefined();
      expect(writeSharedDiscovery(dir, found, new Redactor([SECRET]))).toBe(true);
      expect(recorded(readSharedDiscovery(dir)!), scenario).toEqual(recorded(found));
    }
    // A service that echoes a credential into a record: the discovery holds it, so it stays in the worker that made it.
    const dir = tempDir();
    const found = await discovered(`${scenarios.origin}${scenarioPrefix('clean')}`);
    const echoed = { ...found, goldens: found.goldens.map((g) => ({ ...g, data: { ...g.data, Echo: [`Bearer ${SECRET}`] } })) };
    expect(writeSharedDiscovery(dir, echoed, new Redactor([SECRET]))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
    expect(readSharedDiscovery(dir)).toBeUndefined();
    expect(existsSync(join(dir, 'discovery.json'))).toBe(false);
  },
);
