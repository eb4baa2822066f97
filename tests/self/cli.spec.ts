/** The directory-conformance command: flags, exit codes, the catalogue, comparison, and the packed package installed. */
import { checkedPassThrough, type SuiteSelections } from '../../src/cli/pass-through';
import { QUALITY_MEASURES } from '../../src/quality/measures';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { subset } from 'semver';
import { COMMANDS } from '../../src/cli/command-table';
import { OBSERVATIONS, REQUIREMENTS } from '../../src/spec/catalogue';
import { testResultOf } from '../../src/suite/annotations';
import { aggregate } from '../../src/verdicts/aggregate';
import { conformanceReport, type ConformanceReport } from '../../src/report/model';
import { scenarioPrefix } from '../../src/reference/scenarios/registry';
import { PACKAGE_ROOT } from '../../src/package-root';
import { neutralSuiteEnvironment } from '../../src/suite-runs/run-suite';
import { BIN, command, commandAsync, tempDir, withCommandInstalled } from './command';
import { expect, test } from './fixtures';
import { chartsIn } from './chart-images';

const VERSION = (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

test(
  '--version, -V, --help, -h and help answer on every command; a misspelt command or flag gets a suggestion in one line (exit 2)',
  { tag: '@full' },
  async () => {
    for (const args of [['--version'], ['-V'], ['run', '--version'], ['probes', 'check', '-V']])
      expect((await commandAsync(args)).stdout.trim(), args.join(' ')).toBe(VERSION);
    // As a process once; the other pages in this one (commandAsync), since asking for one starts nothing.
    const main = command(['--help']);
    expect(main.stdout).toMatch(/^Usage: directory-conformance \[options\] \[command\]/);
    expect(main.stdout).toContain('Exit codes: 0 pass, 1 fail, 2 configuration error, 3 inconclusive');
    expect((await commandAsync(['-h'])).stdout).toBe(main.stdout);
    expect((await commandAsync(['help'])).stdout).toBe(main.stdout);
    // Every command and subcommand has a page of its own, with its keys and exit codes.
    for (const name of Object.keys(COMMANDS)) {
      const page = await commandAsync([...name.split(' '), '--help']);
      expect(page.code, name).toBe(0);
      expect(page.stdout, name).toMatch(new RegExp(`^Usage: directory-conformance ${name}`));
      expect(page.stdout, name).toMatch(/\nExit codes: \d/);
      expect((await commandAsync(['help', ...name.split(' ')])).stdout, `help ${name}`).toBe(page.stdout);
      expect((await commandAsync([...name.split(' '), '-h'])).stdout, `${name} -h`).toBe(page.stdout);
    }
    expect((await commandAsync(['run', '--help'])).stdout).toMatch(/Configuration keys .*BASE_URL, API_TOKEN, API_HEADERS/);
    expect((await commandAsync(['help', 'history', 'check'])).stdout).toMatch(
      /--max-rate-rise <P>[\s\S]*Exit codes: 0 no regression, 1 a regression/,
    );

    const said = async (args: string[]) => {
      const result = await commandAsync(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout, args.join(' ')).toBe('');
      expect(result.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      return result.stderr.trim();
    };
    expect(await said(['surevy'])).toBe("directory-conformance: unknown command 'surevy' (did you mean survey?)");
    expect(await said(['--base-ulr', 'http://x'])).toBe("directory-conformance: unknown option '--base-ulr' (did you mean --base-url?)");
    expect(await said(['history', 'chek'])).toBe("directory-conformance: unknown command 'chek' (did you mean check?)");
    expect(await said(['probes'])).toMatch(/^directory-conformance: probes takes check, draft; see directory-conformance probes --help$/);
    expect(await said(['compare', 'only-one.json'])).toMatch(/missing required argument 'B'/);
    expect(await said(['list', 'extra'])).toMatch(/too many arguments/);
    expect(await said(['run', '--workers', 'many'])).toMatch(/--workers must be a number/);
    expect(await said(['list', '--', '--grep', 'x'])).toMatch(/only run takes them/);
  },
);

test(
  'the command line keeps its word: help of no command is exit 2, --grep that selects nothing is exit 2 naming list, run --max-rps is a flag, the pace is said',
  { tag: '@full' },
  () => {
    const dir = tempDir();
    const help = command(['help', 'nosuch'], { cwd: dir });
    expect(help.code).toBe(2);
    expect(help.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/help: there is no command "nosuch"; the commands are run, list, /),
    ]);
    expect(command(['help', 'survey'], { cwd: dir }).stdout).toMatch(/--findability/);
    const nothing = command(['run', '--grep', 'NO-SUCH-REQUIREMENT'], { cwd: dir });
    expect(nothing.code).toBe(2);
    expect(nothing.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /--grep NO-SUCH-REQUIREMENT selects no test of the suite: directory-conformance list shows the requirement ids/,
      ),
    ]);
    expect(existsSync(join(dir, 'conformance-report', 'conformance.json'))).toBe(false);
    const paced = command(['run', '--quiet', '--max-rps', '0', '--grep', 'sb-no-match'], { cwd: dir });
    expect(paced.code, paced.stderr).toBe(0);
    // One prefix for a configuration error, whichever command meets it.
    for (const args of [['run'], ['probes', 'check']]) {
      const wrong = command(args, { cwd: dir, env: { MAX_RPS: 'fast' } });
      expect(wrong.code).toBe(2);
      expect(wrong.stderr.trim().split('\n')).toEqual([
        'directory-conformance: configuration: MAX_RPS must be a number of requests per second from 0 (no limit) to 10000, got "fast"',
      ]);
    }
    // Against a service, the first line says the pace it is asked at, and what changes it.
    const remote = command(['probes', 'check', '--base-url', 'http://127.0.0.1:9'], { cwd: dir, env: { MAX_RPS: '' } });
    expect(remote.stderr.split('\n')[0]).toBe(
      'target: http://127.0.0.1:9 (at most 10 requests/s: MAX_RPS or --max-rps sets it, 0 for no limit)',
    );
  },
);

