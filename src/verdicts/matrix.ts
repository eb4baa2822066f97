/**
 * `directory-conformance matrix A.json B.json ...`: deployments side by side, one column per
 * conformance.json, one row per requirement and per observation, rows that differ marked, so that
 * differences where the specification is silent show at a glance.
 */
import { basename, dirname } from 'node:path';
import { observedBehaviour } from './baseline/observed-behaviour';
import type { ObservationId } from '../spec/catalogue';
import { REQUIREMENT_GROUPS } from '../spec/catalogue';
import type { ConformanceReport } from '../types/schemas';
import { EXIT_CODE } from './aggregate';
import { lostCoverage, statusCell, unjudged } from './comparison';

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
  return matrix.columns.slice(1).some((c) => unjudged(c.verdict)) ? EXIT_CODE.inconclusive : EXIT_CODE.pass;
}
