/**
 * The survey against the reference server: sparse data faults counted exactly and traced to their
 * source, every conformant variant surveyed without a failure, three shards merged into the
 * unsharded survey, and a survey killed three times (kill -9) and resumed into the same counts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readFixtures, writeFixtureNpis } from '../../src/reference/fixture-files';
import { scenarioPrefix } from '../../src/reference/scenarios/registry';
import {
  DASHED_PHONE_SOURCE,
  hasDashedPhoneSource,
  hasPunctuatedTelecom,
  missingFromSearchIndex,
  phonesOf,
} from '../../src/reference/scenarios/sparse-faults';
import { VARIANTS } from '../../src/reference/scenarios/variants';
import { FORMULA_PREFIXES, HOSTILE_HUGE } from '../../src/reference/scenarios/hostile';
import { parse } from 'csv-parse/sync';
import { SCHEMA, sharedSchemaValidator } from '../../src/schema-validation/validator';
import { neutralSuiteEnvironment } from '../../src/suite-runs/run-suite';
import type { ScenarioServer } from '../../src/suite-runs/scenario-server';
import type { FailingKeys, SurveyReport } from '../../src/types/schemas';
import { BIN, commandAsync, tempDir } from './command';
import { expect, seededRandom, test } from './fixtures';
import { readSurvey, surveyCounts } from './survey-report';
import { wilsonInterval } from '../../src/verdicts/wilson-interval';
import { PAGE_SIZE } from '../../src/spec/constants';
import { demographicSearch, nameSearches, unusedUnmatchable } from '../../src/rules/rulebook';
import { layoutProblems, openFile, readmeImage } from './browser';
import { listening } from './socket-server';
import { inSample } from '../../src/survey/sample';
import { duration } from '../../src/survey/dry-run';
import { sampleInWords } from '../../src/report/survey/sample-words';
import { kindSearches, kindValueCounts } from '../../src/survey/search-kinds';
import type { SurveyPlan } from '../../src/survey/survey-plan';
import { SurveyTally } from '../../src/survey/tally';
import type { PageUnit, ProviderUnit, SurveyUnit } from '../../src/survey/records';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { surveyReport, WALKS_AHEAD } from '../../src/survey/run-survey';
import { mergeTasks, type Task } from '../../src/survey/work-pool';
import { JOURNAL_FILE } from '../../src/survey/journal';
import { USPS_STATE_CODES } from '../../src/domain/usps-states';
import { MAX_WALK_PAGES } from '../../src/survey/walk-plan';
import { surveyVerdict } from '../../src/verdicts/survey-verdict';
import { openHistory } from '../../src/history/store';
import { sql } from 'kysely';

const fixtures = readFixtures();

/** The NPIs of the fixtures, one a line, with two lines that are not NPIs. */
function npiFile(dir: string): string {
  const file = join(dir, 'npis.txt');
  const npis = fixtures.providers.map((p) => p.golden.data.NPI![0]);
  writeFileSync(file, ['12345', ...npis.slice(0, 100), 'not-an-npi', ...npis.slice(100)].join('\n'));
  return file;
}

let server: ScenarioServer;
test.beforeAll(({ scenarios }) => {
  server = scenarios;
});

/** The survey of one scenario, with the settings it needs besides the base URL (a token, a path). */
// --max-rps 0: no limit, as MAX_RPS=0 means.
const survey = (scenario: string, args: string[]) =>
  commandAsync(['survey', '--base-url', `${server.origin}${scenarioPrefix(scenario)}`, '--max-rps', '0', ...args], {
    env: VARIANTS.find((v) => v.name === scenario)?.suiteEnv ?? {},
  });

