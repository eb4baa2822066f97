/**
 * What the attack table's attacks share (attack-table.ts): the good inputs beside the attacked one
 * (a probes file, NPIs the reference server holds, a fault's report, an empty recording), and the
 * hostile files, made once in one folder: a FIFO no one writes to, an empty folder, a document
 * nested 100,000 levels deep, and for each class a sparse file just past its cap (no disk is used).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, ftruncateSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redactor } from '../client/redact';
import { JSON_FILE_MAX_BYTES } from '../json/json-file';
import { PACKAGE_ROOT } from '../package-root';
import { loadDirectory } from '../reference/directory';
import { writeReport } from '../report/write-report';
import { runSuiteInProcess } from '../suite/in-process-suite';
import type { AttackGround, FileClass, FileKind } from './attack-table';

const MIB = 1024 * 1024;

/** Past each class's cap by a little: what the command must refuse before it reads it. A list is streamed, so its own is a long one. */
const HUGE_BYTES: Readonly<Record<Exclude<FileClass, 'folder' | 'store'>, number>> = {
  json: JSON_FILE_MAX_BYTES + MIB,
  har: 256 * MIB + MIB,
  env: MIB + 1024,
  lines: 300 * MIB,
};

/** Nested this deep, a document is far past any the harness reads, and still a few hundred kilobytes. */
const DEEP_LEVELS = 100_000;

/** What a report folder holds that the harness did not write: a page that says PASS, from elsewhere. */
export const FOREIGN_TEXT = 'Notes kept here by hand: PASS\n';
/** The folder, in an attack's own, that holds it. */
export const FOREIGN_FOLDER = 'kept-from-elsewhere';

/** The fault whose report replay and the report readers are given: it fails a requirement of two endpoints. */
const REPORT_FAULT = 'phone-punctuated';

/** A sparse file of `bytes` bytes: the size a command reads of it is what it is told, nothing is written. */
function sparse(file: string, bytes: number): string {
  const fd = openSync(file, 'w');
  try {
    ftruncateSync(fd, bytes);
  } finally {
    closeSync(fd);
  }
  return file;
}

/** NPIs of the first providers the reference server holds, one a line. */
const servedNpis = (count: number) =>
  [...loadDirectory().providers.records()].flatMap((record) => record.data.NPI?.slice(0, 1) ?? []).slice(0, count);

/** The hostile files, made in `dir`: the one of each kind for each class. */
function hostileFiles(dir: string): AttackGround['hostile'] {
  mkdirSync(join(dir, 'empty-folder'), { recursive: true });
  const fifo = join(dir, 'nobody-writes.fifo');
  execFileSync('mkfifo', [fifo]);
  const deep = join(dir, 'deep.json');
  writeFileSync(deep, `{"log":{"entries":${'['.repeat(DEEP_LEVELS)}${']'.repeat(DEEP_LEVELS)}}}`);
  const huge = Object.fromEntries(
    Object.entries(HUGE_BYTES).map(([fileClass, bytes]) => [fileClass, sparse(join(dir, `huge.${fileClass}`), bytes)]),
  ) as Record<string, string>;
  return (kind: FileKind, fileClass: FileClass) =>
    ({ device: '/dev/zero', fifo, folder: join(dir, 'empty-folder'), deep, huge: huge[fileClass] ?? huge.json })[kind];
}

/** The ground of one robustness run's attacks, made under `root` against the scenarios at `origin`. */
export async function attackGround(root: string, origin: string): Promise<AttackGround> {
  const good = join(root, 'good');
  mkdirSync(good, { recursive: true });
  const probes = join(good, 'probes.json');
  copyFileSync(join(PACKAGE_ROOT, 'fixtures', 'probes.json'), probes);
  const npis = join(good, 'npis.txt');
  writeFileSync(npis, `${servedNpis(5).join('\n')}\n`);
  const reportBase = `${origin}/scenario/${REPORT_FAULT}`;
  const report = join(good, 'report');
  writeReport(report, await runSuiteInProcess({ BASE_URL: reportBase, MAX_RPS: '0' }), new Redactor([]));
  const har = join(good, 'empty.har');
  writeFileSync(har, JSON.stringify({ log: { version: '1.2', creator: { name: 'attack', version: '1' }, entries: [] } }));
  const hostileDir = join(root, 'hostile');
  mkdirSync(hostileDir, { recursive: true });
  return {
    origin,
    probes,
    npis,
    report,
    reportBase,
    // The same failures, as a report of another target names its requests: what replay is given for that target.
    reportFor(baseUrl) {
      const folder = join(good, `report-${createHash('sha256').update(baseUrl).digest('hex').slice(0, 12)}`);
      mkdirSync(folder, { recursive: true });
      const text = readFileSync(join(report, 'conformance.json'), 'utf8').replaceAll(reportBase, baseUrl);
      writeFileSync(join(folder, 'conformance.json'), text);
      return folder;
    },
    har,
    hostile: hostileFiles(hostileDir),
    foreignFolder(dir, file) {
      const folder = join(dir, FOREIGN_FOLDER);
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, file), FOREIGN_TEXT);
      return folder;
    },
  };
}
