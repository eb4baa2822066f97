/**
 * Once before the self-tests: the Chromium of the page tests found (and, from the npm registry,
 * unpacked) in this process alone, so that two workers never unpack it at once; and the command
 * compiled (src/suite-runs/compiled-package.ts). Workers inherit the environment set here; a page test fails with
 * the reason where no browser could be had.
 *
 * Every temporary folder of the run (the tests', their commands', PostgreSQL's, Chromium's
 * profiles) is made under one folder of its own: os.tmpdir() reads TMPDIR, which the workers and
 * every process they start inherit. The returned function, Playwright's global teardown, removes it
 * and the compiled command, so that a run leaves nothing in the system's temporary folder (it had
 * left some 7,000 folders a day) but Playwright's own cache of compiled TypeScript.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium, FOUND_BROWSER_VARIABLE } from './browser';
import { COMPILED_BIN_VARIABLE } from './command';
import { compilePackage } from '../../src/suite-runs/compiled-package';
import { tierOfRun } from './tier';

export default async function globalSetup(): Promise<() => void> {
  // The fast tier starts no process and opens no page: it needs neither the browser nor the compiled command.
  const processes = tierOfRun() !== 'fast';
  if (processes)
    try {
      process.env[FOUND_BROWSER_VARIABLE] = JSON.stringify(await findChromium());
    } catch (error) {
      process.env[FOUND_BROWSER_VARIABLE] = JSON.stringify({ error: (error as Error).message.split('\n')[0] });
    }
  const folder = mkdtempSync(join(tmpdir(), 'compiled-command-'));
  if (processes) process.env[COMPILED_BIN_VARIABLE] = compilePackage(folder).bin;
  // Playwright reads its cache of compiled TypeScript from the temporary folder too, after this: kept
  // where every other Playwright run of this user keeps it (Playwright's own name for it), or each
  // run would compile every file anew, into the folder it then removes (13 CPU seconds a run).
  process.env.PLAYWRIGHT_TRANSFORM_CACHE_DIR ??= join(
    tmpdir(),
    process.platform === 'win32' ? 'playwright-transform-cache' : `playwright-transform-cache-${process.geteuid?.()}`,
  );
  const scratch = mkdtempSync(join(tmpdir(), 'self-tests-'));
  // Run as root, the tests start PostgreSQL as its own user, who must pass through this folder to its data.
  chmodSync(scratch, 0o755);
  process.env.TMPDIR = scratch;
  return () => {
    for (const made of [folder, scratch]) rmSync(made, { recursive: true, force: true, maxRetries: 3 });
  };
}
