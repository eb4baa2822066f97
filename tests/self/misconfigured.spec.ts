/**
 * A misconfigured target is told apart from a faulty service: a sign-in page, a wrong base path and
 * a placeholder token each end every command that asks the target in one line, exit 2, before any
 * judged request, never FAIL.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../src/package-root';
import { scenarioPrefix } from '../../src/reference/scenarios/registry';
import type { Probes } from '../../src/types/schemas';
import { commandAsync, tempDir } from './command';
import { expect, test } from './fixtures';

const SIGN_IN = '<!DOCTYPE html><html><head><title>Sign in - Acme Health</title></head><body><form>Password</form></body></html>';

async function signInServer(): Promise<{ origin: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(SIGN_IN);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** The commands that ask a target, each with what it needs besides the base URL. */
const COMMANDS = [['run'], ['survey', '--organizations', 'name=a'], ['probes', 'check']];

/** Every command against `baseUrl`: exit 2 and one preflight line matching `says`; run's report says error, nothing judged. */
async function expectStoppedInOneLine(baseUrl: string, says: RegExp, env: Record<string, string> = {}): Promise<void> {
  for (const args of COMMANDS) {
    const dir = tempDir();
    const result = await commandAsync([...args, '--base-url', baseUrl], { cwd: dir, env: { MAX_RPS: '0', ...env } });
    const said = `${result.stdout}\n${result.stderr}`;
    expect(result.code, `${args.join(' ')}: ${said}`).toBe(2);
    const lines = said.split('\n').filter((line) => /preflight/.test(line));
    expect(lines, args.join(' ')).toEqual([expect.stringMatching(says)]);
    expect(said, args.join(' ')).not.toMatch(/FAIL/);
    if (args[0] === 'run') {
      const report = JSON.parse(readFileSync(join(dir, 'conformance-report', 'conformance.json'), 'utf8')) as {
        verdict: string;
        summary: { checks: number };
        errors: { kind: string }[];
      };
      expect(report.verdict).toBe('error');
      expect(report.summary.checks).toBe(0);
      expect(report.errors.map((e) => e.kind)).toEqual(['configuration']);
    }
  }
}

test(
  'a sign-in page answering 200 text/html everywhere: one line naming the credentials and BASE_URL, exit 2',
  { tag: '@full' },
  async () => {
    const { origin, server } = await signInServer();
    try {
      await expectStoppedInOneLine(origin, /a web page \("Sign in - Acme Health"\) where JSON is due \(§1\).*set API_TOKEN or API_HEADERS/);
    } finally {
      server.close();
    }
  },
);

test('a base URL without the path the API lives under: one line, exit 2, naming BASE_URL', { tag: '@full' }, async ({ scenarios }) => {
  // The scenario server serves its directories under /scenario/<name>/: its origin alone is a wrong base path.
  await expectStoppedInOneLine(scenarios.origin, /answered 404 as paths that do not exist do: check BASE_URL/);
});

test(
  'a placeholder copied as written into API_TOKEN: one line naming the key and the character, never the value',
  { tag: '@full' },
  async () => {
    for (const args of COMMANDS) {
      const result = await commandAsync([...args, '--base-url', 'http://127.0.0.1:9'], {
        cwd: tempDir(),
        env: { API_TOKEN: 'sk-live-…', API_HEADERS: '' },
      });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/API_TOKEN holds "…" \(U\+2026\) at character 9, which no HTTP header can carry/);
      expect(`${result.stdout}${result.stderr}`).not.toContain('sk-live');
    }
  },
);

test(
  'a JSON service of another kind at the address: run, survey and probes draft each end in one line, exit 2, never 0',
  { tag: '@full' },
  async ({ scenarios }) => {
    const baseUrl = `${scenarios.origin}/scenario/another-api`;
    const says = /does not look like the Directory Search Service.*a JSON object with service, status, version/;
    await expectStoppedInOneLine(baseUrl, says);
    // The draft stops the same way, instead of writing a probes file of one `none` probe.
    const dir = tempDir();
    const draft = await commandAsync(['probes', 'draft', '--npi', '1234567893', '--base-url', baseUrl, '--out', 'probes.json'], {
      cwd: dir,
      env: { MAX_RPS: '0' },
    });
    expect(draft.code).toBe(2);
    expect(`${draft.stdout}${draft.stderr}`.split('\n').filter((line) => /preflight/.test(line))).toEqual([expect.stringMatching(says)]);
    expect(() => readFileSync(join(dir, 'probes.json'))).toThrow();
  },
);

/** The probes file's NPIs: one the service holds, and one no provider has. */
const PROBED = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'fixtures', 'probes.json'), 'utf8')) as Probes;
const knownNpi = PROBED.provider!.unique!.find((p) => p.query.NPI)!.query.NPI!;
const unknownNpi = PROBED.provider!.none!.find((p) => p.query.NPI)!.query.NPI!;

test(
  'probes draft from seeds the service does not hold writes nothing: exit 3, no file, nothing on standard output, and why',
  { tag: '@fast' },
  async ({ scenarios }) => {
    const dir = tempDir();
    const baseUrl = `${scenarios.origin}${scenarioPrefix('clean')}`;
    for (const out of [['--out', 'probes.json'], []]) {
      const draft = await commandAsync(['probes', 'draft', '--npi', unknownNpi, '--base-url', baseUrl, '--max-rps', '0', ...out], {
        cwd: dir,
      });
      expect(draft.code, draft.stderr).toBe(3);
      expect(draft.stdout).toBe('');
      expect(draft.stderr).toMatch(/^wrote nothing: no seed NPI returned a record, and the suite starts from a unique probe$/m);
      // --max-rps is the draft's flag too, as it is run's and survey's.
      expect(draft.stderr).toMatch(/^target: .* \(no rate limit\)$/m);
    }
    expect(existsSync(join(dir, 'probes.json'))).toBe(false);
  },
);

test(
  'probes draft against a tenant that does not search by status says so, from the 4xx both flags answered',
  { tag: '@fast' },
  async ({ scenarios }) => {
    const baseUrl = `${scenarios.origin}${scenarioPrefix('no-status-search')}`;
    const draft = await commandAsync(['probes', 'draft', '--npi', knownNpi, '--base-url', baseUrl, '--max-rps', '0'], { cwd: tempDir() });
    expect(draft.code, draft.stderr).toBe(0);
    expect(draft.stderr).toMatch(
      /^could not fill organization\.statusSearch: active=true and active=false each answered a 4xx: the service does not search by status; ORG-ACTIVE stays off unless STATUS_SEARCH=true$/m,
    );
  },
);
