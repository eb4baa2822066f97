/**
 * Every command of the command table under the robustness run's hostile inputs: each file it reads
 * given a device, a FIFO no one writes to, a folder, a file past its size and (a JSON document) one
 * nested beyond reason; each command that asks a target given an invalid base URL holding a
 * password, a service that echoes the credentials back in every encoding and compresses its
 * answers, one that keeps refusing for rate or availability, and a slow one it is stopped in the
 * middle of by SIGTERM; each folder it writes its reports into given one that holds a file of the
 * same name another wrote. The table is keyed by CommandName: a command added to the command table
 * and not here does not compile, so it is attacked the day it lands.
 */
import type { CommandName } from '../cli/command-table';

/**
 * What a file a command reads is, for the hostile files it is given: each class has its own kinds
 * and its own size past the cap. A `folder` is read as one (an empty one is no input); a `store` is
 * a history's folder, which an empty one may be.
 */
export type FileClass = 'json' | 'har' | 'env' | 'lines' | 'folder' | 'store';

export type FileKind = 'device' | 'fifo' | 'folder' | 'huge' | 'deep';
export type TargetKind = 'invalid-url' | 'echo' | 'rate-limited' | 'signal';
/** A report folder that holds a file of a report's name the harness did not write (a PASS page kept from elsewhere). */
export type OutputKind = 'foreign-output';
export type HostileKind = FileKind | TargetKind | OutputKind;

/** The kinds of hostile file each class of input meets. A folder where a folder is read is an empty one. */
export const KINDS_OF: Readonly<Record<FileClass, readonly FileKind[]>> = {
  json: ['device', 'fifo', 'folder', 'huge', 'deep'],
  har: ['device', 'fifo', 'folder', 'huge', 'deep'],
  env: ['device', 'fifo', 'folder', 'huge'],
  lines: ['device', 'fifo', 'folder', 'huge'],
  folder: ['device', 'fifo', 'folder'],
  store: ['device', 'fifo'],
};

/** What every attack of one robustness run shares: where attacks write, the scenarios' server, and the good inputs beside the attacked one. */
export interface AttackGround {
  origin: string;
  /** A probes file the reference server keeps. */
  probes: string;
  /** NPIs of providers the reference server holds, one a line. */
  npis: string;
  /** The folder of a run's report with failures, of the target `reportBase` names. */
  report: string;
  reportBase: string;
  /** A report of the same failures as if asked of `baseUrl`: what replay is given for a target. */
  reportFor(baseUrl: string): string;
  /** A recording holding no exchange. */
  har: string;
  /** The hostile file of each kind, for a class of input. */
  hostile(kind: FileKind, file: FileClass): string;
  /** A folder, made in `dir`, holding `file` as another wrote it: what the command must leave as it is. */
  foreignFolder(dir: AttackFolder, file: string): string;
}

/** An attack's own folder, where what it writes goes. */
export type AttackFolder = string;

interface FileInput {
  class: FileClass;
  /** The command's arguments with `file` where this input is given, the rest good. */
  args(file: string, ground: AttackGround, dir: AttackFolder): string[];
}

/** A folder the command writes its reports into. */
interface OutputFolder {
  /** A file of its reports, by name: the one another wrote that the folder is given. */
  file: string;
  /** The command's arguments with `folder` where its reports go, the rest good. */
  args(folder: string, ground: AttackGround, dir: AttackFolder): string[];
}

export interface CommandSurface {
  /** Each file the command reads, by how it is named. */
  files: Record<string, FileInput>;
  /** Each folder it writes its reports into, by its flag. */
  outputs?: Record<string, OutputFolder>;
  /** The arguments that make it ask the target at `baseUrl`, where it asks one. */
  asks?: (baseUrl: string, ground: AttackGround, dir: AttackFolder) => string[];
  /** It works long enough against a slow target to be stopped in the middle: SIGTERM while it asks. */
  stoppable?: true;
  /** Kinds another part of the same robustness run meets already for this command, by what meets them (run against an echoing target is a hostile case). */
  coveredBy?: Partial<Record<TargetKind, string>>;
  /**
   * It reads its configuration in a child process of its own (Playwright's), after what it checks
   * first: a hostile input only the child meets (a document too deep, a target) is attacked as a
   * process, whose output the attack reads whole.
   */
  childProcess?: true;
  /** Why nothing is attacked, where it reads no file and asks nothing. */
  nothing?: string;
  /** Why it asks no target, though it takes a base URL (it judges what another asked). */
  asksNothing?: string;
}

const at = (ground: AttackGround, scenario: string) => `${ground.origin}/scenario/${scenario}`;
const envFile = (file: string) => ['--env-file', file];
/** An NPI the reference server holds: what probes draft starts from. */
const SEED_NPI = '1345779098';

