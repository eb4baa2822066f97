/** `directory-conformance matrix`, in Markdown and as a self-contained page. */
import type { Matrix, MatrixRow } from '../verdicts/matrix';
import { escapeText } from './escape';
import { h, page, valueTable } from './html';

const markdownCell = (value: unknown) =>
  value === undefined ? '—' : escapeText(typeof value === 'string' ? value : JSON.stringify(value), 'markdown').replace(/\n+/g, ' ↵ ');

export function renderMatrixMarkdown(matrix: Matrix): string {
  const head = `| id | ${matrix.columns.map((c) => c.label).join(' | ')} | differs |`;
  const rule = `|---|${matrix.columns.map(() => '---|').join('')}---|`;
  const row = (r: MatrixRow) => `| ${r.id} | ${r.cells.map(markdownCell).join(' | ')} | ${r.differs ? '**yes**' : ''} |`;
  return `${[
    '# Conformance matrix',
    '',
    ...matrix.columns.map(
      (c) => `- **${markdownCell(c.label)}**: ${markdownCell(c.target)}, verdict ${c.verdict} (${markdownCell(c.file)})`,
    ),
    '',
    `${matrix.requirements.filter((r) => r.differs).length + matrix.observations.filter((o) => o.differs).length} rows differ; ${matrix.lostCoverage.length} lost coverage (judged in ${matrix.columns[0].label}, skipped later)${matrix.lostCoverage.length > 0 ? `: ${matrix.lostCoverage.map((l) => `${l.id} in ${l.column}`).join(', ')}` : ''}.`,
    '',
    '## Requirements',
    '',
    head,
    rule,
    ...matrix.requirements.map(row),
    '',
    '## Observations',
    '',
    'Behaviour where the specification is silent; "differs" compares behaviour, not data.',
    '',
    head,
    rule,
    ...matrix.observations.map(row),
  ].join('\n')}\n`;
}

export function renderMatrixHtml(matrix: Matrix): string {
  const head = `<tr><th>id</th>${matrix.columns.map((c) => `<th>${h(c.label)}<br><span class="reason">${h(c.target)}</span><br><span class="badge ${h(c.verdict)}">${h(c.verdict)}</span></th>`).join('')}</tr>`;
  const requirementRows = matrix.requirements.map(
    (r) =>
      `<tr data-row="${h(r.id)}" data-differs="${r.differs}"${r.differs ? ' class="differs"' : ''}><td><strong>${h(r.id)}</strong> <span class="reason">${h(r.level)}</span></td>${r.cells.map((c) => `<td><span class="badge ${h(String(c).split(' ')[0])}">${h(c)}</span></td>`).join('')}</tr>`,
  );
  const observationRows = matrix.observations.map(
    (o) =>
      `<tr data-row="${h(o.id)}" data-differs="${o.differs}"${o.differs ? ' class="differs"' : ''}><td><strong>${h(o.id)}</strong><br><span class="reason">${h(o.title)}</span></td>${o.cells
        .map(
          (c, i) => `<td>${c === undefined ? `<span class="reason">not observed: ${h(o.reasons?.[i] ?? '')}</span>` : valueTable(c)}</td>`,
        )
        .join('')}</tr>`,
  );
  const differing = matrix.observations.filter((o) => o.differs).length + matrix.requirements.filter((r) => r.differs).length;
  const body = `<header class="banner inconclusive"><h1>Conformance matrix</h1><div class="meta">${matrix.columns.length} deployments · <span id="differing">${differing}</span> rows differ (marked)</div></header>
<main>
<style>tr.differs td:first-child{border-left:4px solid #b3261e}tr.differs{background:#fff7f6}</style>
<section id="requirements"><h2>Requirements</h2><table>${head}${requirementRows.join('\n')}</table></section>
<section id="observations"><h2>Observations</h2><p>Behaviour where the specification is silent. A row is marked when the behaviour differs, not when only the data does.</p><table>${head}${observationRows.join('\n')}</table></section>
</main>`;
  return page('Conformance matrix', body);
}
