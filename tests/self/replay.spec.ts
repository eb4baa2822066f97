/**
 * `replay REPORT` (src/replay/): each failure of a report asked again of the configured target and
 * judged by today's rulebook. A report of a release with a fault, replayed when the same address
 * serves it still, still fails; once it serves the fix, is fixed; once another fault of the same
 * requirement, has changed. The destination is the configured target alone, with the configured
 * credentials: a report of another target is refused before anything is sent, a request is one of
 * the three endpoints exactly, and no more than --max-requests leave. No output holds a credential.
 */
import { writeFileSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { createServer, request as forward, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Redactor } from '../../src/client/redact';
import { VARIANT_TOKEN } from '../../src/reference/scenarios/latitude';
import { scenarioPrefix } from '../../src/reference/scenarios/registry';
import type { ReplayedFailure } from '../../src/replay/replay-report';
import { readReport } from '../../src/report/read-report';
import { writeReport } from '../../src/report/write-report';
import { runSuiteInProcess } from '../../src/suite/in-process-suite';
import { commandAsync, tempDir } from './command';
import { expect, test } from './fixtures';

/** What a release server was asked: each request's path and query, and its headers. */
interface Asked {
  url: string;
  headers: IncomingHttpHeaders;
}

/**
 * A service at one address, whose deployed release the test chooses (a scenario of the scenarios'
 * server: a fault, then its fix), every request it is asked kept: what replay meets between two
 * deployments of the same service.
 */
async function releaseServer(origin: string) {
  let release = 'clean';
  const asked: Asked[] = [];
  const server = createServer((incoming, outgoing) => {
    asked.push({ url: incoming.url ?? '', headers: incoming.headers });
    const target = new URL(`${scenarioPrefix(release)}${incoming.url ?? ''}`, origin);
    const upstream = forward(target, { headers: { ...incoming.headers, host: target.host } }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    upstream.on('error', () => outgoing.destroy());
    upstream.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    deploy: (scenario: string) => void (release = scenario),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The suite against `baseUrl` (with `env`), its report written as run writes it: the folder replay reads. */
async function reportOf(baseUrl: string, env: Record<string, string> = {}): Promise<string> {
  const dir = tempDir();
  const report = await runSuiteInProcess({ BASE_URL: baseUrl, MAX_RPS: '0', ...env });
  writeReport(dir, report, new Redactor([]));
  return dir;
}

const replay = (file: string, ...flags: string[]) => commandAsync(['replay', file, ...flags], { env: { MAX_RPS: '0' } });

/** `--json`'s failures, by requirement and status. */
const outcomes = (stdout: string) =>
  (JSON.parse(stdout) as ReplayedFailure[]).map((f) => ({ id: f.id, fingerprint: f.fingerprint, status: f.status, now: f.now }));

test(
  "a failure of an answer replayed: still fails while the release serves the fault, fixed once it serves the fix, changed once another fault of its requirement; the report's folder is read as its conformance.json",
  { tag: '@fast' },
  async ({ scenarios }) => {
    const service = await releaseServer(scenarios.origin);
    try {
      service.deploy('phone-punctuated');
      const folder = await reportOf(service.url);
      const again = await replay(folder, '--base-url', service.url);
      expect(again.code, again.stderr).toBe(1);
      expect(again.stdout).toMatch(
        /^still fails: DATA-FORMATS MUST searchSingleBest \/data\/Phone\/\* \(\d+ requests?\): \[DATA-FORMATS\] MUST §2\.3/m,
      );
      expect(again.stdout).toMatch(/^still fails: DATA-FORMATS MUST sourceRecords \/\*\/data\/Phone\/\* \(\d+ requests?\): /m);
      expect(again.stdout).toMatch(/^replay: 0 fixed, 2 still failing, 0 changed, 0 not replayed, of the 2 failures of /m);

      service.deploy('clean');
      const fixed = await replay(join(folder, 'conformance.json'), '--base-url', service.url);
      expect(fixed.code, fixed.stdout + fixed.stderr).toBe(0);
      expect(fixed.stdout).toMatch(/^fixed: DATA-FORMATS MUST searchSingleBest \/data\/Phone\/\*/m);
      expect(fixed.stdout).toMatch(/^replay: 2 fixed, 0 still failing/m);

      service.deploy('zip-hyphenated');
      const changed = await replay(folder, '--base-url', service.url, '--json');
      expect(changed.code, changed.stderr).toBe(1);
      // The same requirement fails at another place of the same answers: not fixed, not the same failure.
      expect(outcomes(changed.stdout)).toEqual([
        {
          id: 'DATA-FORMATS',
          fingerprint: 'searchSingleBest /data/Phone/*',
          status: 'changed',
          now: expect.arrayContaining(['DATA-FORMATS searchSingleBest /data/Address/*/Zip/*']),
        },
        {
          id: 'DATA-FORMATS',
          fingerprint: 'sourceRecords /*/data/Phone/*',
          status: 'changed',
          now: expect.arrayContaining(['DATA-FORMATS sourceRecords /*/data/Address/*/Zip/*']),
        },
      ]);
    } finally {
      await service.close();
    }
  },
);

test(
  'a failure of a relation between answers (a page walk) is judged by its tests run again: still fails, then fixed',
  { tag: '@fast' },
  async ({ scenarios }) => {
    const service = await releaseServer(scenarios.origin);
    try {
      service.deploy('page-size-20');
      const folder = await reportOf(service.url);
      // A baseline the environment names to be rewritten is left alone: replay judges, it records nothing.
      const baseline = join(tempDir(), 'baseline.json');
      const still = await commandAsync(['replay', folder, '--json'], {
        env: { MAX_RPS: '0', BASE_URL: service.url, BASELINE_FILE: baseline, UPDATE_BASELINE: 'true' },
      });
      expect(existsSync(baseline)).toBe(false);
      expect(still.code, still.stderr).toBe(1);
      const page = outcomes(still.stdout).filter((f) => f.id === 'ORG-PAGE');
      expect(page.length).toBeGreaterThan(0);
      for (const failure of page) expect(failure.status).toBe('still fails');
      service.deploy('clean');
      const fixed = await replay(folder, '--base-url', service.url, '--json');
      expect(fixed.code, fixed.stderr).toBe(0);
      const now = outcomes(fixed.stdout);
      expect(now.filter((f) => f.id === 'ORG-PAGE')).toHaveLength(page.length);
      for (const failure of now) expect(failure.status, `${failure.id} ${failure.fingerprint}`).toBe('fixed');
    } finally {
      await service.close();
    }
  },
);

test(
  'replay sends the configured credentials, never any from the report, and writes them nowhere; a report without failures has nothing to replay',
  { tag: '@fast' },
  async ({ scenarios }) => {
    const service = await releaseServer(scenarios.origin);
    const withToken = { MAX_RPS: '0', API_TOKEN: VARIANT_TOKEN };
    try {
      // The report of a clean service: nothing to replay.
      service.deploy('bearer-auth');
      const clean = await reportOf(service.url, { API_TOKEN: VARIANT_TOKEN });
      const nothing = await commandAsync(['replay', clean, '--base-url', service.url], { env: withToken });
      expect(nothing.code, nothing.stderr).toBe(0);
      expect(nothing.stdout).toMatch(/^replay: nothing to replay: .* holds no failure$/m);
      // A fault's report replayed once the release wants a token: with the configured one, every request answered and judged.
      service.deploy('phone-punctuated');
      const faulty = await reportOf(service.url);
      service.deploy('bearer-auth');
      const fixed = await commandAsync(['replay', faulty, '--base-url', service.url], { env: withToken });
      expect(fixed.code, fixed.stdout + fixed.stderr).toBe(0);
      expect(fixed.stdout).toMatch(/^replay: 2 fixed, 0 still failing/m);
      for (const output of [nothing, fixed]) expect(output.stdout + output.stderr).not.toContain(VARIANT_TOKEN);
      // Without it, the service refuses: one line, exit 2, before anything is judged.
      const refused = await replay(faulty, '--base-url', service.url);
      expect(refused.code, refused.stdout + refused.stderr).toBe(2);
      expect(refused.stderr).toMatch(/401/);
    } finally {
      await service.close();
    }
  },
);

test(
  "replay asks the configured target alone: a report names where it ran, never where the credentials go; --env-file's BASE_URL is the target, a report of another is refused in one line before a request, and no request leaves the three endpoints or the budget",
  { tag: '@fast' },
  async ({ scenarios }) => {
    const service = await releaseServer(scenarios.origin);
    const elsewhere = await releaseServer(scenarios.origin);
    const token = { MAX_RPS: '0', API_TOKEN: VARIANT_TOKEN };
    try {
      service.deploy('phone-punctuated');
      const folder = await reportOf(service.url);
      // No target configured: refused, the report's own target never adopted.
      const unset = await commandAsync(['replay', folder], { env: token });
      expect(unset.code, unset.stdout).toBe(2);
      expect(unset.stderr).toMatch(
        /^directory-conformance: .* is a report of http:\/\/127\.0\.0\.1:\d+: replay asks the configured target alone/m,
      );
      // --env-file's BASE_URL and API_TOKEN together: the file's target is the one asked, with the file's token.
      const envFile = join(tempDir(), 'replay.env');
      writeFileSync(envFile, `BASE_URL=${elsewhere.url}\nAPI_TOKEN=${VARIANT_TOKEN}\nMAX_RPS=0\n`);
      const other = await commandAsync(['replay', folder, '--env-file', envFile], { env: {} });
      expect(other.code, other.stdout).toBe(2);
      expect(other.stderr).toMatch(
        /holds requests to another target than http:\/\/127\.0\.0\.1:\d+ \(http:\/\/127\.0\.0\.1:\d+\/provider\//,
      );
      expect(service.asked.length).toBeGreaterThan(0);
      const before = service.asked.length;
      expect(elsewhere.asked, 'the other target got no request, nor its token').toEqual([]);
      for (const output of [unset, other]) expect(output.stdout + output.stderr).not.toContain(VARIANT_TOKEN);

      // A report whose requests are under the target, one of them to a path that is no endpoint of the specification.
      const report = readReport(folder);
      const [first] = report.requirements.filter((r) => r.failures.length > 0);
      first.failures[0].url = `${service.url}/provider/searchSingleBest/../admin?NPI=1`;
      first.failures.push(
        ...Array.from({ length: 40 }, (_, i) => ({
          ...first.failures[1],
          url: `${service.url}/provider/searchSingleBest?NPI=${1000 + i}`,
        })),
      );
      const edited = join(tempDir(), 'conformance.json');
      writeFileSync(edited, JSON.stringify(report));
      const bounded = await commandAsync(['replay', edited, '--base-url', service.url, '--max-requests', '20', '--json'], { env: token });
      const sent = service.asked.slice(before);
      expect(sent.length, 'the budget bounds every request, the preflight and the tests run again included').toBeLessThanOrEqual(20);
      expect(
        sent.filter((r) => !/^\/provider\/(searchSingleBest|sourceRecords\/[^/]+)(\?|$)|^\/fhir\/organization(\?|$)/.test(r.url)),
      ).toEqual([]);
      expect(bounded.stdout, bounded.stderr).toMatch(/^\[/);
      const statuses = JSON.parse(bounded.stdout) as ReplayedFailure[];
      expect(statuses.some((f) => f.status === 'not replayed' && /the budget of 20 requests/.test(f.why ?? ''))).toBe(true);
      // What was asked within the budget still fails (the fault is still deployed): that decides the exit.
      expect(statuses.some((f) => f.status === 'still fails')).toBe(true);
      expect(bounded.code).toBe(1);
    } finally {
      await service.close();
      await elsewhere.close();
    }
  },
);
