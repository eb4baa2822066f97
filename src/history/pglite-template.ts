/**
 * A new embedded store's data folder, copied from a template rather than made anew. PGlite's initdb
 * and the history's migrations cost about 5 CPU seconds in WebAssembly; a copy of their result (38 MB)
 * a tenth of one. So they run once per user, machine, PGlite version and schema, into a template
 * under the system's temporary folder, and every new store after it starts as a copy; processes
 * that start together wait for the one making it (the folder's lock). Whatever goes
 * wrong with the template (no temporary folder, a folder that is another user's), the store is made
 * in place as before.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { lockFolder } from './folder-lock';

/** PGlite's version, from its package.json (not among the package's exports: found above its entry point). */
function pgliteVersion(): string | undefined {
  for (let dir = dirname(require.resolve('@electric-sql/pglite')); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
    if (name === '@electric-sql/pglite') return version;
  }
  return undefined;
}

/** This user's folder for templates: made private, and refused if it is anyone else's or open to others. */
function templateRoot(): string | undefined {
  const { uid } = userInfo();
  const root = join(tmpdir(), `directory-conformance-${uid}`);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  const stat = lstatSync(root);
  return stat.isDirectory() && stat.uid === uid && (stat.mode & 0o077) === 0 ? root : undefined;
}

/**
 * The template that `identity` names (with PGlite's version, everything its contents depend on),
 * made now by `make` when there is none. It appears whole or not at all (made aside, then renamed),
 * so recorders starting together never copy half of one.
 */
async function template(identity: string, make: (dataFolder: string) => Promise<void>): Promise<string | undefined> {
  const version = pgliteVersion();
  const root = version ? templateRoot() : undefined;
  if (!root) return undefined;
  const made = join(root, `pgdata-${createHash('sha256').update(`PGlite ${version}\n${identity}`).digest('hex').slice(0, 16)}`);
  if (existsSync(made)) return made;
  // One process makes it while the others starting with it wait: each would spend the same seconds for the same folder.
  const release = await lockFolder(root);
  try {
    if (existsSync(made)) return made;
    const aside = mkdtempSync(join(root, 'making-'));
    try {
      await make(join(aside, 'pgdata'));
      renameSync(join(aside, 'pgdata'), made);
    } finally {
      rmSync(aside, { recursive: true, force: true });
    }
    return made;
  } finally {
    await release();
  }
}

/**
 * Makes `dataFolder` (absent, in a folder whose lock this process holds) a copy of the template
 * `identity` names, made by `make` if need be. Copied aside, then renamed, so that a process killed
 * mid-copy leaves no half data folder for the next one to open. False when no template could be had.
 */
export async function copyOfTemplate(dataFolder: string, identity: string, make: (dataFolder: string) => Promise<void>): Promise<boolean> {
  let made: string | undefined;
  try {
    made = await template(identity, make);
  } catch {
    return false;
  }
  if (!made) return false;
  const aside = `${dataFolder}.copying`;
  try {
    rmSync(aside, { recursive: true, force: true });
    cpSync(made, aside, { recursive: true });
    renameSync(aside, dataFolder);
    return true;
  } catch {
    // A copy that failed (a full disk) is no store either: made in place, as without a template.
    rmSync(aside, { recursive: true, force: true });
    return false;
  }
}
