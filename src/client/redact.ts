/**
 * The one place where credentials are taken out of text. Every message, URL, excerpt, HAR body and
 * history row the harness writes passes through a Redactor built from the configured secrets.
 *
 * Secrets are matched on a normalised view of the text, not on a list of the forms a service may
 * echo them in (redaction-view.ts): the text is decoded to a fixed point (percent, JSON, HTML,
 * compatibility forms, invisible characters, two JSON string values side by side), in both
 * directions (a secret written backwards), case is folded, and only letters and digits are
 * compared (the alphanumeric skeleton), each character of the view remembering the span of the raw
 * text it came from. Runs of base64 and hexadecimal are decoded at every alignment, a compressed
 * stream in them inflated, and each decoding asked again (encoded-runs.ts), so that the forms
 * compose. A match replaces the raw span that decodes to the secret, or the whole run that does.
 */
import { MIN_SECRET_LENGTH, skeletonOf } from '../config/secrets';
import { encodedRuns, runDecodings } from './encoded-runs';
import {
  decodedReadings,
  decodedText,
  decodedSkeleton,
  reversedText,
  skeletonWithPlaces,
  type SpannedText,
  spannedReadings,
} from './redaction-view';

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
  // Written backwards, a secret is its own reverse's forms: both are matched.
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

/** A form of a secret as it is matched: its skeleton, and the characters before and after its letters and digits (`/+`, base64's `==`). */
interface MatchedForm {
  skeleton: string;
  lead: string;
  trail: string;
}

const formOf = (raw: string): MatchedForm => {
  const decoded = decodedText(raw);
  const lead = /^[^A-Za-z0-9]*/.exec(decoded)![0];
  const trail = /[^A-Za-z0-9]*$/.exec(decoded)![0];
  return { skeleton: decodedSkeleton(raw), lead: lead.toLowerCase(), trail: trail.toLowerCase() };
};

/** Binary-to-text layers decoded at most, one inside another: base64 of hexadecimal of base64 of a secret is still found. */
const MAX_ENCODED_DEPTH = 3;

/** Runs whose answer a redactor keeps at most. */
const MAX_RUN_ANSWERS = 20_000;

/** Raw spans, sorted, and merged where they touch. */
function merged(found: [number, number][]): [number, number][] {
  found.sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const span of found) {
    const last = out[out.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else out.push([...span]);
  }
  return out;
}

/** The raw span of the view's units `from` to `to`, whichever direction the view reads the raw text in. */
const rawSpan = (view: SpannedText, from: number, to: number): [number, number] => [
  Math.min(view.starts[from], view.starts[to]),
  Math.max(view.ends[from], view.ends[to]),
];

export class Redactor {
  /** Every form of every secret (and of each written backwards), longest skeleton first, so that a secret that contains another is replaced whole. */
  private readonly forms: MatchedForm[];
  /** The forms' skeletons, each once: what the fast question of a text asks (holds). */
  private readonly skeletons: string[];

  constructor(secrets: readonly string[]) {
    const forms = new Map<string, MatchedForm>();
    for (const raw of secrets.flatMap((secret) => [secret, reversedText(secret)]).flatMap(matchedForms)) {
      const form = formOf(raw);
      if (form.skeleton.length >= MIN_SECRET_LENGTH) forms.set(`${form.lead}\u0000${form.skeleton}\u0000${form.trail}`, form);
    }
    this.forms = [...forms.values()].sort((a, b) => b.skeleton.length - a.skeleton.length || b.trail.length - a.trail.length);
    this.skeletons = [...new Set(this.forms.map((form) => form.skeleton))];
  }

  /**
   * Whether a text holds a secret in any form the view reads: a reading of it (decoded, and turned
   * backwards) holds a form's skeleton, or a run of base64 or hexadecimal in one decodes to a text
   * that does. Asked first, without spans: nearly every text holds none.
   */
  private holds(text: string, depth = 0): boolean {
    const readings = decodedReadings(text);
    for (const reading of readings) {
      const skeleton = skeletonOf(reading);
      if (this.skeletons.some((form) => skeleton.includes(form))) return true;
    }
    if (depth >= MAX_ENCODED_DEPTH) return false;
    // A run and the same run backwards are one question: the readings turned backwards hold most runs of the first one so.
    const asked = new Set<string>();
    for (const reading of readings)
      for (const run of encodedRuns(reading)) {
        if (asked.has(run.text)) continue;
        asked.add(run.text).add(reversedText(run.text));
        if (this.runHolds(run.text, depth)) return true;
      }
    return false;
  }

  /** Answers of runHolds already given, by depth and run: a directory's texts repeat the same words and identifiers. */
  private readonly runAnswers = new Map<string, boolean>();

  /** Whether a run of base64 or hexadecimal, read as written or backwards, decodes to a text that holds a secret. */
  private runHolds(run: string, depth: number): boolean {
    const key = `${depth} ${run}`;
    let answer = this.runAnswers.get(key);
    if (answer === undefined) {
      answer = [run, reversedText(run)].some((oriented) => runDecodings(oriented).some((decoded) => this.holds(decoded, depth + 1)));
      // Bounded: a survey's texts are endless, and a cache of them would be a leak of its own.
      if (this.runAnswers.size >= MAX_RUN_ANSWERS) this.runAnswers.clear();
      this.runAnswers.set(key, answer);
    }
    return answer;
  }