test(
  'a run stopped by SIGTERM writes the report of what it judged and exits by its verdict, 3, as the README says: its tests not reached are gaps no --update-baseline accepts',
  { tag: '@full' },
  async () => {
    const dir = tempDir();
    // Paced (3 requests a second against the embedded server), so that the signal lands in the middle of the tests.
    const result = await commandAsync(['run', '--baseline', 'b.json', '--update-baseline'], {
      cwd: dir,
      env: { MAX_RPS: '3' },
      started: (child) =>
        void (async () => {
          await expect
            .poll(() => existsSync(join(dir, 'conformance-report', 'playwright', 'test-results')), { timeout: 120_000, intervals: [100] })
            .toBe(true);
          await new Promise((resolve) => setTimeout(resolve, 3_000));
          child.kill('SIGTERM');
        })(),
    });
    expect(result.code, result.stdout).toBe(3);
    const report = JSON.parse(readFileSync(join(dir, 'conformance-report', 'conformance.json'), 'utf8')) as ConformanceReport;
    expect(report.verdict).toBe('inconclusive');
    expect(result.stdout).toMatch(/^conformance: INCONCLUSIVE: /m);
    // The interruption is an error of the run, and what its tests not reached judge is a gap, never "not selected".
    expect(report.errors).toContainEqual(expect.objectContaining({ kind: 'interrupted' }));
    const gaps = (report.coverage?.gaps ?? []).filter((gap) => gap.level === 'MUST');
    expect(gaps.length).toBeGreaterThan(0);
    expect(gaps.some((gap) => gap.reason.kind === 'test-not-run' && gap.reason.outcome === 'interrupted')).toBe(true);
    expect(gaps.filter((gap) => gap.reason.kind === 'not-selected')).toEqual([]);
    // --update-baseline accepts no gap of an interrupted run: whatever the baseline, the next interrupted run is no pass.
    expect(JSON.parse(readFileSync(join(dir, 'b.json'), 'utf8')).gaps).toBeUndefined();
  },
);

test(
  'a selection passed through to Playwright (after --) leaves gaps, not unselected requirements: inconclusive, never a pass',
  { tag: '@full' },
  async () => {
    const dir = tempDir();
    const result = await commandAsync(['run', '--', '--grep-invert', 'ORG-PAGE'], { cwd: dir });
    expect(result.code, result.stdout).toBe(3);
    const report = JSON.parse(readFileSync(join(dir, 'conformance-report', 'conformance.json'), 'utf8')) as ConformanceReport;
    expect((report.coverage?.gaps ?? []).find((gap) => gap.id === 'ORG-PAGE')).toMatchObject({
      level: 'MUST',
      judged: 'not',
      reason: { kind: 'test-not-run', outcome: 'deselected' },
    });
    // The harness's own --grep is the user's selection: what it leaves out is not selected, and the run passes.
    const own = await commandAsync(['run', '--grep', 'SB-NO-MATCH'], { cwd: dir });
    expect(own.code).toBe(0);
  },
);

test("on a terminal, the run ends on the report it wrote, not on Playwright's show-report hint", { tag: '@full' }, () => {
  const hasScript = spawnSync('script', ['--version']).status === 0;
  test.skip(!hasScript, 'no script(1) here to give the run a terminal');
  const dir = tempDir();
  // script(1) runs the command on a pseudo-terminal, as a user's shell does.
  const onTerminal = spawnSync('script', ['-qec', `${BIN} run --grep ORG-PAGE`, '/dev/null'], {
    cwd: dir,
    env: { ...neutralSuiteEnvironment(process.env), PATH: process.env.PATH },
    encoding: 'utf8',
  });
  expect(onTerminal.status, onTerminal.stdout).toBe(0);
  expect(onTerminal.stdout).toMatch(/conformance: PASS: .*conformance-report\/index\.html/);
  expect(onTerminal.stdout).not.toMatch(/show-report/);
});

test('--quiet leaves the verdict and the findings: no list of tests, no announcement, no progress', { tag: '@full' }, () => {
  const dir = tempDir();
  const run = command(['run', '--quiet', '--grep', 'SB-NO-MATCH'], { cwd: dir });
  expect(run.code).toBe(0);
  expect(`${run.stdout}${run.stderr}`.trim().split('\n')).toEqual([expect.stringMatching(/^conformance: PASS: requirements 3 pass/)]);
  const survey = command(['survey', '--quiet', '--organizations', 'name=CLINIC'], { cwd: dir });
  expect(survey.code).toBe(0);
  const surveySaid = `${survey.stdout}${survey.stderr}`;
  expect(surveySaid).not.toMatch(/^(target: |configuration: |survey: no NPIs)/m);
  expect(surveySaid).toMatch(/^survey: PASS/m);
  // Without --quiet the same commands announce their target.
  expect(command(['survey', '--organizations', 'name=CLINIC'], { cwd: dir }).stderr).toMatch(/^target: /m);
});

