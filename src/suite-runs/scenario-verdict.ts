/** Whether a scenario's report is what the scenario promises: the mutation run and the property run over the latitude read it here. */
import type { ConformanceReport } from '../types/schemas';
import { SCHEMA } from '../schema-validation/validator';
import { type Fault, isFault, type Scenario } from '../reference/scenarios/scenario';
import { openMustGaps } from '../verdicts/coverage';
import { faultLevel } from './agreement';

/**
 * What is wrong with a scenario's report, or nothing: a conformant scenario passes with no failure,
 * warning, probe problem or run error, skipping only what it declares, inconclusive only with the
 * MUST gaps it declares, recording what it observes; a fault fails its requirement at its level (a
 * MUST fault the verdict too), alone where it says so, and never crashes the harness.
 */
export function scenarioProblems(scenario: Scenario, report: ConformanceReport, reportShapeError?: string): string[] {
  if (reportShapeError) return [`conformance.json breaks schemas/${SCHEMA.conformanceReport} ${reportShapeError}`];
  if (!isFault(scenario)) {
    const skips = new Set<string>(scenario.skips ?? []);
    // A variant the harness cannot judge in full by its own rule ends inconclusive, with exactly those gaps: green means judged.
    const gaps = [...(scenario.gaps ?? [])].sort();
    const open = openMustGaps(report.coverage ?? {})
      .map((gap) => gap.id)
      .sort();
    const expected = gaps.length > 0 ? 'inconclusive' : 'pass';
    return [
      ...(report.verdict !== expected ? [`verdict ${report.verdict}, expected ${expected}`] : []),
      ...(open.join() !== gaps.join() ? [`MUST gaps ${open.join(', ') || 'none'}, expected ${gaps.join(', ') || 'none'}`] : []),
      ...report.requirements
        .filter((r) => r.status !== (skips.has(r.id) ? 'skip' : 'pass'))
        .map((r) => `${r.id} ${r.status}: ${(r.failures[0]?.message ?? r.skipped?.[0] ?? '').split('\n')[0]}`),
      ...report.probeProblems.map((p) => `probe problem: ${p.message.split('\n')[0]}`),
      ...report.errors.map((e) => `run error: ${e.message.split('\n')[0]}`),
      ...(scenario.observes && !report.observations.some((o) => o.id === scenario.observes && o.status === 'observed')
        ? [`${scenario.observes} was not recorded`]
        : []),
    ];
  }
  const target = report.requirements.find((r) => r.id === scenario.targets)!;
  const expected = faultLevel(scenario) === 'MUST' ? 'fail' : 'warn';
  const others = alsoTripped(scenario, report);
  return [
    ...(target.status !== expected ? [`${scenario.targets} is ${target.status}, expected ${expected}`] : []),
    ...(expected === 'fail' && report.verdict !== 'fail' ? [`MUST fault, yet the verdict is ${report.verdict}`] : []),
    // One finding per cause: such a fault may not cascade into other requirements.
    ...(scenario.alone && others !== '-' ? [`it must be one finding, yet it also tripped ${others}`] : []),
    // Whatever a service sends is a finding or a clear skip, never a crash of the harness.
    ...report.errors.map((e) => `run error: ${e.message.split('\n')[0]}`),
  ];
}

/** The other requirements a fault tripped, and its probe problems: `-` for none. */
export function alsoTripped(scenario: Fault, report: ConformanceReport): string {
  const tripped = report.requirements
    .filter((r) => r.id !== scenario.targets && (r.status === 'fail' || r.status === 'warn'))
    .map((r) => r.id);
  const problems = report.probeProblems.length;
  if (problems > 0) tripped.push(`${problems} probe problem${problems > 1 ? 's' : ''}`);
  return tripped.length > 0 ? tripped.join(', ') : '-';
}
