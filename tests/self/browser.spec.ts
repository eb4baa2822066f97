/** Which Chromium the page tests use: an explicit CHROMIUM_PATH first, refused in one line when it is no browser. */
import { findChromium } from './browser';
import { expect, test } from './fixtures';

test('CHROMIUM_PATH comes first, and a path that is no executable is refused in one line', { tag: '@fast' }, async () => {
  const saved = process.env.CHROMIUM_PATH;
  try {
    process.env.CHROMIUM_PATH = process.execPath;
    expect(await findChromium()).toEqual({ source: 'CHROMIUM_PATH', executablePath: process.execPath });
    process.env.CHROMIUM_PATH = '/nonexistent/chromium';
    await expect(findChromium()).rejects.toThrow(/^CHROMIUM_PATH=\/nonexistent\/chromium is not an executable file$/);
  } finally {
    if (saved === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = saved;
  }
});
