/**
 * Draws the dependency graph of ARCHITECTURE.md with dependency-cruiser: the folders under src/,
 * each collapsed to one node, as Mermaid so that the code host renders it. The foundation that
 * every stage may use (the `foundation-imports-no-stage` rule's folders) is left out, so that the
 * arrows show the stages. `--check` exits 1 when ARCHITECTURE.md holds another graph.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
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