  /** The raw spans of `text` that decode to a secret, and those a cut left a secret's start in: sorted, and merged where they touch. */
  private spans(text: string): [number, number][] {
    if (this.forms.length === 0) return [];
    const found: [number, number][] = [];
    if (this.holds(text)) for (const reading of spannedReadings(text)) found.push(...this.spansIn(reading));
    if (text.includes(CUT) && this.mayHoldCutSecret(text)) found.push(...this.beforeCuts(text));
    return merged(found);
  }

  /** The raw spans of a decoded view that are a form of a secret, with the secret's own characters around it, or a run that decodes to one. */
  private spansIn(view: SpannedText): [number, number][] {
    const found: [number, number][] = [];
    const { skeleton, places } = skeletonWithPlaces(view.text);
    const around = (from: number, part: string) =>
      part !== '' && from >= 0 && view.text.slice(from, from + part.length).toLowerCase() === part;
    for (const form of this.forms)
      for (let at = skeleton.indexOf(form.skeleton); at >= 0; at = skeleton.indexOf(form.skeleton, at + 1)) {
        const first = places[at];
        const last = places[at + form.skeleton.length - 1];
        const from = first - (around(first - form.lead.length, form.lead) ? form.lead.length : 0);
        const to = last + (around(last + 1, form.trail) ? form.trail.length : 0);
        found.push(rawSpan(view, from, to));
      }
    for (const run of encodedRuns(view.text))
      if (this.runHolds(run.text, 0)) found.push(rawSpan(view, run.index, run.index + run.text.length - 1));
    return found;
  }

  /** Whether a text with a cut mark may end a part, before a mark, with the start of a secret's form. */
  private mayHoldCutSecret(text: string): boolean {
    return text.split(CUT).some((part, i, parts) => i < parts.length - 1 && this.longestStartAtEnd(decodedSkeleton(part)) > 0);
  }

  /** The longest start of a form's skeleton, MIN_CUT_START letters and digits or more, that `before` ends with; 0 for none. */
  private longestStartAtEnd(before: string): number {
    let longest = 0;
    for (const { skeleton } of this.forms)
      for (let length = Math.min(skeleton.length - 1, before.length); length >= Math.max(MIN_CUT_START, longest + 1); length--)
        if (before.endsWith(skeleton.slice(0, length))) {
          longest = length;
          break;
        }
    return longest;
  }

  /**
   * Every cut of the harness ends its text with `…` (a body's excerpt, a value too long to quote);
   * a cut that fell inside a secret leaves its start before the mark, which no whole form matches.
   * The longest start of a secret's form before each mark, four letters or digits or more, is
   * replaced; so is a run of base64 or hexadecimal cut by the mark whose decoding ends so.
   */
  private beforeCuts(text: string): [number, number][] {
    const [view] = spannedReadings(text);
    const { skeleton, places } = skeletonWithPlaces(view.text);
    const spans: [number, number][] = [];
    for (let cut = text.indexOf(CUT); cut >= 0; cut = text.indexOf(CUT, cut + 1)) {
      let end = 0;
      while (end < places.length && view.ends[places[end]] <= cut) end++;
      const longest = this.longestStartAtEnd(skeleton.slice(0, end));
      if (longest > 0) spans.push(rawSpan(view, places[end - longest], places[end - 1]));
      for (const run of encodedRuns(view.text)) {
        const last = run.index + run.text.length - 1;
        if (view.ends[last] !== cut) continue;
        if (runDecodings(run.text).some((decoded) => this.longestStartAtEnd(decodedSkeleton(decoded)) > 0))
          spans.push(rawSpan(view, run.index, last));
      }
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
    return this.forms.length > 0 && this.holds(text.replaceAll(CUT, ''));
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
   * in arrays null), with every string and member name redacted, and the string values of one
   * object or array read side by side as well, as its JSON text shows them: a secret split across
   * two members is replaced in both. Walked rather than serialized: a service's megabyte value is
   * then never copied into a JSON text and parsed back once per record.
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
    if (Array.isArray(value)) return this.siblingsJoined(value.map((item: unknown) => (absentInJson(item) ? null : this.copy(item))));
    const names: string[] = [];
    const members: unknown[] = [];
    for (const [name, member] of Object.entries(value))
      if (!absentInJson(member)) {
        names.push(this.text(name));
        members.push(this.copy(member));
      }
    const joined = this.siblingsJoined(members);
    return Object.fromEntries(names.map((name, i) => [name, joined[i]]));
  }

  /**
   * The string members of one object or array, read side by side: a secret that only their
   * concatenation holds is replaced where it lies, its start in one member and its end in another.
   */
  private siblingsJoined(members: unknown[]): unknown[] {
    const strings = members.flatMap((member, i) => (typeof member === 'string' ? [{ i, text: member }] : []));
    if (strings.length < 2) return members;
    const joined = strings.map((s) => s.text).join('');
    const spans = this.spans(joined);
    if (spans.length === 0) return members;
    const out = [...members];
    let offset = 0;
    for (const { i, text } of strings) {
      const [start, end] = [offset, offset + text.length];
      let shown = '';
      let from = start;
      for (const [spanStart, spanEnd] of spans) {
        if (spanEnd <= start || spanStart >= end) continue;
        shown += joined.slice(from, Math.max(from, spanStart));
        // The replacement is written once, in the member the secret begins in.
        if (spanStart >= start) shown += REDACTED;
        from = Math.min(end, spanEnd);
      }
      out[i] = shown + joined.slice(from, end);
      offset = end;
    }
    return out;
  }
}

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
const absentInJson = (value: unknown) => value === undefined || typeof value === 'function' || typeof value === 'symbol';
