/**
 * Renders the requirement catalogue (src/spec/catalogue/) into the README between markers.
 * `--check` exits 1 when the README's table is out of date instead of writing it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NOT_TESTED, OBSERVATIONS, type Requirement, REQUIREMENTS } from '../src/spec/catalogue';

const README = join(__dirname, '..', 'README.md');
const START = '<!-- catalogue:start (npm run catalogue) -->';
const END = '<!-- catalogue:end -->';

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

function main(): void {
  const readme = readFileSync(README, 'utf8');
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md lacks the markers ${START} … ${END}`);
  const updated = `${readme.slice(0, start + START.length)}\n${renderCatalogue()}\n${readme.slice(end)}`;
  if (process.argv.includes('--check')) {
    if (updated !== readme) {
      console.error('README.md: the requirement table differs from src/spec/catalogue/; run npm run catalogue');
      process.exit(1);
    }
    console.log('catalogue: README.md table matches src/spec/catalogue/');
    return;
  }
  writeFileSync(README, updated);
  console.log('catalogue: README.md table written');
}

if (require.main === module) main();
