/**
 * The embedded history under the machine's conditions and the input's: a store folder this user may
 * only read, a damaged data folder, a disk that fills, a report nested too deep. Each is answered in
 * one line, at once, and loses nothing: read commands read a read-only store as it is, and the store
 * kept before a full disk is whole once there is room again.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openHistory } from '../../src/history/store';
import { FOLDER_LOCK_DEFAULTS } from '../../src/history/folder-lock';
import { commandAsync, BIN, tempDir } from './command';
import { expect, test } from './fixtures';
import { bigSurvey, reportFolder } from './history-reports';
import { modesBindingRunner, privateMountRunner } from './os-conditions';

/** Every path under `dir`, at any depth, in order. */
const within = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((entry) => join(dir, entry))
    .sort();

/** What a folder holds, to the byte and the mode: equal before and after, nothing in it was touched. */
function fingerprint(dir: string): string {
  const hash = createHash('sha256');
  for (const path of within(dir)) {
    const stat = statSync(path);
    hash.update(`${path}\0${stat.mode}\0`);
    if (stat.isFile()) hash.update(readFileSync(path));
  }
  return hash.digest('hex');
}

/** Read-only copies of stores that the read commands made and left behind. */
const leftCopies = () => readdirSync(tmpdir()).filter((name) => name.startsWith('directory-conformance-read-'));

/** The error lines of a command: all it says when it refuses. */
const lines = (stderr: string) => stderr.trim().split('\n');

