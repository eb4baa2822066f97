/**
 * The embedded store's lock: one process at a time holds a history folder. The lock is a folder,
 * `history.lock` (made by mkdir, which only one process can win), holding its owner's process id and
 * host. It is taken over only from an owner that is gone:
 *   - on the same host, when no process of that id is alive: exact, and unlike a heartbeat it holds
 *     while the owner is busy, even for minutes (a long PGlite statement blocks the event loop that
 *     would refresh a heartbeat; that is how a live writer's lock was taken before) or stopped;
 *   - from another host (a folder on a shared disk), when its heartbeat is stale: a worker thread,
 *     which a blocked main thread does not hold up, refreshes the lock's time every 2 seconds.
 * A waiting process waits for at most `waitMs`, and says so; a lock that is a file, or a folder the
 * process cannot write, is refused at once, in one line.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { InputError } from '../config/input-error';

export const LOCK_FOLDER = 'history.lock';
const OWNER_FILE = 'owner.json';

export interface FolderLockOptions {
  /** How long a waiting process waits for the owner, at most. */
  waitMs: number;
  /** From another host: a lock whose time is older than this is the lock of a process that is gone. */
  staleMs: number;
}

export const FOLDER_LOCK_DEFAULTS: FolderLockOptions = { waitMs: 300_000, staleMs: 10_000 };

const HEARTBEAT_MS = 2_000;

/** Refreshes the lock's time in a thread of its own: `workerData` is the lock folder and the period. */
const HEARTBEAT = `
const { utimesSync } = require('node:fs');
const { workerData } = require('node:worker_threads');
setInterval(() => { try { const now = new Date(); utimesSync(workerData.path, now, now); } catch {} }, workerData.every);
`;

interface Owner {
  pid: number;
  host: string;
}

function ownerOf(lock: string): Owner | undefined {
  try {
    const owner = JSON.parse(readFileSync(join(lock, OWNER_FILE), 'utf8')) as Owner;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' ? owner : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a process of this id is alive on this host (signal 0 tests it and sends nothing). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it is alive, and another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the lock's owner is gone: dead on this host, or silent past `staleMs` from another (or not yet named, past it). */
function ownerGone(lock: string, staleMs: number): boolean {
  const owner = ownerOf(lock);
  if (owner && owner.host === hostname()) return !alive(owner.pid);
  try {
    return Date.now() - statSync(lock).mtimeMs > staleMs;
  } catch {
    // Released meanwhile: not gone, free; the next attempt takes it.
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The lock, once this process holds it: `release()` lets it go. */
export async function lockFolder(dir: string, options: FolderLockOptions = FOLDER_LOCK_DEFAULTS): Promise<() => Promise<void>> {
  const lock = join(dir, LOCK_FOLDER);
  const deadline = Date.now() + options.waitMs;
  for (let attempt = 0; ; attempt++) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST')
        throw new InputError(`the history folder ${dir} cannot be locked (${code}): it must be a folder this user can write`);
    }
    let isFolder: boolean;
    try {
      isFolder = statSync(lock).isDirectory();
    } catch {
      continue;
    }
    if (!isFolder) throw new InputError(`${lock} is a file, not a lock of this harness: remove it, if no recorder is running`);
    if (ownerGone(lock, options.staleMs)) {
      // Moved aside first: of two processes taking over at once, one rename succeeds, the other finds nothing to move.
      const aside = `${lock}.gone-${randomUUID()}`;
      try {
        renameSync(lock, aside);
        rmSync(aside, { recursive: true, force: true });
      } catch {
        // Taken over, or released, by another process meanwhile.
      }
      continue;
    }
    if (Date.now() >= deadline) {
      const owner = ownerOf(lock);
      throw new InputError(
        `the history folder ${dir} is held by another process${owner ? ` (pid ${owner.pid} on ${owner.host})` : ''}, still there after ${Math.round(options.waitMs / 1000)} s of waiting: try again when it is done`,
      );
    }
    await sleep(Math.min(25 * 2 ** Math.min(attempt, 4), 250));
  }
  try {
    writeFileSync(join(lock, OWNER_FILE), JSON.stringify({ pid: process.pid, host: hostname() } satisfies Owner));
  } catch (error) {
    // A lock without its owner (a full disk) would keep the next process waiting for it to go stale.
    rmSync(lock, { recursive: true, force: true });
    throw error;
  }
  const heartbeat = new Worker(HEARTBEAT, { eval: true, workerData: { path: lock, every: HEARTBEAT_MS } });
  // The heartbeat never keeps the process alive by itself.
  heartbeat.unref();
  return async () => {
    await heartbeat.terminate();
    rmSync(lock, { recursive: true, force: true });
  };
}
