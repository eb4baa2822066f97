/** The boundaries dependency-cruiser keeps (npm run lint holds them on the tree): an import that crosses one, added to a copy, breaks them. */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../src/package-root';
import { expect, test } from './fixtures';

const DEPCRUISE = join(PACKAGE_ROOT, 'node_modules', '.bin', 'depcruise');

/**
 * dependency-cruiser with the project's rules, from the modules a change touched and everything they
 * import (the whole tree is `npm run boundaries`' to check, in the lint tier).
 */
function cruise(root: string, changed: readonly string[]): { status: number | null; output: string } {
  const run = spawnSync(DEPCRUISE, [...changed, '--config', '.dependency-cruiser.cjs'], {
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
  for (const entry of [
    'src',
    'scripts',
    'bin',
    'tests',
    'playwright.config.ts',
    'tsconfig.json',
    '.dependency-cruiser.cjs',
    'package.json',
  ])
    cpSync(join(PACKAGE_ROOT, entry), join(root, entry), { recursive: true });
  symlinkSync(join(PACKAGE_ROOT, 'node_modules'), join(root, 'node_modules'));
  return root;
}

/** Adds an import to a module of the copy, as a careless change would; the module's path, to cruise from. */
function addImport(root: string, file: string, statement: string): string {
  writeFileSync(join(root, file), `${statement}\n${readFileSync(join(root, file), 'utf8')}`);
  return file;
}

test('a circle added to a copy of the tree makes the check fail', { tag: '@full' }, () => {
  const root = copyOfTheTree();
  // json/distinct.ts and json/pointer.ts, each importing the other.
  const changed = [
    addImport(root, 'src/json/distinct.ts', "import { atPointer } from './pointer';\nvoid atPointer;"),
    addImport(root, 'src/json/pointer.ts', "import { distinctByJson } from './distinct';\nvoid distinctByJson;"),
  ];
  const circled = cruise(root, changed);
  expect(circled.status).not.toBe(0);
  expect(circled.output).toMatch(/error no-circular: src\/json\/(distinct|pointer)\.ts →/);
});

test(
  'a rule that imports a later stage, Playwright or a socket of its own, or a verdict that reads the scorecard, breaks the boundaries',
  { tag: '@full' },
  () => {
    const root = copyOfTheTree();
    const changed = [
      addImport(root, 'src/rules/answers.ts', "import { renderMarkdown } from '../report/markdown';\nvoid renderMarkdown;"),
      addImport(root, 'src/verdicts/fingerprint.ts', "import { test } from '@playwright/test';\nvoid test;"),
      // A second way to the network would bypass the GET-only client.
      addImport(root, 'src/probes/promises.ts', "import { request } from 'undici';\nvoid request;"),
      // The data-quality scorecard read by a verdict could fail a run on what the specification is silent on.
      addImport(root, 'src/verdicts/coverage.ts', "import { QUALITY_MEASURES } from '../quality/measures';\nvoid QUALITY_MEASURES;"),
    ];
    const broken = cruise(root, changed);
    expect(broken.status).not.toBe(0);
    expect(broken.output).toContain('error stage-order-rules: src/rules/answers.ts → src/report/markdown.ts');
    expect(broken.output).toMatch(/error judging-without-playwright: src\/verdicts\/fingerprint\.ts → \S*node_modules\/@playwright\/test/);
    expect(broken.output).toMatch(/error network-only-through-the-client: src\/probes\/promises\.ts → \S*node_modules\/undici\//);
    expect(broken.output).toContain('error scorecard-outside-verdicts: src/verdicts/coverage.ts → src/quality/measures.ts');
  },
);

test("a driver that takes a rule function past the rulebook's public module breaks the boundaries", { tag: '@full' }, () => {
  const root = copyOfTheTree();
  // Each judging on its own would be a second rulebook: the suite's specs, the survey and probes check.
  const changed = [
    addImport(
      root,
      'tests/conformance/http.spec.ts',
      "import { judgeTotal } from '../../src/rules/organization/bundle';\nvoid judgeTotal;",
    ),
    addImport(root, 'src/survey/tally.ts', "import { judgeRepeats } from '../rules/organization/page-walk';\nvoid judgeRepeats;"),
    addImport(root, 'src/probe-tools/draft.ts', "import { judgeFilters } from '../rules/organization/filters';\nvoid judgeFilters;"),
  ];
  const broken = cruise(root, changed);
  expect(broken.status).not.toBe(0);
  expect(broken.output).toContain('error drivers-through-the-rulebook: tests/conformance/http.spec.ts → src/rules/organization/bundle.ts');
  expect(broken.output).toContain('error drivers-through-the-rulebook: src/survey/tally.ts → src/rules/organization/page-walk.ts');
  expect(broken.output).toContain('error drivers-through-the-rulebook: src/probe-tools/draft.ts → src/rules/organization/filters.ts');
});
