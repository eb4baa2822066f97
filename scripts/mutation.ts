/**
 * The mutation run: `npm run test:mutation`. One reference server, in this process, serves every
 * scenario under /scenario/<name>; two worker threads judge them, a scenario at a time, with every
 * driver in process: the suite's entries (in-process-suite.ts, the report `run` would write), the
 * survey, `probes check` and, where it applies, `probes draft`. No runner, worker or process per
 * scenario: a scenario costs what judging it costs. It asserts that
 *   - the clean server and every conformant variant pass with no failure, warning, probe problem or
 *     skip, but for the skips a variant declares (a check with nothing to check, which says why),
 *     and end PASS, or INCONCLUSIVE with exactly the MUST gaps a variant declares (what the harness
 *     cannot judge against it by its own rule);
 *   - every fault makes its targeted requirement `fail` (MUST) or `warn` (SHOULD), and every MUST
 *     fault makes the verdict FAIL;
 *   - the drivers agree on every scenario (agreement.ts);
 * and lists the other requirements each fault tripped, so imprecise checks stay visible. What only
 * a process shows (exit codes, Playwright's reports, shards) is proven by the commands' own tests.
 *
 *   npm run test:mutation -- --only page-size-20,clean     a subset, by name
 *   npm run test:mutation -- --canary                      npm test's subset (mutation-canary.ts)
 *   npm run test:mutation -- --keep-reports DIR            every scenario's report kept in DIR/<name>/
 *                                                          (scripts/compare-verdicts.ts compares two such folders)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Redactor } from '../src/client/redact';
import { writeReport } from '../src/report/write-report';
import type { ConformanceReport } from '../src/types/schemas';
import { CLEAN, scenarioPrefix } from '../src/reference/scenarios/registry';
import { FAULTS } from '../src/reference/scenarios/faults';
import { type Fault, isFault, type Scenario } from '../src/reference/scenarios/scenario';
import { VARIANTS } from '../src/reference/scenarios/variants';
import { reportShapeErrorOf } from '../src/suite-runs/run-suite';
import { type AgreementRow, agreementRow, faultLevel } from '../src/suite-runs/agreement';
import { alsoTripped, scenarioProblems } from '../src/suite-runs/scenario-verdict';
import { type DriversJob, driversInThreads } from '../src/suite-runs/drivers-thread';
import { readProbes, writeFixtureNpis } from '../src/reference/fixture-files';
import { requirementsOf } from '../src/rules/rulebook/registry';
import { NOT_JUDGED_HERE, SURVEY_SUBJECTS } from '../src/survey/subjects';
import { REQUIREMENT_GROUPS, type RequirementId } from '../src/spec/catalogue';
import { statusSearchSetting } from '../src/config/run-config';
import { statusSearchOf } from '../src/probes/probes-file';
import { endRun, markdownTable } from '../src/suite-runs/run-table';
import { serveScenariosHere } from '../src/suite-runs/scenario-server';
import { canaryOf } from '../src/suite-runs/mutation-canary';

const MUTATION_SCENARIOS: readonly Scenario[] = [CLEAN, ...VARIANTS, ...FAULTS];

/**
 * The faults whose recordings judge judges: every fault of the answer's transport (HTTP-*: its
 * bytes, charset and headers are what a recording must keep whole), and the first fault of every
 * other requirement, whose rules judge the same bytes whichever driver fetched them.
 */
const JUDGED_FAULTS: ReadonlySet<Scenario> = new Set(
  FAULTS.filter((fault, i) => fault.targets.startsWith('HTTP-') || FAULTS.findIndex((f) => f.targets === fault.targets) === i),
);

/**
 * The faults whose suite report replay asks again, against the fault and against the clean server:
 * the first of every group of requirements (docs/requirements.md). Replay sends a failure's own
 * requests and runs its requirement's tests again, each group's the same way whichever fault failed them.
 */
