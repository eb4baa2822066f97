/**
 * The harness against its floor. The measured run is the installed command's whole conformance run
 * against its embedded server with LATENCY_MS, its requests logged; the floor replays those requests
 * with a bare undici client, in as many lanes as the run had workers, each worker's tests in their
 * order and each test's requests one after another, against a reference server of the same latency.
 * Playwright's own start (startup.ts) is the part of a run's start-up no harness can remove: the
 * ratio is also given with it counted in the floor.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { type LoggedRequest, loggedSpanMs, readRequestLog, REQUEST_LOG_VARIABLE } from '../client/request-log';
import { neutralSuiteEnvironment } from '../suite-runs/run-suite';
import { startReferenceServer } from '../suite-runs/scenario-server';
import type { InstalledCommand } from './installed-command';

export interface Overhead {
  latencyMs: number;
  requests: number;
  /** From the first request to the last answer: the run without its start-up. */
  harnessMs: number;
  floorMs: number;
  ratio: number;
  /** The whole run, the command's start to its exit, and its ratio to the floor. */
  harnessWithStartupMs: number;
  ratioWithStartup: number;
  /** Playwright's own start (`playwright test --list` of an empty project), which the runner costs any harness built on it. */
  playwrightStartMs: number;
  /** The whole run against the floor plus Playwright's own start. */
  ratioWithStartupPlaywrightInFloor: number;
}

const WORKERS = 2;

/** Replays one lane: its tests in their order, each test's requests one after another. */
async function replayLane(entries: readonly LoggedRequest[], origin: string): Promise<void> {
  for (const entry of entries) {
    const url = new URL(entry.url);
    const answer = await request(`${origin}${url.pathname}${url.search}`);
    await answer.body.arrayBuffer();
  }
}

export async function measureOverhead(
  command: InstalledCommand,
  { latencyMs, playwrightStartMs }: { latencyMs: number; playwrightStartMs: number },
): Promise<Overhead> {
  const logDir = mkdtempSync(join(tmpdir(), 'bench-requests-'));
  const reportDir = mkdtempSync(join(tmpdir(), 'bench-report-'));
  try {
    const env = { ...neutralSuiteEnvironment(process.env), LATENCY_MS: String(latencyMs), [REQUEST_LOG_VARIABLE]: logDir };
    const started = performance.now();
    const run = spawnSync(command.bin, ['run', '--workers', String(WORKERS), '--report', reportDir], {
      cwd: command.project,
      env,
      encoding: 'utf8',
    });
    const withStartup = performance.now() - started;
    // A run that did not pass measured something else than the suite against a conformant server.
    if (run.status !== 0) throw new Error(`the measured run exited ${run.status}: ${run.stdout.slice(-500)}${run.stderr.slice(-500)}`);
    const logged = readRequestLog(logDir);
    const harnessMs = loggedSpanMs(logged);
    const lanes = [...new Set(logged.map((e) => e.worker))].map((worker) =>
      logged.filter((e) => e.worker === worker).sort((a, b) => a.startedAt - b.startedAt),
    );
    const server = await startReferenceServer({ LATENCY_MS: String(latencyMs) });
    let floorMs: number;
    try {
      const replayed = performance.now();
      await Promise.all(lanes.map((lane) => replayLane(lane, server.origin)));
      floorMs = performance.now() - replayed;
    } finally {
      await server.stop();
    }
    const round = (value: number) => Number(value.toFixed(2));
    return {
      latencyMs,
      requests: logged.length,
      harnessMs: Math.round(harnessMs),
      floorMs: Math.round(floorMs),
      ratio: round(harnessMs / floorMs),
      harnessWithStartupMs: Math.round(withStartup),
      ratioWithStartup: round(withStartup / floorMs),
      playwrightStartMs,
      ratioWithStartupPlaywrightInFloor: round(withStartup / (floorMs + playwrightStartMs)),
    };
  } finally {
    rmSync(logDir, { recursive: true, force: true });
    rmSync(reportDir, { recursive: true, force: true });
  }
}
