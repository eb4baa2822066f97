/**
 * The attack table run (attack-table.ts): the attacks on two worker threads, one after another
 * through each command's entry, or, where only a command's child process meets the input or the
 * attack is a signal, as a process of the command a user runs. Each attack in a folder of its own,
 * bounded in time; what each must come to is said by `problemsOf`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { LEAK_TEST_SECRETS } from '../reference/scenarios/hostile';
import { FOREIGN_FOLDER, FOREIGN_TEXT } from './attack-ground';
import { type Attack, type AttackGround, attacksOf, type FileKind, INVALID_BASE_URL } from './attack-table';
import type { AttackAnswer, AttackJob } from './attack-thread';
import type { LeakScan } from './leak-scan';
import { neutralSuiteEnvironment } from './run-suite';

/** What an attack came to: the exit, how long it took, what it wrote, and, for a signal, how long it took to stop once signalled. */
export interface AttackOutcome extends AttackAnswer {
  seconds: number;
  /** It did not end within its bound, and was stopped. */
  timedOut?: true;
  /** A signal's attack: seconds from SIGTERM to the exit. */
  stoppedIn?: number;
}

export interface AttackResult {
  name: string;
  exit: number | null;
  seconds: number;
  said: string;
  problems: string[];
}

/** Bounds on an attack's wall time: a file refused at once, a command that asks a target doing its work. */
const FILE_BOUND_SECONDS = 30;
const TARGET_BOUND_SECONDS = 180;
/** A command stopped by SIGTERM ends within this, the report of what it judged written (2 s on a quiet machine; a loaded one is slower). */
const STOP_BOUND_SECONDS = 5;
/** How long after its first line a command against the slow target is signalled: well into its work. */
const SIGNAL_AFTER_MS = 2_500;
/** A worker thread's heap at most: a command that reads without end dies here, not the robustness run. */
const THREAD_HEAP_MB = 1024;

const FILE_KINDS: readonly string[] = ['device', 'fifo', 'folder', 'huge', 'deep'] satisfies FileKind[];
/** The kinds refused before anything is asked: bounded as a file is. */
const REFUSED_KINDS: readonly string[] = [...FILE_KINDS, 'foreign-output'];

export const attackName = (attack: Attack) => `${attack.command} ${attack.input} ← ${attack.kind}`;

/** The environment of an attack: no configuration of the user's, no pace, and, for an echoing target, the credentials it echoes. */
function attackEnvironment(attack: Attack): Record<string, string> {
  const env = Object.fromEntries(
    Object.entries(neutralSuiteEnvironment(process.env)).filter((e): e is [string, string] => e[1] !== undefined),
  );
  return {
    ...env,
    MAX_RPS: '0',
    CI: '1',
    NO_COLOR: '1',
    ...(attack.kind === 'echo'
      ? { API_TOKEN: LEAK_TEST_SECRETS.token, API_HEADERS: JSON.stringify({ 'X-Api-Key': LEAK_TEST_SECRETS.header }) }
      : {}),
  };
}