const REPLAYED_FAULTS: ReadonlySet<Scenario> = new Set(
  REQUIREMENT_GROUPS.flatMap(({ ids }) => FAULTS.find((fault) => ids.includes(fault.targets as RequirementId)) ?? []),
);

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    canary: { type: 'boolean' },
    'keep-reports': { type: 'string' },
    'write-agreement': { type: 'boolean' },
  },
});
const only = values.only?.split(',').map((s) => s.trim());
const selected = only
  ? MUTATION_SCENARIOS.filter((s) => only.includes(s.name))
  : values.canary
    ? canaryOf(MUTATION_SCENARIOS)
    : MUTATION_SCENARIOS;
if (values['write-agreement'] && (only || values.canary)) {
  console.error("--write-agreement writes the whole run's table: give it without --only or --canary");
  process.exit(2);
}
if (selected.length === 0 || (only && selected.length !== only.length)) {
  console.error(`--only names unknown scenarios; known: ${MUTATION_SCENARIOS.map((s) => s.name).join(', ')}`);
  process.exit(2);
}

/** The agreement table, committed: a row a scenario, checked current by every whole mutation run. */
const AGREEMENT_DOC = resolve(__dirname, '..', 'docs', 'agreement.md');

function agreementTable(rows: readonly AgreementRow[]): string {
  return markdownTable(
    ['scenario', 'expected', 'suite', 'survey', 'probes check', 'probes draft', 'explore', 'judge', 'replay', 'agree'],
    rows.map((r) => [
      r.scenario,
      r.expected,
      r.suite,
      r.survey,
      r.probesCheck,
      r.probesDraft,
      r.explore,
      r.judge,
      r.replay,
      r.disagreements.length === 0 ? 'yes' : `NO: ${r.disagreements.join('; ')}`,
    ]),
  );
}

const agreementDoc = (table: string) => `# The drivers agree

<!-- generated by npm run test:mutation -- --write-agreement; every whole mutation run checks it -->

One rulebook judges every answer, whichever driver fetched it. For every scenario of the mutation
run ([mutation.md](mutation.md)), the suite's verdict, a survey of the same scenario (the first 150
of the fixtures' NPIs, and walks of the probes' \`multiPage\` and organization searches) and \`probes check\` of the
committed probes, side by side. They agree when the survey fails a fault's requirement at the fault's
level (a SHOULD fault at SHOULD only), fails no MUST requirement the suite does not (so a SHOULD fault
never makes it exit 1 where the suite does not), surveys every conformant variant clean with the
choice it makes recorded (its observation, where the survey records one), and when \`probes check\`
contradicts exactly the promises the suite lists as probe problems. Against the clean server and the
faults of the seeds' own records, \`probes draft\` from the fixtures' first ${DRAFT_SEEDS} NPIs keeps every seed: the draft keeps its
evidence, and the run judges the fault. A fault of a
requirement the survey does not judge says what the survey would need; a fault that no request of the
survey meets says why ("never met"), and is checked to stay unseen. A fault that no request of the
suite meets (a value its probes never hold) says why, and is killed by \`explore\` from the same NPIs (the
\`explore\` column); a suite that fails it makes that word stale. Against the clean server and every
fault of the answer's transport (HTTP-*) and the first fault of every other requirement, the
suite's exchanges are recorded as \`run --har\` records them and \`judge\` judges the recording offline: \`same\` when it gives every requirement the suite's status and failures (the
\`judge\` column). Against the first fault of every group of requirements, \`replay\` asks each failure of the
suite's report again, of the fault and of the clean server: every one still fails against the fault
and is fixed against the clean server (the \`replay\` column).

${table}
`;

/** A scenario judged: the suite's report, and where it breaks its schema (a bug of the harness), if it does. */
interface ScenarioRun {
  report: ConformanceReport;
  reportShapeError?: string;
}

/** What the suite is told of each scenario: its base URL and keys. STATUS_SEARCH: the reference server supports `active`, so ORG-ACTIVE runs too. */
const scenarioEnv = (origin: string, scenario: Scenario): Record<string, string> => ({
  STATUS_SEARCH: 'true',
  ...scenario.suiteEnv,
  BASE_URL: `${origin}${scenarioPrefix(scenario.name)}`,
});

