import { type Level, OBSERVATIONS, REQUIREMENTS, type RequirementId } from '../catalogue';
import { ANNOTATION, type Failure, type ObservationRecord, type RequirementRecord } from '../results';

export type RequirementStatus = 'pass' | 'fail' | 'warn' | 'skip';

/** What the reporter knows of one finished test. */
export interface TestOutcome {
  title: string;
  status: 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted';
  annotations: readonly { type: string; description?: string }[];
  /** Error messages, for a test that failed outside its checks (transport, time-out, harness). */
  errors: readonly string[];
}

export interface RequirementResult {
  id: string;
  level: Level;
  spec: string;
  title: string;
  status: RequirementStatus;
  checks: number;
  failures: Failure[];
  /** Why checks did not run, when they did not. */
  skipped?: string[];
}

export interface RunError {
  test: string;
  kind: 'preflight' | 'transport' | 'timeout' | 'harness';
  message: string;
}

export interface ConformanceSummary {
  verdict: 'pass' | 'warn' | 'fail';
  summary: Record<RequirementStatus, number>;
  requirements: RequirementResult[];
  observations: { id: string; title: string; value: unknown }[];
  errors: RunError[];
}

function parsed<T>(annotations: TestOutcome['annotations'], type: string): T[] {
  return annotations.filter((a) => a.type === type && a.description).map((a) => JSON.parse(a.description!) as T);
}

function errorKind(outcome: TestOutcome, message: string): RunError['kind'] {
  if (outcome.status === 'timedOut') return 'timeout';
  return message.includes('transport:') ? 'transport' : 'harness';
}

/**
 * Folds test outcomes into one status per requirement: any failure makes a MUST `fail` and a
 * SHOULD `warn`; checks that ran without failure `pass`; no check at all `skip`, with the reasons.
 */
export function aggregate(outcomes: readonly TestOutcome[], options: { strict: boolean }, runErrors: readonly RunError[] = []): ConformanceSummary {
  const records = new Map<RequirementId, { checks: number; failures: Failure[]; skipped: string[] }>();
  const entry = (id: RequirementId) => {
    let value = records.get(id);
    if (!value) records.set(id, (value = { checks: 0, failures: [], skipped: [] }));
    return value;
  };
  const observations = new Map<string, unknown[]>();
  const errors: RunError[] = [...runErrors];

  for (const outcome of outcomes) {
    const declared = outcome.annotations.filter((a) => a.type === ANNOTATION.requirement).map((a) => a.description as RequirementId);
    for (const record of parsed<RequirementRecord>(outcome.annotations, ANNOTATION.result)) {
      const target = entry(record.id);
      target.checks += record.checks;
      target.failures.push(...record.failures);
    }
    for (const { id, value } of parsed<ObservationRecord>(outcome.annotations, ANNOTATION.observation)) {
      observations.set(id, [...(observations.get(id) ?? []), value]);
    }
    if (outcome.status === 'skipped') {
      const reason = outcome.annotations.find((a) => a.type === 'skip')?.description ?? 'skipped';
      for (const id of declared) entry(id).skipped.push(`${outcome.title}: ${reason}`);
    }
    // A failure the checks did not record (the MUST-failure summary aside) is an error of the run.
    const unexplained = outcome.errors.filter((message) => !/MUST checks? failed:/.test(message));
    if (outcome.status !== 'passed' && outcome.status !== 'skipped' && unexplained.length > 0) {
      for (const message of unexplained) errors.push({ test: outcome.title, kind: errorKind(outcome, message), message });
      for (const id of declared) entry(id).skipped.push(`${outcome.title}: could not complete (${errorKind(outcome, unexplained[0])})`);
    }
  }

  const requirements: RequirementResult[] = REQUIREMENTS.map((r) => {
    const found = records.get(r.id) ?? { checks: 0, failures: [], skipped: [] };
    let status: RequirementStatus;
    if (found.failures.length > 0) status = r.level === 'MUST' ? 'fail' : 'warn';
    else if (found.checks > 0) status = 'pass';
    else status = 'skip';
    // Skip reasons are kept even when other checks ran: a partly skipped requirement says so.
    const notRun = runErrors.length > 0 ? 'not run: the run stopped before its tests (see run errors)' : 'no check of this requirement ran';
    const skipped = found.skipped.length > 0 ? found.skipped : status === 'skip' ? [notRun] : undefined;
    return { id: r.id, level: r.level, spec: r.spec, title: r.title, status, checks: found.checks, failures: found.failures, ...(skipped ? { skipped } : {}) };
  });

  const summary: Record<RequirementStatus, number> = { pass: 0, fail: 0, warn: 0, skip: 0 };
  for (const r of requirements) summary[r.status]++;
  let verdict: ConformanceSummary['verdict'] = 'pass';
  if (summary.warn > 0) verdict = options.strict ? 'fail' : 'warn';
  if (summary.fail > 0 || errors.length > 0) verdict = 'fail';

  return {
    verdict,
    summary,
    requirements,
    observations: OBSERVATIONS.filter((o) => observations.has(o.id)).map((o) => {
      const values = observations.get(o.id)!;
      const distinct = [...new Map(values.map((v) => [JSON.stringify(v), v])).values()];
      return { id: o.id, title: o.title, value: distinct.length === 1 ? distinct[0] : distinct };
    }),
    errors,
  };
}
