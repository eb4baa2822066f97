/**
 * One case of the property run over the specification's latitude (scripts/latitude.ts), judged on a
 * worker thread that serves its target itself:
 *   - a conformant point (a value per dimension) and its data (a data seed, or the committed
 *     fixtures): the newcomer's path (`probes draft` from five NPIs, `probes check` of the draft, the
 *     suite on the draft, `explore` from the draft), the survey with --findability, each with no finding at MUST or SHOULD, no
 *     probe problem, and no inconclusive verdict but for the gaps the point declares;
 *   - a fault of the mutation run composed over a point, on the committed fixtures and probes: each
 *     driver that catches it at the reference's point (as the mutation run proves) catches it there
 *     too, wherever the point leaves its requirement provable (a value that skips or leaves it a gap
 *     does not).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Environment } from '../config/environment';
import { seededDirectory } from '../generator/seeded-directory';
import { type Directory, indexDirectory, loadDirectory } from '../reference/directory';
import { readProbes } from '../reference/fixture-files';
import { FAULTS } from '../reference/scenarios/faults';
import { applyChanges } from '../reference/scenarios/behaviour';
import { behaviourAt, expectationsAt, type LatitudePoint, type LatitudeSetting, valuesAt } from '../reference/scenarios/latitude';
import type { Fault } from '../reference/scenarios/scenario';
import { scenarioAt } from '../reference/scenarios/variants';
import { buildReferenceServer } from '../reference/server';
import { requirementsOf } from '../rules/rulebook';
import { SURVEY_SUBJECTS } from '../survey/subjects';
import type { ConformanceReport, Probes } from '../types/schemas';
import { surveyVerdict } from '../verdicts/survey-verdict';
import { agreementRow, faultLevel } from './agreement';
import { runSuiteInProcess } from '../suite/in-process-suite';
import { draftOf, exploreOf, probesCheckOf, surveyResultOf } from './other-drivers';
import { scenarioProblems } from './scenario-verdict';
import { answerJobs, jobsInThreads } from './thread-pool';
import type { Behaviour } from '../reference/scenarios/behaviour';

export type LatitudeJob = { kind: 'conformant'; setting: LatitudeSetting } | { kind: 'fault'; point: LatitudePoint; fault: string };

export interface LatitudeJobResult {
  /** What is wrong, in words; empty when the case holds. */
  problems: string[];
  /** Why the case proves nothing, when it does not (a fault whose requirement the point leaves unprovable). */
  unprovable?: string;
  /** The drivers' verdicts, in one line. */
  summary: string;
}

/** The seeds `probes draft` starts from, as a user gives five providers they know. */
const DRAFT_SEEDS = 5;

/** The providers a point's survey judges, its seeds among them. */
const SURVEYED_NPIS = 60;

/** The requirements the survey judges: a fault of another is not surveyed. */
const SURVEYED = requirementsOf(...SURVEY_SUBJECTS);

/** A directory per data seed, indexed once per thread: a point's data is drawn in a second, and many points share it. */
const directories = new Map<number | undefined, Directory>();
const directoryOf = (data: number | undefined): Directory => {
  let directory = directories.get(data);
  if (!directory) directories.set(data, (directory = data === undefined ? loadDirectory() : indexDirectory(seededDirectory(data))));
  return directory;
};

/** A reference server of `behaviour` over `directory`, on a loopback port of its own, for the time `use` takes. */
async function served<T>(directory: Directory, behaviour: Behaviour, use: (baseUrl: string) => Promise<T>): Promise<T> {
  const app = buildReferenceServer({ directory, scenarios: [{ prefix: '', behaviour }] });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await use(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  } finally {
    await app.close();
  }
}

/**
 * Five providers a user would know: three that share their name and state with another where the
 * directory has such (so that the draft can find an ambiguous search), then the first ones.
 */
