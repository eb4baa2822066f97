/**
 * A new embedded store starts as a copy of a template made once (src/history/pglite-template.ts):
 * made by one process however many start together, copied whole or not at all, and never taken
 * from a folder that someone else could have written.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { copyOfTemplate } from '../../src/history/pglite-template';
import { expect, test } from './fixtures';

/** The template folder's root under a temporary folder of the test's own (TMPDIR), restored after. */
async function withTemporaryRoot(run: (tmp: string) => Promise<void>): Promise<void> {
  const saved = process.env.TMPDIR;
  const tmp = mkdtempSync(join(tmpdir(), 'template-'));
  process.env.TMPDIR = tmp;
  try {
    await run(tmp);
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
}

/** A `make` that writes a data folder of two files, slowly, and counts its calls. */
function slowMake(): { make: (folder: string) => Promise<void>; calls: () => number } {
  let calls = 0;
  return {
    calls: () => calls,
    make: async (folder) => {
      calls++;
      mkdirSync(join(folder, 'base'), { recursive: true });
      writeFileSync(join(folder, 'PG_VERSION'), '17\n');
      await new Promise((resolve) => setTimeout(resolve, 50));
      writeFileSync(join(folder, 'base', 'data'), 'x'.repeat(10_000));
    },
  };
}

test(
  'a template is made once, by one of the stores that start together, and each new store is a whole copy',
  { tag: '@fast' },
  async () => {
    await withTemporaryRoot(async () => {
      const stores = mkdtempSync(join(tmpdir(), 'stores-'));
      const { make, calls } = slowMake();
      const made = await Promise.all([1, 2, 3].map((i) => copyOfTemplate(join(stores, `s${i}`), 'schema 1', make)));
      expect(made).toEqual([true, true, true]);
      expect(calls(), 'the stores that start together wait for the one making the template').toBe(1);
      const before = calls();
      expect(await copyOfTemplate(join(stores, 's4'), 'schema 1', make)).toBe(true);
      expect(calls(), 'an existing template is copied, not made again').toBe(before);
      for (const store of ['s1', 's2', 's3', 's4']) {
        expect(readFileSync(join(stores, store, 'PG_VERSION'), 'utf8')).toBe('17\n');
        expect(readFileSync(join(stores, store, 'base', 'data'), 'utf8')).toHaveLength(10_000);
      }
      expect(readdirSync(stores).sort(), 'no folder left half copied').toEqual(['s1', 's2', 's3', 's4']);
      // Another schema is another template.
      expect(await copyOfTemplate(join(stores, 's5'), 'schema 2', make)).toBe(true);
      expect(calls()).toBe(before + 1);
    });
  },
);

test('a template folder open to other users is not used: the store is made in place', { tag: '@fast' }, async () => {
  await withTemporaryRoot(async (tmp) => {
    const root = join(tmp, `directory-conformance-${userInfo().uid}`);
    mkdirSync(root);
    chmodSync(root, 0o777);
    const { make, calls } = slowMake();
    const store = join(tmp, 'store');
    expect(await copyOfTemplate(store, 'schema 1', make)).toBe(false);
    expect(calls()).toBe(0);
    expect(existsSync(store)).toBe(false);
  });
});

test('a template that cannot be made leaves no store folder: the store is made in place', { tag: '@fast' }, async () => {
  await withTemporaryRoot(async (tmp) => {
    const store = join(tmp, 'store');
    const failing = () => Promise.reject(new Error('initdb failed'));
    expect(await copyOfTemplate(store, 'schema 1', failing)).toBe(false);
    expect(existsSync(store)).toBe(false);
    expect(readdirSync(join(tmp, `directory-conformance-${userInfo().uid}`)), 'no half-made template').toEqual([]);
  });
});