test(
  'a store this user may only read: check, diff, page and export read it as it is; record, prune and a survey recording into it are refused in one line, at once',
  { tag: '@full' },
  async () => {
    const runner = modesBindingRunner();
    test.skip(typeof runner === 'string', String(runner));
    const dir = tempDir();
    const store = join(dir, 'history');
    const recorded = await commandAsync([
      'history',
      'record',
      reportFolder(dir, 'first', 0),
      reportFolder(dir, 'second', 1),
      '--history',
      store,
    ]);
    expect(recorded.code, recorded.stderr).toBe(0);
    for (const path of [store, ...within(store)]) chmodSync(path, statSync(path).mode & ~0o222);
    const before = fingerprint(store);
    const copiesBefore = leftCopies();
    const asReader = (args: string[]) => commandAsync(['history', ...args, '--history', store], { runner: runner as string[] });
    try {
      const checked = await asReader(['check']);
      // Two runs that judged nothing: the gate has nothing to compare, which it can only say having read both.
      expect(checked.code, checked.stderr).toBe(3);
      expect(checked.stdout).toMatch(/run #2 of 2026-01-01T00:01:00\.000Z has nothing to compare with/);
      const diffed = await asReader(['diff', '--json']);
      expect(diffed.code, diffed.stderr).toBe(0);
      expect(JSON.parse(diffed.stdout)).toMatchObject({ a: { id: 1, reportId: 'first' }, b: { id: 2, reportId: 'second' } });
      const exported = await asReader(['export', '--format', 'openmetrics']);
      expect(exported.code, exported.stderr).toBe(0);
      expect(exported.stdout).toMatch(/^directory_conformance_exit_code\{target="https:\/\/directory\.example\/api",kind="run"\} 3$/m);
      expect(exported.stdout.endsWith('# EOF\n')).toBe(true);
      const page = join(dir, 'page');
      const paged = await asReader(['page', '--out', page]);
      expect(paged.code, paged.stderr).toBe(0);
      expect(readFileSync(join(page, 'index.html'), 'utf8')).toContain('https://directory.example/api');

      // A survey that would record into it is refused before its first request, not after hours of asking.
      const npis = join(dir, 'npis.txt');
      writeFileSync(npis, '1234567893\n');
      const asRecorder = (args: string[]) => commandAsync([...args, '--history', store], { runner: runner as string[] });
      // At once: refused before any wait for the lock, which cannot be taken here. A command that waited
      // for it (FOLDER_LOCK_DEFAULTS.waitMs) would outlast this test, which then fails by its timeout,
      // set here below that wait (the test takes 40 s with both cores busy).
      test.setTimeout(0.8 * FOLDER_LOCK_DEFAULTS.waitMs);
      for (const args of [
        ['history', 'record', reportFolder(dir, 'third', 2)],
        ['history', 'prune', '--keep', '1'],
        ['survey', '--base-url', 'http://127.0.0.1:9/unreached', '--npis', npis, '--out', join(dir, 'survey')],
      ]) {
        const refused = await asRecorder(args);
        expect(refused.code, args.join(' ')).toBe(2);
        expect(lines(refused.stderr)).toEqual([
          expect.stringMatching(
            /^directory-conformance: the history folder .* cannot be written by this user \(the folder itself\): record and prune write it, as run and survey do with --history; check, diff, page and export read it as it is$/,
          ),
        ]);
      }
      expect(fingerprint(store)).toBe(before);
      expect(leftCopies()).toEqual(copiesBefore);

      // Damaged, it is named as the user knows it, not by the copy's folder, which is gone.
      const control = join(store, 'pgdata', 'global', 'pg_control');
      chmodSync(control, 0o600);
      writeFileSync(control, randomBytes(8192));
      chmodSync(control, 0o400);
      const damaged = await asReader(['check']);
      expect(damaged.code).toBe(3);
      expect(lines(damaged.stderr)).toEqual([
        expect.stringMatching(
          new RegExp(`cannot be opened \\(.+\\): its data folder ${store}/pgdata is damaged or not a store of this harness`),
        ),
      ]);
      expect(leftCopies()).toEqual(copiesBefore);
    } finally {
      for (const path of [store, ...within(store)]) chmodSync(path, statSync(path).mode | 0o200);
    }
  },
);

test(
  'a damaged data folder is one line, exit 3; a report nested 200,000 deep, holding a requirement twice, a start that is no date or a histogram that is none is one line, exit 2: never a stack',
  { tag: '@fast' },
  async () => {
    const dir = tempDir();
    const store = join(dir, 'history');
    expect((await commandAsync(['history', 'record', reportFolder(dir, 'first', 0), '--history', store])).code).toBe(0);
    writeFileSync(join(store, 'pgdata', 'global', 'pg_control'), randomBytes(8192));
    const damaged = await commandAsync(['history', 'check', '--history', store]);
    expect(damaged.code).toBe(3);
    expect(lines(damaged.stderr)).toEqual([
      expect.stringMatching(
        /^directory-conformance: the history in .* cannot be opened \(.+\): its data folder .*pgdata is damaged or not a store of this harness; restore it from a backup, or move it away to start a new history; DEBUG=1 shows the detail$/,
      ),
    ]);

    // Reports that are not what they say, each refused before or as the store keeps it, and the store left as it was.
    const edited = (folder: string, file: string, edit: (report: Record<string, unknown>) => string) => {
      const path = join(folder, file);
      writeFileSync(path, edit(JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>));
      return folder;
    };
    const cases: [string, string, RegExp][] = [
      [
        'nested 200,000 deep',
        // An observation's value is any JSON value: one nested far past any report this harness writes.
        edited(reportFolder(dir, 'deep', 1), 'conformance.json', (report) =>
          JSON.stringify({ ...report, observations: [{ id: 'DEEP', title: 'nested', status: 'observed', value: '@@' }] }).replace(
            '"@@"',
            `${'['.repeat(200_000)}${']'.repeat(200_000)}`,
          ),
        ),
        /^directory-conformance: .*conformance\.json is not a conformance report: it nests deeper than 1,000 levels$/,
      ],
      [
        'a requirement twice',
        edited(reportFolder(dir, 'twice', 2), 'conformance.json', (report) => {
          const requirements = report.requirements as unknown[];
          return JSON.stringify({ ...report, requirements: [...requirements, requirements[0]] });
        }),
        /^directory-conformance: the history cannot keep this report: duplicate key value violates unique constraint .* \(SQLSTATE 23505\); DEBUG=1 shows the detail$/,
      ],
      [
        'a start that is no date',
        edited(reportFolder(dir, 'no-date', 3), 'conformance.json', (report) => JSON.stringify({ ...report, startedAt: 'yesterday' })),
        /^directory-conformance: .*conformance\.json is not a conformance report \(schemas\/report\/conformance-report\.schema\.json\): at \/startedAt: must match format "date-time"$/,
      ],
      [
        'a histogram that is none',
        edited(bigSurvey(dir, 'no-histogram', 10), 'survey.json', (survey) =>
          JSON.stringify({ ...survey, latencyHistograms: { searchSingleBest: Buffer.from('not a histogram').toString('base64') } }),
        ),
        /^directory-conformance: .*survey\.json is not a survey: its latencyHistograms\.searchSingleBest is not an HdrHistogram \(.+\)$/,
      ],
    ];
    const other = join(dir, 'other');
    expect((await commandAsync(['history', 'record', reportFolder(dir, 'kept', 4), '--history', other])).code).toBe(0);
    for (const [what, folder, message] of cases) {
      const refused = await commandAsync(['history', 'record', folder, '--history', other]);
      expect(refused.code, what).toBe(2);
      expect(lines(refused.stderr), what).toEqual([expect.stringMatching(message)]);
    }
    const opened = await openHistory(other);
    try {
      expect((await opened.db.selectFrom('runs').select('report_id').execute()).map((r) => r.report_id)).toEqual(['kept']);
    } finally {
      await opened.close();
    }
  },
);

test(
  'a full disk stops a recording in one line, exit 3, and loses nothing: with room again, the run kept before is there and the recording goes through',
  { tag: '@full' },
  async () => {
    const runner = privateMountRunner();
    test.skip(typeof runner === 'string', String(runner));
    const dir = tempDir();
    const disk = join(dir, 'disk');
    const results = join(dir, 'results');
    mkdirSync(disk);
    mkdirSync(results);
    // In a mount namespace of its own: a 48 MiB disk, room for a store (38 MiB) and a run; then filled, and then filled but for 1 MiB, as a large survey is recorded.
    const script = `
    mount -t tmpfs -o size=48m tmpfs "$DISK" || exit 90
    step() { name=$1; shift; "$@" >"$RESULTS/$name.out" 2>"$RESULTS/$name.err"; echo $? >"$RESULTS/$name.code"; }
    step first "$BIN" history record "$FIRST" --history "$DISK/store"
    cat /dev/zero >"$DISK/filler" 2>/dev/null
    step no-room "$BIN" history record "$BIG" --history "$DISK/store"
    ls -A "$DISK/store" >"$RESULTS/after-no-room.ls"
    truncate -s -1M "$DISK/filler"
    step full "$BIN" history record "$BIG" --history "$DISK/store"
    rm "$DISK/filler"
    step again "$BIN" history record "$BIG" --history "$DISK/store"
    step kept "$BIN" history record "$FIRST" --history "$DISK/store"
  `;
    const env = { ...process.env, BIN, DISK: disk, RESULTS: results, FIRST: reportFolder(dir, 'first', 0), BIG: bigSurvey(dir, 'big') };
    const [file, ...args] = [...(runner as string[]), script];
    const code = await new Promise<number | null>((resolve) => spawn(file, args, { env, stdio: 'ignore' }).once('close', resolve));
    expect(code).toBe(0);
    const step = (name: string) => ({
      code: Number(readFileSync(join(results, `${name}.code`), 'utf8')),
      stderr: readFileSync(join(results, `${name}.err`), 'utf8'),
    });
    expect(step('first').code, step('first').stderr).toBe(0);
    // No room for a byte: the lock's owner cannot be written, which was a stack, and a lock left behind for the next recorder to wait on.
    const noRoom = step('no-room');
    expect(noRoom.code, noRoom.stderr).toBe(3);
    expect(lines(noRoom.stderr)).toEqual([
      'directory-conformance: stopped by the system: ENOSPC: no space left on device, write; DEBUG=1 shows the detail',
    ]);
    expect(readFileSync(join(results, 'after-no-room.ls'), 'utf8').trim()).toBe('pgdata');
    // 1 MiB: the store starts, and cannot keep the survey.
    const full = step('full');
    expect(full.code, full.stderr).toBe(3);
    expect(lines(full.stderr)).toEqual([
      expect.stringMatching(
        /^directory-conformance: (the history store failed: .*No space left on device \(SQLSTATE 53100\)|stopped by the system: ENOSPC: .*|the history in .* cannot be opened \(.*\): the disk holding it has \d+\.\d MiB free, too little for PostgreSQL to start: free some space and run again \(nothing stored is lost\)); DEBUG=1 shows the detail$/,
      ),
    ]);
    expect(step('again').code, step('again').stderr).toBe(0);
    expect(step('again').stderr).toMatch(/^history: recorded survey #\d+ of /);
    expect(step('kept').stderr).toMatch(/^history: kept already run #1 of https:\/\/directory\.example\/api/);
  },
);