test('a dashed phone in one source of 1 provider in 50 is counted exactly, and traced to that source', { tag: '@full' }, async () => {
  const dir = tempDir();
  const result = await survey('sparse-source-dashed-phone', ['--npis', npiFile(dir), '--out', dir]);
  expect(result.code, result.stderr).toBe(1);
  const expected = fixtures.providers.filter(
    (p) =>
      hasDashedPhoneSource(p.golden.id) &&
      p.sources.some((s) => s.index === DASHED_PHONE_SOURCE && phonesOf(s.data as Record<string, unknown>).length > 0),
  ).length;
  expect(expected).toBeGreaterThan(3);
  const report = readSurvey(dir);
  expect(sharedSchemaValidator().validate(SCHEMA.survey, report).valid).toBe(true);
  const formats = report.requirements.find((r) => r.id === 'DATA-FORMATS' && r.level === 'MUST')!;
  expect(formats).toMatchObject({ checked: fixtures.providers.length, failed: expected, bySource: { [DASHED_PHONE_SOURCE]: expected } });
  expect(formats.examples).toHaveLength(5);
  expect(formats.examples.map((e) => e.key)).toEqual([...formats.examples.map((e) => e.key)].sort());
  expect(report.requirements.filter((r) => r.failed > 0).map((r) => r.id)).toEqual(['DATA-FORMATS']);
  // What the survey does not judge, and why: the requests it would need, from the rulebook.
  expect(report.notJudged?.find((r) => r.id === 'ORG-COUNT')).toMatchObject({
    level: 'MUST',
    needs: expect.arrayContaining(['a search with Count']),
  });
  const judged = new Set(report.requirements.map((r) => r.id));
  expect((report.notJudged ?? []).filter((r) => judged.has(r.id))).toEqual([]);
  expect(report.inputProblems).toEqual([
    { line: 1, value: '12345', reason: 'not a 10-digit NPI' },
    { line: 102, value: 'not-an-npi', reason: 'not a 10-digit NPI' },
  ]);
  // Every row of the list accounted for: the 520 NPIs and the 2 rows that are none.
  expect(report.input).toEqual({ rowsRead: 522, surveyed: 520, unanswered: 0, duplicates: 0, problems: 2, otherShards: 0 });
  // The progress line counted the list beforehand: every NPI line and input problem, and the list's account, of a known total.
  const units = fixtures.providers.length + 3;
  expect(result.stderr).toContain(`survey: ${units} of ${units} units judged`);
  const csv = readFileSync(join(dir, 'failures.csv'), 'utf8').trim().split('\n');
  expect(csv[0]).toBe('key,requirement,level,rule,message,pointer,value,source,url,exportValue,exportUrl');
  expect(csv.slice(1).filter((row) => row.includes(',DATA-FORMATS,MUST,'))).toHaveLength(expected);

  // The page, in a real browser: the verdict, both charts drawn, the sources and the examples with a curl line; nothing loaded.
  const { page, requests, close } = await openFile(join(dir, 'index.html'));
  try {
    await expect(page.locator('h1')).toHaveText('Directory survey: FAIL');
    const charts = page.locator('figure img');
    await expect(charts).toHaveCount(2);
    for (const chart of await charts.all())
      expect(await chart.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(100);
    await expect(page.locator('#sources td').first()).toHaveText(DASHED_PHONE_SOURCE);
    await expect(page.locator('#examples pre', { hasText: 'curl -sS' })).toHaveCount(5);
    await expect(page.locator('#not-judged td', { hasText: 'ORG-COUNT' })).toHaveCount(1);
    expect(await layoutProblems(page), 'what a person sees at 1280 px').toEqual([]);
    await readmeImage(page, 'survey-page.png');
    expect(requests).toEqual([]);
  } finally {
    await close();
  }
});

test('a punctuated telecom in every 37th organization is counted exactly, each organization once', { tag: '@fast' }, async () => {
  const dir = tempDir();
  const result = await survey('sparse-organization-telecom-punctuated', [
    '--organizations-by-state',
    '--organizations',
    'name=clinic',
    '--out',
    dir,
  ]);
  expect(result.code, result.stderr).toBe(1);
  const expected = fixtures.organizations.filter(
    (o) => hasPunctuatedTelecom(o.id) && (o.telecom ?? []).some((t) => /^\d{10}$/.test(t.value ?? '')),
  ).length;
  const report = readSurvey(dir);
  expect(report.records.organizations).toBe(fixtures.organizations.length);
  const shape = report.requirements.find((r) => r.id === 'ORG-RESOURCE-SHAPE' && r.level === 'MUST')!;
  expect(shape).toMatchObject({ checked: fixtures.organizations.length, failed: expected });
  expect(report.requirements.filter((r) => r.failed > 0).map((r) => r.id)).toEqual(['ORG-RESOURCE-SHAPE']);
  // Each walk's page count came from its page 1 (total): the progress ends on a known total, every page of it judged.
  expect(result.stderr).toMatch(/survey: (\d+) of \1 units judged/);
});

/** The survey's records that fail `id` at `level`, by dataset, from a survey of `scenario`. */
const failing = (report: SurveyReport, id: string, level = 'MUST') => report.requirements.find((r) => r.id === id && r.level === level);

test('a service whose Page alone gives 100 a page fails ORG-PAGE in the survey, as in the suite', { tag: '@fast' }, async () => {
  const dir = tempDir();
  const result = await survey('page-only-100', ['--organizations-by-state', '--out', dir]);
  expect(result.code, result.stderr).toBe(1);
  const page = failing(readSurvey(dir), 'ORG-PAGE')!;
  expect(page.failed).toBeGreaterThan(0);
  expect(page.examples[0].message).toMatch(/Page=1 returned \d+ entries; Page alone gives at most 25/);
});

test('a service whose next links skip a page fails ORG-NEXT-LINK in the survey: page 1 leads past page 2', { tag: '@fast' }, async () => {
  const dir = tempDir();
  const result = await survey('next-link-skips-page', ['--organizations-by-state', '--out', dir]);
  expect(result.code, result.stderr).toBe(1);
  const next = failing(readSurvey(dir), 'ORG-NEXT-LINK')!;
  expect(next.failed).toBeGreaterThan(0);
  expect(next.examples[0].message).toMatch(/the next link of Page=1 skips Page=2/);
});

test(
  'contact-directory records without index count SR-ELEMENT-SHAPE under that dataset, by the provenance they carry',
  { tag: '@fast' },
  async () => {
    const dir = tempDir();
    const result = await survey('contact-directory-index-missing', ['--npis', npiFile(dir), '--out', dir]);
    expect(result.code, result.stderr).toBe(1);
    const withContactRecords = fixtures.providers.filter((p) => p.sources.some((s) => s.index === DASHED_PHONE_SOURCE)).length;
    expect(failing(readSurvey(dir), 'SR-ELEMENT-SHAPE')).toMatchObject({
      failed: withContactRecords,
      bySource: { 'CONTACT_DIRECTORY (no index)': withContactRecords },
    });
  },
);

/**
 * The command end to end over the reference server: every NPI and every state's walk, clean. Each
 * conformant variant is surveyed by the mutation run, clean and with the choice it makes recorded
 * (src/suite-runs/agreement.ts, docs/agreement.md): not a second time here.
 */
test('the reference server surveys without a failure, every NPI and every state walked', { tag: '@fast' }, async () => {
  const dir = tempDir();
  const result = await survey('clean', ['--npis', npiFile(dir), '--organizations-by-state', '--out', dir]);
  const report = readSurvey(dir);
  expect(report.requirements.filter((r) => r.failed > 0).map((r) => `${r.id} ${r.level}: ${r.examples[0]?.message}`)).toEqual([]);
  expect(report.records.organizations).toBe(fixtures.organizations.length);
  expect(result.code, result.stdout).toBe(0);
  // Walks counted as they end hold their pages until the walks before them have: no walk's page is
  // judged before every walk more than WALKS_AHEAD before it has judged its last (the journal's order).
  const pages = readFileSync(join(dir, JOURNAL_FILE), 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as SurveyUnit)
    .flatMap((unit, at) => (unit.kind === 'page' ? [{ walk: unit.walk, at }] : []));
  const span = new Map<number, { first: number; last: number }>();
  for (const { walk, at } of pages) span.set(walk, { first: span.get(walk)?.first ?? at, last: at });
  const overlapping = [...span].flatMap(([walk, { first }]) =>
    [...span].filter(([earlier, { last }]) => earlier < walk - WALKS_AHEAD && last > first).map(([earlier]) => `${earlier} and ${walk}`),
  );
  expect(span.size).toBe(USPS_STATE_CODES.length);
  expect(overlapping).toEqual([]);
});

test(
  'merged sources open beside others only while there is room, asked again as each task is handed out; with none open, one opens',
  { tag: '@fast' },
  async () => {
    const source = (name: string, n: number) =>
      async function* (): AsyncGenerator<Task<string>> {
        for (let i = 1; i <= n; i++) yield { run: () => Promise.resolve(`${name}${i}`) };
      };
    let room = false;
    const handed: string[] = [];
    for await (const task of mergeTasks([source('a', 4), source('b', 1), source('c', 1)], 3, () => room)) {
      const name = await task.run();
      handed.push(name);
      // Room once a's first task is out: b opens before a ends, as soon as the next task is handed out.
      if (name === 'a1') room = true;
    }
    expect(handed.indexOf('b1')).toBeLessThan(handed.indexOf('a4'));
    expect(handed.sort()).toEqual(['a1', 'a2', 'a3', 'a4', 'b1', 'c1']);
    // No room ever: one source at a time, each opened when the one before it ends.
    const alone: string[] = [];
    for await (const task of mergeTasks([source('a', 2), source('b', 2)], 3, () => false)) alone.push(await task.run());
    expect(alone).toEqual(['a1', 'a2', 'b1', 'b2']);
  },
);

test('three shards merged give the unsharded survey', { tag: '@fast' }, async () => {
  const dir = tempDir();
  const args = ['--npis', npiFile(dir), '--organizations-by-state', '--examples', '3'];
  const whole = await survey('sparse-source-dashed-phone', [...args, '--out', join(dir, 'whole')]);
  expect(whole.code, whole.stderr).toBe(1);
  const shards = await Promise.all(
    [1, 2, 3].map((i) => survey('sparse-source-dashed-phone', [...args, '--shard', `${i}/3`, '--out', join(dir, `shard-${i}`)])),
  );
  for (const shard of shards) expect(shard.code, shard.stderr).not.toBe(2);
  const merged = await commandAsync(['survey', 'merge', ...[1, 2, 3].map((i) => join(dir, `shard-${i}`)), '--out', join(dir, 'merged')]);
  expect(merged.code, merged.stderr).toBe(1);
  // The same records and findings. A shard cannot know where a walk ends (it holds every third page), so
  // shards ask a few pages past the end that the walk rule of an unsharded survey never wants: the merged
  // survey counts the requests the shards made.
  const { requests: mergedRequests, ...mergedCounts } = surveyCounts(readSurvey(join(dir, 'merged')));
  const { requests: wholeRequests, ...wholeCounts } = surveyCounts(readSurvey(join(dir, 'whole')));
  expect(mergedCounts).toEqual(wholeCounts);
  const shardRequests = [1, 2, 3].map((i) => readSurvey(join(dir, `shard-${i}`)).requests.total);
  expect(mergedRequests.total).toBe(shardRequests.reduce((a, b) => a + b, 0));
  expect(mergedRequests.total).toBeGreaterThanOrEqual(wholeRequests.total);
  expect(readFileSync(join(dir, 'merged', 'failures.csv'), 'utf8')).toBe(readFileSync(join(dir, 'whole', 'failures.csv'), 'utf8'));
  // Every failing record's key, beside survey.json for the history: the same whether sharded or not, and not empty here.
  const keys = (folder: string) => (JSON.parse(readFileSync(join(dir, folder, 'failing-keys.json'), 'utf8')) as FailingKeys).requirements;
  expect(keys('merged')).toEqual(keys('whole'));
  expect(keys('whole').some((r) => r.keys.length > 0)).toBe(true);
  // The shards split the records: each has some, and none has them all.
  const providers = [1, 2, 3].map((i) => readSurvey(join(dir, `shard-${i}`)).records.providers);
  expect(providers.reduce((a, b) => a + b, 0)).toBe(fixtures.providers.length);
  expect(Math.min(...providers)).toBeGreaterThan(0);
});

test('survey merge refuses shards that are not 1 to N of one survey, in one line', { tag: '@fast' }, async () => {
  const dir = tempDir();
  const result = await commandAsync(['survey', 'merge', dir, '--out', join(dir, 'out')]);
  expect(result.code).toBe(2);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
});

/** The survey as a process of its own, to be killed. */
function surveyProcess(args: string[]): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(BIN, ['survey', ...args], { env: neutralSuiteEnvironment(process.env), stdio: 'ignore' });
  return { child, exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))) };
}

test('a survey killed with kill -9 three times and resumed counts every record once', { tag: '@full' }, async () => {
  const dir = tempDir();
  const target = `${server.origin}${scenarioPrefix('sparse-source-dashed-phone')}`;
  // Slow enough (100 requests/s, about 12 s in all) that each kill lands in the middle.
  const args = ['--base-url', target, '--npis', npiFile(dir), '--organizations-by-state', '--max-rps', '100', '--concurrency', '4'];
  const whole = await commandAsync(['survey', ...args, '--max-rps', '1000', '--out', join(dir, 'whole')]);
  expect(whole.code, whole.stderr).toBe(1);
  const out = join(dir, 'killed');
  // Where each kill lands: from a seed, printed with any failure.
  const random = seededRandom();
  const checkpoint = join(out, 'survey-checkpoint.json');
  for (let kill = 0; kill < 3; kill++) {
    const run = surveyProcess([...args, '--out', out, ...(kill > 0 ? ['--resume'] : [])]);
    // Once the survey has begun (on a busy machine its start alone can take seconds), at a moment
    // within the next 2.5 s: a kill before its first checkpoint would prove nothing.
    await expect.poll(() => existsSync(checkpoint), { timeout: 120_000, intervals: [50] }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, random.next() * 2500));
    run.child.kill('SIGKILL');
    expect(await run.exited, random.say(`kill ${kill + 1}`)).toBeNull();
    expect(existsSync(checkpoint), random.say(`kill ${kill + 1}: the checkpoint`)).toBe(true);
  }
  const resumed = await commandAsync(['survey', ...args, '--max-rps', '1000', '--out', out, '--resume']);
  expect(resumed.code, random.say(resumed.stderr)).toBe(1);
  expect(surveyCounts(readSurvey(out)), random.say('the resumed counts')).toEqual(surveyCounts(readSurvey(join(dir, 'whole'))));
});

test(
  'a --findability survey killed and resumed counts the relations, the walks of each kind and the scorecard as one that ran through',
  { tag: '@full' },
  async () => {
    const dir = tempDir();
    const target = `${server.origin}${scenarioPrefix('sparse-name-search-pages-by-20')}`;
    const npis = writeFixtureNpis(join(dir, 'npis.txt'), 150);
    const args = ['--base-url', target, '--npis', npis, '--organizations', 'address-state=OH', '--findability', '--concurrency', '4'];
    const whole = await commandAsync(['survey', ...args, '--max-rps', '0', '--out', join(dir, 'whole')]);
    expect(whole.code, whole.stderr).toBe(1);
    const out = join(dir, 'killed');
    const random = seededRandom();
    // About 150 requests a second: the kill lands within the first few seconds of about ten.
    const run = surveyProcess([...args, '--max-rps', '150', '--out', out]);
    await expect.poll(() => existsSync(join(out, 'survey-checkpoint.json')), { timeout: 120_000, intervals: [50] }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1000 + random.next() * 3000));
    run.child.kill('SIGKILL');
    expect(await run.exited, random.say('the kill')).toBeNull();
    const resumed = await commandAsync(['survey', ...args, '--max-rps', '0', '--out', out, '--resume']);
    expect(resumed.code, random.say(resumed.stderr)).toBe(1);
    const report = readSurvey(out);
    expect(report.relations?.searchKinds?.length, random.say('the kinds')).toBeGreaterThan(0);
    expect(report.relations?.sharedDemographics.groups).toBeGreaterThan(0);
    // Requests aside: how many pages a walk asked past its end depends on when their answers came.
    const { requests: _r, ...resumedCounts } = surveyCounts(report);
    const { requests: _w, ...wholeCounts } = surveyCounts(readSurvey(join(dir, 'whole')));
    expect(resumedCounts, random.say('the resumed counts')).toEqual(wholeCounts);
  },
);

