/**
 * What the data-quality scorecard costs a survey, in CPU: the survey command's own CPU over a
 * directory (user and system of its process, read from this process's children's times once it is
 * reaped), against the CPU of the scorecard's work over the same records in this process: each
 * provider's golden and source records and each organization measured, written as the journal
 * writes them, counted and finished. Measured in one run, side by side; nothing asserts a timing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QualityCounts } from '../quality/quality-counts';
import { dayOfTimestamp } from '../quality/dates';
import { GOLDEN, resourceNpis, organizationQuality, providerQuality, sharedNpiQuality } from '../quality/record-quality';
import type { SurveyLauncher } from './survey-cost';

export interface ScorecardCost {
  providers: number;
  organizations: number;
  surveyCpuMs: number;
  scorecardCpuMs: number;
  /** scorecardCpuMs / surveyCpuMs. */
  share: number;
}

/** CPU ms of this process's reaped children so far (/proc/self/stat cutime and cstime, in clock ticks of 10 ms). */
function childrenCpuMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
};

interface Directory {
  providers: readonly { golden: { data: Record<string, unknown> }; sources: readonly { index: string; data: Record<string, unknown> }[] }[];
  organizations: readonly Record<string, unknown>[];
}

/** The scorecard's work over the records, as the survey does it: measured, written as the journal writes them, counted, finished. Returns the bytes written. */
function scorecardOf(surveyed: Directory): number {
  const counts = new QualityCounts();
  let journaled = 0;
  for (const { golden, sources } of surveyed.providers) {
    const measured = [providerQuality(GOLDEN, golden.data, {}), ...sources.map((s) => providerQuality(s.index, s.data, {}))];
    journaled += JSON.stringify(measured).length;
    counts.add('providers', measured);
  }
  const npis = new Map<string, readonly string[]>();
  surveyed.organizations.forEach((organization, i) => {
    const measured = [organizationQuality(organization, {})];
    const own = resourceNpis(organization);
    journaled += JSON.stringify(measured).length + JSON.stringify(own).length;
    counts.add('organizations', measured);
    npis.set(String(i), own);
  });
  counts.add('organizations', sharedNpiQuality(npis));
  counts.finish(dayOfTimestamp(new Date().toISOString()), {});
  return journaled;
}

/**
 * The survey of `npis` and every state (each organization met once) as the command runs it, and the
 * scorecard over the same providers and organizations of `directory`.
 */
export function measureScorecardCost(launcher: SurveyLauncher, origin: string, npis: string, surveyed: Directory): ScorecardCost {
  const work = mkdtempSync(join(tmpdir(), 'bench-scorecard-'));
  try {
    const [command, ...argv] = launcher.argv(join(work, 'peak'));
    const before = childrenCpuMs();
    try {
      execFileSync(
        command,
        [...argv, 'survey', '--base-url', origin, '--npis', npis, '--organizations-by-state', '--max-rps', '0', '--out', join(work, 'out')],
        {
          env: { ...process.env, CI: '1' },
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
    } catch (error) {
      const { status, stderr } = error as { status: number; stderr: Buffer };
      if (status !== 1) throw new Error(`the measured survey exited ${status}: ${String(stderr).slice(-800)}`);
    }
    const surveyCpuMs = childrenCpuMs() - before;
    // Once over every record first: what the survey's process pays at its start (compiling, and the
    // collection of the records this process generated) is paid by the first of its 12,000 records, not by each.
    scorecardOf(surveyed);
    const started = process.cpuUsage();
    const journaled = scorecardOf(surveyed);
    const scorecardCpuMs = cpuMs(started);
    if (journaled === 0) throw new Error('the scorecard measured nothing');
    return {
      providers: surveyed.providers.length,
      organizations: surveyed.organizations.length,
      surveyCpuMs,
      scorecardCpuMs: Math.round(scorecardCpuMs),
      share: Number((scorecardCpuMs / surveyCpuMs).toFixed(4)),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
