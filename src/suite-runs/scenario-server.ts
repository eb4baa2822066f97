import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const PROJECT_ROOT = join(__dirname, '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
  });
}

export interface ScenarioServer {
  /** `http://127.0.0.1:<port>`; each scenario lives under /scenario/<name>. */
  origin: string;
  stop(): void;
}

/**
 * Starts one reference server that mounts every scenario on a port the OS picks, and resolves with
 * the origin it printed. Taking the address from the child itself means that a server of another
 * run on the same machine can never answer in its place.
 */
export async function startScenarioServer(): Promise<ScenarioServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/reference/main.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      REFERENCE_SCENARIOS: 'all',
      REFERENCE_FAULT: '',
      REFERENCE_VARIANT: '',
      LATENCY_MS: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let printed = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error('the reference server did not become ready within 30 s'));
    }, 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the reference server exited (${code}) before it listened: ${printed.trim()}`));
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const origin = /reference server: (http:\/\/127\.0\.0\.1:\d+)/.exec(printed)?.[1];
      if (!origin) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      resolve({ origin, stop: () => child.kill() });
    });
  });
}
