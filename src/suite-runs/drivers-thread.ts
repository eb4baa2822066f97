/**
 * A worker thread of the mutation run: the suite, the survey, `probes check` and, where asked, the
 * draft, `explore`, `judge` of the suite's recording and `replay` of its report, of one scenario at a time (in-process-suite.ts, other-drivers.ts), asked for
 * by the main thread, which serves the scenarios. Judging keeps a thread busy while the server answers, so two threads use the machine's
 * two cores (driversInThreads).
 */
import { readFileSync } from 'node:fs';
import type { Environment } from '../config/environment';
import type { Draft } from '../probe-tools/draft';
import type { PromiseCheck } from '../probe-tools/verify';
import type { ConformanceReport, Probes, SurveyReport } from '../types/schemas';
import { runSuiteInProcess } from '../suite/in-process-suite';
import { draftOf, EXPLORE_REQUESTS, exploreOf, probesCheckOf, recordedAndJudged, replayedAgainst, surveyOf } from './other-drivers';
import type { ReplayedFailure } from '../replay/replay-report';
import type { Replayed } from './agreement';
import { answerJobs, jobsInThreads } from './thread-pool';

/** What every job of a run shares: the NPI list, the walks, the probes file, and the seeds a draft starts from. */
export interface DriversSetting {
  npis: string;
  walks: Record<string, string>[];
  probes: Probes;
  seeds: string[];
}

/** One scenario: its target's environment, whether the survey judges it, and where the survey goes; whether probes draft is tried on it. */
export interface DriversJob {
  env: Environment;
  statusSearch: boolean;
  survey?: { out: string };
  draft?: true;
  /** explore is asked too: of a conformant scenario, where it must stay quiet, or of a fault no request of the suite meets (Fault.unseenBySuite). */
  explore?: keyof typeof EXPLORE_REQUESTS;
  /** The suite's exchanges are recorded as run --har records them, in this folder, and judged offline. */
  judge?: { dir: string };
  /** The suite's report is replayed against the same target, and against the clean server (`clean`, its environment). */
  replay?: { clean: Environment };
}

export interface DriversResult {
  /** The suite's report, as `run` would write it. */
  suite: ConformanceReport;
  survey?: SurveyReport;
  checks: PromiseCheck[];
  draft?: Pick<Draft, 'probes' | 'notes'>;
  /** explore's report, where it was asked. */
  explore?: ConformanceReport;
  /** judge's report of the suite's recording, where it was asked. */
  judged?: ConformanceReport;
  /** replay of the suite's report, where it was asked: against the same target, and against the clean server. */
  replayed?: Replayed;
}

const outcomes = (replayed: readonly ReplayedFailure[]) => replayed.map(({ id, status }) => ({ id, status }));

async function answer(setting: DriversSetting, job: DriversJob): Promise<DriversResult> {
  const recorded = job.judge ? await recordedAndJudged(job.env, job.judge.dir) : undefined;
  const suite = recorded?.suite ?? (await runSuiteInProcess(job.env));
  const survey = job.survey ? await surveyOf(job.env, setting, job.survey.out) : undefined;
  const checks = await probesCheckOf(job.env, setting.probes, job.statusSearch);
  const draft = job.draft ? await draftOf(job.env, setting.seeds) : undefined;
  const explore = job.explore
    ? await exploreOf(job.env, readFileSync(setting.npis, 'utf8').split('\n').filter(Boolean), EXPLORE_REQUESTS[job.explore])
    : undefined;
  const replayed = job.replay
    ? { again: outcomes(await replayedAgainst(job.env, suite)), onClean: outcomes(await replayedAgainst(job.replay.clean, suite)) }
    : undefined;
  return {
    suite,
    ...(survey ? { survey } : {}),
    checks,
    ...(draft ? { draft: { probes: draft.probes, notes: draft.notes } } : {}),
    ...(explore ? { explore } : {}),
    ...(recorded ? { judged: recorded.judged } : {}),
    ...(replayed ? { replayed } : {}),
  };
}

/** Runs `jobs` on `threads` worker threads, a job to whichever is free; the results in the jobs' order. */
export const driversInThreads = (setting: DriversSetting, jobs: readonly DriversJob[], threads: number): Promise<DriversResult[]> =>
  jobsInThreads(__filename, setting, jobs, threads);

answerJobs(answer);
