/**
 * The export side of `survey --export` alone, as `--dry-run` reads it: an export of a million
 * organizations, one `.zst` file, read, decoded and indexed by a process of its own (its peak
 * resident memory and its rate in MB of NDJSON a second), beside the decoder alone on the same file
 * in the same run (the floor: decoding and counting lines). The file is written as Zstandard frames
 * of 10,000 organizations each, as a streaming compressor writes a large file.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compress, init } from '@bokuweb/zstd-wasm';
import { PACKAGE_ROOT } from '../package-root';
import { loadDirectory } from '../reference/directory';

export interface ExportRead {
  organizations: number;
  /** Uncompressed NDJSON, and the file's size. */
  ndjsonMb: number;
  zstMb: number;
  /** The reading process: its wall time, rate and peak resident memory. */
  readMs: number;
  mbPerSecond: number;
  peakRssMb: number;
  /** The decoder alone, on the same file: its wall time and rate. */
  floorMs: number;
  floorMbPerSecond: number;
  /** The reading's time over the floor's. */
  ratio: number;
}

const ORGANIZATIONS = 1_000_000;
const FRAME = 10_000;

async function writeExport(file: string): Promise<{ ndjsonBytes: number; zstBytes: number }> {
  await init();
  const organizations = loadDirectory().organizations.search({}).slice() as unknown as Record<string, unknown>[];
  const fd = openSync(file, 'w');
  let [ndjsonBytes, zstBytes] = [0, 0];
  try {
    for (let start = 0; start < ORGANIZATIONS; start += FRAME) {
      const lines: string[] = [];
      for (let i = start; i < start + FRAME; i++) {
        const organization = organizations[i % organizations.length];
        lines.push(JSON.stringify({ ...organization, id: `${String(organization.id)}-${i}` }));
      }
      const bytes = Buffer.from(`${lines.join('\n')}\n`);
      const frame = compress(bytes, 3);
      writeSync(fd, frame);
      ndjsonBytes += bytes.length;
      zstBytes += frame.length;
    }
  } finally {
    closeSync(fd);
  }
  return { ndjsonBytes, zstBytes };
}

/** A process of its own runs `script` (a CommonJS body, tsx loaded), which prints one JSON line; its wall time and peak memory with it. */
function timedProcess(script: string): { wallMs: number; kib: number; said: Record<string, number> } {
  const started = process.hrtime.bigint();
  const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: PACKAGE_ROOT, encoding: 'utf8' });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (child.status !== 0) throw new Error(`the export bench's process failed: ${child.stderr}`);
  const said = JSON.parse(child.stdout.trim().split('\n').pop()!) as Record<string, number> & { kib: number };
  return { wallMs, kib: said.kib, said };
}

export async function measureExportRead(): Promise<ExportRead> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-export-'));
  try {
    const file = join(dir, 'Organization.ndjson.zst');
    const { ndjsonBytes, zstBytes } = await writeExport(file);
    const read = timedProcess(`
      const { exportSourceOf } = require('./src/export/source');
      const { readExport } = require('./src/export/read-export');
      const { ExportIndex } = require('./src/export/holdings');
      (async () => {
        const index = new ExportIndex();
        for await (const resource of readExport(exportSourceOf(${JSON.stringify(file)}), (p) => index.problem(p))) index.add(resource);
        const held = index.holdings();
        console.log(JSON.stringify({ kib: process.resourceUsage().maxRSS, organizations: held.resources.Organization ?? 0 }));
      })();`);
    const floor = timedProcess(`
      const { createReadStream } = require('node:fs');
      const { decoded } = require('./src/export/decode');
      (async () => {
        let lines = 0;
        const { bytes } = await decoded(createReadStream(${JSON.stringify(file)}));
        for await (const chunk of bytes) for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
        console.log(JSON.stringify({ kib: process.resourceUsage().maxRSS, lines }));
      })();`);
    if (read.said.organizations !== ORGANIZATIONS || floor.said.lines !== ORGANIZATIONS)
      throw new Error(`read ${read.said.organizations} and ${floor.said.lines} of ${ORGANIZATIONS} organizations`);
    const mb = ndjsonBytes / 1e6;
    return {
      organizations: ORGANIZATIONS,
      ndjsonMb: Math.round(mb),
      zstMb: Math.round(zstBytes / 1e6),
      readMs: Math.round(read.wallMs),
      mbPerSecond: Math.round(mb / (read.wallMs / 1000)),
      peakRssMb: Math.round(read.kib / 1024),
      floorMs: Math.round(floor.wallMs),
      floorMbPerSecond: Math.round(mb / (floor.wallMs / 1000)),
      ratio: Number((read.wallMs / floor.wallMs).toFixed(2)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