test(
  'run --report DIR never deletes a file it did not write: Playwright writes in a folder the harness marks as its own, and refuses one it did not make',
  { tag: '@full' },
  () => {
    const dir = tempDir();
    const mine = [join(dir, 'html', 'css', 'site.css'), join(dir, 'test-results', 'other.xml')];
    for (const file of mine) {
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, 'mine');
    }
    const run = (args: string[]) => command(['run', '--quiet', '--grep', 'SB-NO-MATCH', '--report', '.', ...args], { cwd: dir });
    expect(run([]).code).toBe(0);
    for (const file of mine) expect(existsSync(file), file).toBe(true);
    expect(existsSync(join(dir, 'playwright', 'html', 'index.html'))).toBe(true);
    // Again: the folder is the harness's own now.
    expect(run([]).code).toBe(0);
    // A playwright/ or a shard's blob/ that another wrote: refused in one line, and left as it is.
    const other = tempDir();
    const theirs = [join(other, 'playwright', 'notes.txt'), join(other, 'blob', 'notes.txt')];
    for (const [i, file] of theirs.entries()) {
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, 'theirs');
      const refused = command(['run', '--grep', 'SB-NO-MATCH', '--report', other, ...(i === 1 ? ['--shard', '1/2'] : [])], { cwd: dir });
      expect(refused.code, refused.stdout + refused.stderr).toBe(2);
      expect(refused.stderr).toMatch(
        i === 0
          ? /REPORT_DIR holds a folder playwright\/ that the harness did not make/
          : /REPORT_DIR holds a folder blob\/ with files that are no blob report \(notes\.txt\)/,
      );
      expect(readFileSync(file, 'utf8')).toBe('theirs');
      if (i === 0) rmSync(join(other, 'playwright'), { recursive: true });
    }
    // A report file of another's in the folder (notes named conformance.md, a page named index.html): refused, left as it is.
    for (const name of ['conformance.md', 'index.html']) {
      const folder = tempDir();
      writeFileSync(join(folder, name), 'my own notes');
      const refused = command(['run', '--grep', 'SB-NO-MATCH', '--report', folder], { cwd: dir });
      expect(refused.code, refused.stderr).toBe(2);
      expect(refused.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(new RegExp(`REPORT_DIR .* holds ${name}, which the harness did not write`)),
      ]);
      expect(readFileSync(join(folder, name), 'utf8')).toBe('my own notes');
    }
    // REPORT_DIR naming a file: one line, exit 2 (a stack and exit 1 once, which CI read as a MUST failure), for run and merge alike.
    const aFile = join(dir, 'a-file');
    writeFileSync(aFile, 'x');
    for (const args of [
      ['run', '--grep', 'SB-NO-MATCH', '--report', aFile],
      ['merge', dir, '--report', aFile],
    ]) {
      const refused = command(args, { cwd: dir });
      expect(refused.code, `${args[0]}: ${refused.stderr}`).toBe(2);
      expect(refused.stderr.trim().split('\n'), args[0]).toHaveLength(1);
      expect(readFileSync(aFile, 'utf8')).toBe('x');
    }
  },
);

test("a checkout's own bin runs its TypeScript sources: a run and a survey of the embedded server", { tag: '@full' }, () => {
  // Every other test runs the command compiled once before them (global-setup.ts): this one keeps the
  // checkout's path, tsx and Playwright's TypeScript loader, working.
  const bin = join(PACKAGE_ROOT, 'bin', 'directory-conformance.js');
  expect(bin).not.toBe(BIN);
  const dir = tempDir();
  const run = command(['run', '--grep', 'SB-NO-MATCH', '--report', join(dir, 'report')], { cwd: dir, bin });
  expect(run.code, run.stdout + run.stderr).toBe(0);
  expect(run.stdout).toMatch(/^conformance: PASS: requirements 3 pass/m);
  const survey = command(['survey', '--organizations', 'name=CLINIC', '--out', join(dir, 'survey')], { cwd: dir, bin });
  expect(survey.code, survey.stderr).toBe(0);
  expect(survey.stdout + survey.stderr).toMatch(/^survey: PASS/m);
});

test('docs/cli.md has a section for every command, naming each of its flags', { tag: '@fast' }, () => {
  const sections = new Map(
    readFileSync(join(PACKAGE_ROOT, 'docs', 'cli.md'), 'utf8')
      .split(/^### /m)
      .slice(1)
      .map((section) => [/^`([^`]+)`/.exec(section)?.[1], section] as const),
  );
  for (const [name, { flags }] of Object.entries(COMMANDS)) {
    const section = sections.get(name);
    expect(section, `docs/cli.md lacks a section for ${name}`).toBeDefined();
    for (const flag of Object.keys(flags)) expect(section, `docs/cli.md: ${name} does not name --${flag}`).toContain(`\`--${flag}`);
  }
});

test('list prints the whole catalogue; --json for machines', { tag: '@fast' }, async () => {
  const entries = JSON.parse((await commandAsync(['list', '--json'])).stdout) as {
    id: string;
    level: string;
    section: string;
    title: string;
  }[];
  // The requirements, the observations, and the survey's data-quality measures (level SCORECARD).
  expect(entries.map((e) => e.id)).toEqual([
    ...REQUIREMENTS.map((r) => r.id),
    ...OBSERVATIONS.map((o) => o.id),
    ...QUALITY_MEASURES.map((m) => m.id),
  ]);
  expect(entries.filter((e) => e.level === 'SCORECARD').map((e) => e.id)).toEqual(QUALITY_MEASURES.map((m) => m.id));
  expect(entries[0]).toEqual({
    id: REQUIREMENTS[0].id,
    level: REQUIREMENTS[0].level,
    section: REQUIREMENTS[0].spec,
    title: REQUIREMENTS[0].title,
  });
  expect((await commandAsync(['list'])).stdout.split('\n').filter(Boolean)).toHaveLength(entries.length);
});

function report(
  records: { id: string; failures: { level?: 'MUST' | 'SHOULD'; message: string; url?: string; pointer?: string }[] }[],
  observed: unknown,
): ConformanceReport {
  const outcomes = records.map(({ id, failures }) => ({
    title: id,
    status: 'passed' as const,
    annotations: [
      { type: 'requirement', description: id },
      { type: 'conformance-result', description: JSON.stringify({ id, checks: 1, failures }) },
      { type: 'conformance-observation', description: JSON.stringify({ id: 'OBS-NO-MATCH', value: observed }) },
    ],
    errors: [],
  }));
  return conformanceReport({
    ...aggregate(outcomes.map(testResultOf), { strict: false }),
    target: { baseUrl: 'http://x', embedded: false },
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
  });
}

