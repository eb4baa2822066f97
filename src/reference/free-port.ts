import { type AddressInfo, createServer } from 'node:net';

/** A loopback port free now, for a server the caller starts on it (the race with another process is the OS's usual one). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
  });
}
