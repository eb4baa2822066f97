import { readdirSync, readFileSync } from 'node:fs';

/** The fields of /proc/<pid>/stat after the parenthesised command name (which may hold spaces): field 3 first. */
function statFieldsOf(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** Parent pid of a process (field 4). */
function parentOf(pid: string): number | undefined {
  const fields = statFieldsOf(pid);
  return fields && Number(fields[1]);
}

/** CPU time a process has used, user and system, in clock ticks (fields 14 and 15). */
function cpuTicksOf(pid: number): number | undefined {
  const fields = statFieldsOf(pid);
  return fields && Number(fields[11]) + Number(fields[12]);
}

/** Clock ticks a second (USER_HZ): 100 on every Linux Node runs on. */
const TICKS_PER_SECOND = 100;

/** Current (VmRSS) and peak (VmHWM) resident memory of a process, in bytes. */
function memoryOf(pid: number): { current: number; peak: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kB = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
    return { current: kB('VmRSS'), peak: kB('VmHWM') };
  } catch {
    return undefined;
  }
}

function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(entry);
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  for (let queue = [root]; queue.length > 0;) {
    const pid = queue.shift()!;
    found.push(pid);
    queue = [...queue, ...(children.get(pid) ?? [])];
  }
  return found;
}

/** What a process tree used, from /proc; undefined where there is no /proc. */
export interface ProcessTreeUse {
  /** The peak of the resident memory of all its processes at once, in bytes. */
  peakRssBytes?: number;
  /**
   * CPU seconds of all its processes, user and system, up to each one's last sample: the measure of
   * work a loaded machine does not inflate, as it does wall time.
   */
  cpuSeconds?: number;
}

/**
 * Watches a process tree (Linux /proc), sampled: the peak of the resident memory of all its
 * processes at once, never less than the peak any single process reached between samples
 * (Playwright replaces a worker after a failed test, so adding up every process's own peak would
 * count processes that never lived together), and the CPU time of every process it saw, as of its
 * last sample (a process that ends between samples loses at most one interval). Elsewhere it
 * measures nothing.
 */
export function watchProcessTree(root: number, intervalMs = 100): { stop(): ProcessTreeUse } {
  let peak: number | undefined;
  const ticks = new Map<number, number>();
  const sample = () => {
    try {
      let together = 0;
      for (const pid of descendants(root)) {
        const cpu = cpuTicksOf(pid);
        if (cpu !== undefined) ticks.set(pid, cpu);
        const memory = memoryOf(pid);
        if (!memory) continue;
        together += memory.current;
        peak = Math.max(peak ?? 0, memory.peak);
      }
      if (peak !== undefined) peak = Math.max(peak, together);
    } catch {
      // No /proc: nothing to measure.
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      sample();
      clearInterval(timer);
      const cpuSeconds = ticks.size > 0 ? [...ticks.values()].reduce((a, b) => a + b, 0) / TICKS_PER_SECOND : undefined;
      return { ...(peak !== undefined ? { peakRssBytes: peak } : {}), ...(cpuSeconds !== undefined ? { cpuSeconds } : {}) };
    },
  };
}
