import { type Level, type ObservationId, type RequirementId, requirement } from '../spec/catalogue';
import { bodyExcerpt, type Exchange, requestLine } from '../client/exchange';
import { ACCEPTED_ENCODING } from '../client/http-client';
import { probeProblemMessage } from '../probes/promises';
import type { Redactor } from '../client/redact';
import { CROSS_CUTTING, type Failure, type ObservationRecord, type ProbeProblem, type RequirementRecord } from '../harness/annotations';
import { carriesAmbiguityText } from './ambiguity';
import type { Problem } from './problem';
import { serviceLines, serviceText, serviceValue } from './service-text';
import { requirementsReached, routeViolations } from './schema-routing';
import type { SchemaPath, SchemaValidator, SchemaViolation } from '../schema-validation/validator';

/** Violations and problems shown per failure; the rest are counted. */
const SHOWN = 5;

function more(count: number): string {
  return count > SHOWN ? `\n    … and ${count - SHOWN} more` : '';
}

const JSON_MEDIA_TYPE = /^application\/(fhir\+)?json\s*(;|$)/i;

export interface Evidence {
  exchange?: Exchange;
  /** JSON Pointer of the failing part of the body. */
  pointer?: string;
  /** Where in the schema the broken rule lives, for a schema violation. */
  schemaPath?: string;
}

/**
 * Collects the checks of one test. A failed MUST check fails the test when it ends; a failed SHOULD
 * check is a warning only. Every check names a requirement the test declared, or a cross-cutting one.
 */
export class Checks {
  private readonly records = new Map<RequirementId, RequirementRecord>();
  private readonly observations: ObservationRecord[] = [];
  private readonly probeProblemRecords: ProbeProblem[] = [];

  constructor(
    private readonly declared: ReadonlySet<RequirementId>,
    private readonly redactor: Redactor,
    private readonly schemas: SchemaValidator,
  ) {}

  /**
   * Records one check; returns whether it held. `message` says what was wrong, with the spec clause.
   * `level` is the requirement's own unless the failure is a near miss of a graded requirement (SHOULD).
   */
  check(id: RequirementId, ok: boolean, message: string | (() => string), evidence: Evidence = {}, level?: Level): boolean {
    const record = this.record(id);
    record.checks++;
    if (!ok) record.failures.push(this.failure(id, typeof message === 'function' ? message() : message, evidence, level));
    return ok;
  }

  /**
   * Validates a body against its schema and records one check for each requirement the schema's
   * `x-requirement` annotations give to the parts the body has: the violations owned by a
   * requirement are its failure, with the rule in words, the location and the schema path.
   */
  schema(schema: SchemaPath, value: unknown, exchange: Exchange): void {
    const result = this.schemas.validate(schema, value);
    const routed = result.valid ? new Map<RequirementId, SchemaViolation[]>() : routeViolations(schema, result.violations);
    for (const id of new Set([...requirementsReached(schema, value), ...routed.keys()])) {
      const found = routed.get(id) ?? [];
      // The rule in words leads, with its section where the schema gives one (else the requirement's); the schema path follows.
      const section = requirement(id).spec;
      const rule = (v: SchemaViolation) => (v.rule.includes('§') ? v.rule : `${v.rule}, ${section}`);
      this.check(
        id,
        found.length === 0,
        () =>
          `${rule(found[0])}: ${found.length} violation${found.length > 1 ? 's' : ''} of schemas/${schema}:\n${found
            .slice(0, SHOWN)
            .map((v) => `    ${rule(v)}: at ${v.location || '/'} ${v.message} (schema ${v.schemaPath})`)
            .join('\n')}${more(found.length)}`,
        { exchange, pointer: found[0]?.instancePath, schemaPath: found[0]?.schemaPath },
      );
    }
  }

