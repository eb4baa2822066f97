/** A real browser for the tests of the HTML pages: Debian's chromium, driven by Playwright. */
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from '@playwright/test';
import { test } from './fixtures';

/** Where Debian's chromium package puts the browser (`apt-get install chromium`; .ci/run does). */
export const CHROMIUM = '/usr/bin/chromium';

/** Skips, saying why, where no browser is installed; CI installs one, so there it fails instead. */
export function requireChromium(): void {
  test.skip(!existsSync(CHROMIUM) && !process.env.CI, `no browser at ${CHROMIUM}: apt-get install -y chromium`);
}

export interface OpenedPage {
  page: Page;
  /** Every request the page made, other than for the page itself. */
  requests: string[];
  close(): Promise<void>;
}

/** Opens a local HTML file in headless Chromium, recording and refusing any request that leaves the file. */
export async function openFile(file: string): Promise<OpenedPage> {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM });
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const own = `file://${file}`;
  const requests: string[] = [];
  // Seen twice over: every request the page starts, and a route that refuses any that would leave.
  page.on('request', (request) => {
    if (request.url() !== own) requests.push(request.url());
  });
  await page.route('**/*', (route) => (route.request().url() === own ? route.continue() : route.abort()));
  await page.goto(own);
  return { page, requests, close: () => browser.close() };
}
