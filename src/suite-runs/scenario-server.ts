import { type ChildProcess, spawn } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { PACKAGE_ROOT } from '../package-root';
import { everyScenarioMounted } from '../reference/scenarios/registry';
import { servedScenario } from '../reference/scenarios/servable';
import { referenceServerOf } from '../reference/start';

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
  /** Stops the server; resolves once its process has exited and its port is free. */
  stop(): Promise<void>;
}

/**
 * Starts the reference server in a process of its own, on a port the OS picks (or `port`: one
 * target served by several servers in turn, as a deployment is), with `env` over the defaults
 * (FIXTURE_DIR, LATENCY_MS, LATENCY_ENDPOINT, REFERENCE_SCENARIOS), and resolves with the origin it printed.
 * Taking the address from the child itself means that a server of another run on the same machine
 * can never answer in its place.
 */
export async function startReferenceServer(env: Record<string, string> = {}, port = 0): Promise<ScenarioServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/reference/scenarios/main.ts'], {
    cwd: PACKAGE_ROOT,
    env: {
      ...process.env,
      REFERENCE_SCENARIOS: '',
      REFERENCE_FAULT: '',
      REFERENCE_VARIANT: '',
      LATENCY_MS: '',
      LATENCY_ENDPOINT: '',
      FIXTURE_DIR: '',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let printed = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error('the reference server did not become ready within 120 s'));
    }, 120_000);
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
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      resolve({ origin, stop: () => (child.kill(), exited) });
    });
  });
}

/** One reference server, in a process of its own, that mounts every scenario under /scenario/<name>. */
export const startScenarioServer = () => startReferenceServer({ REFERENCE_SCENARIOS: 'all' });

/** `app` listening in this process on loopback, at `port` or one the OS picks. */
async function listeningHere(app: FastifyInstance, port = 0): Promise<ScenarioServer> {
  await app.listen({ port, host: '127.0.0.1' });
  const { port: bound } = app.server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${bound}`, stop: () => app.close() };
}

/**
 * The server of `env` (REFERENCE_FAULT, REFERENCE_VARIANT, FIXTURE_DIR, LATENCY_MS, as
 * startReferenceServer takes them) in this process, on `port` or one the OS picks: for a test whose
 * commands run as processes of their own (not blocking this thread), without a server process and
 * its TypeScript loader to start each time.
 */
export const serveHere = (env: Record<string, string> = {}, port = 0): Promise<ScenarioServer> =>
  listeningHere(referenceServerOf(env, servedScenario(env)).app, port);

/**
 * The same server in this process: the in-process drivers judge it from worker threads while this
 * thread answers, with no process or loader of its own to start.
 */
export const serveScenariosHere = (): Promise<ScenarioServer> => listeningHere(referenceServerOf({}, everyScenarioMounted()).app);
