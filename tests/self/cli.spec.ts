/** The directory-conformance command: flags, exit codes, the catalogue, comparison, and the packed package installed. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OBSERVATIONS, REQUIREMENTS } from '../../src/harness/catalogue';
import { aggregate } from '../../src/harness/reporter/aggregate';
import type { ConformanceReport } from '../../src/harness/reporter/report';
import { scenarioPrefix } from '../../src/reference/scenarios/registry';
import { NEUTRAL_SUITE_ENV } from '../../src/suite-runs/run-suite';
import { PROJECT_ROOT, startScenarioServer } from '../../src/suite-runs/scenario-server';
import { expect, test } from './fixtures';

const BIN = join(PROJECT_ROOT, 'bin', 'directory-conformance.js');
const VERSION = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** The command as a user runs it, in `cwd`, with the suite's keys neutral unless given. */
function command(args: string[], options: { cwd?: string; env?: Record<string, string>; bin?: string; unset?: string[] } = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: '', ...NEUTRAL_SUITE_ENV, ...options.env };
  // A variable set, even empty, wins over the dotenv file: a test of the file leaves its keys unset.
  for (const key of options.unset ?? []) delete env[key];
  const result = spawnSync(options.bin ?? BIN, args, {
    cwd: options.cwd ?? PROJECT_ROOT,
    env,
    encoding: 'utf8',
    timeout: 180_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const tempDir = () => mkdtempSync(join(tmpdir(), 'cli-'));

test('--version and --help answer on every command; an unknown flag is a configuration error (exit 2)', () => {
  for (const args of [['--version'], ['run', '--version'], ['list', '--version'], ['compare', '--version']])
    expect(command(args).stdout.trim()).toBe(VERSION);
  expect(command(['--help']).stdout).toContain('Exit codes: 0 pass, 1 fail, 2 configuration error, 3 inconclusive');
  for (const name of ['run', 'list', 'compare', 'serve'])
    expect(command([name, '--help']).stdout).toMatch(new RegExp(`^Usage: directory-conformance ${name}`));
  const unknown = command(['run', '--base-ur', 'http://x']);
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toMatch(/^directory-conformance: Unknown option '--base-ur'/);
  expect(command(['compare', 'only-one.json']).code).toBe(2);
  expect(command(['run', '--workers', 'many']).code).toBe(2);
});

test('list prints the whole catalogue; --json for machines', () => {
  const entries = JSON.parse(command(['list', '--json']).stdout) as { id: string; level: string; section: string; title: string }[];
  expect(entries.map((e) => e.id)).toEqual([...REQUIREMENTS.map((r) => r.id), ...OBSERVATIONS.map((o) => o.id)]);
  expect(entries[0]).toEqual({
    id: REQUIREMENTS[0].id,
    level: REQUIREMENTS[0].level,
    section: REQUIREMENTS[0].spec,
    title: REQUIREMENTS[0].title,
  });
  expect(command(['list']).stdout.split('\n').filter(Boolean)).toHaveLength(entries.length);
});

function report(
  records: { id: string; failures: { message: string; url?: string; pointer?: string }[] }[],
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
  return {
    ...aggregate(outcomes, { strict: false }),
    target: { baseUrl: 'http://x', embedded: false },
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
  };
}

test('compare: status changes, failures new and gone by fingerprint, observations that differ; exit 1 on a new MUST failure', () => {
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
  const markdown = command(['compare', 'a.json', 'b.json'], { cwd: dir });
  expect(markdown.code).toBe(1);
  expect(markdown.stdout).toContain('| SB-ROOT-OBJECT | pass | fail |');
  expect(markdown.stdout).toContain('- **SB-ROOT-OBJECT searchSingleBest** (MUST)');
  // The same ORG-PAGE failure on another host and path prefix is the same fingerprint: neither new nor gone.
  expect(markdown.stdout).not.toContain('ORG-PAGE organization');
  expect(markdown.stdout).toContain('| OBS-NO-MATCH | {"status":404} | {"status":200} |');
  const json = JSON.parse(command(['compare', 'b.json', 'a.json', '--json'], { cwd: dir }).stdout);
  expect(json.goneFailures.map((f: { fingerprint: string }) => f.fingerprint)).toEqual(['SB-ROOT-OBJECT searchSingleBest']);
  expect(json.newFailures).toEqual([]);
  expect(command(['compare', 'b.json', 'a.json'], { cwd: dir }).code).toBe(0);
});

test("run from another directory reads that directory's .env and says so; --env-file names another; a missing one is exit 2", () => {
  const dir = tempDir();
  writeFileSync(join(dir, '.env'), 'REPORT_DIR=report-from-dotenv\n');
  const run = command(['run', '--grep', 'SB-NO-MATCH'], { cwd: dir, unset: ['REPORT_DIR'] });
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
    unset: ['REPORT_DIR'],
  });
  expect(flagged.stderr).toContain(`configuration: reading ${join(dir, 'conf', 'staging.env')}`);
  const fromFile = command(['run', '--env-file', 'conf/staging.env', '--grep', 'SB-NO-MATCH'], { cwd: dir, unset: ['REPORT_DIR'] });
  expect(fromFile.code).toBe(0);
  expect(flagged.code).toBe(0);
  expect(readdirSync(dir).sort()).toEqual(['.env', 'conf', 'report-from-dotenv', 'report-from-env-file', 'report-from-flag']);
  const missing = command(['run', '--env-file', 'nope.env'], { cwd: dir });
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain('--env-file');
});

test('the packed tarball installs into an empty directory and runs against the embedded server and a scenario server', async () => {
  test.setTimeout(300_000);
  const dir = tempDir();
  const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: PROJECT_ROOT, encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop()!;
  const project = join(dir, 'consumer');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), '{ "name": "consumer", "private": true }\n');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', join(dir, tarball)], { cwd: project, stdio: 'pipe' });
  const bin = join(project, 'node_modules', '.bin', 'directory-conformance');
  expect(command(['--version'], { cwd: project, bin }).stdout.trim()).toBe(VERSION);
  const embedded = command(['run', '--grep', 'ORG-PAGE', '--report', 'embedded'], { cwd: project, bin });
  expect(embedded.code).toBe(0);
  expect(JSON.parse(readFileSync(join(project, 'embedded', 'conformance.json'), 'utf8')).target.embedded).toBe(true);
  const server = await startScenarioServer();
  try {
    const faulty = command(
      ['run', '--base-url', `${server.origin}${scenarioPrefix('page-size-20')}`, '--grep', 'ORG-PAGE', '--report', 'faulty'],
      { cwd: project, bin, env: { MAX_RPS: '0' } },
    );
    expect(faulty.code).toBe(1);
    const found = JSON.parse(readFileSync(join(project, 'faulty', 'conformance.json'), 'utf8'));
    expect(found.requirements.find((r: { id: string }) => r.id === 'ORG-PAGE').status).toBe('fail');
  } finally {
    server.stop();
  }
});