test(
  'hostile text in records: survey.json valid and bounded, failures.csv parseable with formulas neutralised, index.html inert',
  { tag: '@full' },
  async () => {
    const dir = tempDir();
    const history = join(tempDir(), 'history');
    // Every provider of the scenario carries the megabyte, in its golden record and in each source: 40
    // of them are 40 times all the hostile text there is, at a tenth of the whole fixtures' cost.
    const result = await survey('hostile-text', [
      '--npis',
      writeFixtureNpis(join(dir, 'npis.txt'), 40),
      '--organizations',
      'address-state=OH',
      '--out',
      dir,
      '--history',
      history,
    ]);
    // Ids that are no FHIR id fail MUST requirements; the coded values fail DATA-CODES, a SHOULD.
    expect(result.code, result.stderr).toBe(1);
    // Kept by the history, NUL and lone surrogate as their visible escapes: PostgreSQL holds neither character.
    expect(result.stderr).toMatch(/^history: recorded survey #1 /m);
    const store = await openHistory(history);
    try {
      // jsonb writes a backslash doubled: the escape kept as text, not the character.
      const [stored] = await store.db
        .selectFrom('runs')
        .select(sql<string>`report::text`.as('text'))
        .execute();
      expect(stored.text).toContain('\\\\u0000');
      expect(stored.text).toContain('\\\\ud800');
    } finally {
      await store.close();
    }
    // survey.json: valid against its schema, and bounded: the 1 MiB value is never held whole.
    const text = readFileSync(join(dir, 'survey.json'), 'utf8');
    expect(text.length).toBeLessThan(1024 * 1024);
    expect(text).not.toContain(HOSTILE_HUGE.slice(0, 10_000));
    const report = JSON.parse(text) as SurveyReport;
    expect(sharedSchemaValidator().validate(SCHEMA.survey, report).valid).toBe(true);
    // failures.csv: a CSV parser reads back as many rows as survey.json says were written; no cell starts a formula.
    const rows = parse(readFileSync(join(dir, 'failures.csv')), { columns: true, bom: true }) as Record<string, string>[];
    expect(rows).toHaveLength(report.failureRows.written);
    expect(rows.length).toBeGreaterThan(0);
    const cells = rows.flatMap((row) => Object.values(row));
    expect(cells.filter((cell) => FORMULA_PREFIXES.some((p) => cell.startsWith(p)))).toEqual([]);
    // The organizations whose ids start a formula are keyed by them, each neutralised with an apostrophe.
    for (const prefix of FORMULA_PREFIXES)
      expect(
        cells.some((cell) => cell.startsWith(`'${prefix}HYPERLINK(`)),
        prefix,
      ).toBe(true);
    // index.html: the markup shown as text, nothing run, nothing loaded.
    const { page, requests, close } = await openFile(join(dir, 'index.html'));
    try {
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await expect(page.locator('h1')).toHaveText('Directory survey: FAIL');
      expect(await page.locator('script, img[onerror], img[src="x"]').count()).toBe(0);
      await expect(page.locator('#examples', { hasText: '<script>alert("x")</script>' }).first()).toBeVisible();
      await page.waitForTimeout(200);
      expect(dialogs).toEqual([]);
      expect(await layoutProblems(page), 'what a person sees at 1280 px').toEqual([]);
      expect(requests).toEqual([]);
    } finally {
      await close();
    }
  },
);

test(
  "the searches of each kind: the value the most organizations of the walks' first pages share, an identifier and a phone among them",
  { tag: '@fast' },
  () => {
    const organization = (id: string, identifier: string, phone: string) => ({
      resourceType: 'Organization',
      id,
      name: `${id.toUpperCase()} FAMILY CLINIC`,
      identifier: [{ system: 'http://hl7.org/fhir/sid/us-npi', value: identifier }],
      telecom: [{ system: 'phone', value: phone }],
      address: [{ city: 'AKRON', state: 'OH', postalCode: '44308' }],
    });
    // Two of three share a group's number and a switchboard; the third's are its own.
    const bundle = {
      resourceType: 'Bundle',
      type: 'searchset',
      entry: [
        organization('a', '1234567893', '(330) 555-0100'),
        organization('b', '1234567893', '330.555.0100'),
        organization('c', '1245319599', '3305550199'),
      ].map((resource) => ({ fullUrl: `Organization/${resource.id}`, resource })),
    };
    const firstPage = { kindValues: kindValueCounts(bundle) };
    const plan = { walks: [{ 'address-state': 'OH' }] };
    const chosen = Object.fromEntries(kindSearches([firstPage], plan).map((k) => [k.kind, k.query]));
    expect(chosen).toMatchObject({
      identifier: { identifier: '1234567893' },
      phone: { phone: '3305550100' },
      'address-city': { 'address-city': 'AKRON' },
      'address-postalcode': { 'address-postalcode': '44308' },
    });
    // A kind whose search is one of the plan's own walks is not walked twice.
    expect(kindSearches([firstPage], { walks: [{ phone: '3305550100' }] }).map((k) => k.kind)).not.toContain('phone');
    // Every walk's page 1 counts: a city a second walk's page shows more often wins, and none is chosen while a page 1 went unanswered.
    const elsewhere = (id: string) => ({ resource: { resourceType: 'Organization', id, address: [{ city: 'CANTON' }] } });
    const second = {
      kindValues: kindValueCounts({ resourceType: 'Bundle', type: 'searchset', entry: ['d', 'e', 'f', 'g'].map(elsewhere) }),
    };
    const twoWalks = { walks: [...plan.walks, { 'address-state': 'PA' }] };
    expect(kindSearches([firstPage, second], twoWalks).find((k) => k.kind === 'address-city')?.query).toEqual({ 'address-city': 'CANTON' });
    expect(kindSearches([firstPage, undefined], twoWalks)).toEqual([]);
    expect(kindSearches([firstPage], twoWalks)).toEqual([]);
  },
);

test(
  '--findability: each organization met is searched by each value it carries; a first-identifier index fails ORG-FINDABLE for exactly the organizations it hides',
  { tag: '@fast' },
  async () => {
    const walked = fixtures.organizations.filter((o) => o.address.some((a) => a.state === 'OH'));
    // The fault matches an identifier search on each organization's first identifier alone.
    const hidden = walked.filter((o) => o.identifier.some((i) => i.value.toUpperCase() !== o.identifier[0].value.toUpperCase()));
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.length).toBeLessThan(walked.length);
    const [clean, faulty, off] = [tempDir(), tempDir(), tempDir()];
    const results = await Promise.all([
      survey('clean', ['--organizations', 'address-state=OH', '--findability', '--out', clean]),
      survey('identifier-first-only', ['--organizations', 'address-state=OH', '--findability', '--out', faulty]),
      survey('identifier-first-only', ['--organizations', 'address-state=OH', '--out', off]),
    ]);
    expect(results.map((r) => r.code)).toEqual([0, 1, 0]);
    expect(failing(readSurvey(clean), 'ORG-FINDABLE')).toMatchObject({ checked: walked.length, failed: 0 });
    // Every kind of search walked, not the states' alone: one of each kind page 1 of the walk gives, each judged as a walk.
    const kinds = readSurvey(clean).relations!.searchKinds!;
    expect(kinds.map((k) => k.kind)).toEqual(['name', 'address-city', 'address-postalcode', 'type', 'address', 'identifier', 'phone']);
    expect(kinds.filter((k) => (k.matches ?? 0) > 25).map((k) => k.kind)).toEqual(expect.arrayContaining(['name', 'type']));
    expect(failing(readSurvey(clean), 'ORG-PAGE')).toMatchObject({ checked: 1 + kinds.length, failed: 0 });
    expect(readSurvey(off).relations).toBeUndefined();
    const report = readSurvey(faulty);
    expect(failing(report, 'ORG-FINDABLE')).toMatchObject({ checked: walked.length, failed: hidden.length });
    expect(report.requirements.filter((r) => r.failed > 0).map((r) => r.id)).toEqual(['ORG-FINDABLE']);
    expect(report.notJudged?.map((n) => n.id)).not.toContain('ORG-FINDABLE');
    expect(failing(report, 'ORG-FINDABLE')!.examples[0].message).toMatch(
      /carries identifier=\S+ \(Page=1 of address-state=OH\), yet the search by identifier \(identifier=\S+, total 0, 1 request\) holds 0 organizations/,
    );
    const keys = JSON.parse(readFileSync(join(faulty, 'failing-keys.json'), 'utf8')) as FailingKeys;
    expect(keys.requirements.find((r) => r.id === 'ORG-FINDABLE')?.keys).toEqual(hidden.map((o) => o.id).sort());
    const rows = parse(readFileSync(join(faulty, 'failures.csv')), { columns: true }) as Record<string, string>[];
    expect(rows.filter((r) => r.requirement === 'ORG-FINDABLE').every((r) => /[?&]identifier=/.test(r.url))).toBe(true);
    // Per parameter: every search by a non-first identifier missed, by value and by system|value; the others all found.
    const identifierSearches = walked.flatMap((o) =>
      o.identifier.flatMap((i) => {
        const missed = i.value.toUpperCase() !== o.identifier[0].value.toUpperCase();
        return i.system ? [missed, missed] : [missed];
      }),
    );
    const missed = identifierSearches.filter(Boolean).length;
    const byParameter = new Map(report.findability!.organizations.map((p) => [p.parameter, p]));
    expect(byParameter.get('identifier')).toMatchObject({
      searched: identifierSearches.length,
      found: identifierSearches.length - missed,
      missed,
      unknown: 0,
    });
    const { rate, interval95 } = byParameter.get('identifier')!;
    expect(rate).toBeCloseTo(1 - missed / identifierSearches.length, 5);
    expect(interval95!.low).toBeLessThan(rate!);
    expect(interval95!.high).toBeGreaterThan(rate!);
    for (const parameter of ['phone', 'address-postalcode', 'address-city+address-state', 'name'])
      expect(byParameter.get(parameter), parameter).toMatchObject({ missed: 0, unknown: 0, rate: 1 });
    expect(byParameter.get('name')!.searched).toBe(walked.length);
    const html = readFileSync(join(faulty, 'index.html'), 'utf8');
    expect(html).toContain('Findability: organizations found by the values they carry');
    expect(report.findability!.providers).toEqual([]);
    // Without --findability the survey does not judge it, and says what it would take.
    const notJudged = readSurvey(off).notJudged?.find((n) => n.id === 'ORG-FINDABLE');
    expect(notJudged?.needs[0]).toBe('survey --findability');
    expect(failing(readSurvey(off), 'ORG-FINDABLE')).toBeUndefined();
    expect(readSurvey(off).findability).toBeUndefined();
  },
);

