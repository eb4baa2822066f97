/**
 * The one place where credentials are taken out of text. Every message, URL, excerpt, HAR body and
 * history row the harness writes passes through a Redactor built from the configured secrets.
 *
 * Secrets are matched on a normalised view of the text, not on a list of the forms a service may
 * echo them in: the text is percent-, JSON- and HTML-decoded to a fixed point (a value encoded twice,
 * `\u0074\u006f…`, `&#x2F;`), case is folded, and only letters and digits are compared (the
 * alphanumeric skeleton), each character of the view remembering the span of the raw text it came
 * from. Base64 is no such decoding, so the base64 forms of every secret are precomputed: at each of
 * the three alignments a secret can have inside a longer base64 text, and nested twice (the base64 of
 * its base64). A match replaces the raw span that decodes to the secret.
 */
import { MIN_SECRET_LENGTH, skeletonOf } from '../config/secrets';

export const REDACTED = '[REDACTED]';

/** The mark every cut of the harness ends its text with (serviceText, a body's excerpt). */
const CUT = '…';

/** The start of a secret before a cut, in letters and digits, replaced at least: shorter would blank ordinary words. */
const MIN_CUT_START = 4;

/** Query parameters whose values are treated as credentials wherever they appear in a URL. */
const SECRET_PARAMETER = /^(access[_-]?token|api[_-]?key|apikey|key|token|secret|password|auth|signature|sig|code)$/i;

/** The values of a query's credential-like parameters (`api_key=…`): secrets wherever else they appear, a walk's key or a message. */
export function secretParameterValues(query: Record<string, string>): string[] {
  return Object.entries(query)
    .filter(([name]) => SECRET_PARAMETER.test(name))
    .map(([, value]) => value);
}

/**
 * The characters of base64 that depend on `bytes` alone, when they sit after `offset` other bytes of
 * a longer text: one secret's form inside any base64 (its three alignments, offsets 0, 1 and 2).
 */
function base64Core(bytes: Buffer, offset: number): string {
  const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
  const from = Math.ceil((8 * offset) / 6);
  const to = Math.floor((8 * (offset + bytes.length)) / 6);
  return encoded.slice(from, to);
}

/** A value's base64 forms inside any longer base64 text, at its three alignments. */
const base64Forms = (value: string | Buffer) => {
  const bytes = typeof value === 'string' ? Buffer.from(value) : value;
  return [0, 1, 2].map((offset) => base64Core(bytes, offset));
};

/**
 * What a secret is matched as, before the skeleton: itself, its base64 at each alignment, and the
 * base64 of its base64 (of the whole form, and of the form as base64url writes it).
 */
function matchedForms(secret: string): string[] {
  const base64 = Buffer.from(secret).toString('base64');
  const base64url = Buffer.from(secret).toString('base64url');
  return [
    secret,
    base64,
    base64url,
    ...base64Forms(secret),
    ...[base64, base64.replace(/=+$/, ''), base64url].flatMap((inner) => base64Forms(inner)),
  ];
}

/** The named HTML entities a page writes for the characters of a secret. */
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  sol: '/',
  plus: '+',
  equals: '=',
  colon: ':',
  num: '#',
  percnt: '%',
  nbsp: ' ',
};

/**
 * A text decoded one step, character by character, each decoded character keeping the raw span it
 * came from: `%2F`, `\u002f` and `\/`, `&#x2F;`, `&#47;` and `&sol;` each become `/`. Undefined when
 * nothing decoded: the text is at its fixed point.
 */
function decodedOnce(chars: readonly string[], starts: readonly number[], ends: readonly number[]) {
  const out: { chars: string[]; starts: number[]; ends: number[] } = { chars: [], starts: [], ends: [] };
  let changed = false;
  const push = (c: string, from: number, to: number) => {
    out.chars.push(c);
    out.starts.push(starts[from]);
    out.ends.push(ends[to]);
  };
  const hex = (c: string | undefined) => c !== undefined && /^[0-9A-Fa-f]$/.test(c);
  for (let i = 0; i < chars.length;) {
    const c = chars[i];
    if (c === '%' && hex(chars[i + 1]) && hex(chars[i + 2])) {
      // A character past ASCII is the UTF-8 bytes its first byte announces; bytes that make none decode to U+FFFD.
      const byteAt = (k: number) =>
        chars[k] === '%' && hex(chars[k + 1]) && hex(chars[k + 2]) ? parseInt(chars[k + 1] + chars[k + 2], 16) : -1;
      const first = byteAt(i);
      const length = first < 0x80 ? 1 : first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 1;
      const bytes = [first];
      while (bytes.length < length && byteAt(i + 3 * bytes.length) >= 0x80 && byteAt(i + 3 * bytes.length) < 0xc0)
        bytes.push(byteAt(i + 3 * bytes.length));
      const decoded = Buffer.from(bytes).toString('utf8');
      push([...decoded].length === 1 ? decoded : '\ufffd', i, i + 3 * bytes.length - 1);
      i += 3 * bytes.length;
      changed = true;
      continue;
    }
    if (c === '\\' && chars[i + 1] === 'u' && [2, 3, 4, 5].every((k) => hex(chars[i + k]))) {
      push(String.fromCharCode(parseInt(chars.slice(i + 2, i + 6).join(''), 16)), i, i + 5);
      i += 6;
      changed = true;
      continue;
    }
    if (c === '\\' && (chars[i + 1] === '/' || chars[i + 1] === '\\')) {
      push(chars[i + 1], i, i + 1);
      i += 2;
      changed = true;
      continue;
    }
    if (c === '&') {
      // An entity is short: look for its `;` within ten characters, never further (a text of many `&` stays linear).
      const window = chars.slice(i + 1, i + 11);
      const end = window.indexOf(';') < 0 ? -1 : i + 1 + window.indexOf(';');
      const name = end > i ? chars.slice(i + 1, end).join('') : '';
      const numeric = /^#x[0-9A-Fa-f]{1,6}$/.test(name)
        ? parseInt(name.slice(2), 16)
        : /^#[0-9]{1,7}$/.test(name)
          ? Number(name.slice(1))
          : undefined;
      const decoded = numeric !== undefined && numeric <= 0x10ffff ? String.fromCodePoint(numeric) : NAMED_ENTITIES[name.toLowerCase()];
      if (decoded !== undefined) {
        push(decoded.length === 1 ? decoded : '\u0080', i, end);
        i = end + 1;
        changed = true;
        continue;
      }
    }
    push(c, i, i);
    i++;
  }
  return changed ? out : undefined;
}

