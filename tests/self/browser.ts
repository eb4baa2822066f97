/**
 * A real browser for the tests of the HTML pages, driven by Playwright. Which Chromium is found once,
 * by the self-tests' global setup (findChromium), and handed to every worker in the environment; a
 * page test says which one it used, and fails in one line where none can be had.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { PACKAGE_ROOT } from '../../src/package-root';
import { test } from './fixtures';

/** Set by the global setup: the browser found (FoundBrowser as JSON), or why none was. */
export const FOUND_BROWSER_VARIABLE = 'CONFORMANCE_SELF_TEST_BROWSER';

export interface FoundBrowser {
  /** Where it came from, in words: "CHROMIUM_PATH", "Playwright's managed browser", … */
  source: string;
  /** Absent for Playwright's managed browser, which Playwright finds itself. */
  executablePath?: string;
}

const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome'];

/** The platforms whose Chromium the npm registry ships (@sparticuz/chromium, a dev dependency). */
const SHIPPED_PLATFORMS = ['linux x64', 'linux arm64'];

const HOW_TO_GET_ONE = 'set CHROMIUM_PATH to a Chromium or Chrome, run `npx playwright install chromium`, or install chromium on PATH';

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first of SYSTEM_NAMES on PATH. */
function onPath(): string | undefined {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const name of SYSTEM_NAMES) for (const dir of dirs) if (executable(join(dir, name))) return join(dir, name);
  return undefined;
}

/**
 * The Chromium the page tests use, in this order: an explicit CHROMIUM_PATH; Playwright's managed
 * browser (`npx playwright install chromium`); the system's (chromium, chromium-browser,
 * google-chrome on PATH); and the Chromium that `npm ci` brings as a dev dependency
 * (@sparticuz/chromium, unpacked once into the system's temporary directory). docs/testing.md says why.
 */
export async function findChromium(): Promise<FoundBrowser> {
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit) {
    if (!executable(explicit)) throw new Error(`CHROMIUM_PATH=${explicit} is not an executable file`);
    return { source: 'CHROMIUM_PATH', executablePath: explicit };
  }
  if (existsSync(chromium.executablePath())) return { source: "Playwright's managed browser" };
  const system = onPath();
  if (system) return { source: 'the system', executablePath: system };
  const platform = `${process.platform} ${process.arch}`;
  if (!SHIPPED_PLATFORMS.includes(platform))
    throw new Error(`no Chromium found, and the npm registry ships none for ${platform}: ${HOW_TO_GET_ONE}`);
  // Loaded only here: it unpacks a browser, which the other sources spare.
  const { default: shipped } = await import('@sparticuz/chromium');
  return { source: '@sparticuz/chromium (npm)', executablePath: await shipped.executablePath() };
}

/** The browser the global setup found; fails the test, in one line, where none could be had. */
function foundBrowser(): FoundBrowser {
  const found = process.env[FOUND_BROWSER_VARIABLE];
  if (!found) throw new Error(`no browser was looked for: run the self-tests with tests/self/playwright.config.ts`);
  const parsed = JSON.parse(found) as FoundBrowser | { error: string };
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed;
}

export interface OpenedPage {
  page: Page;
  /** Every request the page made, other than for the page itself. */
  requests: string[];
  close(): Promise<void>;
}

/** Opens a local HTML file in headless Chromium, recording and refusing any request that leaves the file. */
/** The width every page is read at (px). */
export const PAGE_WIDTH = 1280;
/** The smallest text a page may set (px): below it, a label is a smudge. */
export const SMALLEST_TEXT_PX = 11;

/**
 * What a person sees at PAGE_WIDTH: no horizontal overflow (the page, or any element wider than it
 * lets be seen), and no visible text below SMALLEST_TEXT_PX. Returns what breaks, so a test says it all at once.
 */
export async function layoutProblems(page: OpenedPage['page']): Promise<string[]> {
  // Run in the page; a string, since the self-tests compile without the DOM's types.
  return page.evaluate<string[]>(`(() => {
    const width = ${PAGE_WIDTH}, smallest = ${SMALLEST_TEXT_PX};
    const problems = [];
    const root = document.documentElement;
    if (root.scrollWidth > width) problems.push('the page is ' + root.scrollWidth + ' px wide at ' + width + ' px');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const small = new Set();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const words = (node.textContent || '').trim();
      if (!element || words === '' || element.getClientRects().length === 0) continue;
      const size = parseFloat(getComputedStyle(element).fontSize);
      if (size < smallest) small.add(element.tagName.toLowerCase() + ' "' + words.slice(0, 30) + '" at ' + size + ' px');
    }
    return problems.concat([...small].slice(0, 5).map((s) => 'text too small: ' + s));
  })()`);
}

/** Set by `npm run images`: the page tests that show the README's pages write its images. */
export const README_IMAGES_VARIABLE = 'README_IMAGES';

/** The README's image of this page, docs/<name>, written when `npm run images` asks for it. */
export async function readmeImage(page: OpenedPage['page'], name: string): Promise<void> {
  if (process.env[README_IMAGES_VARIABLE] === 'write') await page.screenshot({ path: join(PACKAGE_ROOT, 'docs', name) });
}

export async function openFile(file: string): Promise<OpenedPage> {
  const found = foundBrowser();
  const browser: Browser = await chromium.launch(found.executablePath ? { executablePath: found.executablePath } : {});
  // One line in the output, and an annotation in the report: which browser read the page.
  const used = `Chromium ${browser.version()} from ${found.source}${found.executablePath ? ` (${found.executablePath})` : ''}`;
  console.log(`browser: ${used}`);
  test.info().annotations.push({ type: 'browser', description: used });
  // A laptop's width: the pages must read there without scrolling sideways.
  const page = await browser.newPage({ viewport: { width: PAGE_WIDTH, height: 900 } });
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
