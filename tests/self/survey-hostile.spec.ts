/**
 * A hostile directory, for the survey. A service that fails in the middle of a walk, then recovers
 * (one target, served by one server and then another on the same port): the survey ends in bounded
 * time, says it is incomplete (exit 3), and --resume completes it into exactly what an uninterrupted
 * survey counts, no record twice. A service whose walks lie (a total of 10^9, next links that loop
 * or leave the origin) or are long (400 pages): the survey asks each page that exists once, and
 * nothing more, in bounded time. Its memory at scale (100,000 organizations and more) is `npm run bench`'s to measure.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readRequestLog, REQUEST_LOG_VARIABLE } from '../../src/client/request-log';
import { readFixtures, readProbes } from '../../src/reference/fixture-files';
import { scenarioPrefix } from '../../src/reference/scenarios/registry';
import { type ScenarioServer, freePort, serveHere, serveScenariosHere } from '../../src/suite-runs/scenario-server';
import { probesCheckOf, surveyResultOf } from '../../src/suite-runs/other-drivers';
import { PAGE_SIZE } from '../../src/spec/constants';
import type { SurveyReport } from '../../src/types/schemas';
import { commandAsync, tempDir } from './command';
import type { Progress } from '../../src/survey/progress';
import { CYCLE_PAGES, MILLION } from '../../src/reference/scenarios/hostile-walks';
import { MAX_JUDGED_ENTRIES } from '../../src/survey/walk-plan';
import { CHECKPOINT_FILE } from '../../src/survey/journal';
import { expect, test } from './fixtures';
import { npiFile, readSurvey, surveyCounts } from './survey-report';

/** Answers that say nothing of the directory, which leave their unit for --resume: none at all, or a 401, 403, 429 or 5xx. */
const unanswered = ({ requests }: SurveyReport) =>
  requests.transportErrors +
  Object.entries(requests.byStatus)
    .filter(([status]) => /^(401|403|429|5\d\d)$/.test(status))
    .reduce((sum, [, count]) => sum + count, 0);

