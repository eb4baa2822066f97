/**
 * What the redactor compares secrets on: a text decoded to its fixed point, each decoded character
 * remembering the raw span it came from. One table of textual decodings serves the fast question
 * (does this text hold a secret at all?) and the slow one (which raw spans are secrets?), so that
 * the two never disagree.
 *
 * The decodings are the forms a service echoes text in: percent-encoding (UTF-8), JSON and
 * JavaScript escapes (`\u0074`, `\u{74}`, `\x74`, `\/`, `\"`, `\n`), HTML entities (named, decimal,
 * hexadecimal, with or without their `;`), compatibility forms (fullwidth `ｔｏｋ`, mathematical
 * letters: NFKC), invisible characters dropped (NUL, zero-width spaces, soft hyphens, byte-order
 * marks), and two JSON string values side by side read as one (`"tok/EN+","b":"abc="`): a secret
 * split across two members is one text to a reader. Binary-to-text forms (base64, hexadecimal,
 * compressed streams) are decoded run by run (encoded-runs.ts).
 */

import { skeletonOf } from '../config/secrets';

/** Decoding passes at most: a value encoded several times over, and escaped as JSON besides. */
const MAX_PASSES = 8;

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
  lowbar: '_',
  hyphen: '-',
  dash: '-',
  period: '.',
  tilde: '~',
  excl: '!',
  quest: '?',
  commat: '@',
  dollar: '$',
  ast: '*',
  comma: ',',
  semi: ';',
  lpar: '(',
  rpar: ')',
  lsqb: '[',
  rsqb: ']',
  lcub: '{',
  rcub: '}',
  bsol: '\\',
  verbar: '|',
  grave: '`',
  hat: '^',
};

/** The characters of JSON's one-letter escapes. */
const JSON_LETTER: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '/': '/', '\\': '\\', '"': '"' };

/**
 * One JSON string value closing and the next opening, with a member name between them when in an
 * object: `","` of an array, `","b":"` of an object. A string followed by a colon is a name, never
 * a value: the first string is not joined to it.
 */
const JSON_VALUE_JOIN = String.raw`"\s*,\s*(?:"(?:[^"\\\n]|\\.){0,64}"\s*:\s*"|"(?!(?:[^"\\\n]|\\.){0,64}"\s*:))`;

/** Invisible characters, which a reader passes over: NUL (of UTF-16 read a byte a character), soft hyphen, zero-width ones, byte-order mark. */
// eslint-disable-next-line no-control-regex -- NUL is the point.
const INVISIBLE = /[\u0000\u00ad\u200b-\u200d\u2060\ufeff]/;

/**
 * Every textual decoding, as one pattern: what one pass of decoding replaces. The order of the
 * alternatives is the order of preference where two could start at one place.
 */
const DECODABLE = new RegExp(
  [
    String.raw`%[0-9A-Fa-f]{2}(?:%[89ABab][0-9A-Fa-f])*`,
    String.raw`\\u\{[0-9A-Fa-f]{1,6}\}`,
    String.raw`\\u[0-9A-Fa-f]{4}`,
    String.raw`\\x[0-9A-Fa-f]{2}`,
    String.raw`\\[nrtbf/\\"]`,
    String.raw`&#[xX][0-9A-Fa-f]{1,6};?`,
    String.raw`&#[0-9]{1,7};?`,
    String.raw`&[A-Za-z]{2,8};`,
    String.raw`&(?:amp|lt|gt|quot|nbsp)(?![A-Za-z0-9;])`,
    JSON_VALUE_JOIN,
    INVISIBLE.source,
    // A character past ASCII, as NFKC writes it: fullwidth and mathematical letters become ASCII ones.
    String.raw`[\ud800-\udbff][\udc00-\udfff]|[^\u0000-\u007f]`,
  ].join('|'),
  'g',
);

