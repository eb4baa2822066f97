/**
 * An export on http(s), read by `survey --export URL`: a Bulk Data kick-off polled as its
 * Retry-After says and never cancelled, each file fetched once however often the survey reads it,
 * a redirect never followed, and the target's credentials sent to no origin but the target's and
 * those the user names (--export-origin), in no output.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDirectory } from '../../src/reference/directory';
import { exportFile } from '../../src/reference/export';
import { scenarioPrefix } from '../../src/reference/scenarios/registry';
import { commandAsync, tempDir } from './command';
import { expect, test } from './fixtures';

const TOKEN = 'export-test-token-6b1f0c9e2a7d4e58';
const directory = loadDirectory();

interface Asked {
  method: string;
  url: string;
  authorization?: string;
}

/** An export host on its own origin: a kick-off whose status is in progress twice, a manifest, one file, and a redirect. */
async function exportHost(requiresAccessToken: boolean): Promise<{ origin: string; asked: Asked[]; server: Server }> {
  const { zst } = await exportFile(directory, 'Organization');
  const asked: Asked[] = [];
  let polls = 0;
  const server = createServer((request: IncomingMessage, response) => {
    asked.push({
      method: request.method!,
      url: request.url!,
      ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
    });
    const origin = `http://${request.headers.host}`;
    const manifest = {
      transactionTime: '2026-12-01T00:00:00Z',
      request: `${origin}/$export`,
      requiresAccessToken,
      output: [{ type: 'Organization', url: `${origin}/files/Organization.ndjson.zst` }],
      error: [],
    };
    if (request.url === '/$export' && /respond-async/.test(String(request.headers.prefer)))
      return response.writeHead(202, { 'content-location': `${origin}/status` }).end();
    if (request.url === '/status')
      return ++polls <= 2
        ? response.writeHead(202, { 'retry-after': '0', 'x-progress': `${polls * 40}%` }).end()
        : response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(manifest));
    if (request.url === '/files/Organization.ndjson.zst')
      return response.writeHead(200, { 'content-type': 'application/fhir+ndjson' }).end(zst);
    if (request.url === '/moved.json') return response.writeHead(302, { location: `${origin}/elsewhere.json` }).end();
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked, server };
}

/** Every file under `dir`, as text: where a credential must not be, in any form. */
const written = (dir: string): string =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'latin1'))
    .join('\n');

test(
  'a Bulk Data kick-off is polled as its Retry-After says, its file fetched once for both readings, with GET alone and never cancelled; the credentials reach the export host only when it is named',
  { tag: '@fast' },
  async ({ scenarios }) => {
    const baseUrl = `${scenarios.origin}${scenarioPrefix('clean')}`;
    const env = { API_TOKEN: TOKEN };
    for (const named of [true, false]) {
      const host = await exportHost(false);
      try {
        const out = join(tempDir(), 'survey');
        const origins = named ? ['--export-origin', host.origin] : [];
        const args = ['survey', '--base-url', baseUrl, '--max-rps', '0', '--export', `${host.origin}/$export`, ...origins, '--out', out];
        const surveyed = await commandAsync(args, { env });
        // The export alone judges no record for conformance: inconclusive, the export measured.
        expect(surveyed.code, surveyed.stderr).toBe(3);
        const report = JSON.parse(readFileSync(join(out, 'survey.json'), 'utf8')) as { export: { asked: number } };
        expect(report.export.asked).toBe(directory.organizations.size);
        expect(host.asked.map(({ method, url }) => `${method} ${url}`)).toEqual([
          'GET /$export',
          'GET /status',
          'GET /status',
          'GET /status',
          // Read twice by the survey (its index, then each resource asked), fetched once.
          'GET /files/Organization.ndjson.zst',
        ]);
        expect(host.asked.every((a) => a.authorization === (named ? `Bearer ${TOKEN}` : undefined))).toBe(true);
        expect(written(out)).not.toContain(TOKEN);
      } finally {
        host.server.close();
      }
    }
  },
);

test(
  'a file the manifest marks requiresAccessToken on an origin not named stops the survey in one line, saying how to name it; a redirect is never followed',
  { tag: '@fast' },
  async ({ scenarios }) => {
    const baseUrl = `${scenarios.origin}${scenarioPrefix('clean')}`;
    const host = await exportHost(true);
    try {
      const out = join(tempDir(), 'survey');
      const common = ['survey', '--base-url', baseUrl, '--max-rps', '0', '--out', out];
      const refused = await commandAsync([...common, '--export', `${host.origin}/$export`], { env: { API_TOKEN: TOKEN } });
      expect({
        code: refused.code,
        lines: refused.stderr
          .trim()
          .split('\n')
          .filter((l) => l.includes('--export')),
      }).toEqual({
        code: 2,
        lines: [
          expect.stringContaining(
            `requires an access token, and the target's credentials go only to ${scenarios.origin}: name ${host.origin} with --export-origin ${host.origin}`,
          ),
        ],
      });
      expect(host.asked.some((a) => a.url.startsWith('/files/') || a.authorization !== undefined)).toBe(false);
      const moved = await commandAsync([...common, '--export', `${host.origin}/moved.json`]);
      expect({ code: moved.code, says: moved.stderr }).toEqual({
        code: 2,
        says: expect.stringMatching(/answered 302, a redirect to .*\/elsewhere\.json never followed/),
      });
      expect(host.asked.some((a) => a.url === '/elsewhere.json')).toBe(false);
      expect(host.asked.every((a) => a.method === 'GET')).toBe(true);
    } finally {
      host.server.close();
    }
  },
);
