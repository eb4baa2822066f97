/**
 * A worker thread of the attack table: each attack the main thread gives is the command run through
 * its own entry (invoke), with the attack's environment, its standard output and error captured, and
 * its exit code answered, as the installed command would exit. A thread of its own, so that an attack
 * that makes a command read without end is stopped from the main thread (terminate), and one that
 * makes it grow without bound meets the thread's memory limit, not the robustness run's.
 */
import { parentPort } from 'node:worker_threads';
import { invoke } from '../cli/invoke';
import { replaceEnvironment, withOutputCaptured } from './in-process-command';

/** What the main thread asks: a command's arguments and its whole environment. */
export interface AttackJob {
  args: string[];
  env: Record<string, string>;
}

/** What the thread answers: the command's exit code, and what it wrote. */
export interface AttackAnswer {
  code: number;
  stdout: string;
  stderr: string;
}

/** One attack: the command with `job`'s arguments and environment, what it writes kept rather than written. */
async function attacked(job: AttackJob): Promise<AttackAnswer> {
  replaceEnvironment(job.env);
  const { value: code, ...output } = await withOutputCaptured(() => invoke(job.args));
  return { code, ...output };
}

const port = parentPort;
if (port) {
  port.on('message', (job: AttackJob) => void attacked(job).then((answer) => port.postMessage(answer)));
  port.postMessage('ready');
}