/**
 * The providers each scenario's survey judges: enough that a sparse fault is met (4 of the first 150
 * carry the dashed phone of one provider in 50, 8 the fault that doubles it), a third of the cost of
 * all 520 (the mutation run took 168 s with all of them, 136 s with these).
 */
const SURVEYED_NPIS = 150;

/** The seeds `probes draft` starts from, on the clean server and on the faults of the seeds' own records. */
const DRAFT_SEEDS = 5;

/** A walk no organization matches: the survey records what each scenario answers when nothing matches. */
const NO_MATCH_WALK = { 'address-state': 'ZZ' };

/** The requirements the survey judges: a fault of another is not surveyed. */
const SURVEYED = requirementsOf(...SURVEY_SUBJECTS);

/**
 * Every selected scenario judged by every driver (drivers-thread.ts): the suite; the survey of the
 * first SURVEYED_NPIS of the fixtures' NPIs and walks of the probes' multiPage and organization
 * searches, where the survey judges the scenario; probes check; probes draft on the clean server
 * and the faults of the seeds' own records; and judge of the suite's recording on the clean server
 * and JUDGED_FAULTS. Each scenario's report, and the drivers set side by side
 * (agreement.ts).
 */
async function judgeScenarios(origin: string, scratch: string): Promise<{ runs: ScenarioRun[]; agreement: AgreementRow[] }> {
  const probes = readProbes();
  const npis = writeFixtureNpis(join(scratch, 'npis.txt'), SURVEYED_NPIS);
  const seeds = readFileSync(npis, 'utf8').split('\n').slice(0, DRAFT_SEEDS);
  // A walk that matches nothing too (no state is ZZ): what a service answers then is its choice (§4.3 r2), observed.
  const walks = [probes.organization!.multiPage!.query, ...probes.organization!.searches!.map((s) => s.query), NO_MATCH_WALK];
  const canaryFault = selected.find(isFault);
  const jobs = selected.map((scenario): DriversJob => {
    // MAX_RPS: no pacing on loopback.
    const env = { ...scenarioEnv(origin, scenario), MAX_RPS: '0' };
    const surveyed = !isFault(scenario) || SURVEYED.has(scenario.targets);
    const drafted = scenario === CLEAN || (isFault(scenario) && scenario.draft === true);
    // explore asks every conformant scenario (where it must stay quiet; the canary: the clean server alone, its
    // variants in the whole run) and every fault no request of the suite meets.
    const explored = isFault(scenario)
      ? scenario.unseenBySuite !== undefined && ('fault' as const)
      : (!values.canary || scenario === CLEAN) && ('quiet' as const);
    // judge of the suite's recording: the clean server's passes and the failures of JUDGED_FAULTS; replay of the
    // suite's report: REPLAYED_FAULTS. The canary samples its first fault for each.
    const sampled = (faults: ReadonlySet<Scenario>) => (values.canary ? scenario === canaryFault : faults.has(scenario));
    const judged = scenario === CLEAN || sampled(JUDGED_FAULTS);
    const replayed = isFault(scenario) && sampled(REPLAYED_FAULTS);
    return {
      env,
      statusSearch: statusSearchOf(statusSearchSetting(env), probes),
      ...(surveyed ? { survey: { out: join(scratch, scenario.name) } } : {}),
      ...(drafted ? { draft: true as const } : {}),
      ...(explored ? { explore: explored } : {}),
      ...(judged ? { judge: { dir: join(scratch, scenario.name, 'har') } } : {}),
      ...(replayed ? { replay: { clean: { ...scenarioEnv(origin, CLEAN), MAX_RPS: '0' } } } : {}),
    };
  });
  const results = await driversInThreads({ npis, walks, probes, seeds }, jobs, Math.min(2, availableParallelism()));
  // A fault no request of the suite meets is killed by explore's report, the driver asked to meet it.
  const runs = results.map(({ suite, explore }, i): ScenarioRun => {
    const scenario = selected[i];
    const report = isFault(scenario) && scenario.unseenBySuite !== undefined ? (explore ?? suite) : suite;
    const reportShapeError = reportShapeErrorOf(report);
    return { report, ...(reportShapeError ? { reportShapeError } : {}) };
  });
  const agreement = selected.map((scenario, i) => {
    const { suite, survey, checks, draft, explore, judged, replayed } = results[i];
    const needs = isFault(scenario) ? NOT_JUDGED_HERE.find((n) => n.id === scenario.targets)?.needs.join('; ') : undefined;
    return agreementRow(
      scenario,
      {
        suite,
        ...(survey ? { survey } : {}),
        probes: checks,
        ...(draft ? { draft: { ...draft, seeds } } : {}),
        ...(explore ? { explore } : {}),
        ...(judged ? { judged } : {}),
        ...(replayed ? { replayed } : {}),
      },
      `not judged by the survey (needs ${needs})`,
    );
  });
  return { runs, agreement };
}

