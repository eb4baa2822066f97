/**
 * Once before the self-tests: the Chromium of the page tests found (and, from the npm registry,
 * unpacked) in this process alone, so that two workers never unpack it at once. Workers inherit the
 * environment set here; a page test fails with the reason where no browser could be had.
 */
import { findChromium, FOUND_BROWSER_VARIABLE } from './browser';

export default async function globalSetup(): Promise<void> {
  try {
    process.env[FOUND_BROWSER_VARIABLE] = JSON.stringify(await findChromium());
  } catch (error) {
    process.env[FOUND_BROWSER_VARIABLE] = JSON.stringify({ error: (error as Error).message.split('\n')[0] });
  }
}
