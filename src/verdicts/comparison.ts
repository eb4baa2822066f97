import { runFailures } from './baseline/judge';
import type { RequirementResult } from './aggregate';
import type { ConformanceReport } from '../types/schemas';
import { EXIT_CODE } from './aggregate';

export interface Comparison {
  a: { file: string; verdict: ConformanceReport['verdict']; target: string };
  b: { file: string; verdict: ConformanceReport['verdict']; target: string };
  statusChanged: { id: string; a: string; b: string }[];
  /** Requirements A judged in full that B skipped, in whole or in part: nothing shows B still holds them. */
  lostCoverage: { id: string; a: string; b: string; why: string }[];
  /** Failures of B whose fingerprint A does not have, MUST ones first. */
  newFailures: { id: string; level: string; fingerprint: string; message: string }[];
  goneFailures: { id: string; level: string; fingerprint: string; message: string }[];
  observationsDiffer: { id: string; a: unknown; b: unknown }[];
}

/** A requirement's status as the tables show it. */
export const statusCell = (r: RequirementResult | undefined) => (r ? `${r.status}${r.partial ? ' (partial)' : ''}` : 'absent');

/**
 * Why B lost coverage of a requirement A judged in full (every check ran), or undefined: B skipped
 * it, or ran only part of it. B's pass there is no evidence that it still holds.
 */
export function lostCoverage(a: RequirementResult | undefined, b: RequirementResult | undefined): string | undefined {
  const judgedInFull = a !== undefined && a.status !== 'skip' && !a.partial;
  if (!judgedInFull || (b !== undefined && b.status !== 'skip' && !b.partial)) return undefined;
  return b?.skipped?.join('; ') ?? 'absent from the report';
}

/** A verdict that judged nothing, or not all: a comparison against it shows nothing about conformance. */
export const unjudged = (verdict: ConformanceReport['verdict']) => verdict === 'error' || verdict === 'inconclusive';

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
  const aRequirements = new Map(a.requirements.map((r) => [r.id, r]));
  const aFailures = failuresOf(a);
  const bFailures = failuresOf(b);
  const aObservations = new Map(a.observations.map((o) => [o.id, o]));
  const lost = b.requirements.flatMap((r) => {
    const why = lostCoverage(aRequirements.get(r.id), r);
    return why === undefined ? [] : [{ id: r.id, a: statusCell(aRequirements.get(r.id)), b: statusCell(r), why }];
  });
  const lostIds = new Set(lost.map((l) => l.id));
  return {
    a: { file: aFile, verdict: a.verdict, target: a.target.baseUrl },
    b: { file: bFile, verdict: b.verdict, target: b.target.baseUrl },
    statusChanged: b.requirements
      .filter((r) => aRequirements.get(r.id)?.status !== r.status && !lostIds.has(r.id))
      .map((r) => ({ id: r.id, a: aRequirements.get(r.id)?.status ?? '(absent)', b: r.status })),
    lostCoverage: lost,
    newFailures: [...bFailures.values()]
      .filter((f) => !aFailures.has(f.fingerprint))
      .sort((x, y) => Number(y.level === 'MUST') - Number(x.level === 'MUST')),
    goneFailures: [...aFailures.values()].filter((f) => !bFailures.has(f.fingerprint)),
    observationsDiffer: b.observations
      .filter((o) => JSON.stringify(shown(aObservations.get(o.id))) !== JSON.stringify(shown(o)))
      .map((o) => ({ id: o.id, a: shown(aObservations.get(o.id)), b: shown(o) })),
  };
}

/** Every change from A to B, each counted once. */
export const changeCount = (c: Comparison) =>
  c.statusChanged.length + c.lostCoverage.length + c.newFailures.length + c.goneFailures.length + c.observationsDiffer.length;

/**
 * 1 when B has a failure that A did not have, of either level; else 3 when B judged nothing or not
 * all (its verdict is error or inconclusive): a comparison with it shows nothing; else 0. Lost
 * coverage is a change the report lists and counts.
 */
export function comparisonExit(comparison: Comparison): number {
  if (comparison.newFailures.length > 0) return EXIT_CODE.fail;
  return unjudged(comparison.b.verdict) ? EXIT_CODE.inconclusive : EXIT_CODE.pass;
}
