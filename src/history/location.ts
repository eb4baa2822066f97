/**
 * Where the history is, before it is opened: the folder or PostgreSQL URL a command names, and
 * whether this user may write it. Apart from the store itself (store.ts), so that a run or a survey
 * that keeps no history, or only checks where it will keep one, loads neither Kysely nor PGlite.
 */
import { accessSync, constants, existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InputError } from '../config/input-error';

export const DEFAULT_HISTORY_DIR = 'conformance-history';
export const HISTORY_URL_VARIABLE = 'HISTORY_URL';

export const isServerUrl = (location: string) => /^postgres(ql)?:\/\//i.test(location);

/** A PostgreSQL URL as messages show it: user, password and query left out. */
export function shownLocation(location: string): string {
  if (!isServerUrl(location)) return location;
  try {
    const url = new URL(location);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return 'a PostgreSQL URL that cannot be parsed';
  }
}

/**
 * Whether a location is a PostgreSQL URL, or meant to be one: it begins postgres: or postgresql:
 * (`postgres:/ci:pw@h/d` lacks a slash, it is no folder name), or it holds `user:password@`.
 */
const meantForServer = (location: string) => /^postgres(ql)?:/i.test(location) || /^[^/\\]*:[^/\\]*@/.test(location);

/**
 * A PostgreSQL URL a command may connect with, or the one line that refuses it, echoing no part of
 * it: a location meant for a server that is no postgres:// URL, or one whose parse leaves an `@` in
 * the host, the path or the fragment (a password with `@`, `/` or `#` not percent-encoded: its
 * second part would go to DNS as a host).
 */
function serverUrl(given: string, named: string): string {
  const refuse = (why: string) => new InputError(`${named} ${why}; nothing was connected to`);
  if (!isServerUrl(given))
    throw refuse('looks like a PostgreSQL URL (postgres: or user:password@) but is not one: write postgres://user:password@host/database');
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw refuse('is a PostgreSQL URL that cannot be parsed: the password must be percent-encoded (@ as %40, / as %2F, # as %23)');
  }
  // The URL parser takes the last @ for the end of the user part; a second one before it was the password's own.
  const authority = given.slice(given.indexOf('//') + 2).split(/[/?#]/)[0];
  const ats = authority.split('@').length - 1;
  if ([url.host, url.pathname, url.hash].some((part) => part.includes('@')) || url.host === '' || ats > 1)
    throw refuse('is a PostgreSQL URL whose parts run together: the password must be percent-encoded (@ as %40, / as %2F, # as %23)');
  return given;
}

/** The store a command names: --history, else HISTORY_URL, else the default folder. */
export function historyLocation(flag: string | undefined, env: NodeJS.ProcessEnv, cwd: string): string {
  const fromEnv = env[HISTORY_URL_VARIABLE];
  // Spaces around a value are a copy's accident: never part of a folder's name, nor a reason to take a URL for one.
  const given = (flag ?? fromEnv ?? DEFAULT_HISTORY_DIR).trim();
  const named = flag === undefined ? HISTORY_URL_VARIABLE : '--history';
  if (given === '')
    throw new InputError(
      flag === undefined
        ? `${HISTORY_URL_VARIABLE} is set but empty (an unset CI secret?): give it a folder or a postgres:// URL, or unset it for ${DEFAULT_HISTORY_DIR}/`
        : '--history needs a folder or a postgres:// URL, got an empty value',
    );
  // A server URL, or one meant: never a folder, whose name would keep the password on disk and in every line.
  if (meantForServer(given)) return serverUrl(given, named);
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(given)?.[1];
  if (scheme !== undefined)
    throw new InputError(`${named} names a ${scheme}:// URL: the history is a folder or a postgres:// (or postgresql://) URL`);
  const folder = resolve(cwd, given);
  // Said before a run that would record into it: a file, a device or a FIFO is no store, and nothing is made of it.
  if (existsSync(folder) && !statSync(folder).isDirectory())
    throw new InputError(`the history ${folder} is not a folder (a file, a device or a pipe): give a folder, or a postgres:// URL`);
  return folder;
}

/** Every path under `dir`, at any depth. */
export const within = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((entry) => join(dir, entry));

/** The first entry under `dir` (itself included) this user cannot write, or undefined: PostgreSQL writes all over its data folder, even to read. */
export function firstUnwritable(dir: string): string | undefined {
  const vanished = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
  try {
    accessSync(dir, constants.W_OK);
  } catch (error) {
    return vanished(error) ? undefined : dir;
  }
  // A recorder beside this one may rename or remove what is under it meanwhile (a template copied
  // aside, then renamed into place): a path gone is no path this user cannot write, and a walk that
  // meets one gone is made again.
  for (let attempt = 1; ; attempt++) {
    let paths: string[];
    try {
      paths = within(dir);
    } catch (error) {
      if (vanished(error) && attempt < 3) continue;
      return vanished(error) ? undefined : dir;
    }
    for (const path of paths) {
      try {
        accessSync(path, constants.W_OK);
      } catch (error) {
        if (!vanished(error)) return path;
      }
    }
    return undefined;
  }
}

/**
 * Refuses, in one line, a history folder this user cannot write: before a run or a survey, as well
 * as before a recording, so that hours of surveying do not end in a history that cannot keep them.
 * A PostgreSQL server, and a folder not made yet, are not refused here.
 */
export function refuseUnwritable(location: string): void {
  const unwritable = !isServerUrl(location) && existsSync(location) ? firstUnwritable(location) : undefined;
  if (unwritable !== undefined)
    throw new InputError(
      `the history folder ${location} cannot be written by this user (${unwritable === location ? 'the folder itself' : unwritable}): record and prune write it, as run and survey do with --history; check, diff, page and export read it as it is`,
    );
}