async function main(): Promise<void> {
  const started = Date.now();
  const kept = values['keep-reports'];
  const scratch = mkdtempSync(join(tmpdir(), 'mutation-'));
  const server = await serveScenariosHere();
  let runs: ScenarioRun[];
  let agreement: AgreementRow[];
  try {
    ({ runs, agreement } = await judgeScenarios(server.origin, scratch));
  } finally {
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
  // The reports are already safe (redacted, bounded): written as they are, for compare-verdicts.ts.
  if (kept) selected.forEach((scenario, i) => writeReport(join(resolve(kept), scenario.name), runs[i].report, new Redactor([])));

  const results = selected.map((scenario, i) => ({
    scenario,
    run: runs[i],
    problems: scenarioProblems(scenario, runs[i].report, runs[i].reportShapeError),
  }));
  const conformant = results.filter((r) => !isFault(r.scenario));
  const faults = results.filter((r) => isFault(r.scenario));

  console.log('\n## Conformant scenarios: no failure, no warning, no probe problem, no skip but those declared\n');
  const conformantRows = conformant.map(({ scenario, run, problems: found }) => {
    const summary = `${run.report.summary.pass} pass, ${run.report.summary.skip} skip`;
    return [scenario.name, run.report.verdict, summary, found.join('; ') || 'none'];
  });
  console.log(markdownTable(['scenario', 'verdict', 'result', 'problems'], conformantRows));
  console.log('\n## Faults: each caught under the requirement it targets\n');
  const faultRows = faults.map(({ scenario, run, problems: found }) => {
    const fault = scenario as Fault;
    const status = run.report.requirements.find((r) => r.id === fault.targets)?.status;
    const result = found.length === 0 ? `killed (${status})` : `SURVIVED: ${found.join('; ')}`;
    return [fault.name, fault.targets, faultLevel(fault), result, run.report.verdict, alsoTripped(fault, run.report)];
  });
  console.log(markdownTable(['fault', 'targets', 'level', 'result', 'verdict', 'also tripped'], faultRows));

  console.log('\n## The drivers agree: the suite, the survey, probes check, the draft, explore, judge and replay\n');
  const table = agreementTable(agreement);
  console.log(table);
  const disagreeing = agreement.filter((row) => row.disagreements.length > 0);
  // The committed table is the whole run's: a subset (--only, --canary) is shown, never compared.
  const stale = !only && !values.canary && !values['write-agreement'] && readFileSync(AGREEMENT_DOC, 'utf8') !== agreementDoc(table);
  if (values['write-agreement']) writeFileSync(AGREEMENT_DOC, agreementDoc(table));
  if (stale) console.log(`\n${AGREEMENT_DOC} is not this run's table: npm run test:mutation -- --write-agreement`);

  const killed = faults.filter((r) => r.problems.length === 0).length;
  const clean = conformant.filter((r) => r.problems.length === 0).length;
  const percent = faults.length === 0 ? 100 : (100 * killed) / faults.length;
  console.log(
    `\nmutation score: ${killed}/${faults.length} faults killed (${percent.toFixed(1)}%); ${clean}/${conformant.length} conformant scenarios clean; ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  console.log(`drivers: ${agreement.length - disagreeing.length}/${agreement.length} scenarios agree`);
  const failed = faults.length - killed + conformant.length - clean + disagreeing.length + (stale ? 1 : 0);
  endRun('mutation', results.length + agreement.length + 1, failed);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
