/** A Judgement of the shared rules, turned into one record's verdict: what a survey counts. */
import type { Exchange } from '../client/exchange';
import { atPointer } from '../json/pointer';
import { type Judgement, type Redact, serviceText } from '../rules/rulebook';
import { type Level, requirement, type RequirementId } from '../spec/catalogue';
import type { RecordFailure, RecordSkip, RecordVerdict } from './records';

/** A failure in words, without the request and excerpt (the example's url and value): the requirement, level and section, then the rule's words. */
function ruleText(id: RequirementId, level: Level, rule: string): string {
  return serviceText(`[${id}] ${level} ${requirement(id).spec}: ${rule}`, 1024);
}

/** The value at the failing pointer, as text: a string as it is, anything else as JSON. */
export function valueAt(exchange: Exchange | undefined, pointer: string): string {
  if (!exchange?.json.ok) return '';
  const value = atPointer(exchange.body, pointer);
  if (value === undefined) return '';
  return serviceText(typeof value === 'string' ? value : JSON.stringify(value), 256);
}

export interface VerdictOptions {
  redact: Redact;
  /** The exchange a failure's url names, for its value. */
  exchangeOf: (url: string) => Exchange | undefined;
  /** Rewrites a pointer into the page's (an entry judged in a shell) and adds its sources. */
  place?: (failure: RecordFailure) => RecordFailure;
}

/**
 * The record's requirements checked, and its first failure per requirement and level: every
 * requirement the rulebook judged for the record's subjects (the judgement holds no other).
 */
export function recordVerdict(key: string, judgement: Judgement, { redact, exchangeOf, place = (f) => f }: VerdictOptions): RecordVerdict {
  const checked: string[] = [];
  const failures: RecordFailure[] = [];
  const skipped: RecordSkip[] = [];
  for (const record of judgement.requirementRecords(redact)) {
    const [reason] = record.skipped ?? [];
    // The service's own text may be quoted in the reason's words: redacted, as every value from it.
    if (reason) skipped.push({ id: record.id, reason: redact(reason) });
    if (record.checks === 0) continue;
    checked.push(record.id);
    for (const level of ['MUST', 'SHOULD'] as const) {
      const first = record.failures.find((f) => f.level === level);
      if (!first) continue;
      const pointer = first.pointer ?? '';
      const url = first.url ?? '';
      failures.push(
        place({
          id: record.id,
          level,
          pointer,
          // The service's own text, which may echo what it was sent (a token, a header): redacted as the message is.
          value: redact(valueAt(exchangeOf(url), pointer)),
          message: ruleText(record.id, level, first.rule ?? ''),
          url,
        }),
      );
    }
  }
  return { key: redact(key), checked: checked.sort(), failures, ...(skipped.length > 0 ? { skipped } : {}) };
}
