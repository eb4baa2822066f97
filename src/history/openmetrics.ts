/**
 * `history export --format openmetrics`: the latest state of each target in the OpenMetrics text
 * format, written by prom-client, for a node-exporter textfile collector or a Pushgateway. Gauges
 * only: each is what the latest run or survey said, not a count since the process started.
 */
import type { Kysely } from 'kysely';
import { Gauge, type OpenMetricsContentType, Registry } from 'prom-client';
import { PERCENTILES, percentilesOf } from './latency';
import { runRows, type StoredRun, storedRuns } from './queries';
import type { HistoryTables } from './tables';

export async function exportOpenMetrics(db: Kysely<HistoryTables>, target?: string): Promise<string> {
  const registry = new Registry<OpenMetricsContentType>();
  registry.setContentType(Registry.OPENMETRICS_CONTENT_TYPE);
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Gauge<L>({ name, help, labelNames, registers: [registry] });
  const lastRun = gauge(
    'directory_conformance_last_run_timestamp_seconds',
    'When the latest run or survey of the target started (Unix time).',
    ['target', 'kind'],
  );
  const verdict = gauge('directory_conformance_verdict', "The latest run's or survey's verdict: 1 for the verdict it gave.", [
    'target',
    'kind',
    'verdict',
  ]);
  const exitCode = gauge('directory_conformance_exit_code', "The latest run's or survey's exit code.", ['target', 'kind']);
  const requirement = gauge(
    'directory_conformance_requirement_passing',
    "1 when the requirement passed in the target's latest run, 0 when it failed or warned (skipped ones are left out).",
    ['target', 'requirement', 'level'],
  );
  const rate = gauge(
    'directory_conformance_survey_failure_ratio',
    'Failing records / records checked in the target\'s latest survey, per requirement and level; source="all" for the requirement as a whole.',
    ['target', 'requirement', 'level', 'source'],
  );
  const quality = gauge(
    'directory_conformance_data_quality_ratio',
    "Failing records / records counted of a data-quality measure (DQ-*) in the target's latest survey, per kind of record and dataset: the scorecard, never part of the verdict.",
    ['target', 'measure', 'records', 'dataset'],
  );
  const latency = gauge('directory_conformance_survey_latency_seconds', "Latency quantiles per endpoint in the target's latest survey.", [
    'target',
    'endpoint',
    'quantile',
  ]);

  const latest = new Map<string, StoredRun>();
  for (const run of await storedRuns(db, target)) latest.set(`${run.target}\n${run.kind}`, run);
  const runs = [...latest.values()];
  for (const run of runs) {
    lastRun.set({ target: run.target, kind: run.kind }, Date.parse(run.startedAt) / 1000);
    verdict.set({ target: run.target, kind: run.kind, verdict: run.verdict }, 1);
    exitCode.set({ target: run.target, kind: run.kind }, run.exitCode);
  }
  const byId = new Map(runs.map((r) => [r.id, r]));
  const ids = [...byId.keys()];
  for (const row of await runRows(
    db,
    'requirement_results',
    ids.filter((id) => byId.get(id)!.kind === 'run'),
  ))
    if (row.status !== 'skip')
      requirement.set(
        { target: byId.get(row.run_id)!.target, requirement: row.requirement, level: row.level },
        row.status === 'pass' ? 1 : 0,
      );
  /** `all` is the requirement as a whole: a source dataset of that name (the service's text) is told apart, never written over it. */
  const sourceLabel = (source: string) => (source === '' ? 'all' : source === 'all' ? 'all (a source dataset)' : source);
  for (const row of await runRows(db, 'survey_rates', ids))
    rate.set(
      { target: byId.get(row.run_id)!.target, requirement: row.requirement, level: row.level, source: sourceLabel(row.source) },
      row.checked === 0 ? 0 : row.failed / row.checked,
    );
  for (const row of await runRows(db, 'data_quality', ids))
    quality.set(
      { target: byId.get(row.run_id)!.target, measure: row.measure, records: row.records, dataset: row.dataset },
      row.failed / row.checked,
    );
  for (const row of await runRows(db, 'latency', ids)) {
    const { at } = percentilesOf(row.histogram);
    for (const p of PERCENTILES)
      latency.set({ target: byId.get(row.run_id)!.target, endpoint: row.endpoint, quantile: String(p / 100) }, at[p] / 1000);
  }
  return registry.metrics();
}
