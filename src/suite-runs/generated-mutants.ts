/**
 * The generated mutants' figures (scripts/generated-mutants.ts): each mutant StrykerJS made of the
 * reference server, what judged it, and the score of the survivors classified as missed over the
 * mutants that break the specification. Written to docs/generated-mutants.json; docs/mutation.md
 * renders it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MutantResult } from '@stryker-mutator/api/core';
import { DEFAULT_MAX_REQUESTS } from '../explore/explore';
import { parseLatitude } from '../reference/scenarios/latitude';
import { type SurvivorClass, SURVIVORS } from './generated-mutant-survivors';

/**
 * The reference server's matching (the query's reading, the single-best search, the filters), its
 * indexes and its paging (the window, the bundle, the routes that read Count and Page): what a
 * service's own bugs are most often in. Its scenarios, faults and start-up are not, nor the
 * plumbing of behaviour.ts around the reference's own answers (REFERENCE_BEHAVIOUR, its lines found
 * where they are today: `generatedMutantScope`).
 */
export const GENERATED_MUTANT_SCOPE: readonly string[] = [
  'src/reference/query.ts',
  'src/reference/inverted-index.ts',
  'src/reference/provider-index.ts',
  'src/reference/organization-index.ts',
  'src/reference/bundle.ts',
  'src/reference/scenarios/behaviour.ts',
  'src/reference/routes/search-single-best.ts',
  'src/reference/routes/source-records.ts',
  'src/reference/routes/organization-search.ts',
];

const BEHAVIOUR = 'src/reference/scenarios/behaviour.ts';

/** The files of the scope as StrykerJS's `mutate` takes them: behaviour.ts narrowed to REFERENCE_BEHAVIOUR's lines. */
export function generatedMutantScope(root: string, files: readonly string[]): string[] {
  return files.map((file) => {
    if (file !== BEHAVIOUR) return file;
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    const start = lines.findIndex((line) => line.startsWith('export const REFERENCE_BEHAVIOUR'));
    const end = lines.findIndex((line, i) => i > start && line === '};');
    if (start < 0 || end < 0) throw new Error(`${file} no longer declares REFERENCE_BEHAVIOUR as the scope expects`);
    return `${file}:${start + 1}-${end + 1}`;
  });
}

/** What explore asks of each mutant: its default budget, as a user's explore asks, from the mutation run's NPIs (the fixtures' first 150). */
export const JUDGE_EXPLORE = { maxRequests: DEFAULT_MAX_REQUESTS, npis: 150 } as const;

/** The share of the non-conformant mutants that may survive, missed: below it the run passes. */
export const MISSED_AT_MOST = 0.15;

/** What one generated mutant met: each driver's verdict and what it found, or a server that never started. */
export type MutantVerdict = { suite: DriverFinding; explore: DriverFinding } | { started: false; problems: string[] };

/** One driver's verdict of a mutant, and its findings in one line each (none: it stayed quiet). */
export interface DriverFinding {
  verdict: string;
  problems: string[];
}

/** Who killed a mutant: the suite (run), explore alone, the server not starting, or time. */
export type Killer = 'run' | 'explore' | 'no start' | 'time';

export interface GeneratedMutant {
  /** What names the mutant across edits elsewhere in its file: the file, the mutator, the code and its replacement (and which of equal ones). */
  key: string;
  file: string;
  line: number;
  mutator: string;
  original: string;
  replacement: string;
  /** Killed (by whom), or survived. Stryker's other statuses (a mutant that does not compile) are kept as Stryker gives them. */
  outcome: Killer | 'survived' | string;
  /** The first finding of the driver that killed it. */
  finding?: string;
}

const oneLine = (code: string, at = 100) => {
  const line = code.replace(/\s+/g, ' ').trim();
  return line.length > at ? `${line.slice(0, at - 1)}…` : line;
};

/** The code a location spans, its positions 1-based as StrykerJS reports them. */
function spanned(lines: readonly string[], { start, end }: MutantResult['location']): string {
  if (start.line === end.line) return lines[start.line - 1].slice(start.column - 1, end.column - 1);
  return [
    lines[start.line - 1].slice(start.column - 1),
    ...lines.slice(start.line, end.line - 1),
    lines[end.line - 1].slice(0, end.column - 1),
  ].join('\n');
}

function outcomeOf(result: MutantResult, verdict: MutantVerdict | undefined): Pick<GeneratedMutant, 'outcome' | 'finding'> {
  if (result.status === 'Survived') return { outcome: 'survived' };
  if (result.status === 'Timeout') return { outcome: 'time' };
  if (result.status !== 'Killed') return { outcome: result.status };
  if (!verdict) return { outcome: 'Killed', finding: 'its verdict was not kept' };
  if ('started' in verdict) return { outcome: 'no start', finding: verdict.problems[0] };
  if (verdict.suite.problems.length > 0) return { outcome: 'run', finding: verdict.suite.problems[0] };
  return { outcome: 'explore', finding: verdict.explore.problems[0] };
}

