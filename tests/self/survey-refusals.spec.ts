/**
 * What the survey refuses rather than miscount, each in one line with exit 2: a resume of another
 * survey (other NPI list, target, shard or settings), a journal or checkpoint that was cut or
 * garbled, and a merge of shards that are not 1 to N of one survey. What it never writes: the
 * credentials it was given, in any file of its folder or in its output. And what it never leaves
 * behind: a survey.json beside another survey's files, when `survey merge` is killed.
 */
import { cpSync, existsSync, readFileSync, truncateSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHECKPOINT_FILE, JOURNAL_FILE } from '../../src/survey/journal';
import { parseShard } from '../../src/survey/shard';
import { SURVEY_FILES, writeSurvey } from '../../src/report/survey/write-survey';
import { readEntry } from '../../src/history/entry';
import { surveyResultOf } from '../../src/suite-runs/other-drivers';
import { scenarioPrefix } from '../../src/reference/scenarios/registry';
import { VARIANTS } from '../../src/reference/scenarios/variants';
import { LEAK_TEST_SECRETS } from '../../src/reference/scenarios/hostile';
import { LeakScan } from '../../src/suite-runs/leak-scan';
import { openHistory } from '../../src/history/store';
import { sql } from 'kysely';
import { freePort, type ScenarioServer } from '../../src/suite-runs/scenario-server';
import { commandAsync, tempDir } from './command';
import { everyFile } from './every-file';
import { expect, test } from './fixtures';
import { npiFile, readSurvey } from './survey-report';

let server: ScenarioServer;
test.beforeAll(({ scenarios }) => {
  server = scenarios;
});

const target = (scenario: string) => `${server.origin}${scenarioPrefix(scenario)}`;

/** The NPIs of a list, unless a test says otherwise. */
const NPIS = 30;

const survey = (args: string[], env: Record<string, string> = {}) => commandAsync(['survey', '--max-rps', '1000', ...args], { env });

/** Exit 2, and one error line that matches `message` (after the lines that name the target, when it was reached). */
function refused(result: { code: number | null; stderr: string }, message: RegExp): void {
  expect(result.code, result.stderr).toBe(2);
  const errors = result.stderr.split('\n').filter((line) => line.startsWith('directory-conformance: '));
  expect(errors).toEqual([expect.stringMatching(message)]);
}

test('--resume of another survey is refused: another NPI list, target, shard or setting', { tag: '@fast' }, async () => {
  const dir = tempDir();
  const npis = npiFile(dir, 'npis.txt', NPIS);
  const out = join(dir, 'out');
  const args = ['--base-url', target('clean'), '--npis', npis, '--out', out];
  expect((await survey(args)).code).toBe(0);
  const resumed = await survey([...args, '--resume']);
  expect(resumed.code, resumed.stderr).toBe(0);
  const other = npiFile(dir, 'other.txt', 20);
  for (const [changed, part] of [
    [['--base-url', target('clean'), '--npis', other, '--out', out], 'NPI list (--npis)'],
    [['--base-url', target('entries-reversed'), '--npis', npis, '--out', out], 'target'],
    [['--base-url', target('clean'), '--npis', npis, '--out', out, '--shard', '1/2'], 'shard (--shard)'],
    [['--base-url', target('clean'), '--npis', npis, '--out', out, '--examples', '2'], '--examples'],
    [['--base-url', target('clean'), '--npis', npis, '--out', out, '--delimiter', 'tab'], '--delimiter'],
    [['--base-url', target('clean'), '--npis', npis, '--out', out, '--findability'], '--findability'],
    [['--base-url', target('clean'), '--npis', npis, '--out', out, '--sample', '50%'], 'sample (--sample, --seed)'],
  ] as const) {
    const result = await survey([...changed, '--resume']);
    refused(result, /--resume: the checkpoint in .* is of another survey: its .* differs; run without --resume to start anew/);
    expect(result.stderr).toContain(`its ${part} differs`);
    // Refused before the survey starts: that one line is all it says.
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  }
  // The embedded server listens on a new port each time: it is the same target, and its survey resumes.
  const embedded = ['--npis', npis, '--out', join(dir, 'embedded')];
  expect((await survey(embedded)).code).toBe(0);
  const again = await survey([...embedded, '--resume']);
  expect(again.code, again.stderr).toBe(0);
});