test('the findability rates carry the 95% Wilson interval, inside [0, 1] at the ends', { tag: '@fast' }, () => {
  // Wilson's score interval at z = 1.96, as statistics tables give it (Newcombe 1998, Table I: 0/10, 5/10, 10/10; 950/1000).
  const cases: [number, number, number, number][] = [
    [0, 10, 0, 0.2775],
    [5, 10, 0.2366, 0.7634],
    [10, 10, 0.7225, 1],
    [950, 1000, 0.9347, 0.9619],
  ];
  for (const [found, searched, low, high] of cases) {
    const interval = wilsonInterval(found, searched);
    expect(interval.low, `${found}/${searched}`).toBeCloseTo(low, 4);
    expect(interval.high, `${found}/${searched}`).toBeCloseTo(high, 4);
  }
  expect(wilsonInterval(0, 10).low).toBe(0);
  expect(wilsonInterval(10, 10).high).toBe(1);
});

test(
  '--findability: every provider found is asked for by its NPI with an unmatchable parameter dashed and plain and its own value of one, every §4.1 parameter covered, and by its demographics',
  { tag: '@fast' },
  async () => {
    const dir = tempDir();
    const npis = writeFixtureNpis(join(dir, 'npis.txt'), 150);
    const [clean, dashed, names, first, city] = ['clean', 'dashed', 'names', 'first', 'city'].map((name) => join(dir, name));
    const results = await Promise.all([
      survey('clean', ['--npis', npis, '--findability', '--out', clean]),
      survey('dash-phone-email-required', ['--npis', npis, '--findability', '--out', dashed]),
      survey('names-need-npi', ['--npis', npis, '--findability', '--out', names]),
      survey('ambiguous-first-candidate', ['--npis', npis, '--findability', '--out', first]),
      survey('city-ignored-beside-state', ['--npis', npis, '--findability', '--out', city]),
    ]);
    // SB-FINDABLE is SHOULD: a survey that fails only it passes.
    expect(results.map((r) => r.code)).toEqual([0, 1, 0, 1, 1]);
    const report = readSurvey(clean);
    for (const [id, level] of [
      ['SB-OPTIONAL-DASH', 'MUST'],
      ['SB-STRICT-PARAM', 'SHOULD'],
      ['SB-NARROWING', 'MUST'],
      ['SB-FINDABLE', 'SHOULD'],
    ])
      expect(failing(report, id, level), id).toMatchObject({ checked: 150, failed: 0 });
    // City ignored when State is given: each provider whose line asks its NPI and State with a city no one has still answers
    // its record. That record is in no such city (SB-MATCHES-QUERY, MUST), and the parameter is named (SB-STRICT-PARAM, SHOULD).
    const cityIgnored = readSurvey(city);
    const strict = failing(cityIgnored, 'SB-STRICT-PARAM', 'SHOULD')!;
    expect(strict.failed).toBeGreaterThanOrEqual(Math.floor(150 / 17));
    expect(strict.failed).toBeLessThanOrEqual(Math.ceil(150 / 17));
    expect(strict.examples.every((e) => /1 of 1 parameters are ignored: .* City=NO SUCH CITY ZZ$/.test(e.message))).toBe(true);
    const contradicted = failing(cityIgnored, 'SB-MATCHES-QUERY')!;
    expect(contradicted.failed).toBe(strict.failed);
    expect(contradicted.examples.every((e) => e.message.includes('City NO SUCH CITY ZZ is held in none of Address.City'))).toBe(true);
    expect(failing(report, 'SB-MATCHES-QUERY')).toMatchObject({ failed: 0 });
    // Relations: providers met that share their first and last name and state, or their whole name, are one query matching several (§4.1 r4).
    const groupsBy = (search: typeof demographicSearch, providers = fixtures.providers.slice(0, 150)) => {
      const groups = new Map<string, string[]>();
      for (const { golden } of providers) {
        const query = search(golden.data as Record<string, unknown>)?.query;
        const key = JSON.stringify(query).toUpperCase();
        if (query) groups.set(key, [...(groups.get(key) ?? []), golden.data.NPI![0]]);
      }
      return groups;
    };
    const counted = (groups: Map<string, string[]>) => {
      const shared = [...groups.values()].filter((npis) => npis.length > 1);
      return { groups: shared.length, records: shared.flat().length, members: shared.flat() };
    };
    const groups = groupsBy(demographicSearch);
    const byDemographics = counted(groups);
    const wholeName = (data: Record<string, unknown>) => nameSearches(data)[0];
    const byName = counted(groupsBy(wholeName));
    expect(byDemographics.groups).toBeGreaterThan(3);
    expect(byName.groups).toBeGreaterThan(byDemographics.groups);
    const held = ({ groups, records }: { groups: number; records: number }) => ({ groups, records, held: records });
    // The clean service answers each group's query with the ambiguity text: every member holds it.
    expect(report.relations).toEqual({ sharedDemographics: held(byDemographics), sharedNames: held(byName) });
    // A record of both relations is one record checked.
    const members = new Set([...byDemographics.members, ...byName.members]);
    expect(failing(report, 'SB-AMBIGUOUS')).toMatchObject({ checked: members.size, failed: 0 });
    // A service that answers an ambiguous query with its first candidate: every member it does not answer fails, naming both records.
    const firsts = readSurvey(first);
    const ambiguous = failing(firsts, 'SB-AMBIGUOUS')!;
    expect(ambiguous.failed).toBeGreaterThanOrEqual(byName.records - byName.groups);
    expect(ambiguous.failed).toBeLessThanOrEqual(members.size);
    expect(firsts.relations).toMatchObject({
      sharedDemographics: { groups: byDemographics.groups, records: byDemographics.records, held: 0 },
      sharedNames: { groups: byName.groups, records: byName.records, held: 0 },
    });
    const failingKeys = JSON.parse(readFileSync(join(first, 'failing-keys.json'), 'utf8')) as FailingKeys;
    expect(failingKeys.requirements.find((r) => r.id === 'SB-AMBIGUOUS')!.keys.every((npi) => members.has(npi))).toBe(true);
    const messages = ambiguous.examples.map((e) => e.message);
    expect(messages).toContainEqual(
      expect.stringMatching(/answered record \S+, yet record \S+ \(met by its NPI\) holds the same (FirstName, LastName, State|Name) too/),
    );
    // A survey that meets no group: SB-AMBIGUOUS is not applicable, never a gap that leaves the verdict open.
    const lone = join(dir, 'lone');
    const loneNpis = join(dir, 'lone.txt');
    writeFileSync(
      loneNpis,
      [...groups.values()]
        .filter((npis) => npis.length === 1)
        .slice(0, 5)
        .flat()
        .join('\n'),
    );
    const alone = await survey('clean', ['--npis', loneNpis, '--findability', '--out', lone]);
    expect(alone.code, alone.stdout + alone.stderr).toBe(0);
    const loneNames = counted(
      groupsBy(
        wholeName,
        fixtures.providers.filter((p) => readFileSync(loneNpis, 'utf8').includes(p.golden.data.NPI![0])),
      ),
    );
    expect(readSurvey(lone).relations).toEqual({ sharedDemographics: { groups: 0, records: 0, held: 0 }, sharedNames: held(loneNames) });
    expect(readSurvey(lone).coverage?.gaps.some((gap) => gap.id === 'SB-AMBIGUOUS')).toBe(false);
    const rates = (surveyed: SurveyReport) => new Map(surveyed.findability!.providers.map((p) => [p.parameter, p]));
    const cleanRates = rates(report);
    // Every parameter §4.1 lists is dashed for some provider, with a value no provider has.
    for (const [parameter] of unusedUnmatchable({ NPI: '1' })) expect(cleanRates.get(`${parameter}-`)?.found, parameter).toBeGreaterThan(0);
    expect([...cleanRates.values()].every((p) => p.missed === 0 && p.unknown === 0)).toBe(true);
    expect(cleanRates.get('FirstName+LastName+State')).toMatchObject({ searched: 150, found: 150 });
    // Phone- and Email- treated as required: exactly the providers whose dashed parameter was one of them.
    const dashedRates = rates(readSurvey(dashed));
    const required = ['Phone-', 'Email-'].map((p) => dashedRates.get(p)!);
    for (const p of required) expect(p).toMatchObject({ missed: p.searched, found: 0 });
    expect(
      [...dashedRates.values()]
        .filter((p) => p.missed > 0)
        .map((p) => p.parameter)
        .sort(),
    ).toEqual(['Email-', 'Phone-']);
    expect(failing(readSurvey(dashed), 'SB-OPTIONAL-DASH')!.failed).toBe(required[0].searched + required[1].searched);
    // A name search that needs the NPI: every provider missed by its demographics, at SHOULD.
    expect(failing(readSurvey(names), 'SB-FINDABLE', 'SHOULD')).toMatchObject({ checked: 150, failed: 150 });
    expect(rates(readSurvey(names)).get('FirstName+LastName+State')).toMatchObject({ searched: 150, missed: 150, rate: 0 });
    // Per source dataset of the values searched: each feed's searches, none for an unmatchable dashed value.
    const sources = (surveyed: SurveyReport, parameter: string) =>
      new Map(surveyed.findability!.providerSources.filter((p) => p.parameter === parameter).map((p) => [p.dataset, p]));
    expect(report.findability!.providerSources.filter((p) => p.parameter.endsWith('-'))).toEqual([]);
    const cleanDemographics = sources(report, 'FirstName+LastName+State');
    const datasets = new Set(fixtures.providers.slice(0, 150).flatMap((p) => p.sources.map((s) => s.index)));
    expect([...cleanDemographics.keys()].every((dataset) => datasets.has(dataset!))).toBe(true);
    expect(Math.max(...[...cleanDemographics.values()].map((p) => p.searched))).toBeLessThanOrEqual(150);
    expect([...cleanDemographics.values()].every((p) => p.found === p.searched)).toBe(true);
    const namesDemographics = sources(readSurvey(names), 'FirstName+LastName+State');
    expect([...namesDemographics.keys()]).toEqual([...cleanDemographics.keys()]);
    for (const [dataset, p] of namesDemographics)
      expect(p, dataset).toMatchObject({ searched: cleanDemographics.get(dataset)!.searched, found: 0, rate: 0 });
  },
);

