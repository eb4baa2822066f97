/**
 * `history diff`: two kept runs side by side. Two runs are compared as `compare` compares two
 * conformance.json files (they are kept whole); two surveys by their failure rates, and by the
 * records that started failing and those that stopped, per requirement.
 */
import type { Kysely } from 'kysely';
import { InputError } from '../config/input-error';
import { renderComparison } from '../report/comparison';
import { escapeLine } from '../report/escape';
import type { ConformanceReport } from '../types/schemas';
import { type Comparison, compareReports } from '../verdicts/comparison';
import { runName, runRows, storedReport, type StoredRun, storedRuns } from './queries';
import type { HistoryTables } from './tables';

/** Keys listed per requirement and direction; the rest are counted. */
export const KEYS_SHOWN = 100;

interface KeyChange {
  requirement: string;
  level: string;
  started: { count: number; keys: string[] };
  stopped: { count: number; keys: string[] };
}

export interface HistoryDiff {
  a: StoredRun;
  b: StoredRun;
  /** Two runs: what `compare` says of them. */
  comparison?: Comparison;
  /** Two surveys: failure rates per requirement and level, and the records whose failing changed. */
  rates?: { requirement: string; level: string; a: { failed: number; checked: number }; b: { failed: number; checked: number } }[];
  records?: KeyChange[];
}

/** The two runs to compare: the ones named, or the latest run of the target (or of the history) and the one before it of its kind. */
async function pair(db: Kysely<HistoryTables>, target: string | undefined, named: readonly string[]): Promise<[StoredRun, StoredRun]> {
  const runs = await storedRuns(db, target);
  if (named.length === 2) {
    const [a, b] = named.map((n) => {
      const id = Number(n.replace(/^#/, ''));
      const run = runs.find((r) => r.id === id);
      if (!Number.isSafeInteger(id) || !run)
        throw new InputError(`history diff: the history holds no run ${n}${target ? ` of ${target}` : ''}`);
      return run;
    });
    if (a.kind !== b.kind)
      throw new InputError(`history diff: run #${a.id} is a ${a.kind} and run #${b.id} a ${b.kind}; compare two of a kind`);
    return [a, b];
  }
  if (named.length !== 0) throw new InputError('history diff takes two run numbers, or none for the latest two');
  const b = runs.at(-1);
  const a = b && runs.filter((r) => r.target === b.target && r.kind === b.kind && r.id !== b.id).at(-1);
  if (!a || !b)
    throw new InputError(`history diff: the history holds fewer than two runs of one kind${target ? ` of ${target}` : ''} to compare`);
  return [a, b];
}

function keyChanges(rows: { run_id: number; requirement: string; level: string; keys: string[] }[], a: number): KeyChange[] {
  const byRequirement = new Map<string, { requirement: string; level: string; a: Set<string>; b: Set<string> }>();
  for (const row of rows) {
    const key = `${row.requirement} ${row.level}`;
    let entry = byRequirement.get(key);
    if (!entry) byRequirement.set(key, (entry = { requirement: row.requirement, level: row.level, a: new Set(), b: new Set() }));
    row.keys.forEach((k) => (row.run_id === a ? entry.a : entry.b).add(k));
  }
  const listed = (keys: string[]) => ({ count: keys.length, keys: keys.sort().slice(0, KEYS_SHOWN) });
  return [...byRequirement.values()]
    .sort((x, y) => (x.requirement < y.requirement ? -1 : x.requirement > y.requirement ? 1 : x.level < y.level ? -1 : 1))
    .map((e) => ({
      requirement: e.requirement,
      level: e.level,
      started: listed([...e.b].filter((k) => !e.a.has(k))),
      stopped: listed([...e.a].filter((k) => !e.b.has(k))),
    }))
    .filter((c) => c.started.count + c.stopped.count > 0);
}

export async function diffHistory(db: Kysely<HistoryTables>, target: string | undefined, named: readonly string[]): Promise<HistoryDiff> {
  const [a, b] = await pair(db, target, named);
  if (a.kind === 'run') {
    const [reportA, reportB] = await Promise.all([storedReport(db, a.id), storedReport(db, b.id)]);
    return {
      a,
      b,
      comparison: compareReports(
        `run ${runName(a)}`,
        reportA as unknown as ConformanceReport,
        `run ${runName(b)}`,
        reportB as unknown as ConformanceReport,
      ),
    };
  }
  const rates = (await runRows(db, 'survey_rates', [a.id, b.id])).filter((r) => r.source === '');
  const ratesByKey = new Map<string, NonNullable<HistoryDiff['rates']>[number]>();
  for (const row of rates) {
    const key = `${row.requirement} ${row.level}`;
    const entry = ratesByKey.get(key) ?? {
      requirement: row.requirement,
      level: row.level,
      a: { failed: 0, checked: 0 },
      b: { failed: 0, checked: 0 },
    };
    entry[row.run_id === a.id ? 'a' : 'b'] = { failed: row.failed, checked: row.checked };
    ratesByKey.set(key, entry);
  }
  return {
    a,
    b,
    rates: [...ratesByKey.values()].sort((x, y) => (`${x.requirement} ${x.level}` < `${y.requirement} ${y.level}` ? -1 : 1)),
    records: keyChanges(await runRows(db, 'failing_keys', [a.id, b.id]), a.id),
  };
}

/** A value of a report, as a Markdown line shows it: escaped, on the line (a line feed in an id would start a line of its own). */
const cell = (value: string) => escapeLine(value, 'markdown');
const rate = ({ failed, checked }: { failed: number; checked: number }) =>
  checked === 0 ? '–' : `${((100 * failed) / checked).toFixed(2)}% (${failed} of ${checked})`;

export function renderHistoryDiff(diff: HistoryDiff): string {
  if (diff.comparison) return renderComparison(diff.comparison);
  const head = [
    `A: run ${cell(runName(diff.a))}, ${cell(diff.a.target)}, verdict ${cell(diff.a.verdict)}  `,
    `B: run ${cell(runName(diff.b))}, ${cell(diff.b.target)}, verdict ${cell(diff.b.verdict)}`,
    '',
  ];
  const lines = ['# Survey comparison', '', ...head, '## Failure rates', '', '| requirement | level | A | B |', '|---|---|---|---|'];
  for (const r of diff.rates ?? []) lines.push(`| ${cell(r.requirement)} | ${cell(r.level)} | ${rate(r.a)} | ${rate(r.b)} |`);
  lines.push('', '## Records that started or stopped failing', '');
  if ((diff.records ?? []).length === 0) lines.push('None.');
  for (const r of diff.records ?? []) {
    lines.push(`### ${cell(r.requirement)} (${cell(r.level)})`, '');
    for (const [title, change] of [
      ['started failing', r.started],
      ['stopped failing', r.stopped],
    ] as const) {
      const more = change.count > change.keys.length ? `, and ${change.count - change.keys.length} more` : '';
      lines.push(`- ${change.count} ${title}${change.count > 0 ? `: ${change.keys.map(cell).join(', ')}${more}` : ''}`);
    }
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