  /**
   * Records one check of `id` from a list of problems found by a rule: none means it holds. Problems
   * of a graded requirement become one failure per level: the contradictions, then the near misses.
   */
  problems(id: RequirementId, problems: readonly (string | Problem)[], exchange: Exchange, what: string): void {
    const record = this.record(id);
    record.checks++;
    const listed = problems.map((p) => (typeof p === 'string' ? { message: p } : p));
    const own = requirement(id).level;
    for (const level of ['MUST', 'SHOULD'] as const) {
      const found = listed.filter((p) => (p.level ?? own) === level);
      if (found.length === 0) continue;
      const lines = found.map((p) => `    ${p.pointer === undefined ? '' : `at ${p.pointer}: `}${p.message}`);
      const nearMisses = level !== own ? ' (near misses: a reading of the specification exists)' : '';
      const message = `${what}${nearMisses}:\n${lines.slice(0, SHOWN).join('\n')}${more(lines.length)}`;
      record.failures.push(this.failure(id, message, { exchange, pointer: found[0].pointer }, level));
    }
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
    this.probeProblemRecords.push(serviceValue(this.redactor.value({ ...problem, message: probeProblemMessage(problem, exchange) })));
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
    // One finding per cause: what the body carries around its JSON is named here, and the JSON itself judged as usual.
    const encoding = exchange.contentEncoding;
    if (encoding)
      this.check(
        'HTTP-JSON',
        false,
        `the body is sent with Content-Encoding: ${encoding.coding}, though the request accepted only ${ACCEPTED_ENCODING} (Accept-Encoding, RFC 9110 §12.5.3)${encoding.decoded ? '; it was judged decoded' : ''}`,
        { exchange },
        'SHOULD',
      );
    if (!JSON_MEDIA_TYPE.test(exchange.contentType)) return;
    this.check(
      'HTTP-JSON',
      !exchange.bom,
      'the body begins with a byte-order mark (U+FEFF), which RFC 8259 §8.1 forbids in JSON sent over a network; the rest of the body was judged without it',
      { exchange },
    );
    this.check('HTTP-JSON', exchange.json.ok, () => `a 2xx JSON answer does not parse: ${exchange.json.ok ? '' : exchange.json.error}`, {
      exchange,
    });
    const repeated = exchange.duplicateNames ?? [];
    this.check(
      'HTTP-JSON',
      repeated.length === 0,
      () =>
        `an object repeats member names, which RFC 8259 §4 says SHOULD be unique (parsers keep one of them, and which is not defined; the harness judged the last): at ${repeated.slice(0, SHOWN).join(', ')}${repeated.length > SHOWN ? ` and ${repeated.length - SHOWN} more` : ''}`,
      { exchange, pointer: repeated[0] },
      'SHOULD',
    );
  }

  /** Records what the service did where the specification is silent; its text redacted, then capped. */
  observe(id: ObservationId, value: unknown): void {
    this.observations.push({ id, value: serviceValue(this.redactor.value(value)) });
  }

  get requirementRecords(): RequirementRecord[] {
    return [...this.records.values()];
  }

  get observationRecords(): ObservationRecord[] {
    return this.observations;
  }

  get probeProblems(): ProbeProblem[] {
    return this.probeProblemRecords;
  }

  /** MUST failures, which fail the test. */
  mustFailures(): { id: RequirementId; failure: Failure }[] {
    return this.requirementRecords.flatMap((record) =>
      record.failures.filter((failure) => failure.level === 'MUST').map((failure) => ({ id: record.id, failure })),
    );
  }

  private record(id: RequirementId): RequirementRecord {
    if (!this.declared.has(id) && !CROSS_CUTTING.includes(id)) {
      throw new Error(`harness bug: a check of ${id} in a test that does not declare it`);
    }
    let record = this.records.get(id);
    if (!record) this.records.set(id, (record = { id, checks: 0, failures: [] }));
    return record;
  }

  private failure(id: RequirementId, message: string, { exchange, pointer, schemaPath }: Evidence, level?: Level): Failure {
    const { spec, level: own, nearMiss } = requirement(id);
    const judged = level ?? own;
    // Only a graded requirement has findings below its level: its near misses.
    if (judged !== own && !(nearMiss && judged === 'SHOULD'))
      throw new Error(`harness bug: a ${judged} finding of ${id}, a ${own} requirement`);
    const excerpt = exchange && this.redactor.text(bodyExcerpt(exchange, pointer));
    const lines = [`[${id}] ${judged} ${spec}: ${message}`];
    if (exchange) lines.push(`  ${requestLine(exchange)}`, `  ${excerpt}`);
    // Redacted first, then capped: a cut never leaves part of a secret behind.
    const failure: Failure = { level: judged, message: serviceLines(this.redactor.text(lines.join('\n'))) };
    if (exchange)
      Object.assign(failure, {
        method: exchange.method,
        url: serviceText(exchange.url),
        status: exchange.status,
        mediaType: serviceText(exchange.contentType),
        excerpt: serviceText(excerpt!),
      });
    if (pointer !== undefined) failure.pointer = pointer;
    if (schemaPath !== undefined) failure.schemaPath = schemaPath;
    return failure;
  }
}
