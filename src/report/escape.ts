/**
 * The one way text from a service is escaped for the places a person reads it: an HTML page, a
 * Markdown file, a terminal. A service may send markup, escape sequences, NUL and BEL bytes, bidi
 * overrides, U+FFFE or lone surrogates in any value; none of them may act in a report, only show.
 */
import { LONE_SURROGATE } from '../json/unicode';

export type EscapeTarget = 'html' | 'markdown' | 'terminal';

/** C0 controls but tab and line feed, DEL, and the C1 controls: shown as the Unicode control pictures (␀, ␇, ␛) or U+NNNN. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Bidi overrides and isolates, which reorder the text around them (trojan-source): shown, never applied. */
const BIDI = /[\u202a-\u202e\u2066-\u2069]/g;

/** Noncharacters and lone surrogates, which no well-formed UTF-8 or XML carries: U+FFFD. */
const UNENCODABLE = new RegExp(`[\\ufffe\\uffff]|${LONE_SURROGATE.source}`, 'g');

const codePoint = (character: string) => `[U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`;

/** Characters that would act instead of show, made visible; the same for every target. */
function visible(text: string): string {
  return text
    .replace(UNENCODABLE, '\ufffd')
    .replace(CONTROL, (c) => {
      const code = c.charCodeAt(0);
      if (code < 0x20) return String.fromCharCode(0x2400 + code);
      return code === 0x7f ? '\u2421' : codePoint(c);
    })
    .replace(BIDI, codePoint);
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * `text` as `target` shows it literally; every target shows control characters as pictures.
 * HTML: a text node or attribute of a page's element tree, whose serializer (hast-util-to-html)
 * escapes the markup. Markdown: entities for markup, so that no raw HTML reaches a renderer, and
 * `|` escaped for tables. Terminal: no escape sequence reaches it.
 */
export function escapeText(text: string, target: EscapeTarget): string {
  const shown = visible(text);
  // Markdown: HTML's specials as entities, and what would act as emphasis or code escaped, so the text shows as it is
  // (an underscore inside a word, or brackets without a link after them, act as nothing in CommonMark).
  return target === 'markdown'
    ? shown
        .replace(/[\\`*]/g, '\\$&')
        .replace(/[&<>]/g, (c) => ENTITIES[c])
        .replace(/\|/g, '\\|')
    : shown;
}

/**
 * `text` as one line of `target` shows it: escaped, and each run of line feeds shown as ↵, since a
 * line feed would start a line of its own (a table row broken, a "regression:" line faked).
 */
export function escapeLine(text: string, target: EscapeTarget): string {
  return escapeText(text, target).replace(/\n+/g, ' ↵ ');
}

/**
 * A value as a Markdown code span, shown as it is (`*` and `_` never read as emphasis): a
 * fingerprint, the string a reader copies into a baseline. The fence outgrows any run of backticks in it.
 */
export function markdownCode(text: string): string {
  const shown = escapeText(text, 'terminal').replace(/\n+/g, ' ');
  const fence = '`'.repeat(Math.max(0, ...[...shown.matchAll(/`+/g)].map((m) => m[0].length)) + 1);
  const pad = fence.length > 1 || shown.startsWith('`') || shown.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${shown}${pad}${fence}`;
}

/** A word for a POSIX shell: as it is where it holds only what a shell reads literally, else single-quoted. */
export const shellWord = (word: string) => (/^[A-Za-z0-9_./:@%+=,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);
