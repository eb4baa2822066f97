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

/** Starts one reference server that mounts every scenario, and waits until /health answers. */
export async function startScenarioServer(): Promise<ScenarioServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/reference/main.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      REFERENCE_SCENARIOS: 'all',
      REFERENCE_FAULT: '',
      REFERENCE_VARIANT: '',
      LATENCY_MS: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`${origin}/health`)).ok) return { origin, stop: () => child.kill() };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('the reference server did not become ready within 30 s');
}
