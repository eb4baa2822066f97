/**
 * The forms a service may echo a secret in, as composable encoders: what the robustness run's
 * echoing targets send back, and what the redaction property (tests/self/redact.spec.ts) draws its
 * compositions from. Each encoder is a plain function of its text and a few choices, so that a
 * composition can be applied to a decoy of the secret as well: a part of an echo that the decoy's
 * echo also holds does not depend on the secret (a scan's oracle, `secretParts`).
 */
import { deflateSync, gzipSync } from 'node:zlib';

/** The choices an encoder may take: where a split falls, whether a `;` is written, which case. */
export interface EncodingChoices {
  /** Where in the text a split falls, as a share of its length (0 to 1). */
  at: number;
  /** A flag some encoders read (an entity's `;`, a hexadecimal's case). */
  flag: boolean;
}

export interface SecretEncoder {
  name: string;
  encode(text: string, choices: EncodingChoices): string;
  /** Whether a later change of case leaves the form readable: base64 and JSON escapes are case-sensitive. */
  caseSafe: boolean;
  /** Whether the encoder applies to this text (a byte-wise reading of UTF-16 needs text that is ASCII). */
  appliesTo?: (text: string) => boolean;
}

const hex2 = (code: number) => code.toString(16).padStart(2, '0');
const units = (text: string) => [...text].map((c) => c.codePointAt(0)!);
const isAscii = (text: string) => [...text].every((c) => c.charCodeAt(0) < 0x80);
const isWellFormed = (text: string) => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

/**
 * HTML numeric references of the characters `pick` chooses, each with its `;`, or without it where
 * the next character cannot run into the number; the last always with it, since what follows the
 * form is not the encoder's to know.
 */
function numericReferences(text: string, hex: boolean, withSemicolon: boolean, pick: (c: string) => boolean): string {
  const characters = [...text];
  return characters
    .map((c, i) => {
      if (!pick(c)) return c;
      const next = characters[i + 1] ?? ';';
      const runsOn = (hex ? /^[0-9A-Fa-f;]/ : /^[0-9;]/).test(next);
      return `&${hex ? `#x${c.codePointAt(0)!.toString(16)}` : `#${c.codePointAt(0)}`}${withSemicolon || runsOn ? ';' : ''}`;
    })
    .join('');
}

const NAMED: Readonly<Record<string, string>> = {
  '/': 'sol',
  '+': 'plus',
  '=': 'equals',
  ':': 'colon',
  '&': 'amp',
  '-': 'hyphen',
  '.': 'period',
  _: 'lowbar',
};

const notAlphanumeric = (c: string) => !/[A-Za-z0-9]/.test(c);

