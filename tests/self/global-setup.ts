/**
 * Once before the self-tests: the Chromium of the page tests found (and, from the npm registry,
 * unpacked) in this process alone, so that two workers never unpack it at once; and the command
 * compiled (src/suite-runs/compiled-package.ts). Workers inherit the environment set here; a page test fails with
 * the reason where no browser could be had. The returned function, Playwright's global teardown,
 * removes the compiled command.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium, FOUND_BROWSER_VARIABLE } from './browser';
import { COMPILED_BIN_VARIABLE } from './command';
import { compilePackage } from '../../src/suite-runs/compiled-package';

export default async function globalSetup(): Promise<() => void> {
  try {
    process.env[FOUND_BROWSER_VARIABLE] = JSON.stringify(await findChromium());
  } catch (error) {
    process.env[FOUND_BROWSER_VARIABLE] = JSON.stringify({ error: (error as Error).message.split('\n')[0] });
  }
  const folder = mkdtempSync(join(tmpdir(), 'compiled-command-'));
  process.env[COMPILED_BIN_VARIABLE] = compilePackage(folder).bin;
  return () => rmSync(folder, { recursive: true, force: true });
}