test(
  '--findability: a search index missing one provider in 25 fails SB-NARROWING for exactly those providers, and the demographics of none of the others',
  { tag: '@fast' },
  async () => {
    const dir = tempDir();
    const surveyed = fixtures.providers.slice(0, 250);
    const hidden = surveyed.filter((p) => missingFromSearchIndex(p.golden.id));
    expect(hidden.length).toBeGreaterThan(5);
    const result = await survey('sparse-provider-search-index-lags', [
      '--npis',
      writeFixtureNpis(join(dir, 'npis.txt'), 250),
      '--findability',
      '--out',
      dir,
    ]);
    expect(result.code, result.stderr).toBe(1);
    const report = readSurvey(dir);
    // The NPI alone reads the store: every provider is found, and the dashed parameter never narrows it away.
    expect(report.records.providers).toBe(250);
    expect(failing(report, 'SB-OPTIONAL-DASH')).toMatchObject({ checked: 250, failed: 0 });
    // No record for the NPI and its own value: MUST where §4.1 names the attribute plainly (City, Phone, …) or
    // the parameter bears the attribute's name (Zip, Email, …), SHOULD for the others (StreetAddress, …).
    const verbatim = /plus (NPI|Name|FirstName|LastName|State|City|Phone|Email|Zip|TaxonomyCode|TaxonomyDescription|TaxonomyLicense)=/;
    const [must, should] = [failing(report, 'SB-NARROWING')!, failing(report, 'SB-NARROWING', 'SHOULD')!];
    expect(must.failed).toBeGreaterThan(0);
    expect(should.failed).toBeGreaterThan(0);
    expect(must.failed + should.failed).toBe(hidden.length);
    expect(must.examples.every((e) => verbatim.test(e.message))).toBe(true);
    expect(should.examples.every((e) => !verbatim.test(e.message))).toBe(true);
    const keys = JSON.parse(readFileSync(join(dir, 'failing-keys.json'), 'utf8')) as FailingKeys;
    const npisOf = (providers: typeof hidden) => providers.map((p) => p.golden.data.NPI![0]).sort();
    expect(
      keys.requirements
        .filter((r) => r.id === 'SB-NARROWING')
        .flatMap((r) => r.keys)
        .sort(),
    ).toEqual(npisOf(hidden));
    // By demographics, a hidden provider is missed (or, where namesakes remain, the ambiguity text is all a search can show); every other is found.
    const demographics = failing(report, 'SB-FINDABLE', 'SHOULD')!;
    expect(demographics.failed).toBeGreaterThan(0);
    expect(demographics.failed).toBeLessThanOrEqual(hidden.length);
    expect(keys.requirements.find((r) => r.id === 'SB-FINDABLE')!.keys.every((npi) => npisOf(hidden).includes(npi))).toBe(true);
    const plain = report.findability!.providers.filter((p) => !p.parameter.endsWith('-') && p.parameter !== 'FirstName+LastName+State');
    expect(plain.reduce((sum, p) => sum + p.missed, 0)).toBe(hidden.length);
  },
);

test(
  '--dry-run prints the plan and what it will cost, asks the service nothing, and writes nothing',
  { tag: '@fast' },
  async ({ directory }) => {
    const { server, baseUrl } = await listening(directory);
    const asked: string[] = [];
    server.server.on('request', (request: { url?: string }) => asked.push(request.url ?? ''));
    try {
      const dir = tempDir();
      const npis = writeFixtureNpis(join(dir, 'npis.txt'), 100);
      const out = join(dir, 'out');
      const args = ['survey', '--base-url', baseUrl, '--npis', npis, '--organizations-by-state', '--max-rps', '10', '--out', out];
      const plain = await commandAsync([...args, '--dry-run']);
      expect(plain.code, plain.stderr).toBe(0);
      expect(plain.stdout).toContain('NPIs: 100 (this shard');
      expect(plain.stdout).toMatch(/about 2 requests each, 200 requests, 20 s at 10 requests\/s/);
      expect(plain.stdout).toMatch(/organization walks: \d+; .* about 0\.04 requests each, 40 requests a thousand, 4 s at 10 requests\/s/);
      const findable = await commandAsync([...args, '--findability', '--shard', '1/2', '--dry-run']);
      expect(findable.code, findable.stderr).toBe(0);
      expect(findable.stdout).toContain('findability: on');
      expect(findable.stdout).toContain(
        'relations: providers met sharing first name, last name and state (SB-AMBIGUOUS), judged from their own searches: 0 requests more',
      );
      expect(plain.stdout).toContain('data-quality scorecard: every record met, 0 requests more; lists: none given');
      expect(findable.stdout).toContain(
        'search kinds: up to 7 walks more (name, address-city, address-postalcode, type, address, identifier, phone)',
      );
      // A shard counts its own NPIs: fewer than the list's, more than none.
      const shardNpis = Number(/NPIs: (\d+)/.exec(findable.stdout)?.[1]);
      expect(shardNpis).toBeGreaterThan(0);
      expect(shardNpis).toBeLessThan(100);
      expect(findable.stdout).toContain('about 8.3 requests each');
      // Not even the preflight; no survey folder.
      expect(asked).toEqual([]);
      expect(existsSync(out)).toBe(false);
    } finally {
      await server.close();
    }
  },
);

