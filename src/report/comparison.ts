/** `directory-conformance compare`, in Markdown: what changed from A to B. */
import { type Comparison, changeCount, unjudged } from '../verdicts/comparison';
import { counted } from './counted';
import { escapeLine, markdownCode } from './escape';

const cell = (value: unknown) => escapeLine(typeof value === 'string' ? value : JSON.stringify(value), 'markdown');

export function renderComparison(c: Comparison): string {
  const lines = [
    `# Conformance comparison`,
    '',
    `A: ${cell(c.a.file)} (${cell(c.a.target)}), verdict ${cell(c.a.verdict)}  `,
    `B: ${cell(c.b.file)} (${cell(c.b.target)}), verdict ${cell(c.b.verdict)}`,
    '',
    `${counted(changeCount(c), 'change')}: ${counted(c.statusChanged.length, 'status change')}, ${c.lostCoverage.length} lost coverage, ${counted(c.newFailures.length, 'new failure')}, ${c.goneFailures.length} gone, ${counted(c.observationsDiffer.length, 'observation that differs', 'observations that differ')}.`,
    ...(unjudged(c.b.verdict)
      ? ['', `**B's verdict is ${c.b.verdict}: it did not judge everything, so the comparison cannot pass.**`]
      : []),
    '',
    '## Requirements whose status changed',
    '',
  ];
  if (c.statusChanged.length === 0) lines.push('None.');
  else lines.push('| id | A | B |', '|---|---|---|', ...c.statusChanged.map((s) => `| ${cell(s.id)} | ${cell(s.a)} | ${cell(s.b)} |`));
  lines.push('', '## Lost coverage: judged in A, skipped in B', '');
  if (c.lostCoverage.length === 0) lines.push('None.');
  else
    lines.push(
      '| id | A | B | why B did not judge it |',
      '|---|---|---|---|',
      ...c.lostCoverage.map((l) => `| ${cell(l.id)} | ${cell(l.a)} | ${cell(l.b)} | ${cell(l.why)} |`),
    );
  for (const [title, list] of [
    ['Failures new in B', c.newFailures],
    ['Failures gone in B', c.goneFailures],
  ] as const) {
    lines.push('', `## ${title}`, '');
    if (list.length === 0) lines.push('None.');
    else lines.push(...list.map((f) => `- ${markdownCode(f.fingerprint)} (${cell(f.level)}): ${cell(f.message)}`));
  }
  lines.push('', '## Observations that differ', '');
  if (c.observationsDiffer.length === 0) lines.push('None.');
  else lines.push('| id | A | B |', '|---|---|---|', ...c.observationsDiffer.map((o) => `| ${cell(o.id)} | ${cell(o.a)} | ${cell(o.b)} |`));
  return `${lines.join('\n')}\n`;
}