/** Every file under `dir`, read: what the leak scan looks in. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'latin1'));
}

/** What an attack must come to, by its kind; problems in words, none when it held. */
export function problemsOf(attack: Attack, outcome: AttackOutcome, ground: AttackGround, dir: string, scan: LeakScan): string[] {
  const terminal = outcome.stdout + outcome.stderr;
  const lines = outcome.stderr.split('\n').filter((line) => line.startsWith('directory-conformance: '));
  const problems: string[] = [];
  const bound = REFUSED_KINDS.includes(attack.kind) ? FILE_BOUND_SECONDS : TARGET_BOUND_SECONDS;
  if (outcome.timedOut) problems.push(`did not end within ${bound} s`);
  if (/internal error/.test(terminal)) problems.push('an internal error, not a line of its own');
  if (/^\s+at .+:\d+:\d+\)?$/m.test(outcome.stderr)) problems.push('a stack trace, not one line');
  if (FILE_KINDS.includes(attack.kind)) {
    const file = ground.hostile(attack.kind as FileKind, attack.fileClass!);
    // A list streamed whole (300 MiB of no NPI) may end as a survey of nothing (3); every other hostile file is refused (2).
    const exits = attack.fileClass === 'lines' && attack.kind === 'huge' ? [2, 3] : [2];
    if (!exits.includes(outcome.code)) problems.push(`exited ${outcome.code}, expected ${exits.join(' or ')}`);
    if (outcome.code === 2 && !lines.some((line) => line.includes(file))) problems.push(`no line of its own names ${file}`);
  }
  if (attack.kind === 'foreign-output') {
    // The folder the attack gave holds a file another wrote: said in a line of its own, and left as it was, nothing added.
    const folder = join(dir, FOREIGN_FOLDER);
    const kept = readdirSync(folder);
    if (outcome.code !== 2) problems.push(`exited ${outcome.code}, expected 2`);
    if (!lines.some((line) => line.includes(folder) && /did not write/.test(line)))
      problems.push(`no line of its own says ${folder} holds a file the harness did not write`);
    if (kept.length !== 1 || readFileSync(join(folder, kept[0]!), 'utf8') !== FOREIGN_TEXT)
      problems.push(`${folder} holds ${kept.join(', ')}: not the one file, as another wrote it`);
  }
  if (attack.kind === 'invalid-url') {
    if (outcome.code !== 2) problems.push(`exited ${outcome.code}, expected 2`);
    if (!lines.some((line) => /BASE_URL/.test(line))) problems.push('no line of its own names BASE_URL');
    const password = new URL(INVALID_BASE_URL).password;
    if ([terminal, ...filesUnder(dir)].some((text) => text.includes(password))) problems.push('the password of the URL is written');
  }
  if (attack.kind === 'echo')
    for (const [where, text] of [['the terminal', terminal], ...filesUnder(dir).map((text) => ['a file it wrote', text])])
      for (const leak of scan.leaks(text)) problems.push(`${where} holds ${leak}`);
  if (attack.kind === 'rate-limited' && outcome.code === 1)
    problems.push('exited 1: an answer refused for rate or availability taken for a finding');
  if (attack.kind === 'signal') {
    if (![1, 3].includes(outcome.code)) problems.push(`exited ${outcome.code} once signalled, expected 3 (or 1 for a finding made before)`);
    if (outcome.stoppedIn !== undefined && outcome.stoppedIn > STOP_BOUND_SECONDS)
      problems.push(`took ${outcome.stoppedIn.toFixed(1)} s to stop, more than ${STOP_BOUND_SECONDS}`);
    if (!/stopped|interrupted/i.test(terminal)) problems.push('nothing it wrote says it was stopped');
  }
  return problems;
}

/** A process of the command as a user runs it (`node -- bin`: Node takes no --env-file of the command's for its own), and, for a signal, SIGTERM in its work. */
function asProcess(bin: string, attack: Attack, args: string[], dir: string): Promise<AttackOutcome> {
  const started = Date.now();
  const bound = (REFUSED_KINDS.includes(attack.kind) ? FILE_BOUND_SECONDS : TARGET_BOUND_SECONDS) * 1000;
  const child = spawn(process.execPath, ['--', bin, ...args], { cwd: dir, env: attackEnvironment(attack) });
  const output = { stdout: '', stderr: '' };
  let signalledAt: number | undefined;
  let timedOut = false;
  const timer = setTimeout(() => ((timedOut = true), child.kill('SIGKILL')), bound);
  const signalLater = () => {
    if (attack.kind !== 'signal' || signalledAt !== undefined) return;
    signalledAt = -1;
    setTimeout(() => ((signalledAt = Date.now()), child.kill('SIGTERM')), SIGNAL_AFTER_MS);
  };
  child.stdout.on('data', (chunk: Buffer) => ((output.stdout += chunk.toString()), signalLater()));
  child.stderr.on('data', (chunk: Buffer) => ((output.stderr += chunk.toString()), signalLater()));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      const ended = Date.now();
      resolve({
        code: code ?? -1,
        ...output,
        seconds: (ended - started) / 1000,
        ...(timedOut ? { timedOut: true as const } : {}),
        ...(signalledAt !== undefined && signalledAt > 0 ? { stoppedIn: (ended - signalledAt) / 1000 } : {}),
      });
    }),
  );
}