test(
  'compare: status changes, failures new and gone by fingerprint, observations that differ; exit 1 on a new failure of either level',
  { tag: '@fast' },
  async () => {
    const dir = tempDir();
    const staging = {
      message: '[ORG-PAGE] MUST: Page=1 returned 20 entries',
      url: 'https://staging.example/v1/fhir/organization?Page=1',
      pointer: '/entry',
    };
    const production = { ...staging, url: 'https://directory.example/fhir/organization?Page=1' };
    const a = report(
      [
        { id: 'ORG-PAGE', failures: [staging] },
        { id: 'SB-ROOT-OBJECT', failures: [] },
      ],
      { status: 404 },
    );
    const b = report(
      [
        { id: 'ORG-PAGE', failures: [production] },
        {
          id: 'SB-ROOT-OBJECT',
          failures: [{ message: '[SB-ROOT-OBJECT] MUST: an array', url: 'https://directory.example/provider/searchSingleBest?NPI=1' }],
        },
      ],
      { status: 200 },
    );
    writeFileSync(join(dir, 'a.json'), JSON.stringify(a));
    writeFileSync(join(dir, 'b.json'), JSON.stringify(b));
    const markdown = await commandAsync(['compare', 'a.json', 'b.json'], { cwd: dir });
    expect(markdown.code).toBe(1);
    expect(markdown.stdout).toContain('| SB-ROOT-OBJECT | pass | fail |');
    expect(markdown.stdout).toContain('- `SB-ROOT-OBJECT searchSingleBest` (MUST)');
    // The same ORG-PAGE failure on another host and path prefix is the same fingerprint: neither new nor gone.
    expect(markdown.stdout).not.toContain('ORG-PAGE organization');
    expect(markdown.stdout).toContain('| OBS-NO-MATCH | {"status":404} | {"status":200} |');
    const json = JSON.parse((await commandAsync(['compare', 'b.json', 'a.json', '--json'], { cwd: dir })).stdout);
    expect(json.goneFailures.map((f: { fingerprint: string }) => f.fingerprint)).toEqual(['SB-ROOT-OBJECT searchSingleBest']);
    expect(json.newFailures).toEqual([]);
    expect((await commandAsync(['compare', 'b.json', 'a.json'], { cwd: dir })).code).toBe(0);
    const should = report(
      [
        { id: 'ORG-PAGE', failures: [staging] },
        {
          id: 'ORG-PAGE-DISJOINT',
          failures: [{ level: 'SHOULD', message: '[ORG-PAGE-DISJOINT] SHOULD: repeats', url: staging.url, pointer: '/entry/4' }],
        },
      ],
      { status: 404 },
    );
    writeFileSync(join(dir, 'c.json'), JSON.stringify(should));
    const newShould = await commandAsync(['compare', 'a.json', 'c.json'], { cwd: dir });
    expect(newShould.stdout).toContain('- `ORG-PAGE-DISJOINT organization /entry/*` (SHOULD)');
    expect(newShould.code).toBe(1);
  },
);

test(
  'compare: exit 3 when B judged nothing or not all; a requirement A judged and B skipped is lost coverage, listed and counted',
  { tag: '@fast' },
  async () => {
    const dir = tempDir();
    const a = report(
      [
        { id: 'SB-ROOT-OBJECT', failures: [] },
        { id: 'ORG-ACTIVE', failures: [] },
      ],
      { status: 404 },
    );
    const b = report([{ id: 'SB-ROOT-OBJECT', failures: [] }], { status: 404 });
    writeFileSync(join(dir, 'a.json'), JSON.stringify(a));
    writeFileSync(join(dir, 'b.json'), JSON.stringify(b));
    const lost = await commandAsync(['compare', 'a.json', 'b.json'], { cwd: dir });
    expect(lost.stdout).toMatch(/^\| ORG-ACTIVE \| pass \| skip \| no test of this run judges it \(--grep or --shard chose others\) \|$/m);
    expect(lost.stdout).toMatch(/^1 change: 0 status changes, 1 lost coverage,/m);
    expect(JSON.parse((await commandAsync(['compare', 'a.json', 'b.json', '--json'], { cwd: dir })).stdout).lostCoverage).toEqual([
      { id: 'ORG-ACTIVE', a: 'pass', b: 'skip', why: 'no test of this run judges it (--grep or --shard chose others)' },
    ]);
    for (const verdict of ['inconclusive', 'error']) {
      writeFileSync(join(dir, 'c.json'), JSON.stringify({ ...a, verdict }));
      const unjudged = await commandAsync(['compare', 'a.json', 'c.json'], { cwd: dir });
      expect(unjudged.code).toBe(3);
      expect(unjudged.stdout).toContain(`B's verdict is ${verdict}`);
      expect((await commandAsync(['matrix', 'a.json', 'c.json'], { cwd: dir })).code).toBe(3);
      // Only B's verdict: an inconclusive reference does not make the candidate's comparison inconclusive.
      expect((await commandAsync(['compare', 'c.json', 'a.json'], { cwd: dir })).code).toBe(0);
    }
  },
);

/** A folder of inputs that are empty, of the wrong shape or broken, as the commands below are given them. */
function brokenInputs(): string {
  const dir = tempDir();
  writeFileSync(join(dir, 'array.json'), '[]');
  writeFileSync(join(dir, 'null.json'), 'null');
  writeFileSync(join(dir, 'empty.json'), '');
  writeFileSync(join(dir, 'probes.json'), readFileSync(join(PACKAGE_ROOT, 'fixtures', 'probes.json')));
  writeFileSync(join(dir, 'report.json'), JSON.stringify(report([{ id: 'SB-ROOT-OBJECT', failures: [] }], { status: 404 })));
  mkdirSync(join(dir, 'no-blobs'));
  mkdirSync(join(dir, 'broken-blobs'));
  writeFileSync(join(dir, 'broken-blobs', 'report-1.zip'), 'not a zip');
  return dir;
}

interface BrokenInput {
  args: string[];
  env?: Record<string, string>;
  says: RegExp;
}

