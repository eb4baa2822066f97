/** `directory-conformance matrix`, in Markdown and as a self-contained page. */
import type { Matrix, MatrixRow } from '../verdicts/matrix';
import { escapeLine } from './escape';
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import { catalogueWords, type Children, page, text, valueTable } from './html/page';

const markdownCell = (value: unknown) =>
  value === undefined ? '—' : escapeLine(typeof value === 'string' ? value : JSON.stringify(value), 'markdown');

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

/** One row of the matrix page: the id, then a cell per column; a row whose behaviour differs is marked. */
function matrixRow(row: MatrixRow, head: Children, cell: (value: unknown, column: number) => Children): ElementContent {
  return h('tr', { dataRow: row.id, dataDiffers: String(row.differs), className: row.differs ? ['differs'] : [] }, [
    h('td', head),
    ...row.cells.map((value, column) => h('td', cell(value, column))),
  ]);
}

export function renderMatrixHtml(matrix: Matrix): string {
  const head = h('tr', [
    h('th', 'id'),
    ...matrix.columns.map((c) =>
      h('th', [
        text(c.label),
        h('br'),
        h('span.reason', text(c.target)),
        h('br'),
        h('span', { className: ['badge', c.verdict] }, c.verdict),
      ]),
    ),
  ]);
  const requirementRows = matrix.requirements.map((r) =>
    matrixRow(r, [h('strong', r.id), ' ', h('span.reason', r.level)], (c) => [
      h('span', { className: ['badge', String(c).split(' ')[0]] }, text(c)),
    ]),
  );
  const observationRows = matrix.observations.map((o) =>
    matrixRow(o, [h('strong', o.id), h('br'), h('span.reason', catalogueWords(o.title))], (c, i) =>
      c === undefined ? [h('span.reason', text(`not observed: ${o.reasons?.[i] ?? ''}`))] : [valueTable(c)],
    ),
  );
  const differing = matrix.observations.filter((o) => o.differs).length + matrix.requirements.filter((r) => r.differs).length;
  return page('Conformance matrix', [
    h('header.banner.inconclusive', [
      h('h1', 'Conformance matrix'),
      h('div.meta', [`${matrix.columns.length} deployments · `, h('span#differing', String(differing)), ' rows differ (marked)']),
    ]),
    h('main', [
      // Each table scrolls within the page when its deployments need more than its width, as the history's grid does.
      h('section#requirements', [h('h2', 'Requirements'), h('div.matrix', [h('table', [head, ...requirementRows])])]),
      h('section#observations', [
        h('h2', 'Observations'),
        h('p', 'Behaviour where the specification is silent. A row is marked when the behaviour differs, not when only the data does.'),
        h('div.matrix', [h('table', [head, ...observationRows])]),
      ]),
    ]),
  ]);
}
