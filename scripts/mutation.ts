/**
 * The mutation run: `npm run test:mutation`. One reference server serves every scenario under
 * /scenario/<name>; the conformance suite runs against each, as a separate `playwright test` with
 * its real exit status, two at a time. It asserts that
 *   - the clean server and every conformant variant pass with no failure and no warning;
 *   - every fault makes its targeted requirement `fail` (MUST) or `warn` (SHOULD);
 *   - every MUST fault makes the run exit non-zero;
 * and prints each fault's other tripped requirements, so imprecise checks stay visible.
 *
 *   npm run test:mutation -- --only page-size-20,clean     a subset, by name
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { requirement } from '../src/harness/catalogue';
import type { ConformanceReport } from '../src/harness/reporter/report';
import { SCENARIOS, scenarioPrefix } from '../src/reference/scenarios/catalog';
import type { Fault, Scenario } from '../src/reference/scenarios/scenario';

const ROOT = join(__dirname, '..');
const { values } = parseArgs({ options: { only: { type: 'string' } } });
const only = values.only?.split(',').map((s) => s.trim());
const selected = only ? SCENARIOS.filter((s) => only.includes(s.name)) : SCENARIOS;
if (only && selected.length !== only.length) throw new Error(`unknown scenario in --only: ${only.filter((n) => !SCENARIOS.some((s) => s.name === n)).join(', ')}`);

/** Every suite key, set explicitly so that a developer's .env or shell cannot change a mutation run. */
const SUITE_DEFAULTS = {
  API_TOKEN: '', API_HEADERS: '', PROBES_FILE: '', PROVIDER_PATH: '', FHIR_PATH: '', STRICT: '', REQUEST_TIMEOUT_MS: '',
  // The reference server supports `active`, so ORG-ACTIVE runs too.
  STATUS_SEARCH: 'true',
};

const isFault = (scenario: Scenario): scenario is Fault => 'targets' in scenario;

interface Outcome {
  scenario: Scenario;
  exitCode: number;
  seconds: number;
  report?: ConformanceReport;
}

function waitForExit(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startServer(port: number): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/reference/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', REFERENCE_SCENARIOS: 'all', REFERENCE_FAULT: '', REFERENCE_VARIANT: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.kill();
  throw new Error('the reference server did not become ready within 30 s');
}

async function runSuite(scenario: Scenario, baseUrl: string, reportRoot: string): Promise<Outcome> {
  const reportDir = join(reportRoot, scenario.name);
  const started = Date.now();
  const child = spawn(process.execPath, [join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '--workers=1', '--reporter=./src/harness/reporter/conformance-reporter.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...SUITE_DEFAULTS, ...scenario.suiteEnv, BASE_URL: `${baseUrl}${scenarioPrefix(scenario.name)}`, REPORT_DIR: reportDir, CONFORMANCE_EMBEDDED_URL: '' },
    stdio: 'ignore',
  });
  const exitCode = await waitForExit(child);
  let report: ConformanceReport | undefined;
  try {
    report = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8'));
  } catch {
    report = undefined;
  }
  return { scenario, exitCode, seconds: (Date.now() - started) / 1000, report };
}

/** What is wrong with an outcome, or nothing. */
function problems(outcome: Outcome): string[] {
  const { scenario, exitCode, report } = outcome;
  if (!report) return [`no conformance.json (exit ${exitCode})`];
  if (!isFault(scenario)) {
    const flagged = report.requirements.filter((r) => r.status === 'fail' || r.status === 'warn').map((r) => `${r.id} ${r.status}`);
    return [
      ...(exitCode !== 0 ? [`exit ${exitCode}`] : []),
      ...flagged.map((f) => `false alarm: ${f}`),
      ...report.errors.map((e) => `run error: ${e.message.split('\n')[0]}`),
      ...report.requirements.filter((r) => r.status === 'skip').map((r) => `skipped: ${r.id}`),
    ];
  }
  const target = report.requirements.find((r) => r.id === scenario.targets)!;
  const expected = requirement(scenario.targets).level === 'MUST' ? 'fail' : 'warn';
  return [
    ...(target.status !== expected ? [`${scenario.targets} is ${target.status}, expected ${expected}`] : []),
    ...(expected === 'fail' && exitCode === 0 ? ['MUST fault, yet the run exited 0'] : []),
  ];
}

function collateral(outcome: Outcome): string {
  if (!outcome.report || !isFault(outcome.scenario)) return '';
  const target = outcome.scenario.targets;
  return outcome.report.requirements.filter((r) => r.id !== target && (r.status === 'fail' || r.status === 'warn')).map((r) => r.id).join(', ');
}

async function main(): Promise<void> {
  const started = Date.now();
  const reportRoot = mkdtempSync(join(tmpdir(), 'mutation-'));
  const port = await freePort();
  const server = await startServer(port);
  const queue = [...selected];
  const outcomes: Outcome[] = [];
  const parallel = Math.max(1, Math.min(2, availableParallelism()));
  try {
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        for (let scenario = queue.shift(); scenario; scenario = queue.shift()) {
          outcomes.push(await runSuite(scenario, `http://127.0.0.1:${port}`, reportRoot));
        }
      }),
    );
  } finally {
    server.kill();
    rmSync(reportRoot, { recursive: true, force: true });
  }

  const order = new Map(selected.map((s, i) => [s.name, i]));
  outcomes.sort((a, b) => order.get(a.scenario.name)! - order.get(b.scenario.name)!);
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  console.log('\n## Conformant scenarios (must pass with no failure and no warning)\n');
  console.log(row(['scenario', 'exit', 'result', 'problems']));
  console.log(row(['---', '---', '---', '---']));
  for (const outcome of outcomes.filter((o) => !isFault(o.scenario))) {
    const found = problems(outcome);
    const summary = outcome.report ? `${outcome.report.summary.pass} pass, ${outcome.report.summary.skip} skip` : '-';
    console.log(row([outcome.scenario.name, String(outcome.exitCode), summary, found.join('; ') || 'none']));
  }
  console.log('\n## Faults (each must be caught under the requirement it targets)\n');
  console.log(row(['fault', 'targets', 'level', 'result', 'exit', 'also tripped']));
  console.log(row(['---', '---', '---', '---', '---', '---']));
  const faults = outcomes.filter((o) => isFault(o.scenario));
  for (const outcome of faults) {
    const fault = outcome.scenario as Fault;
    const status = outcome.report?.requirements.find((r) => r.id === fault.targets)?.status ?? 'no report';
    const found = problems(outcome);
    console.log(row([fault.name, fault.targets, requirement(fault.targets).level, found.length === 0 ? `killed (${status})` : `SURVIVED: ${found.join('; ')}`, String(outcome.exitCode), collateral(outcome) || '-']));
  }
  const killed = faults.filter((o) => problems(o).length === 0).length;
  const falseAlarms = outcomes.filter((o) => !isFault(o.scenario) && problems(o).length > 0);
  const score = faults.length === 0 ? 100 : (100 * killed) / faults.length;
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`\nmutation score: ${killed}/${faults.length} faults killed (${score.toFixed(1)}%); ${outcomes.length - faults.length - falseAlarms.length}/${outcomes.length - faults.length} conformant scenarios clean; ${seconds} s`);
  const ok = killed === faults.length && falseAlarms.length === 0;
  console.log(`mutation: ${outcomes.length - (faults.length - killed) - falseAlarms.length} passed, ${faults.length - killed + falseAlarms.length} failed`);
  process.exit(ok ? 0 : 1);
}

if (selected.length === 0) throw new Error('no scenario selected');
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