/** Exit 2 and one line on standard error that matches what the case says. */
function expectOneLine(result: { code: number | null; stderr: string }, { args, says }: BrokenInput): void {
  const lines = result.stderr.split('\n').filter((line) => line.trim() !== '');
  expect.soft(result.code, args.join(' ')).toBe(2);
  expect.soft(lines, args.join(' ')).toHaveLength(1);
  expect.soft(lines[0] ?? '', args.join(' ')).toMatch(says);
}

test(
  'compare, matrix, replay and probes given empty, wrong-shaped or broken input exit 2 with one line naming it',
  { tag: '@fast' },
  async () => {
    const dir = brokenInputs();
    const cases: BrokenInput[] = [
      { args: ['compare', 'array.json', 'report.json'], says: /array\.json is not a conformance report .*at \/: must be object/ },
      { args: ['compare', 'report.json', 'null.json'], says: /null\.json is not a conformance report .*at \/: must be object/ },
      { args: ['compare', 'report.json', 'probes.json'], says: /probes\.json is not a conformance report .*must have required property/ },
      { args: ['compare', 'report.json', 'empty.json'], says: /empty\.json cannot be read as JSON/ },
      { args: ['matrix', 'report.json', 'array.json'], says: /array\.json is not a conformance report/ },
      { args: ['matrix', 'missing.json'], says: /missing\.json cannot be read as JSON \(ENOENT\)/ },
      { args: ['replay', 'array.json'], says: /array\.json is not a conformance report/ },
      { args: ['probes', 'check', '--base-url', ''], says: /BASE_URL is given but empty/ },
      { args: ['probes', 'check', '--probes', 'null.json'], says: /PROBES_FILE does not match/ },
      { args: ['probes', 'draft', '--npi', '12345'], says: /--npi 12345 is not an NPI/ },
    ];
    for (const broken of cases) expectOneLine(await commandAsync(broken.args, { cwd: dir, env: broken.env }), broken);
  },
);

test('run and merge given empty, wrong-shaped or broken input exit 2 with one line naming it', { tag: '@full' }, () => {
  const dir = brokenInputs();
  const cases: BrokenInput[] = [
    { args: ['merge', 'no-blobs', '--report', 'merged'], says: /no-blobs holds no blob report/ },
    { args: ['merge', 'broken-blobs', '--report', 'merged-broken'], says: /broken-blobs\/report-1\.zip is not a readable zip/ },
    { args: ['merge', 'probes.json'], says: /probes\.json is not a folder/ },
    { args: ['run', '--base-url', ''], says: /BASE_URL is given but empty/ },
    { args: ['run'], env: { BASE_URL: '   ' }, says: /BASE_URL is given but empty/ },
    { args: ['run', '--probes', 'array.json'], says: /PROBES_FILE does not match schemas\/probes\.schema\.json/ },
    { args: ['run', '--baseline', 'report.json'], says: /BASELINE_FILE does not match schemas\/baseline\.schema\.json/ },
    { args: ['run', '--env-file', 'no-blobs'], says: /no-blobs is a folder: give a file/ },
  ];
  for (const broken of cases) expectOneLine(command(broken.args, { cwd: dir, env: broken.env }), broken);
  // Nothing to merge leaves a report that says so, never an earlier run's verdict.
  for (const folder of ['merged', 'merged-broken'])
    expect(JSON.parse(readFileSync(join(dir, folder, 'conformance.json'), 'utf8')).verdict).toBe('error');
});