/** The history commands that only read a store: each takes --env-file and --history, and its own flags. */
const historyReading = (command: string, flags: (dir: AttackFolder) => string[] = () => []): CommandSurface => ({
  files: {
    '--env-file': {
      class: 'env',
      args: (file, _g, dir) => ['history', command, '--env-file', file, '--history', `${dir}/history`, ...flags(dir)],
    },
    '--history': { class: 'store', args: (file, _g, dir) => ['history', command, '--history', file, ...flags(dir)] },
  },
});

/** Every command, and what of it is attacked. */
export const SURFACES: Readonly<Record<CommandName, CommandSurface>> = {
  run: {
    childProcess: true,
    files: {
      '--probes': {
        class: 'json',
        args: (file, g, dir) => ['run', '--base-url', at(g, 'clean'), '--probes', file, '--report', `${dir}/report`],
      },
      '--baseline': {
        class: 'json',
        args: (file, g, dir) => ['run', '--base-url', at(g, 'clean'), '--baseline', file, '--report', `${dir}/report`],
      },
      '--env-file': {
        class: 'env',
        args: (file, g, dir) => ['run', '--base-url', at(g, 'clean'), ...envFile(file), '--report', `${dir}/report`],
      },
      '--history': {
        class: 'store',
        args: (file, g, dir) => ['run', '--base-url', at(g, 'clean'), '--history', file, '--report', `${dir}/report`],
      },
    },
    outputs: { '--report': { file: 'conformance.md', args: (folder, g) => ['run', '--base-url', at(g, 'clean'), '--report', folder] } },
    asks: (baseUrl, _g, dir) => ['run', '--base-url', baseUrl, '--report', `${dir}/report`],
    stoppable: true,
    coveredBy: { echo: 'the hostile case echo-credentials', 'rate-limited': 'the hostile case rate-limited-later' },
  },
  list: { files: {}, nothing: 'it reads no file and asks nothing: it prints the catalogue' },
  'probes check': {
    files: {
      '--probes': { class: 'json', args: (file, g) => ['probes', 'check', '--base-url', at(g, 'clean'), '--probes', file] },
      '--env-file': { class: 'env', args: (file, g) => ['probes', 'check', '--base-url', at(g, 'clean'), ...envFile(file)] },
    },
    asks: (baseUrl, g) => ['probes', 'check', '--base-url', baseUrl, '--probes', g.probes],
    stoppable: true,
  },
  'probes draft': {
    files: {
      '--env-file': {
        class: 'env',
        args: (file, g) => ['probes', 'draft', '--base-url', at(g, 'clean'), '--npi', SEED_NPI, ...envFile(file)],
      },
    },
    asks: (baseUrl, _g, dir) => ['probes', 'draft', '--base-url', baseUrl, '--npi', SEED_NPI, '--out', `${dir}/probes.json`],
    stoppable: true,
  },
  compare: { files: { A: { class: 'json', args: (file, g) => ['compare', file, g.report] } } },
  matrix: { files: { REPORTS: { class: 'json', args: (file, g) => ['matrix', file, g.report] } } },
  merge: {
    asksNothing: "it judges what the shards asked, from their blob reports: its --base-url names the run's target in the report",
    files: {
      DIR: { class: 'folder', args: (file, g, dir) => ['merge', file, '--base-url', at(g, 'clean'), '--report', `${dir}/report`] },
      // A folder of no blobs: the refusal reads the configuration to write its report, the dotenv file first.
      '--env-file': { class: 'env', args: (file, _g, dir) => ['merge', dir, ...envFile(file), '--report', `${dir}/report`] },
      '--probes': { class: 'json', args: (file, _g, dir) => ['merge', dir, '--probes', file, '--report', `${dir}/report`] },
      '--baseline': { class: 'json', args: (file, _g, dir) => ['merge', dir, '--baseline', file, '--report', `${dir}/report`] },
      '--history': { class: 'store', args: (file, _g, dir) => ['merge', dir, '--history', file, '--report', `${dir}/report`] },
    },
    outputs: {
      '--report': { file: 'conformance.md', args: (folder, g, dir) => ['merge', dir, '--base-url', at(g, 'clean'), '--report', folder] },
    },
  },
  explore: {
    files: {
      '--probes': {
        class: 'json',
        args: (file, g, dir) => ['explore', '--base-url', at(g, 'clean'), '--probes', file, '--out', `${dir}/out`],
      },
      '--npis': {
        class: 'lines',
        args: (file, g, dir) => ['explore', '--base-url', at(g, 'clean'), '--npis', file, '--out', `${dir}/out`],
      },
      '--env-file': {
        class: 'env',
        args: (file, g, dir) => ['explore', '--base-url', at(g, 'clean'), ...envFile(file), '--out', `${dir}/out`],
      },
    },
    outputs: {
      '--out': {
        file: 'conformance.md',
        args: (folder, g) => ['explore', '--base-url', at(g, 'clean'), '--probes', g.probes, '--out', folder],
      },
    },
    asks: (baseUrl, g, dir) => ['explore', '--base-url', baseUrl, '--probes', g.probes, '--max-requests', '150', '--out', `${dir}/out`],
    stoppable: true,
  },
  judge: {
    asksNothing: 'it judges a recording and sends nothing: its --base-url says where the recorded requests went',
    files: {
      HAR: { class: 'har', args: (file, _g, dir) => ['judge', file, '--report', `${dir}/report`] },
      '--probes': {
        class: 'json',
        args: (file, g, dir) => ['judge', g.har, '--base-url', at(g, 'clean'), '--probes', file, '--report', `${dir}/report`],
      },
      '--baseline': {
        class: 'json',
        args: (file, g, dir) => ['judge', g.har, '--base-url', at(g, 'clean'), '--baseline', file, '--report', `${dir}/report`],
      },
      '--env-file': {
        class: 'env',
        args: (file, g, dir) => ['judge', g.har, '--base-url', at(g, 'clean'), ...envFile(file), '--report', `${dir}/report`],
      },
    },
    outputs: {
      '--report': { file: 'conformance.md', args: (folder, g) => ['judge', g.har, '--base-url', at(g, 'clean'), '--report', folder] },
    },
  },
  replay: {
    files: {
      REPORT: { class: 'json', args: (file, g) => ['replay', file, '--base-url', g.reportBase] },
      '--probes': { class: 'json', args: (file, g) => ['replay', g.report, '--base-url', g.reportBase, '--probes', file] },
      '--env-file': { class: 'env', args: (file, g) => ['replay', g.report, '--base-url', g.reportBase, ...envFile(file)] },
    },
    asks: (baseUrl, g) => ['replay', g.reportFor(baseUrl), '--base-url', baseUrl, '--max-requests', '150'],
    stoppable: true,
  },
  serve: {
    files: {},
    nothing: 'it reads no file a user names and asks nothing: it serves until stopped, its flags numbers and names refused in one line',
  },
  survey: {
    files: {
      '--npis': { class: 'lines', args: (file, g, dir) => ['survey', '--base-url', at(g, 'clean'), '--npis', file, '--out', `${dir}/out`] },
      '--deactivated-npis': {
        class: 'lines',
        args: (file, g, dir) => [
          'survey',
          '--base-url',
          at(g, 'clean'),
          '--npis',
          g.npis,
          '--deactivated-npis',
          file,
          '--out',
          `${dir}/out`,
        ],
      },
      '--taxonomy-codes': {
        class: 'lines',
        args: (file, g, dir) => ['survey', '--base-url', at(g, 'clean'), '--npis', g.npis, '--taxonomy-codes', file, '--out', `${dir}/out`],
      },
      '--export': {
        class: 'lines',
        args: (file, g, dir) => ['survey', '--base-url', at(g, 'clean'), '--export', file, '--dry-run', '--out', `${dir}/out`],
      },
      '--export (a manifest)': {
        class: 'json',
        args: (file, g, dir) => ['survey', '--base-url', at(g, 'clean'), '--export', file, '--dry-run', '--out', `${dir}/out`],
      },
      '--env-file': {
        class: 'env',
        args: (file, g, dir) => ['survey', '--base-url', at(g, 'clean'), '--npis', g.npis, ...envFile(file), '--out', `${dir}/out`],
      },
      '--history': {
        class: 'store',
        args: (file, g, dir) => ['survey', '--base-url', at(g, 'clean'), '--npis', g.npis, '--history', file, '--out', `${dir}/out`],
      },
    },
    outputs: {
      '--out': { file: 'survey.json', args: (folder, g) => ['survey', '--base-url', at(g, 'clean'), '--npis', g.npis, '--out', folder] },
    },
    // Every state walked besides the NPIs: work enough to be in the middle of when a signal comes.
    asks: (baseUrl, g, dir) => ['survey', '--base-url', baseUrl, '--npis', g.npis, '--organizations-by-state', '--out', `${dir}/out`],
    stoppable: true,
  },
  'survey merge': {
    files: {
      DIRS: { class: 'folder', args: (file, _g, dir) => ['survey', 'merge', file, '--out', `${dir}/out`] },
      '--history': { class: 'store', args: (file, _g, dir) => ['survey', 'merge', dir, '--out', `${dir}/out`, '--history', file] },
    },
    outputs: { '--out': { file: 'survey.json', args: (folder, _g, dir) => ['survey', 'merge', dir, '--out', folder] } },
  },
  'survey diff': {
    files: {
      // A hostile folder or file as both witnesses: read as a survey's folder, else as an export.
      A: { class: 'folder', args: (file) => ['survey', 'diff', file, file] },
      B: { class: 'lines', args: (file) => ['survey', 'diff', file, file] },
      'B (a manifest)': { class: 'json', args: (file) => ['survey', 'diff', file, file] },
    },
  },
  'history record': {
    files: {
      REPORT_DIRS: { class: 'folder', args: (file, _g, dir) => ['history', 'record', file, '--history', `${dir}/history`] },
      '--env-file': {
        class: 'env',
        args: (file, g, dir) => ['history', 'record', g.report, '--env-file', file, '--history', `${dir}/history`],
      },
      '--history': { class: 'store', args: (file, g) => ['history', 'record', g.report, '--history', file] },
    },
  },
  'history check': historyReading('check'),
  'history diff': historyReading('diff'),
  'history page': {
    ...historyReading('page', (dir) => ['--out', `${dir}/page`]),
    outputs: {
      '--out': { file: 'index.html', args: (folder, _g, dir) => ['history', 'page', '--history', `${dir}/history`, '--out', folder] },
    },
  },
  'history export': historyReading('export', () => ['--format', 'openmetrics']),
  'history prune': historyReading('prune', () => ['--keep', '1']),
};

