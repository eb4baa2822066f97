/**
 * The harness against its floor. The measured run is the whole conformance suite against the
 * reference server with LATENCY_MS; the floor replays the requests that run sent (its request log),
 * with a bare undici client, in as many lanes as the run had workers, each worker's tests in their
 * order and each test's requests one after another, against the same server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { type LoggedRequest, loggedSpanMs, readRequestLog, REQUEST_LOG_VARIABLE } from '../client/request-log';
import { runSuite } from '../suite-runs/run-suite';
import { startReferenceServer } from '../suite-runs/scenario-server';

export interface Overhead {
  latencyMs: number;
  requests: number;
  /** From the first request to the last answer: the run without the runner's start-up. */
  harnessMs: number;
  floorMs: number;
  ratio: number;
  /** The whole run, the runner's start-up included, and its ratio to the floor. */
  harnessWithStartupMs: number;
  ratioWithStartup: number;
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

export async function measureOverhead({ latencyMs }: { latencyMs: number }): Promise<Overhead> {
  const logDir = mkdtempSync(join(tmpdir(), 'bench-requests-'));
  const reportDir = mkdtempSync(join(tmpdir(), 'bench-report-'));
  try {
    const run = await runSuite({ env: { LATENCY_MS: String(latencyMs), [REQUEST_LOG_VARIABLE]: logDir }, reportDir, workers: WORKERS });
    // A run that did not pass measured something else than the suite against a conformant server.
    if (run.exitCode !== 0) throw new Error(`the measured run exited ${run.exitCode}: ${run.stdout.slice(-500)}${run.stderr.slice(-500)}`);
    const withStartup = run.seconds * 1000;
    const logged = readRequestLog(logDir);
    const harnessMs = loggedSpanMs(logged);
    const lanes = [...new Set(logged.map((e) => e.worker))].map((worker) =>
      logged.filter((e) => e.worker === worker).sort((a, b) => a.startedAt - b.startedAt),
    );
    const server = await startReferenceServer({ LATENCY_MS: String(latencyMs) });
    let floorMs: number;
    try {
      const started = performance.now();
      await Promise.all(lanes.map((lane) => replayLane(lane, server.origin)));
      floorMs = performance.now() - started;
    } finally {
      server.stop();
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
    };
  } finally {
    rmSync(logDir, { recursive: true, force: true });
    rmSync(reportDir, { recursive: true, force: true });
  }
}