test(
  "run from another directory reads that directory's .env and says so; --env-file names another; a missing one is exit 2",
  { tag: '@full' },
  () => {
    const dir = tempDir();
    writeFileSync(join(dir, '.env'), 'REPORT_DIR=report-from-dotenv\n');
    const run = command(['run', '--grep', 'SB-NO-MATCH'], { cwd: dir, unset: ['CONFORMANCE_ENV_FILE'] });
    expect(run.stderr).toContain(`configuration: reading ${join(dir, '.env')}`);
    expect(run.code).toBe(0);
    expect(
      JSON.parse(readFileSync(join(dir, 'report-from-dotenv', 'conformance.json'), 'utf8')).requirements.find(
        (r: { id: string }) => r.id === 'SB-NO-MATCH',
      ).status,
    ).toBe('pass');
    mkdirSync(join(dir, 'conf'));
    writeFileSync(join(dir, 'conf', 'staging.env'), 'REPORT_DIR=report-from-env-file\n');
    // Flags win over the environment, which wins over the file.
    const flagged = command(['run', '--env-file', 'conf/staging.env', '--report', 'report-from-flag', '--grep', 'SB-NO-MATCH'], {
      cwd: dir,
      unset: ['CONFORMANCE_ENV_FILE'],
    });
    expect(flagged.stderr).toContain(`configuration: reading ${join(dir, 'conf', 'staging.env')}`);
    const fromFile = command(['run', '--env-file', 'conf/staging.env', '--grep', 'SB-NO-MATCH'], {
      cwd: dir,
      unset: ['CONFORMANCE_ENV_FILE'],
    });
    expect(fromFile.code).toBe(0);
    expect(flagged.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['.env', 'conf', 'report-from-dotenv', 'report-from-env-file', 'report-from-flag']);
    const missing = command(['run', '--env-file', 'nope.env'], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--env-file');
    // Through npx as docs/cli.md gives it for Node 20 (npx's own Node would read --env-file): the command's own line, exit 2.
    withCommandInstalled(dir);
    const throughNpx = spawnSync('npx', ['--', 'directory-conformance', 'run', '--env-file', 'nope.env'], {
      cwd: dir,
      env: { ...neutralSuiteEnvironment(process.env), PATH: process.env.PATH },
      encoding: 'utf8',
    });
    expect(throughNpx.status, throughNpx.stderr).toBe(2);
    expect(throughNpx.stderr.trim()).toBe(`directory-conformance: --env-file ${join(dir, 'nope.env')} does not exist`);
  },
);

test(
  'probes check: 0 when every promise holds, 3 when one is contradicted; probes draft writes a file that check accepts',
  { tag: '@fast' },
  async ({ scenarios }) => {
    const dir = tempDir();
    const holds = await commandAsync(['probes', 'check'], { cwd: dir });
    expect(holds.code).toBe(0);
    expect(holds.stdout).toMatch(/^holds +provider\.unique\[0\] /m);
    expect(holds.stdout).toMatch(/^probes: (\d+) of \1 promises hold, 0 contradicted, 0 unconfirmed$/m);
    const probes = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'fixtures', 'probes.json'), 'utf8'));
    const npi: string = probes.provider.unique.find((p: { query: { NPI?: string } }) => p.query.NPI).query.NPI;
    writeFileSync(join(dir, 'stale.json'), JSON.stringify({ provider: { none: [{ query: { NPI: npi } }] } }));
    const stale = await commandAsync(['probes', 'check', '--probes', 'stale.json'], { cwd: dir });
    expect(stale.code).toBe(3);
    expect(stale.stdout).toContain(
      `contradicted provider.none[0] {"NPI":"${npi}"} promised no matching provider, but the service answered 200`,
    );
    const draft = await commandAsync(['probes', 'draft', '--npi', npi, '--out', 'drafted.json'], { cwd: dir });
    expect(draft.code).toBe(0);
    expect(draft.stderr).toMatch(/drafted from 1 seed in \d+ requests \(at most \d+\)/);
    expect(draft.stderr).toMatch(/^could not fill provider\.ambiguous: /m);
    expect((await commandAsync(['probes', 'check', '--probes', 'drafted.json'], { cwd: dir })).code).toBe(0);
    // Against a service, the hint repeats its address: copied, it checks the same service.
    const service = `${scenarios.origin}${scenarioPrefix('clean')}`;
    const drafted = await commandAsync(['probes', 'draft', '--base-url', service, '--npi', npi, '--out', 'served.json'], {
      cwd: dir,
      env: { MAX_RPS: '0' },
    });
    const hint = /check it with: directory-conformance (probes check .*)$/m.exec(drafted.stderr)?.[1];
    expect(hint, drafted.stderr).toBe(`probes check --base-url ${service} --probes served.json`);
    expect((await commandAsync(hint!.split(' '), { cwd: dir, env: { MAX_RPS: '0' } })).code).toBe(0);
    expect((await commandAsync(['probes', 'draft'], { cwd: dir })).code).toBe(2);
    expect((await commandAsync(['probes', 'draft', '--npi', '123456789'], { cwd: dir })).stderr).toContain(
      '--npi 123456789 is not an NPI: 10 digits',
    );
    // A wrong check digit is the service's own data: drafted from, and said.
    const wrongDigit = await commandAsync(['probes', 'draft', '--npi', npi, '--npi', '1234567890'], { cwd: dir });
    expect(wrongDigit.code).toBe(0);
    expect(wrongDigit.stderr).toContain('note: NPI 1234567890 has no valid check digit');
    expect(wrongDigit.stderr).toContain('DATA-NPI-CHECKDIGIT will report them');
    expect((await commandAsync(['probes', 'check', '--probes', 'nope.json'], { cwd: dir })).code).toBe(2);
    expect((await commandAsync(['probes'], { cwd: dir })).code).toBe(2);
  },
);

test(
  'probes check and draft against a service that wants a token, without one: one line naming API_TOKEN, exit 2, no promise written',
  { tag: '@fast' },
  async ({ scenarios }) => {
    const dir = tempDir();
    const baseUrl = `${scenarios.origin}${scenarioPrefix('bearer-auth')}`;
    const check = await commandAsync(['probes', 'check', '--base-url', baseUrl], { cwd: dir, env: { MAX_RPS: '0' } });
    expect(check.code).toBe(2);
    expect(check.stdout).toBe('');
    expect(
      check.stderr
        .trim()
        .split('\n')
        .filter((line) => line.startsWith('directory-conformance:')),
    ).toEqual([
      expect.stringMatching(
        /^directory-conformance: preflight: the service answered 401 Unauthorized to GET .*: check API_TOKEN \(none is set\)$/,
      ),
    ]);
    const draft = await commandAsync(['probes', 'draft', '--base-url', baseUrl, '--npi', '1234567893', '--out', 'drafted.json'], {
      cwd: dir,
      env: { MAX_RPS: '0' },
    });
    expect(draft.code).toBe(2);
    expect(draft.stderr).toContain('check API_TOKEN (none is set)');
    expect(existsSync(join(dir, 'drafted.json'))).toBe(false);
    // With a token the service refuses, the credentials are set but wrong: inconclusive, not a configuration error.
    const wrong = await commandAsync(['probes', 'check', '--base-url', baseUrl], {
      cwd: dir,
      env: { MAX_RPS: '0', API_TOKEN: 'not-the-token' },
    });
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).toMatch(/preflight: the service answered 401 Unauthorized to GET .*: check API_TOKEN$/m);
  },
);

