/** The boundaries dependency-cruiser keeps (npm run lint): they hold on the tree, and an added circle breaks them. */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../src/package-root';
import { expect, test } from './fixtures';

const DEPCRUISE = join(PACKAGE_ROOT, 'node_modules', '.bin', 'depcruise');

/** dependency-cruiser over a tree, as `npm run boundaries` runs it. */
function cruise(root: string): { status: number | null; output: string } {
  const run = spawnSync(DEPCRUISE, ['src', 'scripts', 'bin', 'playwright.config.ts', '--config', '.dependency-cruiser.cjs'], {
    cwd: root,
    encoding: 'utf8',
    // Plain text: a Playwright worker asks for colours, which would come between the words.
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

/** A copy of what the check reads, with the project's node_modules beside it. */
function copyOfTheTree(): string {
  const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  for (const entry of ['src', 'scripts', 'bin', 'playwright.config.ts', 'tsconfig.json', '.dependency-cruiser.cjs', 'package.json'])
    cpSync(join(PACKAGE_ROOT, entry), join(root, entry), { recursive: true });
  symlinkSync(join(PACKAGE_ROOT, 'node_modules'), join(root, 'node_modules'));
  return root;
}

/** Appends an import to a module of the copy, as a careless change would. */
function addImport(root: string, file: string, statement: string): void {
  writeFileSync(join(root, file), `${statement}\n${readFileSync(join(root, file), 'utf8')}`);
}

test('the tree keeps its boundaries, and a circle added to a copy of it makes the check fail', () => {
  test.setTimeout(120_000);
  const clean = cruise(PACKAGE_ROOT);
  expect(clean.status, clean.output).toBe(0);
  const root = copyOfTheTree();
  // json/distinct.ts and json/pointer.ts, each importing the other.
  addImport(root, 'src/json/distinct.ts', "import { atPointer } from './pointer';\nvoid atPointer;");
  addImport(root, 'src/json/pointer.ts', "import { distinctByJson } from './distinct';\nvoid distinctByJson;");
  const circled = cruise(root);
  expect(circled.status).not.toBe(0);
  expect(circled.output).toMatch(/error no-circular: src\/json\/(distinct|pointer)\.ts →/);
});

test('a rule that imports a later stage, Playwright or a socket of its own breaks the boundaries', () => {
  test.setTimeout(120_000);
  const root = copyOfTheTree();
  addImport(root, 'src/rules/answers.ts', "import { renderMarkdown } from '../report/markdown';\nvoid renderMarkdown;");
  addImport(root, 'src/verdicts/fingerprint.ts', "import { test } from '@playwright/test';\nvoid test;");
  // A second way to the network would bypass the GET-only client.
  addImport(root, 'src/probes/promises.ts', "import { request } from 'undici';\nvoid request;");
  const broken = cruise(root);
  expect(broken.status).not.toBe(0);
  expect(broken.output).toContain('error stage-order-rules: src/rules/answers.ts → src/report/markdown.ts');
  expect(broken.output).toMatch(/error judging-without-playwright: src\/verdicts\/fingerprint\.ts → \S*node_modules\/@playwright\/test/);
  expect(broken.output).toMatch(/error network-only-through-the-client: src\/probes\/promises\.ts → \S*node_modules\/undici\//);
});