/** Every encoder a composition draws from. */
export const SECRET_ENCODERS: readonly SecretEncoder[] = [
  { name: 'json', caseSafe: false, encode: (t) => JSON.stringify(t).slice(1, -1) },
  {
    name: 'json-every-unit',
    caseSafe: false,
    encode: (t) =>
      [...t].map((c) => [...Array(c.length).keys()].map((k) => `\\u${c.charCodeAt(k).toString(16).padStart(4, '0')}`).join('')).join(''),
  },
  {
    name: 'json-php',
    caseSafe: false,
    encode: (t) =>
      JSON.stringify(t)
        .slice(1, -1)
        .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
        .replaceAll('/', '\\/'),
  },
  {
    name: 'js-code-points',
    caseSafe: false,
    encode: (t) =>
      units(t)
        .map((code) => `\\u{${code.toString(16)}}`)
        .join(''),
  },
  {
    name: 'js-hex-escapes',
    caseSafe: false,
    encode: (t) =>
      units(t)
        .map((code) => (code < 0x80 ? `\\x${hex2(code)}` : String.fromCodePoint(code)))
        .join(''),
  },
  { name: 'percent', caseSafe: true, appliesTo: isWellFormed, encode: (t) => encodeURIComponent(t) },
  {
    name: 'percent-every-byte',
    caseSafe: true,
    appliesTo: isWellFormed,
    encode: (t, { flag }) => [...Buffer.from(t)].map((byte) => `%${flag ? hex2(byte).toUpperCase() : hex2(byte)}`).join(''),
  },
  { name: 'form', caseSafe: true, appliesTo: isWellFormed, encode: (t) => new URLSearchParams([['', t]]).toString().slice(1) },
  {
    name: 'html-named',
    caseSafe: true,
    encode: (t) => [...t].map((c) => (NAMED[c] ? `&${NAMED[c]};` : notAlphanumeric(c) ? `&#${c.codePointAt(0)};` : c)).join(''),
  },
  { name: 'html-decimal', caseSafe: true, encode: (t, { flag }) => numericReferences(t, false, flag, () => true) },
  { name: 'html-hex', caseSafe: true, encode: (t, { flag }) => numericReferences(t, true, flag, notAlphanumeric) },
  { name: 'base64', caseSafe: false, encode: (t) => Buffer.from(t).toString('base64') },
  { name: 'base64url', caseSafe: false, encode: (t) => Buffer.from(t).toString('base64url') },
  { name: 'base64-unpadded', caseSafe: false, encode: (t) => Buffer.from(t).toString('base64').replace(/=+$/, '') },
  {
    name: 'hex',
    caseSafe: true,
    encode: (t, { flag }) => (flag ? Buffer.from(t).toString('hex').toUpperCase() : Buffer.from(t).toString('hex')),
  },
  { name: 'hex-spaced', caseSafe: true, encode: (t, { flag }) => [...Buffer.from(t)].map(hex2).join(flag ? ':' : ' ') },
  { name: 'reversed', caseSafe: true, encode: (t) => [...t].reverse().join('') },
  {
    name: 'fullwidth',
    caseSafe: true,
    encode: (t) => t.replace(/[\u0021-\u007e]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)),
  },
  { name: 'zero-width', caseSafe: true, encode: (t) => [...t].join('\u200b') },
  { name: 'upper', caseSafe: true, encode: (t) => t.toUpperCase() },
  { name: 'lower', caseSafe: true, encode: (t) => t.toLowerCase() },
  { name: 'gzip-base64', caseSafe: false, encode: (t) => gzipSync(t).toString('base64') },
  { name: 'deflate-base64', caseSafe: false, encode: (t) => deflateSync(t).toString('base64') },
  {
    name: 'utf16-bytewise',
    caseSafe: false,
    appliesTo: isAscii,
    encode: (t) => Buffer.from(t, 'utf16le').toString('latin1'),
  },
  {
    name: 'split-json-members',
    caseSafe: false,
    encode: (t, { at, flag }) => {
      const cut = Math.max(1, Math.min(t.length - 1, Math.round(at * t.length)));
      const [first, second] = [JSON.stringify(t.slice(0, cut)), JSON.stringify(t.slice(cut))];
      return flag ? `{"a":${first},"b":${second}}` : `[${first},${second}]`;
    },
  },
];

/** One layer of a composition: an encoder, its choices, and words around the text before it encodes (a secret inside a longer value). */
export interface EncodingLayer {
  encoder: string;
  choices: EncodingChoices;
  before: string;
  after: string;
}

const ENCODERS = new Map(SECRET_ENCODERS.map((encoder) => [encoder.name, encoder]));

/**
 * A text through each layer in turn. A layer that would make the text unreadable is passed over: a
 * change of case after a case-sensitive form (base64's letters), or an encoder that does not apply.
 * A secret is written backwards as it is, or its whole echo is: `reversed` first or last, never
 * between two escapes (a backwards escape inside another is no form any writer makes).
 */
