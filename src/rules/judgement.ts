/**
 * What rules conclude: a Judgement. A rule is a plain function that takes exchanges (and a probe)
 * and returns one, or adds to one it is given; whoever asked records it, the suite as Playwright
 * annotations, the survey in its counts. Every failure carries its requirement, its level and its
 * evidence: the rule in words with its section, the request, and the failing part of the body.
 */
import { type AnswerLine, bodyExcerpt, type Exchange, holdsBody, requestLine } from '../client/exchange';
import { type SchemaPath, type SchemaViolation, sharedSchemaValidator } from '../schema-validation/validator';
import { type Level, type ObservationId, type RequirementId, requirement } from '../spec/catalogue';
import type { Failure, NotJudgedReason, ProbeProblem } from '../types/schemas';
import { probeProblemMessage } from './probe-problem';
import type { Problem } from './problem';
import { requirementsReached, routeViolations } from './schema-routing';
import { serviceLines, serviceText, serviceValue } from './service-text';

/** Checks run and failures found for one requirement. */
export interface RequirementRecord {
  id: RequirementId;
  checks: number;
  failures: Failure[];
  /** Parts of the requirement that could not be checked: why, as typed data. */
  skipped?: NotJudgedReason[];
}

/** A judgement as plain data (Judgement.toData): what it checked, observed and blamed on a probe. */
export interface JudgementData {
  requirements: RequirementRecord[];
  observations: ObservationRecord[];
  probeProblems: ProbeProblem[];
}

export interface ObservationRecord {
  id: ObservationId;
  value: unknown;
  /** Set instead of a value: why nothing could be observed (a walk cut before its end, say). */
  unobserved?: string;
}

export interface Evidence {
  /** The answer that shows the failure: whole, or its line alone when a summary of it was judged (a page of a walk). */
  exchange?: Exchange | AnswerLine;
  /** JSON Pointer of the failing part of the body. */
  pointer?: string;
  /** Where in the schema the broken rule lives, for a schema violation. */
  schemaPath?: string;
}

/** Violations and problems shown per failure; the rest are counted. */
export const SHOWN = 5;

const more = (count: number) => (count > SHOWN ? `\n    … and ${count - SHOWN} more` : '');

/** Makes a record safe to write: secrets out first (a function of the caller's), then the service's text capped. */
export type Redact = <T>(value: T) => T;

export class Judgement {
  private readonly records = new Map<RequirementId, RequirementRecord>();
  private readonly observed: ObservationRecord[] = [];
  private readonly problemsWithProbes: ProbeProblem[] = [];

  /**
   * One check; returns whether it held. `message` says what was wrong, with the spec clause.
   * `level` is the requirement's own unless the failure is a near miss of a graded requirement (SHOULD).
   */
  check(id: RequirementId, ok: boolean, message: string | (() => string), evidence: Evidence = {}, level?: Level): boolean {
    const record = this.record(id);
    record.checks++;
    if (!ok) record.failures.push(failure(id, typeof message === 'function' ? message() : message, evidence, level));
    return ok;
  }

  /**
   * Validates a body against its schema, one check for each requirement the schema's `x-requirement`
   * annotations give to the parts the body has: the violations owned by a requirement are its
   * failure, with the rule in words, the location and the schema path.
   */
  schema(schema: SchemaPath, value: unknown, exchange: Exchange): this {
    const result = sharedSchemaValidator().validate(schema, value);
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
    return this;
  }

