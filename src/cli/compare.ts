import { readFileSync } from 'node:fs';
import { runFailures } from '../harness/baseline/judge';
import type { ConformanceReport } from '../harness/reporter/report';
import { UsageError } from './exit-codes';

export interface Comparison {
  a: { file: string; verdict: string; target: string };
  b: { file: string; verdict: string; target: string };
  statusChanged: { id: string; a: string; b: string }[];
  /** Failures of B whose fingerprint A does not have, MUST ones first. */
  newFailures: { id: string; level: string; fingerprint: string; message: string }[];
  goneFailures: { id: string; level: string; fingerprint: string; message: string }[];
  observationsDiffer: { id: string; a: unknown; b: unknown }[];
}

export function readReport(file: string): ConformanceReport {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ConformanceReport;
  } catch (error) {
    throw new UsageError(`cannot read ${file} as a conformance.json: ${(error as Error).message}`);
  }
}

/** A report's failures by fingerprint: requirement, endpoint and generalised JSON Pointer. */
function failuresOf(report: ConformanceReport) {
  return new Map(
    runFailures(report).map(({ id, level, fingerprint, message }) => {
      const full = `${id} ${fingerprint}`;
      return [full, { id, level, fingerprint: full, message }];
    }),
  );
}

const shown = (o: ConformanceReport['observations'][number] | undefined) =>
  o?.status === 'observed' ? o.value : `not observed${o?.reason ? `: ${o.reason}` : ''}`;

/** Two runs side by side: what changed from A (say, the last release or staging) to B. */
export function compareReports(aFile: string, a: ConformanceReport, bFile: string, b: ConformanceReport): Comparison {
  const aStatus = new Map(a.requirements.map((r) => [r.id, r.status]));
  const aFailures = failuresOf(a);
  const bFailures = failuresOf(b);
  const aObservations = new Map(a.observations.map((o) => [o.id, o]));
  return {
    a: { file: aFile, verdict: a.verdict, target: a.target.baseUrl },
    b: { file: bFile, verdict: b.verdict, target: b.target.baseUrl },
    statusChanged: b.requirements
      .filter((r) => aStatus.get(r.id) !== r.status)
      .map((r) => ({ id: r.id, a: aStatus.get(r.id) ?? '(absent)', b: r.status })),
    newFailures: [...bFailures.values()]
      .filter((f) => !aFailures.has(f.fingerprint))
      .sort((x, y) => Number(y.level === 'MUST') - Number(x.level === 'MUST')),
    goneFailures: [...aFailures.values()].filter((f) => !bFailures.has(f.fingerprint)),
    observationsDiffer: b.observations
      .filter((o) => JSON.stringify(shown(aObservations.get(o.id))) !== JSON.stringify(shown(o)))
      .map((o) => ({ id: o.id, a: shown(aObservations.get(o.id)), b: shown(o) })),
  };
}

/** B has a failure that A did not have, of either level: the comparison fails (exit 1). */
export function comparisonFails(comparison: Comparison): boolean {
  return comparison.newFailures.length > 0;
}

const cell = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value)).replace(/\|/g, '\\|').replace(/\n+/g, ' ↵ ');

export function renderComparison(c: Comparison): string {
  const lines = [
    `# Conformance comparison`,
    '',
    `A: ${c.a.file} (${c.a.target}), verdict ${c.a.verdict}  `,
    `B: ${c.b.file} (${c.b.target}), verdict ${c.b.verdict}`,
    '',
    '## Requirements whose status changed',
    '',
  ];
  if (c.statusChanged.length === 0) lines.push('None.');
  else lines.push('| id | A | B |', '|---|---|---|', ...c.statusChanged.map((s) => `| ${s.id} | ${s.a} | ${s.b} |`));
  for (const [title, list] of [
    ['Failures new in B', c.newFailures],
    ['Failures gone in B', c.goneFailures],
  ] as const) {
    lines.push('', `## ${title}`, '');
    if (list.length === 0) lines.push('None.');
    else lines.push(...list.map((f) => `- **${f.fingerprint}** (${f.level}): ${cell(f.message)}`));
  }
  lines.push('', '## Observations that differ', '');
  if (c.observationsDiffer.length === 0) lines.push('None.');
  else lines.push('| id | A | B |', '|---|---|---|', ...c.observationsDiffer.map((o) => `| ${o.id} | ${cell(o.a)} | ${cell(o.b)} |`));
  return `${lines.join('\n')}\n`;
}
