import { readdirSync, readFileSync } from 'node:fs';

/** Parent pid of a process, from /proc/<pid>/stat (the field after the parenthesised command name). */
function parentOf(pid: string): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

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

/**
 * Watches a process tree (Linux /proc): the peak of the resident memory of all its processes at
 * once, sampled, and never less than the peak any single process reached between samples. Playwright
 * replaces a worker after a failed test, so adding up every process's own peak would count
 * processes that never lived together. Elsewhere it measures nothing and reports undefined.
 */
export function watchPeakMemory(root: number, intervalMs = 100): { stop(): number | undefined } {
  let peak: number | undefined;
  const sample = () => {
    try {
      let together = 0;
      for (const pid of descendants(root)) {
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
      return peak;
    },
  };
}
