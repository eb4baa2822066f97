/**
 * What the survey refuses rather than miscount, each in one line with exit 2: a resume of another
 * survey (other NPI list, target, shard or settings), a journal or checkpoint that was cut or
 * garbled, and a merge of shards that are not 1 to N of one survey. And what it never writes: the
 * credentials it was given, in any file of its folder or in its output.
 */
import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHECKPOINT_FILE, JOURNAL_FILE } from '../../src/survey/journal';
import { readFixtures } from '../../src/reference/fixture-files';
import { scenarioPrefix } from '../../src/reference/scenarios/registry';
import { VARIANTS } from '../../src/reference/scenarios/variants';
import { type ScenarioServer, startScenarioServer } from '../../src/suite-runs/scenario-server';
import { commandAsync, tempDir } from './command';
import { everyFile } from './every-file';
import { expect, test } from './fixtures';

let server: ScenarioServer;
test.beforeAll(async () => {
  server = await startScenarioServer();
});
test.afterAll(() => server?.stop());

const target = (scenario: string) => `${server.origin}${scenarioPrefix(scenario)}`;

function npiFile(dir: string, name = 'npis.txt', count = 30): string {
  const file = join(dir, name);
  writeFileSync(
    file,
    readFixtures()
      .providers.slice(0, count)
      .map((p) => p.golden.data.NPI![0])
      .join('\n'),
  );
  return file;
}

const survey = (args: string[], env: Record<string, string> = {}) => commandAsync(['survey', '--max-rps', '1000', ...args], { env });

/** Exit 2, and one error line that matches `message` (after the lines that name the target, when it was reached). */
function refused(result: { code: number | null; stderr: string }, message: RegExp): void {
  expect(result.code, result.stderr).toBe(2);
  const errors = result.stderr.split('\n').filter((line) => line.startsWith('directory-conformance: '));
  expect(errors).toEqual([expect.stringMatching(message)]);
}

test('--resume of another survey is refused: another NPI list, target, shard or setting', async () => {
  const dir = tempDir();
  const npis = npiFile(dir);
  const out = join(dir, 'out');
  const args = ['--base-url', target('clean'), '--npis', npis, '--out', out];
  expect((await survey(args)).code).toBe(0);
  const resumed = await survey([...args, '--resume']);
  expect(resumed.code, resumed.stderr).toBe(0);
  const other = npiFile(dir, 'other.txt', 20);
  for (const changed of [
    ['--base-url', target('clean'), '--npis', other, '--out', out],
    ['--base-url', target('entries-reversed'), '--npis', npis, '--out', out],
    ['--base-url', target('clean'), '--npis', npis, '--out', out, '--shard', '1/2'],
    ['--base-url', target('clean'), '--npis', npis, '--out', out, '--examples', '2'],
    ['--base-url', target('clean'), '--npis', npis, '--out', out, '--delimiter', 'tab'],
  ])
    refused(await survey([...changed, '--resume']), /--resume: the checkpoint in .* is of another survey/);
});

test('a journal cut shorter than its checkpoint, a garbled journal line and a garbled checkpoint are refused, never miscounted', async () => {
  const dir = tempDir();
  const out = join(dir, 'out');
  const args = ['--base-url', target('clean'), '--npis', npiFile(dir), '--out', out, '--resume'];
  expect((await survey(args.slice(0, -1))).code).toBe(0);
  const journal = join(out, JOURNAL_FILE);
  const whole = readFileSync(journal);

  truncateSync(journal, Math.floor(whole.length / 2));
  refused(await survey(args), /survey-journal\.ndjson is shorter than its checkpoint says/);

  // The same length, its first line garbled: a disk error, not a cut.
  writeFileSync(journal, Buffer.concat([Buffer.from('#'.repeat(12)), whole.subarray(12)]));
  refused(await survey(args), /survey-journal\.ndjson:1 is not a journal line/);

  writeFileSync(join(out, CHECKPOINT_FILE), '{"version":1,');
  refused(await survey(args), /survey-checkpoint\.json cannot be read as JSON/);
  refused(await commandAsync(['survey', 'merge', out, '--out', join(dir, 'merged')]), /survey-checkpoint\.json cannot be read as JSON/);
});

test('survey merge refuses the same shard twice, a missing shard, and shards of another target, in one line', async () => {
  const dir = tempDir();
  const npis = npiFile(dir);
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
  refused(await merge(a1, b2), /is a shard of another survey \(other target, inputs or settings\)/);
  const merged = await merge(a1, a2);
  expect(merged.code, merged.stderr).toBe(0);
  expect(JSON.parse(readFileSync(join(dir, 'merged', 'survey.json'), 'utf8')).input).toMatchObject({ rowsRead: 30, otherShards: 0 });
});

test('the token and the headers a survey is given appear in no file of its folder and in none of its output; userinfo in the base URL is refused', async () => {
  const dir = tempDir();
  const out = join(dir, 'out');
  const token = VARIANTS.find((v) => v.name === 'bearer-auth')!.suiteEnv!.API_TOKEN;
  const tenant = 'survey-tenant-secret-90ab';
  const result = await survey(
    ['--base-url', target('bearer-auth'), '--npis', npiFile(dir), '--organizations', 'address-state=OH', '--out', out],
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
    npiFile(dir),
    '--out',
    join(dir, 'userinfo'),
  ]);
  refused(userinfo, /BASE_URL must not carry credentials; use API_TOKEN or API_HEADERS/);
  expect(userinfo.stdout + userinfo.stderr).not.toContain('userinfo-secret-77');
});
