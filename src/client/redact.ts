/**
 * The one place where credentials are taken out of text. Every message, URL and excerpt the
 * harness writes passes through a Redactor built from the configured secrets.
 */
import { isWellFormed } from '../json/unicode';

export const REDACTED = '[REDACTED]';

/** Secret values shorter than this are not searched for: they would blank out ordinary text. */
export const MIN_SECRET_LENGTH = 4;

/** Query parameters whose values are treated as credentials wherever they appear in a URL. */
const SECRET_PARAMETER = /^(access[_-]?token|api[_-]?key|apikey|key|token|secret|password|auth|signature|sig|code)$/i;

/** The values of a query's credential-like parameters (`api_key=…`): secrets wherever else they appear, a walk's key or a message. */
export function secretParameterValues(query: Record<string, string>): string[] {
  return Object.entries(query)
    .filter(([name]) => SECRET_PARAMETER.test(name))
    .map(([, value]) => value);
}

export class Redactor {
  private readonly secrets: string[];

  constructor(secrets: readonly string[]) {
    // Longest first, so a secret that contains another is replaced whole. Encoded forms too,
    // since a secret may travel inside a URL.
    const forms = secrets
      .filter((s) => s.length >= MIN_SECRET_LENGTH)
      .flatMap((s) => [s, ...(isWellFormed(s) ? [encodeURIComponent(s)] : []), Buffer.from(s).toString('base64')]);
    this.secrets = [...new Set(forms)].sort((a, b) => b.length - a.length);
  }

  text(value: string): string {
    let out = value;
    for (const secret of this.secrets) out = out.split(secret).join(REDACTED);
    return out;
  }

  /** A URL with credential-like query values and any configured secret replaced. */
  url(value: string): string {
    let shown = value;
    try {
      const url = new URL(value);
      let changed = false;
      for (const name of [...url.searchParams.keys()]) {
        if (SECRET_PARAMETER.test(name)) {
          url.searchParams.set(name, REDACTED);
          changed = true;
        }
      }
      if (url.username || url.password) {
        url.username = '';
        url.password = '';
        changed = true;
      }
      if (changed) shown = url.href;
    } catch {
      // Not a URL: redact as text.
    }
    return this.text(shown);
  }

  /**
   * Any JSON-able value, redacted: a copy as a JSON round trip makes it (undefined members dropped,
   * in arrays null), with every string and member name redacted. Walked rather than serialized: a
   * service's megabyte value is then never copied into a JSON text and parsed back once per record.
   */
  value<T>(value: T): T {
    return this.copy(value) as T;
  }

  private copy(value: unknown): unknown {
    if (typeof value === 'string') return this.text(value);
    // JSON has neither NaN nor the infinities (null), nor -0 (0).
    if (typeof value === 'number') return Number.isFinite(value) ? value + 0 : null;
    if (value === null || typeof value !== 'object') return value;
    if ('toJSON' in value && typeof value.toJSON === 'function') return this.copy((value as { toJSON(): unknown }).toJSON());
    if (Array.isArray(value)) return value.map((item: unknown) => (absentInJson(item) ? null : this.copy(item)));
    const copy: Record<string, unknown> = {};
    for (const [name, member] of Object.entries(value)) if (!absentInJson(member)) copy[this.text(name)] = this.copy(member);
    return copy;
  }
}

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
const absentInJson = (value: unknown) => value === undefined || typeof value === 'function' || typeof value === 'symbol';
