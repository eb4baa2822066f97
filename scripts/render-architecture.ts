/**
 * Draws the dependency graph of ARCHITECTURE.md with dependency-cruiser: the folders under src/,
 * each collapsed to one node, as Mermaid so that the code host renders it. The foundation that
 * every stage may use (the `foundation-imports-no-stage` rule's folders) is left out, so that the
 * arrows show the stages. `--check` exits 1 when ARCHITECTURE.md holds another graph, or names a
 * file or folder (in backticks) that the tree does not hold: the map stays true as files move.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPORT_FILES } from '../src/report/model';
import { updateGeneratedSection } from './generated-section';

const ROOT = join(__dirname, '..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');

interface ForbiddenRule {
  name: string;
  from: { path?: string };
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the configuration is CommonJS, read as the tool reads it
const { forbidden } = require(CONFIG) as { forbidden: ForbiddenRule[] };
const foundation = forbidden.find((rule) => rule.name === 'foundation-imports-no-stage')?.from.path;
if (!foundation) throw new Error('.dependency-cruiser.cjs lacks the foundation-imports-no-stage rule');

const mermaid = execFileSync(
  join(ROOT, 'node_modules', '.bin', 'depcruise'),
  ['src', '--config', CONFIG, '--include-only', '^src/', '--exclude', foundation, '--collapse', '^src/[^/]+', '--output-type', 'mermaid'],
  { cwd: ROOT, encoding: 'utf8' },
);

updateGeneratedSection(
  { file: join(ROOT, 'ARCHITECTURE.md'), name: 'dependency-graph', command: 'npm run architecture', source: 'the imports under src/' },
  ['```mermaid', mermaid.trim(), '```'].join('\n'),
  process.argv.includes('--check'),
);

/** Every file and folder of the tree, relative to the root, without what a run or an install writes. */
function treePaths(): string[] {
  const skipped = new Set(['node_modules', 'dist', '.git', 'test-results', 'conformance-report', 'playwright-report']);
  const paths: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (skipped.has(entry.name)) continue;
      const path = join(dir, entry.name);
      paths.push(relative(ROOT, path) + (entry.isDirectory() ? '/' : ''));
      if (entry.isDirectory()) visit(path);
    }
  };
  visit(ROOT);
  return paths;
}

/**
 * The names in backticks that look like a path (`src/suite/`, `registry.ts`, `survey/subjects.ts`)
 * and that no path of the tree ends with; what a run writes (`conformance.json`) and what the build
 * writes (`dist/`) are not the tree's.
 */
function unheldNames(document: string): string[] {
  const paths = treePaths();
  const written = new Set<string>(Object.values(REPORT_FILES));
  const names = [...document.matchAll(/`([\w.-]+(?:\/[\w.-]+)*\/?)`/g)]
    .map(([, name]) => name)
    .filter((name) => /\.(ts|mjs|cjs|md|json|css)$|\/$/.test(name) && !written.has(name) && !name.startsWith('dist/'));
  return [...new Set(names)].filter((name) => !paths.some((path) => path === name || path.endsWith(`/${name}`)));
}

if (process.argv.includes('--check')) {
  const unheld = unheldNames(readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8'));
  if (unheld.length > 0) {
    console.error(`ARCHITECTURE.md names what the tree does not hold: ${unheld.join(', ')}`);
    process.exit(1);
  }
}