test(
  'a journal cut shorter than its checkpoint, a garbled journal line, a garbled checkpoint and one whose figures were edited are refused, never miscounted',
  { tag: '@fast' },
  async () => {
    const dir = tempDir();
    const out = join(dir, 'out');
    const args = ['--base-url', target('clean'), '--npis', npiFile(dir, 'npis.txt', NPIS), '--out', out, '--resume'];
    expect((await survey(args.slice(0, -1))).code).toBe(0);
    const journal = join(out, JOURNAL_FILE);
    const whole = readFileSync(journal);
    const checkpoint = join(out, CHECKPOINT_FILE);
    const saved = JSON.parse(readFileSync(checkpoint, 'utf8')) as Record<string, unknown>;

    // Its figures edited by hand: each refused as no checkpoint, never passed on (a negative length reached ftruncate: a stack).
    for (const tampered of [
      { journalBytes: -5 },
      { journalBytes: 1.5 },
      { journalBytes: String(whole.length) },
      { started: 'yesterday' },
    ]) {
      writeFileSync(checkpoint, JSON.stringify({ ...saved, ...tampered }));
      refused(await survey(args), /survey-checkpoint\.json is not a survey checkpoint/);
    }
    writeFileSync(checkpoint, JSON.stringify(saved));

    truncateSync(journal, Math.floor(whole.length / 2));
    refused(await survey(args), /survey-journal\.ndjson is shorter than its checkpoint says/);

    // The same length, its first line garbled: a disk error, not a cut.
    writeFileSync(journal, Buffer.concat([Buffer.from('#'.repeat(12)), whole.subarray(12)]));
    refused(await survey(args), /survey-journal\.ndjson:1 is not a journal line/);

    writeFileSync(checkpoint, '{"version":1,');
    refused(await survey(args), /survey-checkpoint\.json cannot be read as JSON/);
    refused(await commandAsync(['survey', 'merge', out, '--out', join(dir, 'merged')]), /survey-checkpoint\.json cannot be read as JSON/);
  },
);

test(
  'survey merge refuses the same shard twice, a missing shard, and shards of another target, in one line',
  { tag: '@fast' },
  async () => {
    const dir = tempDir();
    const npis = npiFile(dir, 'npis.txt', NPIS);
    const shard = async (scenario: string, index: number) => {
      const out = join(dir, `${scenario}-${index}`);
      const result = await survey(['--base-url', target(scenario), '--npis', npis, '--shard', `${index}/2`, '--out', out]);
      expect(result.code, result.stderr).toBe(0);
      return out;
    };
    const [a1, a2, b2] = [await shard('clean', 1), await shard('clean', 2), await shard('entries-reversed', 2)];
    const merge = (...dirs: string[]) => commandAsync(['survey', 'merge', ...dirs, '--out', join(dir, 'merged')]);
    refused(await merge(a1, a1), /survey merge needs shards 1 to 2 of one survey, once each/);
    refused(await merge(a1), /survey merge needs shards 1 to 2 of one survey, once each/);
    refused(await merge(a1, b2), /is a shard of another survey than .*: their target differs$/);
    // A shard of another version of the suite: its rules are not this one's.
    const otherVersion = join(dir, 'other-version');
    cpSync(a2, otherVersion, { recursive: true });
    const file = join(otherVersion, 'survey.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), suite: { version: '0.0.1-older' } }));
    refused(
      await merge(a1, otherVersion),
      /other-version was surveyed by version 0\.0\.1-older of the suite, .* by \S+: shards of one survey are made by one version$/,
    );
    const merged = await merge(a1, a2);
    expect(merged.code, merged.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'merged', 'survey.json'), 'utf8')).input).toMatchObject({ rowsRead: NPIS, otherShards: 0 });
  },
);

