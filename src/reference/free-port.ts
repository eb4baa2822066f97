import { type AddressInfo, createServer } from 'node:net';

/** A loopback port held for a server that is not built yet: `release` just before the server listens on it. */
export interface PortReservation {
  port: number;
  release(): Promise<void>;
}

/**
 * A loopback port, held by a listening socket of this process until `release`. A port only probed
 * and let go at once is anyone's while the server loads: an outgoing connection of any process
 * takes its local port from the same range, and the server's listen then fails (EADDRINUSE).
 * Held, the window is the one between release and listen.
 */
export function reserveLoopbackPort(): Promise<PortReservation> {
  return new Promise((resolve, reject) => {
    // A connection to the port before the server is on it is closed at once, as a refused one would be: the
    // client that waits for the server asks again (embeddedServerReady), and release need not wait for it.
    const holder = createServer((socket) => socket.destroy())
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = holder.address() as AddressInfo;
        // Held, but no reason to keep the process alive: a run that ends before its server is built exits as it would.
        holder.unref();
        resolve({ port, release: () => new Promise<void>((done) => holder.close(() => done())) });
      });
  });
}
