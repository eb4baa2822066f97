/**
 * The mutation run: `npm run test:mutation`. One reference server serves every scenario under
 * /scenario/<name>; one `playwright test` runs the conformance suite against all of them at once,
 * each scenario a target (CONFORMANCE_TARGETS) with its own report and verdict, and the exit status
 * its verdict gives (EXIT_CODE, as a run of its own would exit). One runner and two workers for a
 * hundred scenarios, instead of a hundred runners. It asserts that
 *   - the clean server and every conformant variant pass with no failure, warning, probe problem or
 *     skip, but for the skips a variant declares (a check with nothing to check, which says why);
 *   - every fault makes its targeted requirement `fail` (MUST) or `warn` (SHOULD);
 *   - every MUST fault makes the run exit 1, and every other run exits as its verdict says;
 * and lists the other requirements each fault tripped, so imprecise checks stay visible.
 *
 *   npm run test:mutation -- --only page-size-20,clean     a subset, by name
 *   npm run test:mutation -- --keep-reports DIR            every scenario's report kept in DIR/<name>/
 *                                                          (scripts/compare-verdicts.ts compares two such folders)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { requirement } from '../src/spec/catalogue';
import { SCHEMA } from '../src/schema-validation/validator';
import { EXIT_CODE } from '../src/verdicts/aggregate';
import { TARGETS_VARIABLE } from '../src/config/targets';
import { CLEAN, scenarioPrefix } from '../src/reference/scenarios/registry';
import { FAULTS } from '../src/reference/scenarios/faults';
import type { Fault, Scenario } from '../src/reference/scenarios/scenario';
import { VARIANTS } from '../src/reference/scenarios/variants';
import { readReportFiles, runSuite, type SuiteRun } from '../src/suite-runs/run-suite';
import { endRun, markdownTable } from '../src/suite-runs/run-table';
import { startScenarioServer } from '../src/suite-runs/scenario-server';

const MUTATION_SCENARIOS: readonly Scenario[] = [CLEAN, ...VARIANTS, ...FAULTS];

const { values } = parseArgs({ options: { only: { type: 'string' }, 'keep-reports': { type: 'string' } } });
const only = values.only?.split(',').map((s) => s.trim());
const selected = only ? MUTATION_SCENARIOS.filter((s) => only.includes(s.name)) : MUTATION_SCENARIOS;
if (selected.length === 0 || (only && selected.length !== only.length)) {
  console.error(`--only names unknown scenarios; known: ${MUTATION_SCENARIOS.map((s) => s.name).join(', ')}`);
  process.exit(2);
}

const isFault = (scenario: Scenario): scenario is Fault => 'targets' in scenario;

/** The level a fault must be caught at: its own for a graded requirement's near miss, else the requirement's. */
const faultLevel = (fault: Fault) => fault.level ?? requirement(fault.targets).level;

/** What is wrong with a run, or nothing. */
function problems(scenario: Scenario, run: SuiteRun): string[] {
  const { report, exitCode } = run;
  if (!report) return [`no conformance.json (exit ${exitCode}): ${run.stderr.trim().split('\n').slice(-1)[0] ?? ''}`];
  if (run.reportShapeError) return [`conformance.json breaks schemas/${SCHEMA.conformanceReport} ${run.reportShapeError}`];
  if (!isFault(scenario)) {
    const skips = new Set<string>(scenario.skips ?? []);
    return [
      ...(exitCode !== 0 ? [`exit ${exitCode}`] : []),
      ...report.requirements
        .filter((r) => r.status !== (skips.has(r.id) ? 'skip' : 'pass'))
        .map((r) => `${r.id} ${r.status}: ${(r.failures[0]?.message ?? r.skipped?.[0] ?? '').split('\n')[0]}`),
      ...report.probeProblems.map((p) => `probe problem: ${p.message.split('\n')[0]}`),
      ...report.errors.map((e) => `run error: ${e.message.split('\n')[0]}`),
      ...(scenario.observes && !report.observations.some((o) => o.id === scenario.observes && o.status === 'observed')
        ? [`${scenario.observes} was not recorded`]
        : []),
    ];
  }
  const target = report.requirements.find((r) => r.id === scenario.targets)!;
  const expected = faultLevel(scenario) === 'MUST' ? 'fail' : 'warn';
  const others = alsoTripped(scenario, run);
  return [
    ...(target.status !== expected ? [`${scenario.targets} is ${target.status}, expected ${expected}`] : []),
    ...(expected === 'fail' && exitCode !== 1 ? [`MUST fault, yet the run exited ${exitCode}`] : []),
    // One finding per cause: such a fault may not cascade into other requirements.
    ...(scenario.alone && others !== '-' ? [`it must be one finding, yet it also tripped ${others}`] : []),
    // Whatever a service sends is a finding or a clear skip, never a crash of the harness.
    ...report.errors.map((e) => `run error: ${e.message.split('\n')[0]}`),
    // Without STRICT, warnings alone never fail a run: it exits 0, or 3 when it is also inconclusive.
    ...(exitCode !== EXIT_CODE[report.verdict] ? [`verdict ${report.verdict}, yet the run exited ${exitCode}`] : []),
  ];
}

