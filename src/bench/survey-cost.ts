/**
 * What a survey costs: its records per second against a floor, its peak memory, and the rate it
 * keeps under --max-rps. The survey runs as the command does, in a process of its own, with the
 * request log on; the floor replays the logged requests with a bare undici client, in as many
 * lanes as the survey's --concurrency, each lane taking the next request in the order the survey
 * sent them, against the same server.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { type LoggedRequest, loggedSpanMs, readRequestLog, REQUEST_LOG_VARIABLE } from '../client/request-log';
import type { SurveyReport } from '../types/schemas';

/** How the bench starts the survey command: argv before the command's own arguments, and the file that receives its peak RSS. */
export interface SurveyLauncher {
  argv(peakFile: string): string[];
}

export interface SurveyCost {
  providers: number;
  organizations: number;
  requests: number;
  concurrency: number;
  /** From the first request to the last answer: the survey without start-up and report writing. */
  harnessMs: number;
  floorMs: number;
  ratio: number;
  recordsPerSecond: number;
  /** The survey's process, start to exit, report writing included. */
  peakRssMb: number;
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

interface SurveyProcess {
  report: SurveyReport;
  logged: LoggedRequest[];
  peakRssMb: number;
}

/** One survey as the command runs it; `args` are the survey's own flags after `survey`. */
function runSurveyProcess(launcher: SurveyLauncher, origin: string, args: string[], env: Record<string, string>): SurveyProcess {
  const work = mkdtempSync(join(tmpdir(), 'bench-survey-'));
  try {
    const [command, ...argv] = launcher.argv(join(work, 'peak'));
    const out = join(work, 'report');
    const logDir = join(work, 'requests');
    try {
      execFileSync(command, [...argv, 'survey', '--base-url', origin, '--out', out, ...args], {
        env: { ...process.env, ...env, [REQUEST_LOG_VARIABLE]: logDir, CI: '1' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
    } catch (error) {
      const { status, stderr } = error as { status: number; stderr: Buffer };
      // Exit 1 is a survey that found failures: still a measured survey. Anything else measured nothing.
      if (status !== 1) throw new Error(`the measured survey exited ${status}: ${String(stderr).slice(-800)}`);
    }
    const logged = readRequestLog(logDir);
    const report = JSON.parse(readFileSync(join(out, 'survey.json'), 'utf8')) as SurveyReport;
    return { report, logged, peakRssMb: round(Number(readFileSync(join(work, 'peak'), 'utf8')) / 1024, 0) };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The logged requests, in the order they were sent, replayed `lanes` at a time. */
async function replay(logged: readonly LoggedRequest[], origin: string, lanes: number): Promise<number> {
  const queue = [...logged].sort((a, b) => a.startedAt - b.startedAt).map((e) => new URL(e.url));
  const dispatcher = new Agent({ connections: lanes });
  let next = 0;
  const lane = async () => {
    while (next < queue.length) {
      const url = queue[next++];
      const answer = await request(`${origin}${url.pathname}${url.search}`, { dispatcher });
      await answer.body.arrayBuffer();
    }
  };
  try {
    const started = performance.now();
    await Promise.all(Array.from({ length: lanes }, lane));
    return performance.now() - started;
  } finally {
    await dispatcher.close();
  }
}

/** A survey of `npisFile` and every state's organizations, without a rate limit, against its floor; `flags`: more of the survey's own (`--findability`). */
export async function measureSurveyCost(
  launcher: SurveyLauncher,
  origin: string,
  npisFile: string,
  concurrency: number,
  flags: readonly string[] = [],
): Promise<SurveyCost> {
  const { report, logged, peakRssMb } = runSurveyProcess(
    launcher,
    origin,
    ['--npis', npisFile, '--organizations-by-state', '--concurrency', String(concurrency), ...flags],
    { MAX_RPS: '0' },
  );
  if (!report.complete) throw new Error('the measured survey did not complete');
  const harnessMs = loggedSpanMs(logged);
  const floorMs = await replay(logged, origin, concurrency);
  const records = report.records.providers + report.records.notFound + report.records.organizations;
  return {
    providers: report.records.providers,
    organizations: report.records.organizations,
    requests: logged.length,
    concurrency,
    harnessMs: Math.round(harnessMs),
    floorMs: Math.round(floorMs),
    ratio: round(harnessMs / floorMs),
    recordsPerSecond: round((records / harnessMs) * 1000, 0),
    peakRssMb,
  };
}

export interface SurveyRate {
  maxRps: number;
  requests: number;
  achievedRps: number;
  /** Achieved over asked: the bound is at least 0.95 when the service keeps up. */
  ratio: number;
}

/** A survey of `npisFile` at --max-rps `maxRps`: the rate achieved from the first request to the last answer. */
export function measureSurveyRate(
  launcher: SurveyLauncher,
  origin: string,
  npisFile: string,
  maxRps: number,
  flags: readonly string[] = [],
): SurveyRate {
  const { logged } = runSurveyProcess(launcher, origin, ['--npis', npisFile, '--max-rps', String(maxRps), ...flags], {});
  // n requests paced at R a second span (n − 1)/R seconds from the first start to the last start.
  const achievedRps = ((logged.length - 1) / loggedSpanMs(logged)) * 1000;
  return { maxRps, requests: logged.length, achievedRps: round(achievedRps, 1), ratio: round(achievedRps / maxRps, 3) };
}