test(
  'the token and the headers a survey is given appear in no file of its folder and in none of its output; userinfo in the base URL is refused',
  { tag: '@fast' },
  async () => {
    const dir = tempDir();
    const out = join(dir, 'out');
    const token = VARIANTS.find((v) => v.name === 'bearer-auth')!.suiteEnv!.API_TOKEN;
    const tenant = 'survey-tenant-secret-90ab';
    const result = await survey(
      ['--base-url', target('bearer-auth'), '--npis', npiFile(dir, 'npis.txt', NPIS), '--organizations', 'address-state=OH', '--out', out],
      {
        API_TOKEN: token,
        API_HEADERS: JSON.stringify({ 'X-Tenant-Id': tenant }),
      },
    );
    expect(result.code, result.stderr).toBe(0);
    const texts = [result.stdout, result.stderr, ...everyFile(out)];
    expect(texts.length).toBeGreaterThan(4);
    for (const secret of [token, tenant, Buffer.from(token).toString('base64'), encodeURIComponent(tenant)])
      for (const text of texts) expect(text.includes(secret), secret).toBe(false);
    // The page's curl lines name the variables, never their values.
    expect(readFileSync(join(out, 'index.html'), 'utf8')).not.toContain(token);
    // Credentials in the base URL are refused before any request, and not repeated.
    const userinfo = await survey([
      '--base-url',
      target('clean').replace('http://', 'http://someone:userinfo-secret-77@'),
      '--npis',
      npiFile(dir, 'npis.txt', NPIS),
      '--out',
      join(dir, 'userinfo'),
    ]);
    refused(userinfo, /BASE_URL must not carry credentials; use API_TOKEN or API_HEADERS/);
    expect(userinfo.stdout + userinfo.stderr).not.toContain('userinfo-secret-77');
  },
);

test(
  'a service that echoes the credentials it is sent, and a secret query parameter of a walk, leave them in no file, no output and no stored report',
  { tag: '@fast' },
  async () => {
    const dir = tempDir();
    const out = join(dir, 'out');
    const store = join(dir, 'history');
    const walkSecret = 'walk-api-key-5c8e1f';
    const result = await survey(
      [
        '--base-url',
        target('echo-credentials'),
        '--npis',
        npiFile(dir, 'npis.txt', 5),
        '--organizations',
        `address-state=OH&api_key=${walkSecret}`,
        '--out',
        out,
        '--history',
        store,
      ],
      { API_TOKEN: LEAK_TEST_SECRETS.token, API_HEADERS: JSON.stringify({ 'X-Api-Key': LEAK_TEST_SECRETS.header }) },
    );
    // Every answer is the echo, no record: the survey judges them and fails.
    expect(result.code, result.stderr).toBe(1);
    const stored = await openHistory(store);
    let reports: string[];
    try {
      // The stored copy read back by a query, as a byte search of the store's files would miss it.
      reports = (
        await stored.db
          .selectFrom('runs')
          .select(sql<string>`report::text`.as('text'))
          .execute()
      ).map((r) => r.text);
    } finally {
      await stored.close();
    }
    expect(reports).toHaveLength(1);
    const texts = [result.stdout, result.stderr, ...everyFile(out), ...reports];
    // The echo is in the answers, so the failures quote them: redacted.
    expect(texts.some((text) => text.includes('[REDACTED]'))).toBe(true);
    const { token, header } = LEAK_TEST_SECRETS;
    // Every form the echoing target writes, and anything the redactor's normalised view reads as a secret.
    const scan = new LeakScan([token, header, walkSecret]);
    expect(texts.flatMap((text) => scan.leaks(text))).toEqual([]);
  },
);

/**
 * `kill -9` at three moments of `survey merge`'s writing: as it removes the earlier survey.json of
 * its folder, once failing-keys.json is written, and once failures.csv is. Each time the folder holds
 * no survey.json, so a later step refuses it rather than read another survey's keys or rows as this
 * one's; the merge run again writes a whole survey.
 */
