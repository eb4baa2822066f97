/**
 * Renders the requirement catalogue (src/spec/catalogue/) into docs/requirements.md between markers.
 * `--check` exits 1 when the document's tables are out of date instead of writing them.
 */
import { join } from 'node:path';
import { NOT_TESTED, OBSERVATIONS, type Requirement, REQUIREMENTS } from '../src/spec/catalogue';
import { updateGeneratedSection } from './generated-section';

const cell = (text: string) => text.replace(/\|/g, '\\|');

function renderCatalogue(): string {
  return [
    '| id | level | spec | what is checked |',
    '|---|---|---|---|',
    // A graded requirement fails at MUST on a provable contradiction, and warns on a near miss.
    ...REQUIREMENTS.map((r: Requirement) =>
      r.nearMiss
        ? `| ${r.id} | ${r.level}; near misses SHOULD | ${cell(r.spec)} | ${cell(r.title)}. **Near misses (SHOULD):** ${cell(r.nearMiss)} |`
        : `| ${r.id} | ${r.level} | ${cell(r.spec)} | ${cell(r.title)} |`,
    ),
    '',
    'Observations record behaviour where the specification is silent; they never fail.',
    '',
    '| id | spec | what is recorded |',
    '|---|---|---|',
    ...OBSERVATIONS.map((o) => `| ${o.id} | ${cell(o.spec)} | ${cell(o.title)} |`),
    '',
    'Not tested, on purpose: what the specification says that the suite does not check, and why.',
    '',
    '| spec | what | why not |',
    '|---|---|---|',
    ...NOT_TESTED.map((n) => `| ${cell(n.spec)} | ${cell(n.what)} | ${cell(n.reason)} |`),
  ].join('\n');
}

updateGeneratedSection(
  {
    file: join(__dirname, '..', 'docs', 'requirements.md'),
    name: 'catalogue',
    command: 'npm run catalogue',
    source: 'src/spec/catalogue/',
  },
  renderCatalogue(),
  process.argv.includes('--check'),
);
