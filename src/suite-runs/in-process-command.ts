/**
 * A command run in this thread, as its own process would run it: its environment made its own, and
 * what it writes to standard output and error kept rather than written (the self-tests' commands in
 * their worker's process, the robustness run's attacks in a worker thread).
 */

/** `process.env` made `env`, key by key: the object itself stays, as Node keeps it. */
export function replaceEnvironment(env: NodeJS.ProcessEnv): void {
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  for (const [key, value] of Object.entries(env)) if (value !== undefined) process.env[key] = value;
}

/** `run`, with what is written to standard output and error meanwhile kept and returned, not written; both put back after it. */
export async function withOutputCaptured<T>(run: () => Promise<T>): Promise<{ value: T; stdout: string; stderr: string }> {
  const output = { stdout: '', stderr: '' };
  const saved = { stdout: process.stdout.write, stderr: process.stderr.write };
  const capture =
    (into: 'stdout' | 'stderr') =>
    (chunk: string | Uint8Array, encoding?: BufferEncoding | ((error?: Error | null) => void), done?: (error?: Error | null) => void) => {
      output[into] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      (typeof encoding === 'function' ? encoding : done)?.();
      return true;
    };
  process.stdout.write = capture('stdout') as typeof process.stdout.write;
  process.stderr.write = capture('stderr') as typeof process.stderr.write;
  try {
    return { value: await run(), ...output };
  } finally {
    process.stdout.write = saved.stdout;
    process.stderr.write = saved.stderr;
  }
}