/** Stryker's results as the report keeps them, in file and position order, with what judged each (`verdictOf`, by mutant id). */
export function mutantsOf(
  results: readonly MutantResult[],
  root: string,
  verdictOf: (id: string) => MutantVerdict | undefined,
): GeneratedMutant[] {
  const sources = new Map<string, string[]>();
  const seen = new Map<string, number>();
  const ordered = [...results].sort(
    (a, b) =>
      a.fileName.localeCompare(b.fileName) ||
      a.location.start.line - b.location.start.line ||
      a.location.start.column - b.location.start.column,
  );
  return ordered.map((result) => {
    const file = result.fileName.startsWith(root) ? result.fileName.slice(root.length + 1) : result.fileName;
    if (!sources.has(file)) sources.set(file, readFileSync(join(root, file), 'utf8').split('\n'));
    const original = oneLine(spanned(sources.get(file)!, result.location));
    const replacement = oneLine(result.replacement);
    const base = `${file} ${result.mutatorName}: ${original} → ${replacement}`;
    const nth = (seen.get(base) ?? 0) + 1;
    seen.set(base, nth);
    return {
      key: nth === 1 ? base : `${base} (${nth})`,
      file,
      line: result.location.start.line,
      mutator: result.mutatorName,
      original,
      replacement,
      ...outcomeOf(result, verdictOf(result.id)),
    };
  });
}

/** A survivor as the report lists it: the mutant and its classification (none: not classified yet). */
export type Survivor = GeneratedMutant & { class?: SurvivorClass };

export interface GeneratedMutantsReport {
  tool: string;
  judgedBy: string;
  scope: readonly string[];
  mutants: number;
  /** How many each outcome: killed by run, by explore alone, by the server not starting, by time; survived; Stryker's other statuses. */
  outcomes: Record<string, number>;
  /** Mutants that break the specification: all but the survivors classified as conformant or unseen. */
  nonConformant: number;
  missed: number;
  /** missed / nonConformant. */
  missedShare: number;
  survivors: Survivor[];
  /** Classifications whose mutant is no longer made or no longer survives. */
  stale: string[];
  summary: string;
}

const STRYKER_VERSION = (): string => {
  const manifest = JSON.parse(readFileSync(require.resolve('@stryker-mutator/core/package.json'), 'utf8')) as { version: string };
  return `StrykerJS ${manifest.version}`;
};

export function generatedMutantsReport(mutants: readonly GeneratedMutant[], scope: readonly string[]): GeneratedMutantsReport {
  const outcomes: Record<string, number> = {};
  for (const { outcome } of mutants) outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  return scored({
    tool: STRYKER_VERSION(),
    judgedBy: `run (the suite, in process) and explore (its default budget of ${JUDGE_EXPLORE.maxRequests.toLocaleString('en-US')} requests, the mutation run’s seed, from the first ${JUDGE_EXPLORE.npis} of the fixtures’ NPIs), against the reference server with the mutant`,
    scope,
    mutants: mutants.length,
    outcomes,
    survivors: mutants.filter((m) => m.outcome === 'survived'),
  });
}

/** A run's figures scored by today's classification: how the report is made, and made again when only a classification changed (`--reclassify`). */
export function scored(
  run: Pick<GeneratedMutantsReport, 'tool' | 'judgedBy' | 'scope' | 'mutants' | 'outcomes' | 'survivors'>,
): GeneratedMutantsReport {
  const survivors: Survivor[] = run.survivors.map(({ class: _, ...m }) => (SURVIVORS[m.key] ? { ...m, class: SURVIVORS[m.key] } : m));
  const surviving = new Set(survivors.map((s) => s.key));
  const excused = survivors.filter((s) => s.class && !('missed' in s.class)).length;
  const missed = survivors.length - excused;
  const nonConformant = run.mutants - excused;
  const missedShare = nonConformant === 0 ? 0 : missed / nonConformant;
  const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
  return {
    ...run,
    nonConformant,
    missed,
    missedShare: Number(missedShare.toFixed(4)),
    survivors,
    stale: Object.keys(SURVIVORS).filter((key) => !surviving.has(key)),
    summary: `${run.mutants} mutants of ${run.scope.length} files: ${Object.entries(run.outcomes)
      .map(([outcome, n]) => `${n} ${outcome}`)
      .join(
        ', ',
      )}; ${missed} missed of ${nonConformant} that break the specification (${percent(missedShare)}, at most ${percent(MISSED_AT_MOST)})`,
  };
}

/** What fails the run: a survivor not classified, a classification of no survivor, a latitude point that is none, too many missed. */
export function mutantProblems(report: GeneratedMutantsReport): string[] {
  const problems: string[] = [];
  for (const survivor of report.survivors) {
    if (!survivor.class)
      problems.push(`not classified (src/suite-runs/generated-mutant-survivors.ts): ${survivor.key} (line ${survivor.line})`);
    else if ('latitude' in survivor.class) {
      try {
        parseLatitude(survivor.class.latitude);
      } catch (error) {
        problems.push(`${survivor.key}: ${(error as Error).message}`);
      }
    }
  }
  for (const key of report.stale) problems.push(`classified, yet no survivor any more: ${key}`);
  if (report.missedShare >= MISSED_AT_MOST)
    problems.push(`the missed mutants are ${report.missed} of ${report.nonConformant}: not below ${MISSED_AT_MOST}`);
  return problems;
}