test(
  'one format fault in every record reads in one screen: a line a test, one block for the requirement, no stack',
  { tag: '@full' },
  async ({ scenarios }) => {
    const dir = tempDir();
    const result = await commandAsync(['run', '--base-url', `${scenarios.origin}${scenarioPrefix('phone-punctuated')}`], {
      cwd: dir,
      env: { MAX_RPS: '0' },
    });
    expect(result.code).toBe(1);
    const lines = `${result.stdout}${result.stderr}`.split('\n').filter((line) => line.trim() !== '');
    expect(lines.length, lines.join('\n')).toBeLessThanOrEqual(60);
    const blocks = lines.filter((line) => /^ {2}✘ DATA-FORMATS MUST /.test(line));
    expect(blocks).toEqual([expect.stringMatching(/^ {2}✘ DATA-FORMATS MUST §[^:]+: \d+ failed checks$/)]);
    // The first example once: what was wrong, the request and its answer, the failing value.
    const at = lines.indexOf(blocks[0]);
    expect(lines.slice(at + 1, at + 4)).toEqual([
      expect.stringMatching(/^ {4}a phone number is 10 digits .* at \/data\/\S*Phone\S* must match pattern/),
      expect.stringMatching(/^ {4}GET http:\/\/127\.0\.0\.1:\d+\/\S+ → 200 application\/json/),
      expect.stringMatching(/^ {4}\/data\/\S*Phone\S* = "/),
    ]);
    expect(lines.join('\n')).not.toMatch(/^\s+at |\.[tj]s:\d+|^\s+> ?\d+ \||Error: |@DATA-FORMATS/m);
  },
);

test(
  "a finding reads as the service's fault, with the hint that records it; --update-baseline writes the baseline the command then judges by (the lifecycle: baseline.spec)",
  { tag: '@full' },
  async ({ scenarios }) => {
    const dir = tempDir();
    const faulty = `${scenarios.origin}${scenarioPrefix('page-size-20')}`;
    const env = { MAX_RPS: '0' };
    // Without a baseline the fault fails the run; --update-baseline records it and the run passes.
    const unguarded = command(['run', '--base-url', faulty, '--grep', 'ORG-PAGE'], { cwd: dir, env });
    expect(unguarded.code).toBe(1);
    // A finding reads as the service's fault: the first failure of each requirement and how many more, no stack or code frame of the harness.
    // One block for the requirement, whatever number of tests met it; each test a line without its tags.
    expect(unguarded.stdout).toMatch(/^ {2}✘ ORG-PAGE MUST §4\.3, §8: 7 failed checks$/m);
    expect(unguarded.stdout).toMatch(/^ {4}and 6 more: .*conformance\.md$/m);
    expect(unguarded.stdout).toMatch(/^ {2}✘ .*: 7 MUST checks of ORG-PAGE failed \(\d+ ms\)$/m);
    expect(unguarded.stdout).not.toMatch(/@ORG-PAGE|Error: /);
    expect(unguarded.stdout).not.toMatch(/^\s+at |suite\.[tj]s|^\s+> ?\d+ \|/m);
    // Its hint, copied, records this service's findings, not the embedded server's.
    // (--env-file: the self-tests read no dotenv file, CONFORMANCE_ENV_FILE=/dev/null, which the hint repeats.)
    expect(unguarded.stdout).toContain(
      `record the ones you accept with: directory-conformance run --base-url ${faulty} --env-file /dev/null --baseline conformance-baseline.json --update-baseline`,
    );
    const accepted = command(['run', '--base-url', faulty, '--grep', 'ORG-PAGE', '--baseline', 'baseline.json', '--update-baseline'], {
      cwd: dir,
      env,
    });
    expect(accepted.code).toBe(0);
    expect(accepted.stderr).toMatch(/baseline: wrote .*baseline\.json: 1 entry \(0 kept, 1 added, 0 removed\)/);
    const written = JSON.parse(readFileSync(join(dir, 'baseline.json'), 'utf8'));
    expect(written.expectations).toEqual([expect.objectContaining({ id: 'ORG-PAGE', fingerprint: 'organization /entry' })]);
    // Judged by what it wrote: the failure is known, in one line, never a failure.
    expect(accepted.stdout).toContain('baseline: 1 known, 0 new, 0 fixed, 0 expired');
    expect(accepted.stdout).toMatch(/^ {2}known ORG-PAGE MUST §4\.3, §8: 7 failed checks, every one accepted by the baseline$/m);
    expect(accepted.stdout).not.toMatch(/^ {2}✘ ORG-PAGE/m);
    // A baseline that does not exist is a configuration error, unless the run is to write it.
    expect(command(['run', '--baseline', 'missing.json'], { cwd: dir }).code).toBe(2);
    expect(command(['run', '--fail-on-drift'], { cwd: dir }).code).toBe(2);
  },
);

/** The package.json of every package under a node_modules folder, nested ones included. */
function installedManifests(nodeModules: string): { name: string; version: string; engines?: { node?: unknown } }[] {
  return readdirSync(nodeModules, { recursive: true, encoding: 'utf8' })
    .filter((path) => /(^|\/)node_modules\/(@[^/]+\/)?[^/@]+\/package\.json$/.test(`node_modules/${path}`))
    .map((path) => JSON.parse(readFileSync(join(nodeModules, path), 'utf8')))
    .filter((manifest) => typeof manifest.name === 'string' && typeof manifest.version === 'string');
}

test(
  'the packed tarball installs into an empty directory and runs against the embedded server and a scenario server',
  { tag: '@full' },
  async () => {
    const dir = tempDir();
    const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: PACKAGE_ROOT, encoding: 'utf8' })
      .trim()
      .split('\n')
      .pop()!;
    const project = join(dir, 'consumer');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), '{ "name": "consumer", "private": true }\n');
    // Compiled JavaScript and declarations, and what a user reads; no TypeScript source, no test equipment.
    const files = execFileSync('tar', ['tzf', join(dir, tarball)], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(files).toContain('package/dist/src/cli/main.js');
    expect(files).toContain('package/dist/src/cli/main.d.ts');
    expect(files).toContain('package/dist/tests/conformance/search-single-best.spec.js');
    expect(files).toContain('package/docs/cli.md');
    expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
    // The faults ship, for serve --fault; the runs that use them as test equipment do not.
    expect(files).toContain('package/dist/src/reference/scenarios/main.js');
    expect(files.filter((f) => /\/(suite-runs|bench|openapi)\//.test(f))).toEqual([]);
    expect(files).toContain('package/LICENSE');
    expect(readFileSync(join(PACKAGE_ROOT, 'LICENSE'), 'utf8')).toMatch(/^ +Apache License\n +Version 2\.0, January 2004/);
    const manifest = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { license: string; engines: { node: string } };
    expect(manifest.license).toBe('Apache-2.0');
    // What an installer gets, not the lockfile: every package must admit every Node the package declares
    // (a range that admits Node 22.0 where a dependency wants 22.12 is refused, not only its oldest Node).
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--engine-strict', join(dir, tarball)], { cwd: project, stdio: 'pipe' });
    const refusing = installedManifests(join(project, 'node_modules')).filter(
      ({ engines }) => typeof engines?.node === 'string' && !subset(manifest.engines.node, engines.node),
    );
    expect(
      refusing.map(({ name, version, engines }) => `${name}@${version} wants Node ${engines!.node}`),
      `Node ${manifest.engines.node}`,
    ).toEqual([]);
    // Plain Node runs it: no TypeScript loader is installed with it.
    for (const loader of ['tsx', 'esbuild', 'ts-node']) expect(existsSync(join(project, 'node_modules', loader))).toBe(false);
    const bin = join(project, 'node_modules', '.bin', 'directory-conformance');
    expect(command(['--version'], { cwd: project, bin }).stdout.trim()).toBe(VERSION);
    expect(command(['probes', 'check'], { cwd: project, bin }).code).toBe(0);
    const embedded = command(['run', '--grep', 'ORG-PAGE', '--report', 'embedded'], { cwd: project, bin });
    expect(embedded.code).toBe(0);
    expect(JSON.parse(readFileSync(join(project, 'embedded', 'conformance.json'), 'utf8')).target.embedded).toBe(true);
    // Compiled, the survey page's charts (Vega, an ES module with top-level await) and the history (PGlite) load under plain Node.
    const surveyed = command(
      ['survey', '--organizations', 'address-state=OH', '--out', 'survey', '--history', 'history', '--label', 'first'],
      {
        cwd: project,
        bin,
      },
    );
    expect(surveyed.code, surveyed.stderr).toBe(0);
    expect(surveyed.stderr).toContain('history: recorded survey #1 of embedded (first), verdict pass');
    expect(chartsIn(readFileSync(join(project, 'survey', 'index.html'), 'utf8'))[0]).toMatch(/^<svg /);
    const page = command(['history', 'page', '--history', 'history', '--out', 'history-page'], { cwd: project, bin });
    expect(page.code, page.stderr).toBe(0);
    expect(chartsIn(readFileSync(join(project, 'history-page', 'index.html'), 'utf8'))[0]).toMatch(/^<svg /);
    // A release that breaks a rule, served by the installed command itself: the README's demonstrations work from the package.
    const listed = command(['serve', '--list-faults'], { cwd: project, bin });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^page-size-20 +\S/m);
    const serving = spawn(bin, ['serve', '--fault', 'page-size-20', '--port', '0'], { cwd: project });
    try {
      const origin = await new Promise<string>((resolve, reject) => {
        let said = '';
        serving.stdout.on('data', (chunk: Buffer) => {
          said += chunk.toString();
          // The first line names the fault it serves, so a terminal left open says what it is.
          const found = /reference server: (http:\/\/\S+) .*; serving the fault page-size-20: /.exec(said);
          if (found) resolve(found[1]);
        });
        serving.on('exit', (code) => reject(new Error(`serve --fault exited ${code}: ${said}`)));
      });
      const faulty = command(['run', '--base-url', origin, '--grep', 'ORG-PAGE', '--report', 'faulty'], {
        cwd: project,
        bin,
        env: { MAX_RPS: '0' },
      });
      expect(faulty.code).toBe(1);
      const found = JSON.parse(readFileSync(join(project, 'faulty', 'conformance.json'), 'utf8'));
      expect(found.requirements.find((r: { id: string }) => r.id === 'ORG-PAGE').status).toBe('fail');
    } finally {
      serving.kill();
    }
  },
);