  /**
   * One check of `id` from a list of problems found by a rule: none means it holds. Problems of a
   * graded requirement become one failure per level: the contradictions, then the near misses.
   */
  problems(id: RequirementId, problems: readonly (string | Problem)[], exchange: Exchange | AnswerLine, what: string): this {
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
      record.failures.push(failure(id, message, { exchange, pointer: found[0].pointer }, level));
    }
    return this;
  }

  /**
   * A part of a requirement that cannot be checked, and why: the report shows the requirement as
   * partial, or not applicable where the reason is the condition the catalogue puts on it.
   */
  skip(id: RequirementId, reason: NotJudgedReason): this {
    if (reason.kind === 'not-applicable' && requirement(id).appliesWhen?.condition !== reason.condition)
      throw new Error(`harness bug: ${id} is not applicable under ${reason.condition}, a condition the catalogue does not put on it`);
    const record = this.record(id);
    record.skipped = [...(record.skipped ?? []), reason];
    return this;
  }

  /**
   * The answer contradicts a probe's promise and nothing shows which side is wrong: no requirement
   * is charged, and the report lists it as a probe problem.
   */
  probeProblem(problem: Omit<ProbeProblem, 'message'>, exchange?: AnswerLine): this {
    this.problemsWithProbes.push({ ...problem, message: probeProblemMessage(problem, exchange) });
    return this;
  }

  /** What the service did where the specification is silent: recorded, never judged. */
  observe(id: ObservationId, value: unknown): this {
    this.observed.push({ id, value });
    return this;
  }

  /** What could not be observed, and the true reason: the report says it, never a guess. */
  unobserved(id: ObservationId, reason: string): this {
    this.observed.push({ id, value: undefined, unobserved: reason });
    return this;
  }

  /** Another judgement's checks, skips, probe problems and observations, added to this one's. */
  add(other: Judgement): this {
    for (const record of other.records.values()) {
      const mine = this.record(record.id);
      mine.checks += record.checks;
      mine.failures.push(...record.failures);
      if (record.skipped) mine.skipped = [...(mine.skipped ?? []), ...record.skipped];
    }
    this.observed.push(...other.observed);
    this.problemsWithProbes.push(...other.problemsWithProbes);
    return this;
  }

  /**
   * This judgement's failures moved from one place in a body to another: an entry judged alone in
   * its bundle's shell (at /entry/0), put back at its place in the bundle.
   */
  relocated(from: string, to: string): this {
    for (const record of this.records.values())
      record.failures = record.failures.map((failure) => {
        const moved = (text: string) => (text.startsWith(from) ? `${to}${text.slice(from.length)}` : text);
        return {
          ...failure,
          ...(failure.pointer === undefined ? {} : { pointer: moved(failure.pointer) }),
          ...(failure.excerpt === undefined ? {} : { excerpt: moved(failure.excerpt) }),
          // "at /entry/0/…" in the rule's lines, and the excerpt's line "  /entry/0/… = …".
          message: failure.message.split(`at ${from}`).join(`at ${to}`).split(`\n  ${from}`).join(`\n  ${to}`),
          ...(failure.rule === undefined ? {} : { rule: failure.rule.split(`at ${from}`).join(`at ${to}`) }),
        };
      });
    return this;
  }

  /** This judgement without one requirement's checks: another subject's, which a broader check (a schema) reached too. */
  withoutRequirement(id: RequirementId): this {
    this.records.delete(id);
    return this;
  }

  /** Whether it found nothing: every check held, nothing skipped, observed or blamed on a probe. */
  get clean(): boolean {
    return (
      this.observed.length === 0 &&
      this.problemsWithProbes.length === 0 &&
      [...this.records.values()].every((r) => r.failures.length === 0 && r.skipped === undefined)
    );
  }

  /** The observations this judgement recorded. */
  get observationIds(): ObservationId[] {
    return [...new Set(this.observed.map((o) => o.id))];
  }

  /** The requirements this judgement checked or skipped. */
  get requirementIds(): RequirementId[] {
    return [...this.records.keys()];
  }

  /** This judgement as plain data, nothing redacted: what another process reads back with Judgement.fromData. */
  toData(): JudgementData {
    return {
      requirements: [...this.records.values()].map((r) => ({ ...r, failures: [...r.failures] })),
      observations: [...this.observed],
      probeProblems: [...this.problemsWithProbes],
    };
  }

  /** A judgement made again from its data (toData), as it was. */
  static fromData(data: JudgementData): Judgement {
    const judgement = new Judgement();
    for (const record of data.requirements) judgement.records.set(record.id, { ...record, failures: [...record.failures] });
    judgement.observed.push(...data.observations);
    judgement.problemsWithProbes.push(...data.probeProblems);
    return judgement;
  }

  /** The requirements checked, redacted then capped (SERVICE_TEXT_MAX_BYTES a value): a cut never leaves part of a secret behind. */
  requirementRecords(redact: Redact): RequirementRecord[] {
    return [...this.records.values()].map((record) => ({ ...record, failures: record.failures.map((f) => capped(redact(f))) }));
  }

  observationRecords(redact: Redact): ObservationRecord[] {
    return this.observed.map((record) =>
      record.unobserved === undefined ? { id: record.id, value: serviceValue(redact(record.value)) } : { ...record, value: undefined },
    );
  }

  probeProblems(redact: Redact): ProbeProblem[] {
    return this.problemsWithProbes.map((problem) => serviceValue(redact(problem)));
  }

  private record(id: RequirementId): RequirementRecord {
    let record = this.records.get(id);
    if (!record) this.records.set(id, (record = { id, checks: 0, failures: [] }));
    return record;
  }
}

/** A failure's message line by line, and each value from the service, capped. */
function capped(failure: Failure): Failure {
  const out: Failure = { ...failure, message: serviceLines(failure.message) };
  if (out.rule !== undefined) out.rule = serviceLines(out.rule);
  for (const key of ['url', 'mediaType', 'excerpt'] as const) if (out[key] !== undefined) out[key] = serviceText(out[key]!);
  return out;
}

function failure(id: RequirementId, message: string, { exchange, pointer, schemaPath }: Evidence, level?: Level): Failure {
  const { spec, level: own, nearMiss } = requirement(id);
  const judged = level ?? own;
  // Only a graded requirement has findings below its level: its near misses.
  if (judged !== own && !(nearMiss && judged === 'SHOULD'))
    throw new Error(`harness bug: a ${judged} finding of ${id}, a ${own} requirement`);
  const excerpt = exchange && holdsBody(exchange) ? bodyExcerpt(exchange, pointer) : undefined;
  const lines = [`[${id}] ${judged} ${spec}: ${message}`];
  if (exchange) lines.push(`  ${requestLine(exchange)}`, ...(excerpt === undefined ? [] : [`  ${excerpt}`]));
  // The rule's words stay a field of their own: nothing downstream parses them back out of the message.
  const found: Failure = { level: judged, message: lines.join('\n'), rule: message };
  if (exchange)
    Object.assign(found, {
      method: exchange.method,
      url: exchange.url,
      status: exchange.status,
      mediaType: exchange.contentType,
      ...(excerpt === undefined ? {} : { excerpt }),
    });
  if (pointer !== undefined) found.pointer = pointer;
  if (schemaPath !== undefined) found.schemaPath = schemaPath;
  return found;
}