export function encodedThrough(text: string, layers: readonly EncodingLayer[]): string {
  let out = text;
  let caseSafe = true;
  for (const [i, { encoder: name, choices, before, after }] of layers.entries()) {
    const encoder = ENCODERS.get(name)!;
    const changesCase = name === 'upper' || name === 'lower';
    if (changesCase && !caseSafe) continue;
    if (name === 'reversed' && i > 0 && i < layers.length - 1) continue;
    const wrapped = `${before}${out}${after}`;
    if (encoder.appliesTo && !encoder.appliesTo(wrapped)) continue;
    out = encoder.encode(wrapped, choices);
    caseSafe &&= encoder.caseSafe;
  }
  return out;
}

/**
 * The compositions the robustness run's echoing targets send each credential in: every encoder
 * alone, and the compositions that once got past a redactor or could (a percent-encoded value in
 * base64, a base64 reversed, hexadecimal of base64, a split inside base64, three layers deep).
 */
export const ECHOED_COMPOSITIONS: readonly (readonly string[])[] = [
  ...SECRET_ENCODERS.map((encoder) => [encoder.name]),
  ['percent', 'base64'],
  ['base64', 'reversed'],
  ['reversed', 'base64'],
  ['base64', 'hex'],
  ['json-every-unit', 'base64url'],
  ['split-json-members', 'base64'],
  ['split-json-members', 'json'],
  ['fullwidth', 'percent'],
  ['zero-width', 'html-decimal'],
  ['html-hex', 'percent', 'base64'],
  ['gzip-base64', 'percent'],
  ['hex', 'reversed', 'upper'],
];

/** A composition's layers with fixed choices and words around: what an echoing target writes. */
export const echoLayers = (composition: readonly string[]): EncodingLayer[] =>
  composition.map((encoder, i) => ({
    encoder,
    choices: { at: 0.4, flag: i % 2 === 0 },
    before: i === 0 ? '' : 'id ',
    after: i === 0 ? '' : ' ok',
  }));

/** Every echoed form of a secret: the secret through each composition. */
export const echoedForms = (secret: string) => ECHOED_COMPOSITIONS.map((composition) => encodedThrough(secret, echoLayers(composition)));

/** Characters a scan compares at least: fewer would match ordinary text by chance. */
export const LEAK_WINDOW = 12;

/** Characters of a secret whose form, found whole in a text, is a leak: fewer (a word's worth) say nothing of it. */
const LEAK_CHARACTERS = 6;

/**
 * The windows of `form` (the secret through `layers`) that depend on the secret: those the same
 * layers applied to a decoy of the same length do not also write. Each window spans the form of
 * about LEAK_CHARACTERS characters of the secret (an HTML reference writes one in five or six), and
 * LEAK_WINDOW characters at least. What a scan looks for.
 */
export function secretParts(secret: string, layers: readonly EncodingLayer[], decoy: string): string[] {
  const form = encodedThrough(secret, layers);
  const decoyForm = encodedThrough(decoy, layers);
  const perCharacter = form.length / Math.max(1, secret.length);
  const width = Math.min(form.length, Math.max(LEAK_WINDOW, Math.ceil(LEAK_CHARACTERS * perCharacter)));
  const windows = new Set<string>();
  for (let i = 0; i + width <= form.length; i++) {
    const window = form.slice(i, i + width);
    if (!decoyForm.includes(window)) windows.add(window);
  }
  return [...windows];
}

/**
 * A decoy of a secret: each letter and digit another of its kind, the rest as it is. A hexadecimal
 * letter stays one, so that an encoder that writes a `;` only where the next character could run
 * into a number writes it in the same places for both.
 */
export const decoyOf = (secret: string) =>
  secret.replace(/[A-Za-z0-9]/g, (c) => {
    const rotated = (from: string, size: number, by: number) =>
      String.fromCharCode(from.charCodeAt(0) + ((c.charCodeAt(0) - from.charCodeAt(0) + by) % size));
    if (/[0-9]/.test(c)) return rotated('0', 10, 5);
    if (/[a-f]/.test(c)) return rotated('a', 6, 3);
    if (/[A-F]/.test(c)) return rotated('A', 6, 3);
    return /[a-z]/.test(c) ? rotated('g', 20, 10) : rotated('G', 20, 10);
  });