/** Whether a text holds anything a pass decodes: most text is its own fixed point. */
// eslint-disable-next-line no-control-regex -- NUL is one of the invisible characters a pass drops.
const MAY_DECODE = /[%\\&"\u0000\u0080-\uffff]/;

/** One match of DECODABLE, decoded: what a pass writes in its place. */
function decodedMatch(match: string): string {
  const first = match[0];
  if (first === '%') {
    const bytes = Buffer.from(
      match
        .split('%')
        .slice(1)
        .map((hex) => parseInt(hex, 16)),
    );
    const decoded = bytes.toString('utf8');
    if (!decoded.includes('\ufffd')) return decoded;
    // Bytes that make no character stay as written (a lone %C3 is no letter of any secret); the ASCII ones among them decode.
    return match.replace(/%([0-7][0-9A-Fa-f])/g, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  if (first === '\\') {
    if (match[1] === 'u') {
      const hex = match[2] === '{' ? match.slice(3, -1) : match.slice(2);
      const code = parseInt(hex, 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    if (match[1] === 'x') return String.fromCharCode(parseInt(match.slice(2), 16));
    return JSON_LETTER[match[1]] ?? match;
  }
  if (first === '&') {
    const name = match.slice(1).replace(/;$/, '');
    const numeric = /^#[xX]/.test(name) ? parseInt(name.slice(2), 16) : name.startsWith('#') ? Number(name.slice(1)) : undefined;
    if (numeric !== undefined) return numeric <= 0x10ffff ? String.fromCodePoint(numeric) : match;
    return NAMED_ENTITIES[name.toLowerCase()] ?? match;
  }
  if (first === '"') return '';
  if (match.length === 1 && INVISIBLE.test(match)) return '';
  return match.normalize('NFKC');
}

/** A text decoded to its fixed point, without spans: what the fast question asks of. */
export function decodedText(text: string): string {
  let out = text;
  for (let pass = 0; pass < MAX_PASSES && MAY_DECODE.test(out); pass++) {
    const next = out.replace(DECODABLE, decodedMatch);
    if (next === out) break;
    out = next;
  }
  return out;
}

/** A text as decoded, each of its UTF-16 units with the raw span [start, end) it came from. */
export interface SpannedText {
  text: string;
  starts: Int32Array;
  ends: Int32Array;
}

/** A raw text, each unit its own span. */
export function spannedRaw(text: string): SpannedText {
  const starts = new Int32Array(text.length);
  const ends = new Int32Array(text.length);
  for (let i = 0; i < text.length; i++) {
    starts[i] = i;
    ends[i] = i + 1;
  }
  return { text, starts, ends };
}

/** A spanned text with its characters in the other order, a surrogate pair kept whole, each unit keeping its span. */
function spannedReversed(view: SpannedText): SpannedText {
  const starts = new Int32Array(view.text.length);
  const ends = new Int32Array(view.text.length);
  let text = '';
  let unit = 0;
  for (let at = view.text.length; at > 0;) {
    const pair = at >= 2 && /[\udc00-\udfff]/.test(view.text[at - 1]) && /[\ud800-\udbff]/.test(view.text[at - 2]);
    const from = pair ? at - 2 : at - 1;
    for (let k = from; k < at; k++, unit++) {
      starts[unit] = view.starts[k];
      ends[unit] = view.ends[k];
    }
    text += view.text.slice(from, at);
    at = from;
  }
  return { text, starts, ends };
}

/** Spans written one unit after another, into typed arrays that grow as a decoding writes more units than it read (NFKC's ligatures). */
class SpanWriter {
  starts: Int32Array;
  ends: Int32Array;
  length = 0;

  constructor(capacity: number) {
    this.starts = new Int32Array(Math.max(16, capacity));
    this.ends = new Int32Array(Math.max(16, capacity));
  }

  private room(more: number): void {
    if (this.length + more <= this.starts.length) return;
    const capacity = Math.max(2 * this.starts.length, this.length + more);
    for (const name of ['starts', 'ends'] as const) {
      const grown = new Int32Array(capacity);
      grown.set(this[name].subarray(0, this.length));
      this[name] = grown;
    }
  }

  /** The spans of units `from` to `to` of a view, as they are. */
  copy(view: SpannedText, from: number, to: number): void {
    this.room(to - from);
    this.starts.set(view.starts.subarray(from, to), this.length);
    this.ends.set(view.ends.subarray(from, to), this.length);
    this.length += to - from;
  }

  /** `count` units, each with the one span [start, end). */
  fill(count: number, start: number, end: number): void {
    this.room(count);
    this.starts.fill(start, this.length, this.length + count);
    this.ends.fill(end, this.length, this.length + count);
    this.length += count;
  }
}

/** One pass of the decodings over a spanned text; undefined when nothing decoded. */
function spannedPass(view: SpannedText): SpannedText | undefined {
  const spans = new SpanWriter(view.text.length);
  const parts: string[] = [];
  let from = 0;
  for (const match of view.text.matchAll(DECODABLE)) {
    const decoded = decodedMatch(match[0]);
    if (decoded === match[0]) continue;
    spans.copy(view, from, match.index);
    parts.push(view.text.slice(from, match.index), decoded);
    const last = match.index + match[0].length - 1;
    // A view may read its raw text backwards: the span of a match is from its least start to its greatest end.
    spans.fill(decoded.length, Math.min(view.starts[match.index], view.starts[last]), Math.max(view.ends[match.index], view.ends[last]));
    from = last + 1;
  }
  if (parts.length === 0) return undefined;
  spans.copy(view, from, view.text.length);
  parts.push(view.text.slice(from));
  return { text: parts.join(''), starts: spans.starts.subarray(0, spans.length), ends: spans.ends.subarray(0, spans.length) };
}

/** A spanned text decoded to its fixed point, as decodedText decodes it. */
function spannedDecoded(view: SpannedText): SpannedText {
  let out = view;
  for (let pass = 0; pass < MAX_PASSES && MAY_DECODE.test(out.text); pass++) {
    const next = spannedPass(out);
    if (!next) break;
    out = next;
  }
  return out;
}

/**
 * The readings of a text that secrets are looked for in: decoded to its fixed point, and turned
 * backwards before it is decoded (a form written backwards, whose escapes read forwards only once
 * turned). A secret written backwards and then encoded is its reverse's forms, which the redactor
 * matches in the first reading.
 */
export const decodedReadings = (text: string): string[] => [decodedText(text), decodedText(reversedText(text))];

/** decodedReadings, each unit of each reading with the raw span it came from. */
export function spannedReadings(text: string): SpannedText[] {
  const raw = spannedRaw(text);
  return [spannedDecoded(raw), spannedDecoded(spannedReversed(raw))];
}

/** A text's letters and digits, ASCII, lower case, with the index of each in the text: what secrets are compared on. */
export function skeletonWithPlaces(text: string): { skeleton: string; places: Int32Array } {
  const places = new Int32Array(text.length);
  let skeleton = '';
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const lower = code >= 65 && code <= 90 ? code + 32 : code;
    if ((lower >= 97 && lower <= 122) || (lower >= 48 && lower <= 57)) {
      skeleton += String.fromCharCode(lower);
      places[count++] = i;
    }
  }
  return { skeleton, places: places.subarray(0, count) };
}

/** A text's letters and digits, ASCII, lower case, once decoded: a secret's form, and what the fast question compares. */
export const decodedSkeleton = (text: string) => skeletonOf(decodedText(text));

/** A text with its characters in the other order, a surrogate pair kept whole: its UTF-16 units reversed natively, then each pair set right. */
export function reversedText(text: string): string {
  const units = Buffer.from(text, 'utf16le').reverse().swap16();
  const reversed = units.toString('utf16le');
  return /[\ud800-\udfff]/.test(reversed) ? reversed.replace(/([\udc00-\udfff])([\ud800-\udbff])/g, '$2$1') : reversed;
}
