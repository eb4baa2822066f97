/**
 * The regression gate's false alarms: clean surveys of one unchanged reference server, back to back
 * on a machine kept busy (a busy loop on every core), each kept in one history and checked with the
 * gate's defaults, as a nightly job would. Every regression it raises is a false alarm. The spread
 * of each endpoint's p95 and p99 over those surveys is what repeated runs of the same build vary by
 * (docs/history.md quotes it).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { availableParallelism, tmpdir } from 'node:os';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFixtureNpis } from '../reference/fixture-files';
import { startReferenceServer } from '../suite-runs/scenario-server';
import type { SurveyReport } from '../types/schemas';
import type { InstalledCommand } from './installed-command';

export interface GateNoise {
  surveys: number;
  busyLoops: number;
  /** Regression lines history check printed over the clean surveys: each a false alarm. */
  falseAlarms: number;
  alarms: string[];
  /** Per endpoint and percentile: the smallest, median and largest value over the surveys, in ms. */
  spread: Record<string, Record<'p95' | 'p99', { min: number; median: number; max: number }>>;
}

/** A busy loop in a process of its own, until it is killed. */
const busyLoop = (): ChildProcess => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });

const spreadOf = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0], median: sorted[Math.floor(sorted.length / 2)], max: sorted[sorted.length - 1] };
};

export async function measureGateNoise(command: InstalledCommand, surveys = 20): Promise<GateNoise> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-gate-'));
  const npis = writeFixtureNpis(join(dir, 'npis.txt'));
  const store = join(dir, 'history');
  const server = await startReferenceServer();
  const loops = Array.from({ length: availableParallelism() }, busyLoop);
  const alarms: string[] = [];
  const values: Record<string, Record<'p95' | 'p99', number[]>> = {};
  try {
    for (let i = 1; i <= surveys; i++) {
      const out = join(dir, `survey-${i}`);
      const run = (args: string[]) =>
        spawnSync(command.bin, args, { cwd: command.project, encoding: 'utf8', env: { ...process.env, MAX_RPS: '0' } });
      const survey = run(['survey', '--base-url', server.origin, '--npis', npis, '--organizations-by-state', '--out', out]);
      if (survey.status !== 0) throw new Error(`clean survey ${i} exited ${survey.status}: ${survey.stderr.slice(-600)}`);
      const recorded = run(['history', 'record', out, '--history', store, '--label', `clean-${i}`]);
      if (recorded.status !== 0) throw new Error(`history record exited ${recorded.status}: ${recorded.stderr.slice(-600)}`);
      const check = run(['history', 'check', '--history', store]);
      alarms.push(...check.stdout.split('\n').filter((line) => line.startsWith('regression: ')));
      const report = JSON.parse(readFileSync(join(out, 'survey.json'), 'utf8')) as SurveyReport;
      for (const [endpoint, latency] of Object.entries(report.latencyMs)) {
        const own = (values[endpoint] ??= { p95: [], p99: [] });
        own.p95.push(latency.p95);
        own.p99.push(latency.p99);
      }
    }
  } finally {
    for (const loop of loops) loop.kill();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const spread = Object.fromEntries(
    Object.entries(values).map(([endpoint, { p95, p99 }]) => [endpoint, { p95: spreadOf(p95), p99: spreadOf(p99) }]),
  );
  return { surveys, busyLoops: loops.length, falseAlarms: alarms.length, alarms, spread };
}
