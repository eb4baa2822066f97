/**
 * The NPI list read in flat memory (src/survey/npi-input.ts): the peak resident memory of a process
 * that reads a CSV of 100,000 rows with quoted line breaks, and of one that reads 1,000,000. The file
 * is a stream; what grows is 16 bytes a distinct NPI.
 */
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../package-root';

export interface NpiInputMemory {
  /** Rows read, and the reading process's peak resident memory in MB, at each size. */
  sizes: { rows: number; peakRssMb: number }[];
  /** The larger's peak over the smaller's. */
  ratio: number;
}

async function writeRows(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  out.write('NPI,Name,Address\n');
  for (let i = 0; i < rows; i++)
    if (!out.write(`${1_000_000_000 + i},"Name ${i}","${i} Main St\nSuite ${i % 100}"\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

/** Peak resident memory, in KiB, of a process that reads every row of `file`; and how many it read. */
function peakOfReading(file: string): { kib: number; read: number } {
  const script = `
    const { readNpis } = require('./src/survey/npi-input');
    (async () => {
      const counts = { rows: 0, duplicates: 0, problems: 0 };
      let read = 0;
      for await (const _ of readNpis(${JSON.stringify(file)}, { problem: () => undefined, counts })) read++;
      console.log(JSON.stringify({ kib: process.resourceUsage().maxRSS, read }));
    })();`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: PACKAGE_ROOT, encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`reading the NPI list failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').pop()!) as { kib: number; read: number };
}

export async function measureNpiInputMemory(): Promise<NpiInputMemory> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-npis-'));
  try {
    const sizes: NpiInputMemory['sizes'] = [];
    for (const rows of [100_000, 1_000_000]) {
      const file = join(dir, `npis-${rows}.csv`);
      await writeRows(file, rows);
      const { kib, read } = peakOfReading(file);
      if (read !== rows) throw new Error(`read ${read} of ${rows} rows`);
      sizes.push({ rows, peakRssMb: Math.round(kib / 1024) });
      rmSync(file);
    }
    return { sizes, ratio: Number((sizes[1].peakRssMb / sizes[0].peakRssMb).toFixed(2)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