test(
  'what run passes to Playwright after -- is checked before Playwright starts: its options that select or pace tests go, anything else is one line',
  { tag: '@fast' },
  () => {
    const suite: SuiteSelections = {
      fileMatches: (filter) => new RegExp(filter).test('tests/conformance/organization-paging.spec.ts'),
      grepSelects: (grep, inverted) =>
        ['walks by Page @ORG-PAGE', 'Count @ORG-COUNT'].some((t) => new RegExp(grep, 'i').test(t) !== inverted),
    };
    const passes = [
      ['--grep-invert', 'ORG-COUNT'],
      ['-g', 'ORG-PAGE', '--retries', '1', '--repeat-each=2', '-x'],
      ['--shuffle', '--max-failures', '3'],
      ['--shuffle', '7', 'paging'],
      ['--workers=2', '-j', '50%'],
    ];
    for (const args of passes) expect(() => checkedPassThrough(args, suite), args.join(' ')).not.toThrow();
    const refused: [string[], RegExp][] = [
      [['--project=nosuch'], /-- --project is not passed to Playwright: the suite has one project/],
      [['--config=nosuch.ts'], /-- --config is not passed to Playwright/],
      [['-c', 'x.ts'], /-- -c is not passed to Playwright/],
      [['--list'], /-- --list is not passed to Playwright: it lists tests and judges nothing/],
      [['--trace', 'on'], /a trace holds the requests as sent/],
      [['--reporter=line'], /the reports are the harness's/],
      [['--ui'], /uses no browser/],
      [['--frob'], /-- --frob is no option run passes to Playwright/],
      [['--retries', 'abc'], /-- --retries must be a whole number, got "abc"/],
      [['--workers=0'], /-- --workers must be a number of workers from 1/],
      [['-j', '0%'], /-- -j must be a number of workers from 1/],
      [['--retries'], /-- --retries needs a value/],
      [['-x=1'], /-- -x takes no value/],
      [['--grep', '('], /-- --grep must be a regular expression/],
      [['--grep', 'NOSUCH'], /-- --grep NOSUCH selects no test of the suite/],
      [['-G', '.'], /-- -G \. leaves no test of the suite/],
      [['nosuchfile'], /-- nosuchfile filters the suite's test files, and matches none of them/],
    ];
    for (const [args, says] of refused) expect(() => checkedPassThrough(args, suite), args.join(' ')).toThrow(says);
  },
);