export function draftSeeds(directory: Directory): string[] {
  const records = [...directory.providers.records()];
  const key = (data: Record<string, unknown>) => {
    const name = (data.Name as { FirstName?: string[]; LastName?: string[] }[] | undefined)?.[0];
    return `${name?.FirstName?.[0]}|${name?.LastName?.[0]}|${(data.State as string[] | undefined)?.[0]}`;
  };
  const counts = new Map<string, number>();
  for (const record of records) counts.set(key(record.data), (counts.get(key(record.data)) ?? 0) + 1);
  const npiOf = (data: Record<string, unknown>) => (data.NPI as string[] | undefined)?.[0];
  const sharing = records.filter((r) => (counts.get(key(r.data)) ?? 0) > 1).slice(0, 3);
  const seeds = [...sharing, ...records].map((r) => npiOf(r.data)).filter((npi): npi is string => npi !== undefined);
  return [...new Set(seeds)].slice(0, DRAFT_SEEDS);
}

const organizationWalks = (probes: Probes): Record<string, string>[] => [
  ...(probes.organization?.searches ?? []).map((s) => s.query),
  ...(probes.organization?.multiPage ? [probes.organization.multiPage.query] : []),
  // A walk no organization matches: what a service answers then is its choice (§4.3 r2), observed.
  { 'address-state': 'ZZ' },
];

/** The newcomer's path and the survey at a conformant point: every problem any of them shows. */
async function judgeConformant(setting: LatitudeSetting, scratch: string): Promise<LatitudeJobResult> {
  const directory = directoryOf(setting.data);
  const scenario = scenarioAt('latitude', setting.point);
  const { configuration } = expectationsAt(setting.point);
  return served(directory, behaviourAt(setting.point), async (baseUrl) => {
    const env: Environment = { ...configuration, BASE_URL: baseUrl, MAX_RPS: '0' };
    const seeds = draftSeeds(directory);
    const draft = await draftOf(env, seeds);
    const probesFile = join(scratch, 'probes.json');
    writeFileSync(probesFile, JSON.stringify(draft.probes));
    const statusSearch = draft.probes.organization?.statusSearch === true;
    const checks = await probesCheckOf(env, draft.probes, statusSearch);
    const suite = await runSuiteInProcess({ ...env, PROBES_FILE: probesFile });
    const npis = join(scratch, 'npis.txt');
    const listed = [...new Set([...seeds, ...[...directory.providers.records()].map((r) => r.data.NPI?.[0] ?? '')])].filter((n) => n);
    writeFileSync(npis, listed.slice(0, SURVEYED_NPIS).join('\n'));
    const { report: survey } = await surveyResultOf(env, { npis, walks: organizationWalks(draft.probes) }, join(scratch, 'survey'), {
      findability: true,
    });
    // explore, the newcomer's last step: from the draft's probes and the seeds, quiet at every conformant point.
    const explored = await exploreOf({ ...env, PROBES_FILE: probesFile }, seeds);
    const row = agreementRow(
      scenario,
      { suite, survey, probes: checks, draft: { probes: draft.probes, notes: draft.notes, seeds }, explore: explored },
      '',
    );
    const surveyed = surveyVerdict(survey);
    const problems = [
      ...scenarioProblems(scenario, suite).map((p) => `run: ${p}`),
      ...row.disagreements,
      ...checks.filter((c) => c.status !== 'holds').map((c) => `probes check: ${c.message.split('\n')[0]}`),
      ...(surveyed.verdict === 'pass' ? [] : [`survey: ${surveyed.verdict.toUpperCase()}: ${surveyed.why}`]),
    ];
    return {
      problems,
      summary: `run ${suite.verdict}; survey ${surveyed.verdict}; probes check ${row.probesCheck}; draft ${row.probesDraft}; explore ${explored.verdict}`,
    };
  });
}

/** What each driver concluded of a fault: whether the suite, and the survey where it judges the requirement, caught it at its level. */
interface Caught {
  suite: boolean;
  survey?: boolean;
  summary: string;
}

