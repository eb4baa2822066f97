/**
 * The survey's memory between runs: a journal of units, one JSON line each, appended as each unit
 * is judged, and a checkpoint that says how much of the journal is whole, rewritten atomically
 * (a new file renamed over the old) every few seconds. After `kill -9`, --resume cuts the journal
 * back to the checkpoint and redoes what came after: no unit counted twice, none lost.
 */
import {
  closeSync,
  createReadStream,
  existsSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { InputError } from '../config/input-error';
import type { SurveyUnit } from './records';
import { differing, planDifferences, type SurveyPlan } from './survey-plan';

export const JOURNAL_FILE = 'survey-journal.ndjson';
export const CHECKPOINT_FILE = 'survey-checkpoint.json';

/** What a checkpoint holds: enough to know it is this survey's, and where its journal's whole part ends. */
export interface Checkpoint {
  version: 1;
  /** The inputs that decide which units exist: a resume with other inputs would count other records. */
  plan: string;
  started: string;
  journalBytes: number;
  /** The survey judged every unit of its plan. */
  complete: boolean;
}

export class Journal {
  private fd: number;
  private bytes: number;
  /** The checkpoint the journal was opened at: its units up to there are the survey's so far (journalUnits). */
  readonly openedAt: Checkpoint;

  private constructor(
    private readonly dir: string,
    private checkpoint: Checkpoint,
  ) {
    this.openedAt = checkpoint;
    const file = join(dir, JOURNAL_FILE);
    this.fd = openSync(file, existsSync(file) ? 'r+' : 'w+');
    // What came after the last checkpoint may be cut anywhere: it is redone.
    ftruncateSync(this.fd, checkpoint.journalBytes);
    this.bytes = checkpoint.journalBytes;
  }

  /** A new survey in `dir`: any earlier journal there is replaced. */
  static start(dir: string, plan: string, started: string): Journal {
    rmSync(join(dir, JOURNAL_FILE), { force: true });
    const journal = new Journal(dir, { version: 1, plan, started, journalBytes: 0, complete: false });
    journal.save();
    return journal;
  }

  /** The survey of `dir` carried on, when its checkpoint is this plan's. */
  static resume(dir: string, plan: SurveyPlan): Journal {
    return new Journal(dir, resumableCheckpoint(dir, plan));
  }

  get started(): string {
    return this.checkpoint.started;
  }

  append(unit: SurveyUnit): void {
    const line = Buffer.from(`${JSON.stringify(unit)}\n`);
    writeSync(this.fd, line, 0, line.length, this.bytes);
    this.bytes += line.length;
  }

  /** The checkpoint, written to a new file and renamed over the old: a reader sees the old one or the new one, whole. */
  save(complete = false): void {
    this.checkpoint = { ...this.checkpoint, journalBytes: this.bytes, complete };
    fsyncSync(this.fd);
    const file = join(this.dir, CHECKPOINT_FILE);
    writeFileSync(`${file}.tmp`, `${JSON.stringify(this.checkpoint, null, 2)}\n`);
    renameSync(`${file}.tmp`, file);
  }

  close(): void {
    closeSync(this.fd);
  }
}

export function readCheckpoint(dir: string): Checkpoint {
  const file = join(dir, CHECKPOINT_FILE);
  if (!existsSync(file)) throw new InputError(`no survey to resume or merge in ${dir}: ${CHECKPOINT_FILE} is missing`);
  let checkpoint: Checkpoint;
  try {
    checkpoint = JSON.parse(readFileSync(file, 'utf8')) as Checkpoint;
  } catch (error) {
    throw new InputError(`${file} cannot be read as JSON (${(error as Error).message})`);
  }
  if (
    checkpoint?.version !== 1 ||
    typeof checkpoint.plan !== 'string' ||
    typeof checkpoint.complete !== 'boolean' ||
    typeof checkpoint.started !== 'string' ||
    Number.isNaN(Date.parse(checkpoint.started))
  )
    throw new InputError(`${file} is not a survey checkpoint`);
  // A count of bytes: a fraction or a negative figure (a hand-edited checkpoint) would reach ftruncate as it is.
  if (!Number.isSafeInteger(checkpoint.journalBytes) || checkpoint.journalBytes < 0)
    throw new InputError(
      `${file} is not a survey checkpoint: journalBytes is ${JSON.stringify(checkpoint.journalBytes)}, not a count of bytes`,
    );
  const journal = join(dir, JOURNAL_FILE);
  const size = existsSync(journal) ? statSync(journal).size : 0;
  if (size < checkpoint.journalBytes)
    throw new InputError(`${journal} is shorter than its checkpoint says (${size} of ${checkpoint.journalBytes} bytes)`);
  return checkpoint;
}

/** The plan a checkpoint was written for. */
export function planOf(dir: string, checkpoint: Checkpoint): SurveyPlan {
  try {
    const plan = JSON.parse(checkpoint.plan) as SurveyPlan;
    if (plan !== null && typeof plan === 'object' && typeof plan.baseUrl === 'string') return plan;
  } catch {
    // Said below, as a checkpoint of no survey.
  }
  throw new InputError(`${join(dir, CHECKPOINT_FILE)} is not a survey checkpoint: its plan cannot be read`);
}

/**
 * The checkpoint of `dir`, when it is of this plan's survey; otherwise the one line that refuses the
 * resume, naming what differs. Checked before the survey starts or prints anything.
 */
export function resumableCheckpoint(dir: string, plan: SurveyPlan): Checkpoint {
  const checkpoint = readCheckpoint(dir);
  const differences = planDifferences(planOf(dir, checkpoint), plan);
  if (differences.length > 0)
    throw new InputError(
      `--resume: the checkpoint in ${dir} is of another survey: its ${differing(differences)}; run without --resume to start anew`,
    );
  return checkpoint;
}

/** The units of the whole part of a journal, in the order they were judged, read line by line. */
export async function* journalUnits(dir: string, checkpoint: Checkpoint): AsyncGenerator<SurveyUnit> {
  if (checkpoint.journalBytes === 0) return;
  const file = join(dir, JOURNAL_FILE);
  const lines = createInterface({ input: createReadStream(file, { start: 0, end: checkpoint.journalBytes - 1 }), crlfDelay: Infinity });
  let number = 0;
  for await (const line of lines) {
    number++;
    if (line === '') continue;
    try {
      yield JSON.parse(line) as SurveyUnit;
    } catch {
      throw new InputError(`${file}:${number} is not a journal line`);
    }
  }
}