/** Attacks in one worker thread, one after another; a thread that does not answer within the bound is stopped, and the next attack gets a new one. */
async function inThread(attacks: readonly { attack: Attack; args: string[] }[]): Promise<AttackOutcome[]> {
  const source = `${__filename.endsWith('.ts') ? "require('tsx/cjs');" : ''} require(${JSON.stringify(join(__dirname, `attack-thread${__filename.endsWith('.ts') ? '.ts' : '.js'}`))});`;
  const outcomes: AttackOutcome[] = [];
  let worker: Worker | undefined;
  let ready: Promise<void> | undefined;
  for (const { attack, args } of attacks) {
    if (!worker) {
      worker = new Worker(source, { eval: true, resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } });
      const w = worker;
      ready = new Promise((resolve) => w.once('message', () => resolve()));
    }
    await ready;
    const started = Date.now();
    const bound = (REFUSED_KINDS.includes(attack.kind) ? FILE_BOUND_SECONDS : TARGET_BOUND_SECONDS) * 1000;
    const current = worker;
    const answer = await new Promise<AttackAnswer | 'timed out' | Error>((resolve) => {
      const timer = setTimeout(() => resolve('timed out'), bound);
      current.once('message', (message: AttackAnswer) => (clearTimeout(timer), resolve(message)));
      current.once('error', (error) => (clearTimeout(timer), resolve(error)));
      current.postMessage({ args, env: attackEnvironment(attack) } satisfies AttackJob);
    });
    const seconds = (Date.now() - started) / 1000;
    if (answer === 'timed out' || answer instanceof Error) {
      await worker.terminate();
      worker = undefined;
      const why = answer instanceof Error ? `the thread failed: ${answer.message}` : '';
      outcomes.push({ code: -1, stdout: '', stderr: why, seconds, timedOut: true });
    } else outcomes.push({ ...answer, seconds });
    current.removeAllListeners('message').removeAllListeners('error');
  }
  await worker?.terminate();
  return outcomes;
}

/**
 * Every attack of the table against the scenarios `ground` names, each in a folder of its own under
 * `root`: the command's in a thread, a command whose work is a process's (and every signal) as a
 * process of `bin`. Their results, in the table's order.
 */
export async function runAttackTable(
  ground: AttackGround,
  root: string,
  bin: string,
  scan: LeakScan,
  chosen: (name: string) => boolean = () => true,
): Promise<AttackResult[]> {
  const planned = attacksOf()
    .filter((attack) => chosen(attackName(attack)))
    .map((attack) => {
      const dir = mkdtempSync(join(root, 'attack-'));
      return { attack, dir, args: attack.args(ground, dir) };
    });
  const outcomes = new Map<(typeof planned)[number], AttackOutcome>();
  // Two threads at once, on two cores, each taking every other attack: a thread's start (its modules loaded) is paid twice, not once a command.
  const threaded = planned.filter((p) => !p.attack.process);
  await Promise.all(
    [0, 1].map(async (lane) => {
      const attacks = threaded.filter((_, i) => i % 2 === lane);
      (await inThread(attacks)).forEach((outcome, i) => outcomes.set(attacks[i], outcome));
    }),
  );
  // Processes one at a time: each is a bound on its own time.
  for (const p of planned.filter((p) => p.attack.process)) outcomes.set(p, await asProcess(bin, p.attack, p.args, p.dir));
  return planned.map((p) => {
    const outcome = outcomes.get(p)!;
    const said = [...outcome.stderr.split('\n'), ...outcome.stdout.split('\n')].find((line) => line.trim() !== '') ?? '';
    return {
      name: attackName(p.attack),
      exit: outcome.code,
      seconds: outcome.seconds,
      said: outcome.stoppedIn === undefined ? said : `stopped ${outcome.stoppedIn.toFixed(1)} s after SIGTERM: ${said}`,
      problems: problemsOf(p.attack, outcome, ground, p.dir, scan),
    };
  });
}
