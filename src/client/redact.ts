/**
 * The one place where credentials are taken out of text. Every message, URL and excerpt the
 * harness writes passes through a Redactor built from the configured secrets.
 */
import { isWellFormed } from '../json/unicode';

export const REDACTED = '[REDACTED]';

/** The mark every cut of the harness ends its text with (serviceText, a body's excerpt). */
const CUT = '…';

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

/** Percent-escapes with lower-case hex digits (`%2f`), as .NET and others write them. */
const lowerHex = (encoded: string) => encoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());

/** A JSON string's content with every character past ASCII as `\uXXXX` and `/` as `\/`: PHP's json_encode by default. */
const phpJson = (secret: string) =>
  JSON.stringify(secret)
    .slice(1, -1)
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replaceAll('/', '\\/');

/**
 * Every form in which a service may echo a secret back: as it is; inside a JSON string (escaped as
 * JSON.stringify does, and as PHP does, `\/` and `\u00e9`); percent-encoded as a path or query
 * component, with upper- or lower-case hex; form-encoded (`+` for a space); base64 and base64url.
 * The robustness run's echoing target sends each, and every file is searched for each.
 */
export function secretForms(secret: string): string[] {
  const uri = isWellFormed(secret) ? [encodeURIComponent(secret), new URLSearchParams([['', secret]]).toString().slice(1)] : [];
  const base64 = Buffer.from(secret).toString('base64');
  return [
    ...new Set([
      secret,
      JSON.stringify(secret).slice(1, -1),
      phpJson(secret),
      ...uri,
      ...uri.map(lowerHex),
      base64,
      base64.replace(/=+$/, ''),
      Buffer.from(secret).toString('base64url'),
    ]),
  ];
}

export class Redactor {
  private readonly secrets: string[];

  constructor(secrets: readonly string[]) {
    // Longest first, so a secret that contains another is replaced whole.
    const forms = secrets.filter((s) => s.length >= MIN_SECRET_LENGTH).flatMap(secretForms);
    this.secrets = [...new Set(forms)].sort((a, b) => b.length - a.length);
  }

  text(value: string): string {
    let out = value;
    for (const secret of this.secrets) out = out.split(secret).join(REDACTED);
    return this.secrets.length > 0 && out.includes(CUT) ? this.beforeCuts(out) : out;
  }

  /**
   * Every cut of the harness ends its text with `…` (a body's excerpt, a value too long to quote);
   * a cut that fell inside a secret leaves its start before the mark, which no whole form matches.
   * The longest start of a secret's form before each mark, four characters or more, is replaced.
   */
  private beforeCuts(text: string): string {
    let out = '';
    let from = 0;
    for (let at = text.indexOf(CUT); at >= 0; at = text.indexOf(CUT, at + 1)) {
      const before = text.slice(from, at);
      const cut = this.secretStartAtEnd(before);
      out += cut > 0 ? `${before.slice(0, before.length - cut)}${REDACTED}${CUT}` : `${before}${CUT}`;
      from = at + CUT.length;
    }
    return out + text.slice(from);
  }

  /** The length of the longest start of a secret's form, MIN_SECRET_LENGTH or more, that `text` ends with; 0 when none. */
  private secretStartAtEnd(text: string): number {
    let longest = 0;
    for (const secret of this.secrets)
      for (let length = Math.min(secret.length - 1, text.length); length >= Math.max(MIN_SECRET_LENGTH, longest + 1); length--)
        if (text.endsWith(secret.slice(0, length))) {
          longest = length;
          break;
        }
    return longest;
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
