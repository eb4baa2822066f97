/**
 * Renders the requirement catalogue (src/spec/catalogue/) into docs/requirements.md, and what the
 * mutation run holds (its faults and conformant scenarios, counted from their lists) into
 * docs/mutation.md, between markers. `--check` exits 1 when a document is out of date instead of
 * writing it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GeneratedMutantsReport } from '../src/suite-runs/generated-mutants';
import { FAULTS } from '../src/reference/scenarios/faults';
import { VARIANTS } from '../src/reference/scenarios/variants';
import { LATITUDE } from '../src/reference/scenarios/latitude';
import { NOT_TESTED, OBSERVATIONS, type Requirement, requirement, REQUIREMENTS } from '../src/spec/catalogue';
import { updateGeneratedSection } from './generated-section';
import { QUALITY_MEASURES } from '../src/quality/measures';

const cell = (text: string) => text.replace(/\|/g, '\\|');

function renderCatalogue(): string {
  return [
    'The last column says, of a rule over the form of data, whether it judges a value (a date that does not exist, a',
    'check digit) or only its shape; a rule over behaviour has none.',
    '',
    '| id | level | spec | what is checked | value or shape |',
    '|---|---|---|---|---|',
    // A graded requirement fails at MUST on a provable contradiction, and warns on a near miss.
    ...REQUIREMENTS.map((r: Requirement) => {
      const judges = r.judges ? `${r.judges.what}: ${cell(r.judges.how)}` : '';
      return r.nearMiss
        ? `| ${r.id} | ${r.level}; near misses SHOULD | ${cell(r.spec)} | ${cell(r.title)}. **Near misses (SHOULD):** ${cell(r.nearMiss)} | ${judges} |`
        : `| ${r.id} | ${r.level} | ${cell(r.spec)} | ${cell(r.title)} | ${judges} |`;
    }),
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

/** The mutation run's scenarios, counted: `npm run test:full` fails unless every fault is killed and every conformant scenario clean. */
function renderScenarios(): string {
  const byLevel = (level: string) => FAULTS.filter((f) => (f.level ?? requirement(f.targets).level) === level).length;
  const covered = new Set(FAULTS.map((f) => f.targets)).size;
  return [
    `- **${FAULTS.length} faults**, ${byLevel('MUST')} caught at MUST and ${byLevel('SHOULD')} at SHOULD, covering all ${covered} requirements;`,
    `- **${VARIANTS.length + 1} conformant scenarios**: the clean server and ${VARIANTS.length} variants.`,
    '',
    '`npm run test:full` fails unless every fault is killed and every conformant scenario is clean: the score it passes with is',
    `${FAULTS.length}/${FAULTS.length} and ${VARIANTS.length + 1}/${VARIANTS.length + 1}.`,
  ].join('\n');
}

/** The latitude (src/reference/scenarios/latitude.ts): each dimension, the reference's value first, then the others. */
function renderLatitude(): string {
  return [
    "| dimension | leaves it open | values (the reference server's first) |",
    '|---|---|---|',
    ...LATITUDE.map((d) => {
      const values = d.values.map(
        (v, i) =>
          `\`${v.name}\`${i === 0 ? ' (reference)' : ''}: ${cell(v.description)}${'unsampled' in v && v.unsampled ? ` (not sampled: ${cell(v.unsampled)})` : ''}`,
      );
      return `| \`${d.key}\` | ${cell(d.spec)} | ${values.join('<br>')} |`;
    }),
  ].join('\n');
}

/** The scorecard's measures (src/quality/measures.ts): what each counts, over what, and what it cannot know. */
function renderQuality(): string {
  return [
    '| id | family | failing record | counted over | cannot know |',
    '|---|---|---|---|---|',
    ...QUALITY_MEASURES.map((m) => `| ${m.id} | ${m.family} | ${cell(m.title)} | ${cell(m.over)} | ${cell(m.cannotKnow)} |`),
  ].join('\n');
}

/** The generated mutants' last whole run (docs/generated-mutants.json, `npm run test:generated-mutants -- --write`): its score and every survivor, classified. */
function renderGeneratedMutants(): string {
  const report = JSON.parse(readFileSync(join(__dirname, '..', 'docs', 'generated-mutants.json'), 'utf8')) as GeneratedMutantsReport;
  const classOf = (s: GeneratedMutantsReport['survivors'][number]) =>
    !s.class
      ? 'not classified'
      : 'latitude' in s.class
        ? `conformant: \`${s.class.latitude}\`, ${s.class.why}`
        : 'silent' in s.class
          ? `silent (${s.class.silent}): ${s.class.why}`
          : 'unseen' in s.class
            ? `unseen: ${s.class.unseen}`
            : `**missed**: ${s.class.missed}`;
  const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;
  return [
    `${report.tool}, judged by ${report.judgedBy}. Scope: ${report.scope.map((f) => `\`${f}\``).join(', ')}.`,
    '',
    `**${report.summary}.**`,
    '',
    '| outcome | mutants |',
    '|---|---|',
    ...Object.entries(report.outcomes).map(([outcome, n]) => `| ${outcome} | ${n} |`),
    '',
    'Every survivor, classified:',
    '',
    '| where | mutator | code → replacement | classified |',
    '|---|---|---|---|',
    ...report.survivors.map(
      (s) => `| ${s.file}:${s.line} | ${s.mutator} | ${cell(code(s.original))} → ${cell(code(s.replacement))} | ${cell(classOf(s))} |`,
    ),
  ].join('\n');
}

const check = process.argv.includes('--check');
updateGeneratedSection(
  {
    file: join(__dirname, '..', 'docs', 'mutation.md'),
    name: 'generated-mutants',
    command: 'npm run catalogue',
    source: 'docs/generated-mutants.json',
  },
  renderGeneratedMutants(),
  check,
);
updateGeneratedSection(
  {
    file: join(__dirname, '..', 'docs', 'reference-server.md'),
    name: 'latitude',
    command: 'npm run catalogue',
    source: 'src/reference/scenarios/latitude.ts',
  },
  renderLatitude(),
  check,
);
updateGeneratedSection(
  {
    file: join(__dirname, '..', 'docs', 'data-quality.md'),
    name: 'quality',
    command: 'npm run catalogue',
    source: 'src/quality/measures.ts',
  },
  renderQuality(),
  check,
);
updateGeneratedSection(
  {
    file: join(__dirname, '..', 'docs', 'mutation.md'),
    name: 'scenarios',
    command: 'npm run catalogue',
    source: 'src/reference/scenarios/',
  },
  renderScenarios(),
  check,
);
updateGeneratedSection(
  {
    file: join(__dirname, '..', 'docs', 'requirements.md'),
    name: 'catalogue',
    command: 'npm run catalogue',
    source: 'src/spec/catalogue/',
  },
  renderCatalogue(),
  check,
);
