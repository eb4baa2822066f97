/**
 * `directory-conformance matrix A.json B.json ...`: deployments side by side, one column per
 * conformance.json, one row per requirement and per observation, rows that differ marked, so that
 * differences where the specification is silent show at a glance.
 */
import { basename, dirname } from 'node:path';
import { observedBehaviour } from './baseline/observed-behaviour';
import type { ObservationId } from '../spec/catalogue';
import { REQUIREMENT_GROUPS } from '../spec/catalogue';
import { h, page, valueTable } from '../report/html';
import type { ConformanceReport } from '../report/model';
import { lostCoverage, statusCell, unjudged } from './comparison';
import { escapeText } from '../report/escape';
import { EXIT } from '../cli/exit-codes';

export interface MatrixColumn {
  label: string;
  file: string;
  target: string;
  verdict: ConformanceReport['verdict'];
}

export interface MatrixRow {
  id: string;
  title: string;
  /** One per column: a requirement's status, or an observation's value (undefined: not observed). */
  cells: unknown[];
  /** Why a cell is empty, for observations that were not made. */
  reasons?: (string | undefined)[];
  differs: boolean;
}

export interface Matrix {
  columns: MatrixColumn[];
  requirements: (MatrixRow & { group: string; level: string })[];
  observations: MatrixRow[];
  /** Cells of a later column that skipped, in whole or in part, a requirement the first column judged in full. */
  lostCoverage: { id: string; column: string; why: string }[];
}

/** A column's name: the folder of a conformance.json (staging/conformance.json is "staging"), else the file's name. */
function labelOf(file: string): string {
  return basename(file) === 'conformance.json' && dirname(file) !== '.' ? basename(dirname(file)) : basename(file, '.json');
}

const differ = (values: readonly unknown[]) => new Set(values.map((v) => JSON.stringify(v))).size > 1;

export function buildMatrix(reports: readonly { file: string; report: ConformanceReport }[]): Matrix {
  const columns = reports.map(({ file, report }) => ({
    label: labelOf(file),
    file,
    target: report.target.baseUrl,
    verdict: report.verdict,
  }));
  const lost: Matrix['lostCoverage'] = [];
  const requirements = REQUIREMENT_GROUPS.flatMap((group) =>
    group.ids.map((id) => {
      const results = reports.map(({ report }) => report.requirements.find((r) => r.id === id));
      // The first column is the one the others are read against: a cell that lost its coverage is a change.
      const cells = results.map((r, i) => {
        const why = i > 0 ? lostCoverage(results[0], r) : undefined;
        if (why !== undefined) lost.push({ id, column: columns[i].label, why });
        return `${statusCell(r)}${why !== undefined ? ' — lost coverage' : ''}`;
      });
      const known = results.find((r) => r !== undefined);
      return { id, title: known?.title ?? '', group: group.title, level: known?.level ?? '', cells, differs: differ(cells) };
    }),
  );
  const ids = [...new Set(reports.flatMap(({ report }) => report.observations.map((o) => o.id)))];
  const observations = ids.map((id) => {
    const found = reports.map(({ report }) => report.observations.find((o) => o.id === id));
    const cells = found.map((o) => (o?.status === 'observed' ? o.value : undefined));
    // Differences of behaviour, not of data: a larger directory's `total` is not a difference (observedBehaviour).
    const behaviour = cells.map((value) => (value === undefined ? undefined : (observedBehaviour(id as ObservationId, value) ?? value)));
    return {
      id,
      title: found.find((o) => o)?.title ?? '',
      cells,
      reasons: found.map((o) => (o?.status === 'observed' ? undefined : (o?.reason ?? 'absent from this report'))),
      differs: differ(behaviour),
    };
  });
  return { columns, requirements, observations, lostCoverage: lost };
}

/** 3 when a later column judged nothing or not all (its verdict is error or inconclusive); else 0. */
export function matrixExit(matrix: Matrix): number {
  return matrix.columns.slice(1).some((c) => unjudged(c.verdict)) ? EXIT.inconclusive : EXIT.pass;
}

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