for (const { fault, what, surveyEnv, last } of [
  { fault: 'walk-resets-after-page-1', what: 'connections reset', surveyEnv: {}, last: /failed/ },
  { fault: 'walk-fails-after-page-1', what: '500 Internal Server Error', surveyEnv: {}, last: /→ 500 / },
  // REQUEST_TIMEOUT_MS: a page that never answers ends each try at 1 s, not the default's minute.
  { fault: 'walk-silent-after-page-1', what: 'no answer at all', surveyEnv: { REQUEST_TIMEOUT_MS: '1000' }, last: /timed out/ },
])
  test(
    `${what} past page 1 of every walk: exit 3, incomplete; --resume once the service is well completes it, no record twice`,
    { tag: '@fast' },
    async () => {
      const dir = tempDir();
      const port = await freePort();
      const args = ['survey', '--base-url', `http://127.0.0.1:${port}`, '--organizations-by-state', '--max-rps', '1000'];
      // The short REQUEST_TIMEOUT_MS is the failing service's: once it is well, a busy machine's slow answer is no fault.
      const survey = async (env: Record<string, string>, more: string[], commandEnv: Record<string, string> = {}) => {
        // One target served by one server and then another on the same port, in this process: the survey is asynchronous.
        const server = await serveHere(env, port);
        try {
          return await commandAsync([...args, ...more], { env: commandEnv });
        } finally {
          await server.stop();
        }
      };
      const out = join(dir, 'out');
      // It gives up, with its reason: a survey that kept asking would reach the test's timeout.
      const failing = await survey({ REFERENCE_FAULT: fault }, ['--out', out], surveyEnv);
      expect(failing.code, failing.stderr).toBe(3);
      const incomplete = readSurvey(out);
      expect(incomplete.complete).toBe(false);
      expect(incomplete.stopped).toMatch(
        /^(\d+ units? of work (was|were) left without an answer about the directory|the service stopped answering: \d+ units of work in a row were left without an answer about the directory) \(.*Page=2/,
      );
      expect(incomplete.stopped).toMatch(last);
      expect(unanswered(incomplete)).toBeGreaterThan(0);
      // What a failing service answered is no finding of the data: nothing fails, the survey is only incomplete.
      expect(incomplete.requirements.filter((r) => r.failed > 0)).toEqual([]);
      expect(failing.stdout).toContain('--resume finishes it');

      const resumed = await survey({}, ['--out', out, '--resume']);
      expect(resumed.code, resumed.stdout).toBe(0);
      const whole = await survey({}, ['--out', join(dir, 'whole')]);
      expect(whole.code, whole.stderr).toBe(0);
      expect(surveyCounts(readSurvey(out))).toEqual(surveyCounts(readSurvey(join(dir, 'whole'))));
      expect(unanswered(readSurvey(out))).toBe(0);
    },
  );

test.describe('a service that lies or refuses', () => {
  let server: ScenarioServer;
  test.beforeAll(({ scenarios }) => {
    server = scenarios;
  });

  const WALK = 'address-state=TX';
  const CONCURRENCY = 8;

  /** The survey of one walk against a scenario (`more`: its flags, a shard's), with every request it sent logged. */
  async function surveyWalk(scenario: string, env: Record<string, string> = {}, more: string[] = []) {
    const dir = tempDir();
    const log = join(dir, 'requests');
    const out = join(dir, 'out');
    const result = await commandAsync(
      [
        ...['survey', '--base-url', `${server.origin}${scenarioPrefix(scenario)}`, '--organizations', WALK],
        ...['--concurrency', String(CONCURRENCY), '--max-rps', '1000', '--out', out, ...more],
      ],
      { env: { ...env, [REQUEST_LOG_VARIABLE]: log } },
    );
    const sent = readRequestLog(log).map((r) => r.url);
    // The walk's own requests: the preflight's neutral provider search (one, when the target is well) is not the walk's.
    return { ...result, out, report: readSurvey(out), sent, walked: sent.filter((url) => url.includes('/fhir/organization')) };
  }

  test(
    'pages that repeat in a cycle past the last, for ever: each shard stops within a cycle or two, and the merge counts every request the shards made',
    { tag: '@fast' },
    async () => {
      const clean = await surveyWalk('clean');
      const pages = Math.ceil(clean.report.records.organizations / PAGE_SIZE);
      const shards = await Promise.all([1, 2].map((index) => surveyWalk('walk-pages-cycle', {}, ['--shard', `${index}/2`])));
      for (const shard of shards) {
        expect(shard.code, shard.stderr).toBe(0);
        // Its own pages up to the last, and at most two cycles of repeats past it (page 1 as a shard that does not own it peeks at it).
        expect(shard.walked.length).toBeLessThanOrEqual(Math.ceil(pages / 2) + 2 * CYCLE_PAGES + 2);
      }
      const mergedOut = join(tempDir(), 'merged');
      const merged = await commandAsync(['survey', 'merge', shards[0].out, shards[1].out, '--out', mergedOut]);
      expect(merged.code, merged.stderr).toBe(0);
      const report = readSurvey(mergedOut);
      expect(report.complete).toBe(true);
      expect(report.records.organizations).toBe(clean.report.records.organizations);
      // Every page a shard asked and judged is a request of the merged survey (the peeks at page 1 are the shards' alone).
      expect(report.requests.total).toBe(shards.reduce((sum, s) => sum + s.report.requests.total, 0));
    },
  );

  test(
    '403 to every request after the preflight, as from a token that lapsed mid-survey: no NPI judged or counted as not found; incomplete, exit 3',
    { tag: '@fast' },
    async () => {
      const dir = tempDir();
      const npis = npiFile(dir, 'npis.txt', 5);
      const out = join(dir, 'out');
      const result = await commandAsync([
        'survey',
        '--base-url',
        `${server.origin}${scenarioPrefix('token-lapses-after-first-request')}`,
        '--npis',
        npis,
        '--max-rps',
        '1000',
        '--out',
        out,
      ]);
      expect(result.code, result.stderr).toBe(3);
      const report = readSurvey(out);
      expect(report.complete).toBe(false);
      expect(report.stopped).toMatch(/→ 403 text\/html: an answer that says nothing of the directory/);
      expect(report.records).toMatchObject({ providers: 0, notFound: 0 });
      expect(report.input).toMatchObject({ rowsRead: 5, surveyed: 0, unanswered: 5 });
      expect(report.requirements.filter((r) => r.failed > 0)).toEqual([]);
    },
  );

  test(
    'a total of 10^9 over the real organizations: the pages that exist are asked, not 40,000; ORG-TOTAL fails',
    { tag: '@fast' },
    async () => {
      const clean = await surveyWalk('clean');
      expect(clean.code, clean.stderr).toBe(0);
      const pages = Math.ceil(clean.report.records.organizations / PAGE_SIZE);
      const lying = await surveyWalk('walk-total-billion');
      expect(lying.code, lying.stderr).toBe(1);
      expect(lying.report.complete).toBe(true);
      expect(lying.report.records.organizations).toBe(clean.report.records.organizations);
      expect(lying.report.requirements.find((r) => r.id === 'ORG-TOTAL' && r.level === 'MUST')).toMatchObject({ checked: 1, failed: 1 });
      // Each page once, the empty page past the last (which shows it was the last), page 1's next link,
      // and the pages asked ahead: never more than --concurrency past the page the walk rule wants.
      expect(lying.walked.length).toBeGreaterThanOrEqual(pages + 2);
      expect(lying.walked.length).toBeLessThanOrEqual(pages + 2 + CONCURRENCY);
    },
  );

  // The survey walks by Page and follows page 1's next link once, by the walk rule the conformance run
  // follows every link by: page 2 behind the link is page 1 again, and its link leads back to page 1,
  // so the links loop short of what total counts (MUST, as the run judges it).
  test(
    'a next link that loops back to page 1 is followed once: each page asked once, ORG-NEXT-LINK fails as in the run',
    { tag: '@fast' },
    async () => {
      const clean = await surveyWalk('clean');
      const looping = await surveyWalk('next-link-to-first-page');
      expect(looping.code, looping.stderr).toBe(1);
      expect(looping.report.complete).toBe(true);
      expect(looping.sent).toHaveLength(clean.sent.length);
      expect(looping.report.records).toEqual(clean.report.records);
      expect(looping.report.requirements.find((r) => r.id === 'ORG-NEXT-LINK' && r.level === 'MUST')).toMatchObject({ failed: 1 });
    },
  );

  test('a next link to another origin is never followed: nothing reaches it, the token least of all', { tag: '@fast' }, async () => {
    // The variant's links lead to 127.0.0.2 on the scenario server's port: a listener there hears any request.
    const heard: string[] = [];
    const other = createServer((request, response) => {
      heard.push(`${request.url} ${request.headers.authorization ?? ''}`);
      response.end();
    });
    await new Promise<void>((resolve) => other.listen(Number(new URL(server.origin).port), '127.0.0.2', resolve));
    try {
      const token = 'other-origin-canary-token-5c2e';
      const result = await surveyWalk('next-link-other-origin', { API_TOKEN: token });
      expect(result.code, result.stderr).toBe(0);
      expect(result.report.complete).toBe(true);
      expect(result.sent.every((url) => url.startsWith(server.origin))).toBe(true);
      expect(heard).toEqual([]);
      // What the survey could not follow, it observes: the origin, and how many walks link there.
      const elsewhere = new URL(server.origin.replace('127.0.0.1', '127.0.0.2')).origin;
      expect(result.report.observations).toContainEqual({ id: 'OBS-CROSS-ORIGIN-LINK', values: { [elsewhere]: 1 } });
      expect(result.stdout + result.stderr).not.toContain(token);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});

/**
 * A search of 400 full pages (10,000 organizations, with total): the one organization of the
 * fixtures again and again, each under an id of its own, on every path. Counts every page of the
 * walk asked for. 400 pages prove what 10,000 did (each page asked once, each organization counted
 * once) at a 25th of the cost; memory at scale is the bench's.
 */
async function manyPages(): Promise<{ server: Server; baseUrl: string; query: string; asked: Map<number, number>; pages: number }> {
  const pages = 400;
  const template = readFixtures().organizations.find((o) => o.address?.[0]?.state !== undefined)!;
  const query = `address-state=${template.address![0].state}`;
  const asked = new Map<number, number>();
  const server = createServer((request, response) => {
    const url = new URL(request.url!, 'http://directory.test');
    const page = Number(url.searchParams.get('Page') ?? '1');
    // The walk's pages; the preflight's question (the walk's search, without Page) is no page of it.
    if (url.pathname.endsWith('/organization') && url.searchParams.has('Page')) asked.set(page, (asked.get(page) ?? 0) + 1);
    const entry = Array.from({ length: page <= pages ? PAGE_SIZE : 0 }, (_, i) => {
      const id = `org-${page}-${i}`;
      return { fullUrl: `/Organization/${id}`, resource: { ...template, id }, search: { mode: 'match' } };
    });
    response.setHeader('content-type', 'application/fhir+json');
    response.end(
      JSON.stringify({
        resourceType: 'Bundle',
        id: '6b1e5a8e-3f43-4a8e-9d6c-2f1b0c7d9e01',
        meta: { versionId: '1', lastUpdated: '2026-11-24T00:00:00+00:00' },
        type: 'searchset',
        total: pages * PAGE_SIZE,
        link: [{ relation: 'self', url: `http://127.0.0.1${request.url}` }],
        entry,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, query, asked, pages };
}

/**
 * A Progress that keeps what the survey told it: at every unit judged while every part of the plan
 * was counted (the moment the progress line says a time left), the total it then had.
 */
function recordedProgress(): { progress: Progress; done: () => number; claimedTotals: number[] } {
  let total = 0;
  let open = 0;
  let done = 0;
  const claimedTotals: number[] = [];
  return {
    progress: {
      expect: (units) => void (total += units),
      uncounted: (parts) => void (open = parts),
      update: (_, unanswered = 0) => {
        if (unanswered === 0) done++;
        if (open === 0) claimedTotals.push(total);
      },
      stop: () => undefined,
    },
    done: () => done,
    claimedTotals,
  };
}

for (const { scenario, what } of [
  { scenario: 'walk-pages-cycle', what: 'pages past the last that cycle: the page past the last is counted ahead' },
  { scenario: 'total-is-page-count', what: 'a total that counts the page: the length of the walk is not known' },
])
  test(`progress says a total as whole only when it is: ${what}`, { tag: '@fast' }, async () => {
    const server = await serveScenariosHere();
    try {
      const recorded = recordedProgress();
      const env = { BASE_URL: `${server.origin}${scenarioPrefix(scenario)}`, MAX_RPS: '0' };
      const dir = tempDir();
      await surveyResultOf(
        env,
        { npis: npiFile(dir, 'npis.txt', 1), walks: [{ 'address-state': 'TX' }] },
        join(dir, 'out'),
        {},
        recorded.progress,
      );
      expect(recorded.done()).toBeGreaterThan(2);
      // Every total the progress gave as whole is the units the survey judged in the end: no time left said of a count that grew.
      expect(recorded.claimedTotals.filter((total) => total !== recorded.done())).toEqual([]);
    } finally {
      await server.stop();
    }
  });

test.describe('answers too large or too slow to wait for', () => {
  let server: ScenarioServer;
  test.beforeAll(({ scenarios }) => {
    server = scenarios;
  });
  const surveyOf = (scenario: string) => [
    ...['survey', '--base-url', `${server.origin}${scenarioPrefix(scenario)}`, '--organizations', 'address-state=TX'],
    ...['--max-rps', '1000'],
  ];

  test(
    'a bundle of a million entries: its first 1,000 judged, the rest counted and said; ORG-PAGE fails by the whole count; under 1 GiB',
    { tag: '@full' },
    async () => {
      const out = join(tempDir(), 'out');
      const result = await commandAsync([...surveyOf('walk-million-entries'), '--out', out], { measureMemory: true });
      expect(result.code, result.stderr).toBe(1);
      const report = readSurvey(out);
      // Page 1, and page 2, which repeats it and so ends the walk: each held a million entries.
      expect(report.requests.total).toBe(2);
      expect(report.records.entriesNotJudged).toBe(2 * (MILLION - MAX_JUDGED_ENTRIES));
      expect(report.complete).toBe(false);
      expect(report.stop).toEqual({ kind: 'page-cut' });
      expect(report.stopped).toMatch(/^1,998,000 entries were counted, not judged: .* Page=1 of address-state=TX held 1,000,000 entries$/);
      const page = report.requirements.find((r) => r.id === 'ORG-PAGE' && r.level === 'MUST');
      expect(page?.examples[0].message).toContain(`Page=1 returned ${MILLION} entries`);
      expect(result.stdout).toMatch(/the survey is not whole: 1,998,000 entries were counted, not judged/);
      test
        .info()
        .annotations.push({ type: 'peak resident memory', description: `${Math.round((result.peakRssBytes ?? 0) / 2 ** 20)} MiB` });
      if (result.peakRssBytes !== undefined) expect(result.peakRssBytes).toBeLessThan(2 ** 30);
    },
  );

  test(
    'Ctrl-C while the preflight waits for an answer that never comes: one line, exit 3, as after it (not 130)',
    { tag: '@full' },
    async () => {
      // A service that takes every request and never answers: the preflight's first request waits.
      let asked: () => void = () => undefined;
      const firstRequest = new Promise<void>((resolve) => (asked = resolve));
      const silent = createServer(() => asked());
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      try {
        const dir = tempDir();
        const result = await commandAsync(
          [
            'survey',
            '--base-url',
            `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
            '--npis',
            npiFile(dir),
            '--out',
            join(dir, 'out'),
          ],
          { env: { REQUEST_TIMEOUT_MS: '600000' }, started: (child) => void firstRequest.then(() => child.kill('SIGINT')) },
        );
        expect(result.signal).toBeNull();
        expect(result.code, result.stderr).toBe(3);
        expect(result.stderr.trim().split('\n').at(-1)).toBe(
          'directory-conformance: stopped by SIGINT during the preflight: nothing was judged',
        );
      } finally {
        silent.closeAllConnections();
        await new Promise((resolve) => silent.close(resolve));
      }
    },
  );

  test(
    'SIGTERM while an answer never comes: the survey leaves the request, says it stopped, exit 3, its checkpoint kept for --resume',
    { tag: '@full' },
    async () => {
      const out = join(tempDir(), 'out');
      // A request that would wait ten minutes for its answer: only leaving it ends the survey inside the test's time.
      const env = { REQUEST_TIMEOUT_MS: '600000' };
      const checkpoint = join(out, CHECKPOINT_FILE);
      const result = await commandAsync([...surveyOf('walk-silent-after-page-1'), '--out', out], {
        env,
        started: (child) =>
          void (async () => {
            // Page 1 judged, its next pages asked, and never answered.
            await expect.poll(() => existsSync(checkpoint), { timeout: 120_000, intervals: [50] }).toBe(true);
            await new Promise((resolve) => setTimeout(resolve, 1_000));
            child.kill('SIGTERM');
          })(),
      });
      expect(result.code, result.stderr).toBe(3);
      const report = readSurvey(out);
      expect(report.stop).toEqual({ kind: 'signal' });
      expect(report.stopped).toBe('stopped by SIGTERM, the checkpoint kept');
      expect(result.stdout).toMatch(/--resume finishes it/);
    },
  );
});

test('400 pages of one walk: every page asked once, 10,000 organizations counted once', { tag: '@fast' }, async () => {
  const { server, baseUrl, query, asked, pages } = await manyPages();
  try {
    const out = join(tempDir(), 'out');
    const result = await commandAsync(['survey', '--base-url', baseUrl, '--organizations', query, '--max-rps', '10000', '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    const report = readSurvey(out);
    expect(report.complete).toBe(true);
    expect(report.records).toEqual({ providers: 0, notFound: 0, organizations: pages * PAGE_SIZE, walks: 1 });
    // Every page, and the page past the last: the last page holds 25, and only the page after it shows it was the last.
    expect(report.requests.total).toBe(pages + 1);
    expect([...asked.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: pages + 1 }, (_, i) => i + 1));
    expect([...asked.values()].every((count) => count === 1)).toBe(true);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test(
  'a value nested 5,000 levels deep is a finding of the survey and of probes check, never an internal error',
  { tag: '@fast' },
  async () => {
    const server = await serveScenariosHere();
    try {
      const env = { BASE_URL: `${server.origin}${scenarioPrefix('deep-nesting')}`, MAX_RPS: '0' };
      const dir = tempDir();
      const { report } = await surveyResultOf(env, { npis: npiFile(dir, 'npis.txt', 3), walks: [{ 'address-state': 'OH' }] }, dir);
      const judged = report.requirements.find((r) => r.id === 'HTTP-JSON');
      expect(judged?.failed).toBeGreaterThan(0);
      expect(judged?.examples[0].message).toMatch(/levels deep, beyond the 128 levels the harness reads/);
      const checks = await probesCheckOf(env, readProbes(), false);
      expect(checks.length).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
  },
);