/** One attack: a command, the hostile input it meets, and how to make it meet it. */
export interface Attack {
  command: CommandName;
  kind: HostileKind;
  /** The input attacked, for a file; the target, for the others. */
  input: string;
  /** The class of the file attacked, for a file kind: which hostile file it is given, and the line that refuses it must name. */
  fileClass?: FileClass;
  args(ground: AttackGround, dir: AttackFolder): string[];
  /** Where it runs: in a worker thread of the robustness run (the command's own entry, its output captured), or as a process. */
  process: boolean;
}

/** The target scenario each target kind asks; an invalid URL is none. */
export const TARGET_OF: Readonly<Record<Exclude<TargetKind, 'invalid-url'>, string>> = {
  echo: 'echo-credentials',
  'rate-limited': 'rate-limited-later',
  signal: 'slow-answers',
};

/** A base URL no configuration takes: it holds a password, which no line may repeat. */
export const INVALID_BASE_URL = 'http://robust:Sw0rdfish-in-url-7c1d@127.0.0.1:9/v1';

/** Every attack of the table, command by command: its file inputs at each kind of their class, its report folders, and its target kinds. */
export function attacksOf(surfaces: Readonly<Record<CommandName, CommandSurface>> = SURFACES): Attack[] {
  return (Object.entries(surfaces) as [CommandName, CommandSurface][]).flatMap(([command, surface]) => [
    ...Object.entries(surface.files).flatMap(([input, given]) =>
      KINDS_OF[given.class].map((kind): Attack => ({
        command,
        kind,
        input,
        fileClass: given.class,
        args: (ground, dir) => given.args(ground.hostile(kind, given.class), ground, dir),
        // What the command checks itself before its child starts (a device, a FIFO, a folder, a size) is refused in its own process.
        process: surface.childProcess === true && kind === 'deep',
      })),
    ),
    ...Object.entries(surface.outputs ?? {}).map(([input, output]): Attack => ({
      command,
      kind: 'foreign-output',
      input,
      args: (ground, dir) => output.args(ground.foreignFolder(dir, output.file), ground, dir),
      // Where the child checks the folder (run's Playwright configuration), the child is attacked.
      process: surface.childProcess === true,
    })),
    ...targetAttacks(command, surface),
  ]);
}

function targetAttacks(command: CommandName, surface: CommandSurface): Attack[] {
  const asks = surface.asks;
  if (!asks) return [];
  const kinds: TargetKind[] = ['invalid-url', 'echo', 'rate-limited', ...(surface.stoppable ? (['signal'] as const) : [])];
  return kinds
    .filter((kind) => surface.coveredBy?.[kind] === undefined)
    .map((kind) => ({
      command,
      kind,
      input: kind === 'invalid-url' ? '--base-url' : TARGET_OF[kind],
      args: (ground: AttackGround, dir: AttackFolder) =>
        asks(kind === 'invalid-url' ? INVALID_BASE_URL : at(ground, TARGET_OF[kind]), ground, dir),
      // A signal is a process's: it is sent to one.
      process: surface.childProcess === true || kind === 'signal',
    }));
}
