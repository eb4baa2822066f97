/**
 * Jobs judged on worker threads, a job to whichever thread is free: a thread judges while the
 * servers answer, so two threads use the machine's two cores. The mutation run and the property run
 * over the latitude hand their jobs here; each names the module whose `answerJobs` answers them.
 */
import { parentPort, Worker, workerData } from 'node:worker_threads';

type Message<J> = { job: J } | { done: true };

/** Runs `jobs` on `threads` worker threads of `module` (which calls answerJobs), with `setting` shared; the results in the jobs' order. */
export async function jobsInThreads<S, J, R>(module: string, setting: S, jobs: readonly J[], threads: number): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const thread = () =>
    new Promise<void>((resolve, reject) => {
      // A thread does not inherit tsx's loader: it registers it (tsx/cjs, as bin/ does) before it loads the module's source.
      const source = `${module.endsWith('.ts') ? "require('tsx/cjs');" : ''} require(${JSON.stringify(module)});`;
      const worker = new Worker(source, { eval: true, workerData: setting });
      let current = -1;
      const give = () => {
        current = next++;
        worker.postMessage((current < jobs.length ? { job: jobs[current] } : { done: true }) satisfies Message<J>);
      };
      worker.on('message', (result: R | 'ready') => {
        if (result !== 'ready') results[current] = result;
        give();
      });
      worker.once('error', reject);
      worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`a worker thread of ${module} exited ${code}`))));
    });
  await Promise.all(Array.from({ length: Math.max(1, Math.min(threads, jobs.length)) }, thread));
  return results;
}

/** In a worker thread of jobsInThreads: answers each job the main thread gives with `answer`, until it says done. Nothing in the main thread. */
export function answerJobs<S, J, R>(answer: (setting: S, job: J) => Promise<R>): void {
  if (!parentPort) return;
  const port = parentPort;
  const setting = workerData as S;
  port.on('message', (message: Message<J>) => {
    if ('done' in message) {
      port.close();
      return;
    }
    answer(setting, message.job).then(
      (result) => port.postMessage(result),
      (error: unknown) => {
        throw error;
      },
    );
  });
  port.postMessage('ready');
}