// Surveys of 200 NPIs, whole and in shards: the full tier's.
test(
  '--sample P% --seed S: the NPIs and organizations drawn are the same on every run and in every shard, and every rate carries its interval',
  { tag: '@full' },
  async () => {
    const dir = tempDir();
    // 200 NPIs: enough that two seeds draw different samples, and a fifth of them to survey.
    const listed = fixtures.providers.slice(0, 200);
    const npis = writeFixtureNpis(join(dir, 'npis.txt'), listed.length);
    const sampled = (out: string, seed: string, ...more: string[]) =>
      survey('clean', [
        '--npis',
        npis,
        '--organizations',
        'address-state=OH',
        '--findability',
        '--sample',
        '20%',
        '--seed',
        seed,
        ...more,
        '--out',
        join(dir, out),
      ]);
    const results = await Promise.all([
      sampled('first', '1'),
      sampled('again', '1'),
      sampled('other', '2'),
      sampled('shard1', '1', '--shard', '1/2'),
      sampled('shard2', '1', '--shard', '2/2'),
    ]);
    expect(results.map((r) => r.code)).toEqual([0, 0, 0, 0, 0]);
    const merged = await commandAsync(['survey', 'merge', join(dir, 'shard1'), join(dir, 'shard2'), '--out', join(dir, 'merged')]);
    expect(merged.code, merged.stderr).toBe(0);
    const first = readSurvey(join(dir, 'first'));
    const sample = { percent: 20, seed: 1 };
    expect(first.sample).toEqual(sample);
    // Exactly the records the seed draws: the providers, and the organizations searched by their own values.
    const drawnNpis = listed.filter((p) => inSample(sample, 'npi', p.golden.data.NPI![0])).length;
    expect(first.input).toMatchObject({
      rowsRead: listed.length,
      surveyed: drawnNpis,
      notSampled: listed.length - drawnNpis,
    });
    const ohio = fixtures.organizations.filter((o) => o.address.some((a) => a.state === 'OH'));
    expect(failing(first, 'ORG-FINDABLE')?.checked).toBe(ohio.filter((o) => inSample(sample, 'organization', o.id)).length);
    // Every organization a walk meets is still judged: only the searches by its own values are drawn. The walks of
    // each kind of search (a name, a type, …) meet organizations of other states too.
    expect(first.records.organizations).toBeGreaterThan(ohio.length);
    expect(first.relations?.searchKinds?.length).toBeGreaterThan(0);
    expect(first.requirements.every((r) => r.interval95 !== undefined && r.interval95.low <= r.rate && r.rate <= r.interval95.high)).toBe(
      true,
    );
    expect(surveyCounts(readSurvey(join(dir, 'again')))).toEqual(surveyCounts(first));
    // The shards' sample merges into the unsharded one; shards ask a page or two more than it (see the test of three shards).
    const { requests: _merged, ...mergedCounts } = surveyCounts(readSurvey(join(dir, 'merged')));
    const { requests: _first, ...firstCounts } = surveyCounts(first);
    expect(mergedCounts).toEqual(firstCounts);
    expect(readSurvey(join(dir, 'other')).input?.surveyed).not.toBe(drawnNpis);
    expect(readFileSync(join(dir, 'first', 'index.html'), 'utf8')).toContain('A sample: 20% of the NPIs');
    // A sample without its share, or a share that is none, is one line and exit 2.
    for (const args of [
      ['--seed', '3'],
      ['--sample', '0%'],
      ['--sample', '150%'],
      ['--sample', 'half'],
      ['--sample', '0'],
      // Decimal figures only, as MAX_RPS reads them.
      ['--max-rps', '0x10'],
    ]) {
      const refused = await survey('clean', ['--npis', npis, ...args, '--out', join(dir, 'refused')]);
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
  },
);

test(
  '--sample N --seed S: exactly N NPIs, the same N in every shard and on every run, and the organizations at the share they make',
  { tag: '@fast' },
  async () => {
    const dir = tempDir();
    // Every NPI twice: a repeated row is one NPI, drawn once.
    const npis = join(dir, 'npis.txt');
    const listed = fixtures.providers.map((p) => p.golden.data.NPI![0]);
    writeFileSync(npis, [...listed, ...listed].join('\n'));
    const sampled = (out: string, ...more: string[]) =>
      survey('clean', [
        '--npis',
        npis,
        '--organizations',
        'address-state=OH',
        '--sample',
        '40',
        '--seed',
        '5',
        ...more,
        '--out',
        join(dir, out),
      ]);
    const results = await Promise.all([
      sampled('first'),
      sampled('again'),
      sampled('shard1', '--shard', '1/2'),
      sampled('shard2', '--shard', '2/2'),
    ]);
    expect(results.map((r) => r.code)).toEqual([0, 0, 0, 0]);
    const first = readSurvey(join(dir, 'first'));
    expect(first.input).toMatchObject({ surveyed: 40, notSampled: listed.length - 40, duplicates: listed.length });
    expect(first.sample).toMatchObject({ count: 40, seed: 5 });
    // The share is the one the N make: drawn at it, the list gives the same 40, and the organizations are drawn at it too.
    const share = first.sample!;
    expect(listed.filter((npi) => inSample(share, 'npi', npi))).toHaveLength(40);
    expect(share.percent).toBeCloseTo((100 * 40) / listed.length, -1);
    expect(surveyCounts(readSurvey(join(dir, 'again')))).toEqual(surveyCounts(first));
    const shards = [readSurvey(join(dir, 'shard1')), readSurvey(join(dir, 'shard2'))];
    expect(shards.map((s) => s.input!.surveyed).reduce((a, b) => a + b)).toBe(40);
    expect(readFileSync(join(dir, 'first', 'index.html'), 'utf8')).toContain('A sample: 40 NPIs of the list');
    // Standard input cannot be read twice: refused in one line.
    const refused = await commandAsync([
      'survey',
      '--base-url',
      server.origin,
      '--npis',
      '-',
      '--sample',
      '40',
      '--out',
      join(dir, 'stdin'),
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--sample 40 draws that many NPIs from the list/);
  },
);

/** A plan of one walk, for a tally fed by hand. */
const handPlan = (walks: Record<string, string>[]): SurveyPlan => ({
  baseUrl: 'https://directory.example/api',
  embedded: false,
  walks,
  shard: { index: 1, total: 1 },
  examples: 5,
  maxFailureRows: 100,
  credentials: { bearer: false, headers: [], clientCertificate: false },
});
const verdict = (key: string) => ({ key, checked: [], failures: [] });

/** Page `number` of a walk of address-state=OH, full (25 organizations, `ids`), its organizations to add. */
const fullPage = (number: number, url: string, ids: string[], total: number) => ({
  kind: 'page' as const,
  walk: 0,
  page: number,
  url,
  status: 200,
  contentType: 'application/fhir+json',
  requests: [{ endpoint: 'organization' as const, status: 200, ms: 1 }],
  bundle: true,
  entries: PAGE_SIZE,
  total,
  ids,
  shell: verdict('address-state=OH'),
});

test('a journal line written twice counts its provider once: survey.json keeps to its schema', { tag: '@fast' }, () => {
  const plan = handPlan([]);
  const tally = new SurveyTally(plan);
  const provider = (line: number): ProviderUnit => ({
    kind: 'provider',
    line,
    npi: String(1234567800 + line),
    found: true,
    requests: [{ endpoint: 'searchSingleBest', status: 200, ms: 1 }],
    verdict: verdict(String(1234567800 + line)),
    values: [],
  });
  for (const line of [1, 2, 2, 3]) tally.add(provider(line));
  const { report } = surveyReport(tally, plan, { started: new Date().toISOString() });
  expect(report.records.providers).toBe(3);
  expect(report.requests.total).toBe(3);
});

test('the progress line counts the organizations failing a MUST as their pages come, before their walks end', { tag: '@fast' }, () => {
  const plan = handPlan([{ 'address-state': 'OH' }]);
  const tally = new SurveyTally(plan);
  const failing = {
    key: 'org-1',
    checked: ['ORG-RESOURCE-SHAPE'],
    failures: [{ id: 'ORG-RESOURCE-SHAPE', level: 'MUST' as const, pointer: '/entry/0', value: '', message: 'm', url: 'u' }],
  };
  tally.add({
    kind: 'page',
    walk: 0,
    page: 1,
    url: 'https://directory.example/api/fhir/organization?address-state=OH&Page=1',
    status: 200,
    contentType: 'application/fhir+json',
    requests: [{ endpoint: 'organization', status: 200, ms: 1 }],
    bundle: true,
    entries: 2,
    total: 2,
    ids: ['org-1', 'org-2'],
    shell: verdict('address-state=OH'),
    organizations: [failing, verdict('org-2')],
    filters: [verdict('org-1'), verdict('org-2')],
  });
  expect(tally.failingRecords).toBe(1);
  surveyReport(tally, plan, { started: new Date().toISOString() });
  // Once the walk ends, counted once, as a record.
  expect(tally.failingRecords).toBe(1);
});

test(
  "a failing organization held until its walk ends costs about what a passing one does: its details only while they may be shown, never its page's body",
  { tag: '@fast' },
  () => {
    const query = { 'address-state': 'OH' };
    const plan = handPlan([query]);
    const tally = new SurveyTally(plan);
    // A collection on demand, so that the heap measured is what the tally holds.
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const PAGES = 2_000;
    // As a live survey's are: each failure's value cut from its page's body (40 KB), its message built around it.
    const page = (number: number): PageUnit => {
      const body = `{"entry":[${Array.from({ length: PAGE_SIZE }, (_, i) => `{"telecom":"(614) 555-${String(number * PAGE_SIZE + i).padStart(7, '0')}${' '.repeat(1_600)}"}`).join(',')}]}`;
      const ids = Array.from({ length: PAGE_SIZE }, (_, i) => `org-${number}-${i}`);
      const url = `https://directory.example/api/fhir/organization?address-state=OH&Page=${number}`;
      return {
        ...fullPage(number, url, ids, PAGES * PAGE_SIZE),
        organizations: ids.map((key, i) => {
          const at = body.indexOf(`555-${String(number * PAGE_SIZE + i).padStart(7, '0')}`) - '(614) '.length;
          const value = body.slice(at, at + 20);
          const pointer = `/entry/${i}/resource/telecom/0/value`;
          return {
            key,
            checked: ['ORG-ENTRY-SHAPE', 'ORG-RESOURCE-SHAPE'],
            failures: [
              {
                id: 'ORG-RESOURCE-SHAPE',
                level: 'MUST' as const,
                pointer,
                value,
                message: `[ORG-RESOURCE-SHAPE] MUST §2.5: a telecom value is digits only: at ${pointer} ${value} must match pattern "^[0-9]+$"`,
                url,
              },
            ],
          };
        }),
        filters: ids.map(verdict),
      };
    };
    collect();
    const before = process.memoryUsage().heapUsed;
    for (let number = 1; number <= PAGES; number++) tally.add(page(number));
    collect();
    const perOrganization = (process.memoryUsage().heapUsed - before) / (PAGES * PAGE_SIZE);
    test.info().annotations.push({ type: 'heap a failing organization holds', description: `${Math.round(perOrganization)} bytes` });
    // docs/cli.md: past the rows and examples the report shows, a failing organization holds its failures' requirements
    // alone (113 bytes measured); with every detail held it was 300 to 550 bytes, with its page's body kept alive 2,161.
    expect(perOrganization).toBeLessThan(300);
    const { report } = surveyReport(tally, plan, { started: new Date().toISOString() });
    expect(report.requirements.find((r) => r.id === 'ORG-RESOURCE-SHAPE')?.failed).toBe(PAGES * PAGE_SIZE);
  },
);

test(
  'a survey of every page counts each walk as it and the walks before it end, and holds none of its pages but the first: the report is the one a tally holding every page gives',
  { tag: '@fast' },
  () => {
    const walks = [{ 'address-state': 'OH' }, { 'address-state': 'NY' }];
    const plan = handPlan(walks);
    const PAGES = 400;
    // Each walk of PAGES full pages and one past the last; an organization of OH also on NY's first page, failing there alone.
    const pageOf = (walk: number, number: number): PageUnit => {
      const state = walks[walk]['address-state'];
      const url = `https://directory.example/api/fhir/organization?address-state=${state}&Page=${number}`;
      const ids = number > PAGES ? [] : Array.from({ length: PAGE_SIZE }, (_, i) => `${state}-${number}-${i}`);
      if (walk === 1 && number === 1) ids[0] = 'OH-1-0';
      const failing = (key: string) => ({
        key,
        checked: ['ORG-RESOURCE-SHAPE'],
        failures: [{ id: 'ORG-RESOURCE-SHAPE', level: 'MUST' as const, pointer: '/entry/0', value: '', message: 'm', url }],
      });
      return {
        ...fullPage(number, url, ids, PAGES * PAGE_SIZE),
        walk,
        entries: ids.length,
        shell: verdict(`address-state=${state}`),
        organizations: ids.map((key, i) =>
          (walk === 1 && i === 0 && number === 1) || (number % 7 === 0 && i === 3) ? failing(key) : verdict(key),
        ),
        filters: ids.map(verdict),
      };
    };
    // NY's pages come first, then OH's, in the order a survey's lanes may bring them; a page of OH past its end last of all.
    const order = [
      ...Array.from({ length: PAGES + 1 }, (_, i) => pageOf(1, i + 1)),
      ...Array.from({ length: PAGES + 1 }, (_, i) => pageOf(0, i + 1)),
      { ...pageOf(0, PAGES + 2), requests: [{ endpoint: 'organization' as const, status: 200, ms: 5 }] },
    ];
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const heldBy = (fold: boolean) => {
      const tally = new SurveyTally(plan);
      if (fold) tally.foldWalksAsTheyEnd();
      collect();
      const before = process.memoryUsage().heapUsed;
      for (const unit of order) tally.add(structuredClone(unit));
      collect();
      return { tally, perOrganization: (process.memoryUsage().heapUsed - before) / (2 * PAGES * PAGE_SIZE) };
    };
    const folding = heldBy(true);
    const holding = heldBy(false);
    test.info().annotations.push({
      type: 'heap an organization holds until the finish',
      description: `${Math.round(folding.perOrganization)} bytes counted as its walk ends, ${Math.round(holding.perOrganization)} held to the finish`,
    });
    // Its key, once, in the set of organizations met (77 bytes measured, against 113 held): the page it came on and
    // its verdicts are let go.
    expect(folding.perOrganization).toBeLessThan(0.8 * holding.perOrganization);
    const reportOf = (tally: SurveyTally) => {
      const { report } = surveyReport(tally, plan, { started: '2026-12-07T00:00:00.000Z' });
      // Each report's own: its id and when it finished.
      const { id: _id, finished: _finished, ...rest } = report;
      return rest;
    };
    const folded = reportOf(folding.tally);
    expect(folded).toEqual(reportOf(holding.tally));
    // OH's organization met again on NY's first page is counted once, where OH met it, passing: NY's failure of it is not counted.
    expect(folded.records.organizations).toBe(2 * PAGES * PAGE_SIZE - 1);
    expect(folded.requirements.find((r) => r.id === 'ORG-RESOURCE-SHAPE')?.failed).toBe(2 * Math.floor(PAGES / 7));
    expect(folded.requests.total).toBe(order.length);
  },
);

test('a walk stopped at the page bound before its end leaves the survey not complete, saying which walk and why', { tag: '@fast' }, () => {
  const query = { 'address-state': 'OH' };
  const plan = handPlan([query]);
  const tally = new SurveyTally(plan);
  // Pages that never end: each holds an organization not seen before, as a service whose Page goes on forever answers.
  for (let page = 1; page <= MAX_WALK_PAGES + 1; page++) {
    const id = `org-${page}`;
    tally.add({
      kind: 'page',
      walk: 0,
      page,
      url: `https://directory.example/api/fhir/organization?address-state=OH&Page=${page}`,
      status: 200,
      contentType: 'application/fhir+json',
      requests: [{ endpoint: 'organization', status: 200, ms: 1 }],
      bundle: true,
      entries: 1,
      total: undefined,
      ids: [id],
      shell: verdict('address-state=OH'),
      organizations: [verdict(id)],
      filters: [verdict(id)],
    });
  }
  const { report } = surveyReport(tally, plan, { started: new Date().toISOString() });
  expect(report.complete).toBe(false);
  expect(report.stopped).toMatch(
    new RegExp(`^the walk of \\{"address-state":"OH"\\} stopped at its page budget \\(${MAX_WALK_PAGES} pages`),
  );
  // Its pages of one organization fail ORG-PAGE; without a failure, the survey is inconclusive, and a resume would stop at the same page.
  const unfailed = surveyVerdict({ ...report, requirements: [] });
  expect(unfailed).toMatchObject({ verdict: 'inconclusive', why: expect.stringMatching(/^the survey is not whole: the walk of/) });
  expect(unfailed.why).not.toContain('--resume');
  // With its failures, it fails, and says too that it is not whole: a cut survey never reads as a whole one.
  expect(surveyVerdict(report)).toMatchObject({
    verdict: 'fail',
    why: expect.stringMatching(/failed at MUST level; and the survey is not whole: the walk of/),
  });
});

test(
  "a service that answers a search with no match 404 and an OperationOutcome (§4.3 r2: not shown) surveys clean: the no-match is observed, never a bundle's fault",
  { tag: '@fast' },
  async () => {
    const dir = tempDir();
    const result = await survey('org-no-match-404', ['--organizations-by-state', '--out', dir]);
    expect(result.code, result.stderr).toBe(0);
    const report = readSurvey(dir);
    expect(sharedSchemaValidator().validate(SCHEMA.survey, report).valid).toBe(true);
    expect(report.requirements.filter((r) => r.failed > 0)).toEqual([]);
    // The states no organization of the fixtures is in: each walk's first page is the service's no-match answer, counted by its behaviour.
    const states = new Set(fixtures.organizations.flatMap((o) => (o.address ?? []).map((a) => a.state)));
    const noMatch = report.observations.find((o) => o.id === 'OBS-ORG-NO-MATCH')!;
    expect(Object.values(noMatch.values).reduce((sum, n) => sum + n, 0)).toBe(report.records.walks - states.size);
    expect(Object.keys(noMatch.values)).toEqual([expect.stringContaining('"status":404')]);
    expect(report.coverage?.gaps.filter((g) => g.level === 'MUST' && g.reason.kind !== 'not-selected')).toEqual([]);
  },
);

test(
  'a survey that judged no record is not a pass: every NPI not found is inconclusive, exit 3, in one line that says so',
  { tag: '@fast' },
  async () => {
    const dir = tempDir();
    const npis = join(dir, 'unknown.txt');
    // NPIs with valid check digits that no provider of the fixtures has.
    writeFileSync(npis, ['1234567893', '1245319599'].join('\n'));
    const result = await survey('clean', ['--npis', npis, '--out', join(dir, 'out')]);
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(/^survey: INCONCLUSIVE: the survey judged no record: 2 NPIs not found, no walk; /m);
    const report = readSurvey(join(dir, 'out'));
    expect(sharedSchemaValidator().validate(SCHEMA.survey, report).valid).toBe(true);
    // What it never met, and what would judge it: the records a survey of NPIs sets out to judge.
    const unmet = report.coverage!.gaps.filter((g) => g.reason.kind === 'not-met').map((g) => g.id);
    expect(unmet).toEqual(expect.arrayContaining(['SB-RECORD-SHAPE', 'SR-ROOT-ARRAY', 'DATA-SHAPE']));
    expect(surveyVerdict(report).verdict).toBe('inconclusive');
  },
);

test(
  'the scorecard: every record met measured per dataset, never part of the verdict; the lists given are counted exactly, and NPIs with a wrong check digit as DATA-NPI-CHECKDIGIT counts them',
  { tag: '@fast' },
  async () => {
    const dir = tempDir();
    const npis = writeFixtureNpis(join(dir, 'npis.txt'), 60);
    const surveyed = fixtures.providers.slice(0, 60);
    // Every third NPI served is deactivated, with NPIs the survey never meets; the code set lacks one code that is served.
    const deactivated = surveyed.filter((_, i) => i % 3 === 0).map((p) => p.golden.data.NPI![0]);
    writeFileSync(
      join(dir, 'deactivated.csv'),
      `NPI,Deactivation Date\n${[...deactivated, '1000000004'].map((n) => `${n},01/02/2026`).join('\n')}\n`,
    );
    const codeOf = (data: unknown) => ((data as { Taxonomy?: { TaxonomyCode: string[] }[] }).Taxonomy ?? []).flatMap((t) => t.TaxonomyCode);
    const served = [...new Set(surveyed.flatMap((p) => codeOf(p.golden.data)))].sort();
    const unlisted = served[0];
    writeFileSync(join(dir, 'codes.txt'), served.slice(1).join('\n'));
    const [listed, bad] = [join(dir, 'listed'), join(dir, 'bad')];
    const results = await Promise.all([
      survey('clean', [
        '--npis',
        npis,
        '--organizations',
        'address-state=OH',
        '--deactivated-npis',
        join(dir, 'deactivated.csv'),
        '--taxonomy-codes',
        join(dir, 'codes.txt'),
        '--out',
        listed,
      ]),
      survey('npi-bad-check-digit', ['--npis', npis, '--out', bad]),
    ]);
    // The scorecard is no part of the verdict: the clean survey passes with the lists' findings.
    expect(results.map((r) => r.code)).toEqual([0, 1]);
    const report = readSurvey(listed);
    const rate = (r: SurveyReport, id: string, dataset = '(golden record)') =>
      r.dataQuality!.rates.find((q) => q.id === id && q.dataset === dataset);
    expect(rate(report, 'DQ-DEACTIVATED-LIST')).toMatchObject({ checked: 60, failed: deactivated.length });
    expect(rate(report, 'DQ-TAXONOMY-UNLISTED')).toMatchObject({
      checked: surveyed.filter((p) => codeOf(p.golden.data).length > 0).length,
      failed: surveyed.filter((p) => codeOf(p.golden.data).includes(unlisted)).length,
    });
    expect(report.dataQuality!.notJudged).toEqual([]);
    // Per source dataset, and for the organizations of the walk.
    const datasets = new Set(report.dataQuality!.rates.map((r) => r.dataset));
    for (const dataset of new Set(surveyed.flatMap((p) => p.sources.map((s) => s.index))))
      expect(datasets.has(dataset), dataset).toBe(true);
    expect(rate(report, 'DQ-NO-NPI', '(organization)')).toMatchObject({ records: 'organizations', checked: report.records.organizations });
    // Each organization's NPI its own: none shared among the organizations met.
    expect(rate(report, 'DQ-NPI-SHARED', '(organization)')).toMatchObject({ checked: report.records.organizations, failed: 0 });
    expect(report.dataQuality!.date).toBe(report.started.slice(0, 10));
    // The page shows the scorecard.
    expect(readFileSync(join(listed, 'index.html'), 'utf8')).toContain('Directory accuracy scorecard');
    // A wrong check digit in every NPI: the golden records' rate counts what DATA-NPI-CHECKDIGIT counts.
    const faulty = readSurvey(bad);
    expect(rate(faulty, 'DQ-NPI-CHECKDIGIT')!.failed).toBe(failing(faulty, 'DATA-NPI-CHECKDIGIT', 'SHOULD')!.failed);
    expect(rate(faulty, 'DQ-NPI-CHECKDIGIT')!.failed).toBeGreaterThan(0);
    // Without the lists: not judged, never a rate of zero.
    expect(faulty.dataQuality!.notJudged.map((n) => n.id)).toEqual(['DQ-DEACTIVATED-LIST', 'DQ-TAXONOMY-UNLISTED']);
    // A list that holds nothing of its kind is one line, exit 2, before anything is asked.
    const refused = await survey('clean', [
      '--npis',
      npis,
      '--taxonomy-codes',
      join(dir, 'deactivated.csv'),
      '--out',
      join(dir, 'refused'),
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/--taxonomy-codes .*deactivated\.csv holds no taxonomy code/),
    ]);
  },
);

test(
  '--findability walks every kind of search: a service whose name searches page by 20 fails ORG-PAGE for its name walk alone, which a walk of states never shows',
  { tag: '@full' },
  async () => {
    const [found, unseen] = [tempDir(), tempDir()];
    const results = await Promise.all([
      survey('sparse-name-search-pages-by-20', ['--organizations', 'address-state=OH', '--findability', '--out', found]),
      survey('sparse-name-search-pages-by-20', ['--organizations', 'address-state=OH', '--out', unseen]),
    ]);
    expect(results.map((r) => r.code)).toEqual([1, 0]);
    const report = readSurvey(found);
    const name = report.relations!.searchKinds!.find((k) => k.kind === 'name')!;
    expect(name.matches).toBeGreaterThan(25);
    expect(report.requirements.filter((r) => r.failed > 0 && r.level === 'MUST').map((r) => r.id)).toEqual(['ORG-PAGE']);
    const keys = JSON.parse(readFileSync(join(found, 'failing-keys.json'), 'utf8')) as FailingKeys;
    expect(keys.requirements.find((r) => r.id === 'ORG-PAGE')?.keys).toEqual([new URLSearchParams(name.query).toString()]);
    expect(failing(report, 'ORG-PAGE')!.examples[0].message).toMatch(/20/);
    // The page shows the relations, the walks of each kind and the scorecard, and a person reads them at 1280 px.
    const { page, requests, close } = await openFile(join(found, 'index.html'));
    try {
      await expect(page.locator('#search-kinds td', { hasText: new URLSearchParams(name.query).toString() })).toHaveCount(1);
      await expect(page.locator('#relations td').first()).toHaveText('same FirstName, LastName and State');
      await expect(page.locator('#data-quality td', { hasText: 'DQ-NO-NPI' }).first()).toBeVisible();
      expect(await layoutProblems(page), 'what a person sees at 1280 px').toEqual([]);
      expect(requests).toEqual([]);
    } finally {
      await close();
    }
  },
);

test('NPIs answered with nothing a record could be read from are counted apart, never as NPIs not found', { tag: '@fast' }, async () => {
  const dir = tempDir();
  const npis = writeFixtureNpis(join(dir, 'npis.txt'), 3);
  // Every single-best answer is a JSON array (§1: never an array): no record to read, though the service holds each NPI.
  const result = await survey('single-best-array', ['--npis', npis, '--out', join(dir, 'out')]);
  expect(result.stdout).toMatch(/^survey: 0 providers, 0 NPIs not found, 3 answers unreadable, /m);
  const report = readSurvey(join(dir, 'out'));
  expect(sharedSchemaValidator().validate(SCHEMA.survey, report).valid).toBe(true);
  expect(report.records).toMatchObject({ providers: 0, notFound: 0, unreadable: 3 });
  expect(surveyVerdict(report).why).not.toMatch(/not found/);
});

test('an estimate in days or years when the rate makes it so, and a share under 100% never reads as 100%', { tag: '@fast' }, () => {
  expect(duration(59)).toBe('59 s');
  expect(duration(3 * 3600 + 120)).toBe('3 h 2 min');
  // 1,000 requests at --max-rps 0.0001: 10 million seconds.
  expect(duration(1000 / 0.0001)).toBe('115 days 17 h');
  expect(duration(100_000 / 0.0001)).toBe('31 years');
  expect(sampleInWords({ percent: 99.99999, seed: 1 })).toBe('99.99999% of the NPIs and of the organizations met');
  expect(sampleInWords({ percent: 5, seed: 1 })).toBe('5% of the NPIs and of the organizations met');
  expect(sampleInWords({ percent: 0.123456, seed: 1 })).toBe('0.1235% of the NPIs and of the organizations met');
});

test(
  'failing organizations past every row and example are held without details, and the report is the same as when all were held',
  { tag: '@full' },
  () => {
    const query = { 'address-state': 'OH' };
    // Enough failing records, in descending order, for the held ones to be sifted again as the bound tightens: 17,500,
    // past two sifts of tally.ts's MIN_SIFTED (each at twice 4,096 held).
    const PAGES = 700;
    const seeded = seededRandom();
    const keyOf = (n: number) => `org-${String(n).padStart(5, '0')}`;
    const page = (number: number): PageUnit => {
      const ids = Array.from({ length: PAGE_SIZE }, (_, i) => keyOf((number - 1) * PAGE_SIZE + i));
      const url = `https://directory.example/api/fhir/organization?address-state=OH&Page=${number}`;
      const failure = (id: 'ORG-RESOURCE-SHAPE' | 'ORG-ENTRY-SHAPE', key: string) => ({
        id,
        level: 'MUST' as const,
        pointer: `/entry/${key}`,
        value: `value of ${key}`,
        message: `[${id}] MUST §2.5: ${key} fails`,
        url,
      });
      return {
        ...fullPage(number, url, ids, PAGES * PAGE_SIZE),
        organizations: ids.map((key) => ({
          key,
          checked: ['ORG-ENTRY-SHAPE', 'ORG-RESOURCE-SHAPE'],
          failures: [failure('ORG-RESOURCE-SHAPE', key), ...(Number(key.slice(4)) % 40 === 27 ? [failure('ORG-ENTRY-SHAPE', key)] : [])],
        })),
        filters: ids.map(verdict),
      };
    };
    // The hardest order for the bound: the smallest keys first, then enough others to set it, in an order of the seed's, as
    // concurrent requests bring them; and last, page 2, whose keys are among the rows (25–29) and the examples (27).
    const middle = Array.from({ length: PAGES - 2 }, (_, i) => i + 3);
    for (let i = middle.length - 1; i > 0; i--) {
      const j = Math.floor(seeded.next() * (i + 1));
      [middle[i], middle[j]] = [middle[j], middle[i]];
    }
    const descending = Array.from({ length: PAGES }, (_, i) => PAGES - i);
    // The smallest keys first, then the rest from the largest down: every record is kept at first, and the sifts that
    // follow must keep page 1's.
    const orders = { hardest: [1, ...middle, 2], descending, smallestFirst: [1, ...descending.slice(0, -1)] };
    const surveyed = (order: number[], bounds: Pick<SurveyPlan, 'examples' | 'maxFailureRows'>) => {
      const plan = { ...handPlan([query]), ...bounds };
      const tally = new SurveyTally(plan);
      for (const number of order) tally.add(page(number));
      return surveyReport(tally, plan, { started: '2026-11-28T00:00:00Z' });
    };
    const whole = surveyed(descending, { examples: 1_000_000, maxFailureRows: 1_000_000 });
    for (const [name, order] of Object.entries(orders)) {
      const bounded = surveyed(order, { examples: 2, maxFailureRows: 30 });
      expect(bounded.rows, seeded.say(`the rows, ${name}`)).toEqual(whole.rows.slice(0, 30));
      expect(bounded.rows.every((row) => row.message !== '')).toBe(true);
      for (const id of ['ORG-RESOURCE-SHAPE', 'ORG-ENTRY-SHAPE']) {
        const of = (result: typeof whole) => result.report.requirements.find((r) => r.id === id)!;
        expect(of(bounded).failed).toBe(of(whole).failed);
        expect(of(bounded).examples, seeded.say(`${id}'s examples, ${name}`)).toEqual(of(whole).examples.slice(0, 2));
      }
      expect(bounded.report.failureRows).toEqual({ written: 30, bound: 30, reached: true });
      expect(bounded.failingKeys).toEqual(whole.failingKeys);
    }
  },
);
