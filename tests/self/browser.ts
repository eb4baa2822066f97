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

/** WCAG 2's level AA for text: the contrast of its colour against what is behind it. */
export const SMALLEST_CONTRAST = 4.5;

/**
 * What a person sees at PAGE_WIDTH: no horizontal overflow (the page, or any element wider than it
 * lets be seen), no visible text below SMALLEST_TEXT_PX, no text under SMALLEST_CONTRAST against its
 * background (WCAG 2's relative luminance; the colours of the element and its ancestors composited
 * over white; SVG text by its fill), no word broken across two lines ("sta tus"): a word of
 * letters alone, outside code, whose glyphs sit on two lines, and no text against the left edge. Returns what breaks, so a test says it all at once.
 */
export async function layoutProblems(page: OpenedPage['page']): Promise<string[]> {
  // Run in the page; a string, since the self-tests compile without the DOM's types.
  return page.evaluate<string[]>(`(() => {
    const width = ${PAGE_WIDTH}, smallest = ${SMALLEST_TEXT_PX}, contrastAtLeast = ${SMALLEST_CONTRAST};
    const problems = [];
    const root = document.documentElement;
    if (root.scrollWidth > width) {
      // The innermost element past the edge: what to fix.
      const past = [...document.body.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > width + 1).pop();
      const what = past ? ' (' + past.tagName.toLowerCase() + (past.className ? '.' + past.className : '') + ' "' + (past.textContent || '').trim().slice(0, 30) + '")' : '';
      problems.push('the page is ' + root.scrollWidth + ' px wide at ' + width + ' px' + what);
    }
    const rgba = (text) => {
      const parts = (/rgba?\\(([^)]+)\\)/.exec(text) || [, ''])[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
      return parts.length < 3 ? undefined : { r: parts[0], g: parts[1], b: parts[2], a: parts.length > 3 ? parts[3] : 1 };
    };
    const over = (top, below) => ({ r: top.r * top.a + below.r * (1 - top.a), g: top.g * top.a + below.g * (1 - top.a), b: top.b * top.a + below.b * (1 - top.a), a: 1 });
    const behind = (element) => {
      const layers = [];
      for (let e = element; e; e = e.parentElement) {
        const colour = rgba(getComputedStyle(e).backgroundColor);
        if (colour && colour.a > 0) layers.push(colour);
        if (colour && colour.a >= 1) break;
      }
      return layers.reverse().reduce((below, layer) => over(layer, below), { r: 255, g: 255, b: 255, a: 1 });
    };
    const luminance = ({ r, g, b }) => {
      const linear = (v) => ((v /= 255) <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4));
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const small = new Set(), faint = new Set(), broken = new Set(), flush = new Set();
    let wordsRead = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const words = (node.textContent || '').trim();
      if (!element || words === '' || element.getClientRects().length === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden') continue;
      const where = element.tagName.toLowerCase() + ' "' + words.slice(0, 30) + '"';
      // Text needs a margin: nothing sits against the window's left edge.
      if (element.getBoundingClientRect().left < 8) flush.add(where);
      const size = parseFloat(style.fontSize);
      if (size < smallest) small.add(where + ' at ' + size + ' px');
      const svg = element instanceof SVGElement;
      const ink = rgba(svg ? style.fill : style.color);
      if (ink && ink.a > 0) {
        const background = behind(svg ? element.ownerSVGElement || element : element);
        const [light, dark] = [luminance(over(ink, background)), luminance(background)].sort((x, y) => y - x);
        const ratio = (light + 0.05) / (dark + 0.05);
        if (ratio < contrastAtLeast) faint.add(where + ' at ' + ratio.toFixed(2) + ':1');
      }
      if (svg || element.closest('code, pre, kbd, samp') || wordsRead > 50000) continue;
      const text = node.textContent || '';
      for (const match of text.matchAll(/\\S+/g)) {
        wordsRead++;
        const word = match[0].replace(/^[("'\\[]+|[)"'\\].,:;!?]+$/g, '');
        if (!/^[A-Za-z]{2,24}$/.test(word)) continue;
        const start = match.index + match[0].indexOf(word);
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, start + word.length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.add(element.tagName.toLowerCase() + ' "' + word + '"');
      }
    }
    return problems.concat(
      [...small].slice(0, 5).map((s) => 'text too small: ' + s),
      [...faint].slice(0, 8).map((s) => 'text under ' + contrastAtLeast + ':1 contrast: ' + s),
      [...broken].slice(0, 8).map((s) => 'a word broken across lines: ' + s),
      [...flush].slice(0, 3).map((s) => 'text against the left edge: ' + s),
    );
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