/** Decoding passes at most: enough for a value encoded twice over and escaped as JSON besides. */
const MAX_PASSES = 6;

/**
 * A text once decoded to its fixed point: its characters with the raw span of each, its skeleton
 * (letters and digits, lower case), and which character each letter or digit of the skeleton is.
 */
interface NormalisedView {
  chars: string[];
  starts: number[];
  ends: number[];
  skeleton: string;
  kept: number[];
}

function normalisedView(text: string): NormalisedView {
  let chars = [...text];
  // Spans in UTF-16 units of the raw text: a character outside the BMP is two.
  let starts: number[] = [];
  let ends: number[] = [];
  let at = 0;
  for (const c of chars) {
    starts.push(at);
    at += c.length;
    ends.push(at);
  }
  // Only a text that holds an escape decodes at all: most text is its own fixed point.
  if (/[%\\&]/.test(text))
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const decoded = decodedOnce(chars, starts, ends);
      if (!decoded) break;
      ({ chars, starts, ends } = decoded);
    }
  const kept: number[] = [];
  let skeleton = '';
  chars.forEach((c, i) => {
    const lower = c.toLowerCase();
    if (/^[a-z0-9]$/.test(lower)) {
      skeleton += lower;
      kept.push(i);
    }
  });
  return { chars, starts, ends, skeleton, kept };
}

/** A form of a secret as it is matched: its skeleton, and the characters before and after its letters and digits (`/+`, base64's `==`). */
interface MatchedForm {
  skeleton: string;
  lead: string;
  trail: string;
}

const formOf = (raw: string): MatchedForm => {
  const lead = /^[^A-Za-z0-9]*/.exec(raw)![0];
  const trail = /[^A-Za-z0-9]*$/.exec(raw)![0];
  return { skeleton: skeletonOf(raw), lead: lead.toLowerCase(), trail: trail.toLowerCase() };
};