function alsoTripped(scenario: Fault, run: SuiteRun): string {
  const tripped =
    run.report?.requirements.filter((r) => r.id !== scenario.targets && (r.status === 'fail' || r.status === 'warn')).map((r) => r.id) ??
    [];
  const problems = run.report?.probeProblems.length ?? 0;
  if (problems > 0) tripped.push(`${problems} probe problem${problems > 1 ? 's' : ''}`);
  return tripped.length > 0 ? tripped.join(', ') : '-';
}

/** A scenario's run, read from its target's report: the exit status is the one its verdict gives. */
function targetRun(reportRoot: string, scenario: Scenario, run: SuiteRun): SuiteRun {
  const files = readReportFiles(join(reportRoot, scenario.name));
  return { ...run, ...files, exitCode: files.report ? EXIT_CODE[files.report.verdict] : run.exitCode };
}

async function main(): Promise<void> {
  const started = Date.now();
  const kept = values['keep-reports'];
  const reportRoot = kept ? resolve(kept) : mkdtempSync(join(tmpdir(), 'mutation-'));
  const server = await startScenarioServer();
  let runs: SuiteRun[];
  try {
    const targets = selected.map((scenario) => ({
      name: scenario.name,
      // STATUS_SEARCH: the reference server supports `active`, so ORG-ACTIVE runs too.
      env: { STATUS_SEARCH: 'true', ...scenario.suiteEnv, BASE_URL: `${server.origin}${scenarioPrefix(scenario.name)}` },
    }));
    // MAX_RPS: no pacing on loopback.
    const run = await runSuite({
      env: { MAX_RPS: '0', BASE_URL: server.origin, [TARGETS_VARIABLE]: JSON.stringify(targets) },
      reportDir: reportRoot,
      workers: Math.min(2, availableParallelism()),
    });
    runs = selected.map((scenario) => targetRun(reportRoot, scenario, run));
  } finally {
    await server.stop();
  }
  if (!kept) rmSync(reportRoot, { recursive: true, force: true });

  const results = selected.map((scenario, i) => ({ scenario, run: runs[i], problems: problems(scenario, runs[i]) }));
  const conformant = results.filter((r) => !isFault(r.scenario));
  const faults = results.filter((r) => isFault(r.scenario));

  console.log('\n## Conformant scenarios: no failure, no warning, no probe problem, no skip but those declared\n');
  const conformantRows = conformant.map(({ scenario, run, problems: found }) => {
    const summary = run.report ? `${run.report.summary.pass} pass, ${run.report.summary.skip} skip` : '-';
    return [scenario.name, String(run.exitCode), summary, found.join('; ') || 'none'];
  });
  console.log(markdownTable(['scenario', 'exit', 'result', 'problems'], conformantRows));
  console.log('\n## Faults: each caught under the requirement it targets\n');
  const faultRows = faults.map(({ scenario, run, problems: found }) => {
    const fault = scenario as Fault;
    const status = run.report?.requirements.find((r) => r.id === fault.targets)?.status ?? 'no report';
    const result = found.length === 0 ? `killed (${status})` : `SURVIVED: ${found.join('; ')}`;
    return [fault.name, fault.targets, faultLevel(fault), result, String(run.exitCode), alsoTripped(fault, run)];
  });
  console.log(markdownTable(['fault', 'targets', 'level', 'result', 'exit', 'also tripped'], faultRows));

  const killed = faults.filter((r) => r.problems.length === 0).length;
  const clean = conformant.filter((r) => r.problems.length === 0).length;
  const percent = faults.length === 0 ? 100 : (100 * killed) / faults.length;
  console.log(
    `\nmutation score: ${killed}/${faults.length} faults killed (${percent.toFixed(1)}%); ${clean}/${conformant.length} conformant scenarios clean; ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  const failed = faults.length - killed + conformant.length - clean;
  endRun('mutation', results.length, failed);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