test(
  'kill -9 during survey merge leaves no survey.json beside a half-written survey; the merge run again is whole',
  { tag: '@full' },
  async () => {
    const dir = tempDir();
    const shards = async (name: string, args: string[]) => {
      const dirs = [1, 2].map((index) => join(dir, `${name}-${index}`));
      for (const [index, out] of dirs.entries()) {
        const result = await survey(['--base-url', target('clean'), ...args, '--shard', `${index + 1}/2`, '--out', out]);
        expect(result.code, result.stderr).toBe(0);
      }
      return dirs;
    };
    const earlier = await shards('earlier', ['--npis', npiFile(dir, 'few.txt', 10)]);
    const later = await shards('later', ['--npis', npiFile(dir, 'npis.txt', NPIS), '--organizations-by-state']);
    const out = join(dir, 'merged');
    const merge = (dirs: string[], options: Parameters<typeof commandAsync>[1] = {}) =>
      commandAsync(['survey', 'merge', ...dirs, '--out', out], options);
    const history = join(dir, 'history');
    for (const moment of [SURVEY_FILES.json, SURVEY_FILES.failingKeys, SURVEY_FILES.csv]) {
      expect((await merge(earlier)).code).toBe(0);
      const earlierId = readSurvey(out).id;
      // The merge is killed on the first change to `moment` in its folder (its removal, or its rename into place).
      const watcher = watch(out);
      const killed = await merge(later, {
        started: (child) => watcher.on('change', (_event, file) => file === moment && child.kill('SIGKILL')),
      });
      watcher.close();
      expect(killed.signal, `the merge ended before ${moment} changed`).toBe('SIGKILL');
      expect(existsSync(join(out, SURVEY_FILES.json)), moment).toBe(false);
      const record = await commandAsync(['history', 'record', out, '--history', history]);
      refused(record, /holds neither conformance\.json nor survey\.json/);
      const whole = await merge(later);
      expect(whole.code, whole.stderr).toBe(0);
      const report = readSurvey(out);
      expect(report.id).not.toBe(earlierId);
      expect(JSON.parse(readFileSync(join(out, SURVEY_FILES.failingKeys), 'utf8')).survey).toBe(report.id);
    }
  },
);

test(
  "a survey clears its folder's earlier report before its first request: one that stops before its own leaves no verdict",
  { tag: '@fast' },
  async () => {
    const dir = tempDir();
    const setting = { npis: npiFile(dir, 'npis.txt', 5), walks: [] };
    const out = join(dir, 'survey');
    const passing = await surveyResultOf({ BASE_URL: target('clean'), MAX_RPS: '0' }, setting, out);
    await writeSurvey(out, passing, passing.plan.credentials);
    expect(readSurvey(out).complete).toBe(true);
    // The second survey of the folder meets no service, and ends as a killed one would: before it writes.
    await surveyResultOf({ BASE_URL: `http://127.0.0.1:${await freePort()}`, MAX_RPS: '0' }, setting, out);
    for (const file of Object.values(SURVEY_FILES)) expect(existsSync(join(out, file)), file).toBe(false);
    expect(existsSync(join(out, CHECKPOINT_FILE))).toBe(true);
    expect(() => readEntry(out, null)).toThrow(/holds neither conformance\.json nor survey\.json/);
  },
);

test('--npis naming nothing, a folder or a file that is not there is one line, exit 2, before any request', { tag: '@fast' }, async () => {
  const dir = tempDir();
  refused(await survey(['--base-url', target('clean'), '--npis', '', '--out', join(dir, 'a')]), /--npis needs a file of NPIs/);
  refused(await survey(['--base-url', target('clean'), '--npis', dir, '--out', join(dir, 'b')]), /--npis .* is a folder: give the file/);
  refused(
    await survey(['--base-url', target('clean'), '--npis', join(dir, 'none.txt'), '--out', join(dir, 'c')]),
    /--npis .* does not exist/,
  );
});

test(
  '--out holding a survey file the harness did not write (a page of its own, a failures.csv of another tool) is refused in one line, and left as it is',
  { tag: '@fast' },
  async () => {
    for (const name of ['index.html', 'failures.csv']) {
      const out = tempDir();
      writeFileSync(join(out, name), 'not a survey of ours');
      refused(
        await survey(['--base-url', target('clean'), '--organizations', 'name=CLINIC', '--out', out]),
        new RegExp(`--out .* holds ${name}, which the harness did not write`),
      );
      expect(readFileSync(join(out, name), 'utf8')).toBe('not a survey of ours');
    }
  },
);

test('--shard takes whole numbers as written: one past what a number holds exactly is refused, not rounded', { tag: '@fast' }, () => {
  expect(parseShard('2/3')).toEqual({ index: 2, total: 3 });
  expect(parseShard('1/9007199254740991')).toEqual({ index: 1, total: 9007199254740991 });
  for (const raw of ['1/99999999999999999999', '0/3', '4/3', '1/0', '1/2/3'])
    expect(() => parseShard(raw), raw).toThrow(/--shard must be I\/N with 1 ≤ I ≤ N/);
});