/** The escapes the view decodes, as one pattern: what a fast pass over a text replaces before any span is kept. */
const ESCAPE = /%[0-9A-Fa-f]{2}(?:%[89ABab][0-9A-Fa-f])*|\\u[0-9A-Fa-f]{4}|\\[/\\]|&(?:#x[0-9A-Fa-f]{1,6}|#[0-9]{1,7}|[A-Za-z]{2,8});/g;

/** One escape decoded as the view decodes it (decodedOnce), without spans. */
function decodedEscape(escape: string): string {
  if (escape.startsWith('%')) {
    const decoded = Buffer.from(
      escape
        .split('%')
        .slice(1)
        .map((hex) => parseInt(hex, 16)),
    ).toString('utf8');
    return decoded;
  }
  if (escape.startsWith('\\u')) return String.fromCharCode(parseInt(escape.slice(2), 16));
  if (escape.startsWith('\\')) return escape[1];
  const name = escape.slice(1, -1);
  const numeric = name.startsWith('#x') ? parseInt(name.slice(2), 16) : name.startsWith('#') ? Number(name.slice(1)) : undefined;
  if (numeric !== undefined) return numeric <= 0x10ffff ? String.fromCodePoint(numeric) : escape;
  return NAMED_ENTITIES[name.toLowerCase()] ?? escape;
}

/**
 * A text decoded to its fixed point, fast, without the spans: whether it can hold a secret at all is
 * asked of this, and only a text that does is decoded again keeping each character's span.
 */
function decodedText(text: string): string {
  let out = text;
  for (let pass = 0; pass < MAX_PASSES && /[%\\&]/.test(out); pass++) {
    const next = out.replace(ESCAPE, decodedEscape);
    if (next === out) break;
    out = next;
  }
  return out;
}

export class Redactor {
  /** Every form of every secret, longest skeleton first, so that a secret that contains another is replaced whole. */
  private readonly forms: MatchedForm[];

  constructor(secrets: readonly string[]) {
    const forms = new Map<string, MatchedForm>();
    for (const raw of secrets.flatMap(matchedForms)) {
      const form = formOf(raw);
      if (form.skeleton.length >= MIN_SECRET_LENGTH) forms.set(`${form.lead}\u0000${form.skeleton}\u0000${form.trail}`, form);
    }
    this.forms = [...forms.values()].sort((a, b) => b.skeleton.length - a.skeleton.length || b.trail.length - a.trail.length);
    this.skeletons = [...new Set(this.forms.map((form) => form.skeleton))];
  }

  /** The forms' skeletons, each once: what the first, fast question of a text asks (mayHoldSecret). */
  private readonly skeletons: string[];

  /** The raw spans of `text` that decode to a secret, and those a cut left a secret's start in: sorted, and merged where they touch. */
  private spans(text: string): [number, number][] {
    if (this.forms.length === 0 || !this.mayHoldSecret(text)) return [];
    const view = normalisedView(text);
    const found: [number, number][] = [];
    for (const form of this.forms)
      for (let at = view.skeleton.indexOf(form.skeleton); at >= 0; at = view.skeleton.indexOf(form.skeleton, at + 1)) {
        const first = view.kept[at];
        const last = view.kept[at + form.skeleton.length - 1];
        // The secret's own characters before and after its letters and digits go with it, where the text has them.
        const from = first - (around(view.chars, first, form.lead, -1) ? form.lead.length : 0);
        const to = last + (around(view.chars, last, form.trail, 1) ? form.trail.length : 0);
        found.push([view.starts[from], view.ends[to]]);
      }
    if (text.includes(CUT)) found.push(...this.beforeCuts(text, view));
    found.sort((a, b) => a[0] - b[0]);
    const merged: [number, number][] = [];
    for (const span of found) {
      const last = merged[merged.length - 1];
      if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
      else merged.push([...span]);
    }
    return merged;
  }

  /**
   * Whether a text may hold a secret, or a secret's start before a cut: its fixed point's skeleton
   * holds a form, or ends, before a cut, with a start of one. Asked first: nearly every text holds
   * none, and is let through in one native pass instead of a span for each of its characters.
   */
  private mayHoldSecret(text: string): boolean {
    const skeleton = skeletonOf(decodedText(text));
    if (this.skeletons.some((form) => skeleton.includes(form))) return true;
    if (!text.includes(CUT)) return false;
    return text.split(CUT).some((part, i, parts) => {
      if (i === parts.length - 1) return false;
      const before = skeletonOf(decodedText(part));
      return this.skeletons.some((form) => {
        for (let length = Math.min(form.length - 1, before.length); length >= MIN_CUT_START; length--)
          if (before.endsWith(form.slice(0, length))) return true;
        return false;
      });
    });
  }

  /**
   * Every cut of the harness ends its text with `…` (a body's excerpt, a value too long to quote);
   * a cut that fell inside a secret leaves its start before the mark, which no whole form matches.
   * The longest start of a secret's form before each mark, four letters or digits or more, is replaced.
   */
  private beforeCuts(text: string, view: NormalisedView): [number, number][] {
    const spans: [number, number][] = [];
    for (let cut = text.indexOf(CUT); cut >= 0; cut = text.indexOf(CUT, cut + 1)) {
      let end = 0;
      while (end < view.kept.length && view.ends[view.kept[end]] <= cut) end++;
      const before = view.skeleton.slice(0, end);
      let longest = 0;
      for (const { skeleton } of this.forms)
        for (let length = Math.min(skeleton.length - 1, before.length); length >= Math.max(MIN_CUT_START, longest + 1); length--)
          if (before.endsWith(skeleton.slice(0, length))) {
            longest = length;
            break;
          }
      if (longest > 0) spans.push([view.starts[view.kept[end - longest]], view.ends[view.kept[end - 1]]]);
    }
    return spans;
  }

  text(value: string): string {
    const spans = this.spans(value);
    if (spans.length === 0) return value;
    let out = '';
    let from = 0;
    for (const [start, end] of spans) {
      out += `${value.slice(from, start)}${REDACTED}`;
      from = end;
    }
    return out + value.slice(from);
  }

  /** Whether `text` holds a secret in any form the redactor reads: what a scan of a written file asks. */
  holdsSecret(text: string): boolean {
    return this.spans(text.replaceAll(CUT, '')).length > 0;
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

/** Whether the decoded characters next to `at` (after it for `step` 1, before it for -1) are `part`, case aside. */
function around(chars: readonly string[], at: number, part: string, step: 1 | -1): boolean {
  if (part === '') return false;
  const next = step === 1 ? chars.slice(at + 1, at + 1 + part.length) : chars.slice(Math.max(0, at - part.length), at);
  return next.length === part.length && next.join('').toLowerCase() === part;
}

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
const absentInJson = (value: unknown) => value === undefined || typeof value === 'function' || typeof value === 'symbol';
