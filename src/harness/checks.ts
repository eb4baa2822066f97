import { type ObservationId, type RequirementId, requirement } from './catalogue';
import { bodyExcerpt, type Exchange, requestLine } from './exchange';
import type { Redactor } from './redact';
import { CROSS_CUTTING, type Failure, type ObservationRecord, type ProbeProblem, type RequirementRecord } from './results';
import { carriesAmbiguityText } from './rules/ambiguity';

const JSON_MEDIA_TYPE = /^application\/(fhir\+)?json\s*(;|$)/i;

export interface Evidence {
  exchange?: Exchange;
  /** JSON Pointer of the failing part of the body. */
  pointer?: string;
}

/**
 * Collects the checks of one test. A failed MUST check fails the test when it ends; a failed SHOULD
 * check is a warning only. Every check names a requirement the test declared, or a cross-cutting one.
 */
export class Checks {
  private readonly records = new Map<RequirementId, RequirementRecord>();
  private readonly observations: ObservationRecord[] = [];
  private readonly problems: ProbeProblem[] = [];

  constructor(
    private readonly declared: ReadonlySet<RequirementId>,
    private readonly redactor: Redactor,
  ) {}

  /** Records one check; returns whether it held. `message` says what was wrong, with the spec clause. */
  check(id: RequirementId, ok: boolean, message: string | (() => string), evidence: Evidence = {}): boolean {
    const record = this.record(id);
    record.checks++;
    if (!ok) record.failures.push(this.failure(id, typeof message === 'function' ? message() : message, evidence));
    return ok;
  }

  /** A part of a requirement this test cannot check, and why: the report shows the requirement as partial. */
  skip(id: RequirementId, reason: string): void {
    const record = this.record(id);
    record.skipped = [...(record.skipped ?? []), reason];
  }

  /**
   * The answer contradicts a probe's promise and nothing shows which side is wrong: no requirement
   * is charged, and the report lists it as a probe problem.
   */
  probeProblem(problem: Omit<ProbeProblem, 'message'>, exchange?: Exchange): void {
    const evidence = exchange ? ` (${requestLine(exchange)})` : '';
    const message = `${problem.probe} promised ${problem.promised}, but ${problem.observed}${evidence}: either the probes file is out of date or the service's matching is wrong`;
    this.problems.push(this.redactor.value({ ...problem, message }));
  }

  /** The cross-cutting HTTP rules, for every exchange a test makes. */
  inspect(exchange: Exchange, options: { ambiguityAllowed?: boolean } = {}): void {
    if (exchange.retriedAfter)
      this.observe('OBS-TRANSPORT-RETRY', {
        url: exchange.url,
        error: exchange.retriedAfter,
        outcome: `answered ${exchange.status} on the retry`,
      });
    for (const wait of exchange.rateLimited ?? []) this.observe('OBS-RATE-LIMITED', { url: exchange.url, ...wait });
    this.check('HTTP-NO-5XX', exchange.status < 500, `the service answered ${exchange.status}`, { exchange });
    if (exchange.status < 200 || exchange.status > 299) return;
    // HTTP-JSON judges answers that carry a body: a 204, or the silence of a no-match (§4.1 r7), has none.
    if (exchange.bodyText === '' && exchange.tooLargeBytes === undefined) return;
    // §4.1 r4: the ambiguity answer may be plain text, so it is exempt.
    if (options.ambiguityAllowed && carriesAmbiguityText(exchange)) return;
    this.check(
      'HTTP-JSON',
      JSON_MEDIA_TYPE.test(exchange.contentType),
      `a 2xx answer has media type "${exchange.contentType}", not application/json or application/fhir+json`,
      { exchange },
    );
    if (JSON_MEDIA_TYPE.test(exchange.contentType)) {
      this.check('HTTP-JSON', exchange.json.ok, () => `a 2xx JSON answer does not parse: ${exchange.json.ok ? '' : exchange.json.error}`, {
        exchange,
      });
    }
  }

  observe(id: ObservationId, value: unknown): void {
    this.observations.push({ id, value: this.redactor.value(value) });
  }

  get requirementRecords(): RequirementRecord[] {
    return [...this.records.values()];
  }

  get observationRecords(): ObservationRecord[] {
    return this.observations;
  }

  get probeProblems(): ProbeProblem[] {
    return this.problems;
  }

  /** MUST failures, which fail the test. */
  mustFailures(): { id: RequirementId; failure: Failure }[] {
    return this.requirementRecords
      .filter((record) => requirement(record.id).level === 'MUST')
      .flatMap((record) => record.failures.map((failure) => ({ id: record.id, failure })));
  }

  private record(id: RequirementId): RequirementRecord {
    if (!this.declared.has(id) && !CROSS_CUTTING.includes(id)) {
      throw new Error(`harness bug: a check of ${id} in a test that does not declare it`);
    }
    let record = this.records.get(id);
    if (!record) this.records.set(id, (record = { id, checks: 0, failures: [] }));
    return record;
  }

  private failure(id: RequirementId, message: string, { exchange, pointer }: Evidence): Failure {
    const { spec, level } = requirement(id);
    const lines = [`[${id}] ${level} ${spec}: ${message}`];
    if (exchange) lines.push(`  ${requestLine(exchange)}`, `  ${bodyExcerpt(exchange, pointer)}`);
    const failure: Failure = { message: this.redactor.text(lines.join('\n')) };
    if (exchange) Object.assign(failure, { method: exchange.method, url: exchange.url, status: exchange.status });
    return failure;
  }
}