async function faultCaught(fault: Fault, point: LatitudePoint, scratch: string): Promise<Caught> {
  const { configuration, skips } = expectationsAt(point);
  const probes = readProbes();
  const env: Environment = {
    STATUS_SEARCH: skips.includes('ORG-ACTIVE') ? 'false' : 'true',
    ...configuration,
    ...fault.suiteEnv,
    MAX_RPS: '0',
  };
  const behaviour = applyChanges(behaviourAt(point), fault.behaviour);
  mkdirSync(scratch, { recursive: true });
  return served(directoryOf(undefined), behaviour, async (baseUrl) => {
    const target = { ...env, BASE_URL: baseUrl };
    const suite: ConformanceReport = await runSuiteInProcess(target);
    const level = faultLevel(fault);
    const status = suite.requirements.find((r) => r.id === fault.targets)?.status;
    const inSuite = status === (level === 'MUST' ? 'fail' : 'warn');
    if (!SURVEYED.has(fault.targets) || fault.unseenBySurvey !== undefined) return { suite: inSuite, summary: `run ${status}` };
    const npis = join(scratch, 'npis.txt');
    writeFileSync(
      npis,
      [...directoryOf(undefined).providers.records()]
        .slice(0, 150)
        .map((r) => r.data.NPI?.[0] ?? '')
        .join('\n'),
    );
    const { report: survey } = await surveyResultOf(target, { npis, walks: organizationWalks(probes) }, join(scratch, 'survey'));
    const failed = survey.requirements.find((r) => r.id === fault.targets && r.failed > 0);
    return {
      suite: inSuite,
      survey: failed !== undefined,
      summary: `run ${status}; survey ${failed ? `${failed.id} failed` : 'did not fail it'}`,
    };
  });
}

/**
 * Which drivers catch a fault at the reference's point: what the mutation run proves, over the same
 * NPIs and the probes' walks (scripts/mutation.ts), so it is not asked again here: the suite catches
 * every fault at its level that a request of it meets (not one whose values the probes never hold:
 * explore catches those), and the survey every fault of a requirement it judges whose requests it
 * meets (agreement.ts).
 */
const caughtAtReference = (fault: Fault): Omit<Caught, 'summary'> => ({
  suite: fault.unseenBySuite === undefined,
  survey: SURVEYED.has(fault.targets) && fault.unseenBySurvey === undefined,
});

async function judgeFault(point: LatitudePoint, name: string, scratch: string): Promise<LatitudeJobResult> {
  const fault = FAULTS.find((f) => f.name === name);
  if (!fault) return { problems: [`${name} is no fault of the mutation run`], summary: '' };
  const hiding = valuesAt(point).find((v) => v.skips?.includes(fault.targets) || v.gaps?.includes(fault.targets));
  if (hiding) return { problems: [], unprovable: `${hiding.name} leaves ${fault.targets} with nothing to check`, summary: '' };
  const reference = caughtAtReference(fault);
  // Neither the run nor the survey meets it anywhere: explore's catch, which the mutation run and explore's own tests prove.
  if (!reference.suite && !reference.survey)
    return { problems: [], unprovable: `no request of the run or the survey meets ${name}: ${fault.unseenBySuite}`, summary: '' };
  const here = await faultCaught(fault, point, scratch);
  const problems = [
    ...(reference.suite && !here.suite ? [`the run caught ${name} (${fault.targets}) at the reference, not here: ${here.summary}`] : []),
    ...(reference.survey && !here.survey
      ? [`the survey caught ${name} (${fault.targets}) at the reference, not here: ${here.summary}`]
      : []),
  ];
  return { problems, summary: here.summary };
}

async function answer(_setting: unknown, job: LatitudeJob): Promise<LatitudeJobResult> {
  const scratch = mkdtempSync(join(tmpdir(), 'latitude-'));
  try {
    return job.kind === 'conformant' ? await judgeConformant(job.setting, scratch) : await judgeFault(job.point, job.fault, scratch);
  } catch (error) {
    return { problems: [`the harness failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`], summary: '' };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Judges `jobs` on `threads` worker threads; the results in the jobs' order. */
export const latitudeJobsInThreads = (jobs: readonly LatitudeJob[], threads: number): Promise<LatitudeJobResult[]> =>
  jobsInThreads(__filename, {}, jobs, threads);

/** A job judged in this thread: the shrinking of a counterexample, one candidate at a time. */
export const judgeLatitudeJob = (job: LatitudeJob): Promise<LatitudeJobResult> => answer(undefined, job);

answerJobs(answer);
