/**
 * The self-contained pages the reports write (index.html, matrix.html): built as trees of elements
 * with hastscript and serialized by hast-util-to-html, which escapes what it must, so each piece
 * of markup comes from a function call that a reader, and a tool, can follow. The stylesheet is
 * report.css, inlined; a Content-Security-Policy lets the page load nothing at all.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ElementContent, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { type Child, h } from 'hastscript';
import { GENERATOR } from '../../config/report-folder';
import { escapeText } from '../escape';

/** What an element holds: elements and text, in order. */
export type Children = Extract<Child, unknown[]>;

/** No script, no request: the page opens the same from a CI artifact anywhere. */
export const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const STYLE = readFileSync(join(__dirname, 'report.css'), 'utf8');

/** Text for the page, service text included: shown, never acting (escapeText); the serializer escapes the markup. */
export const text = (value: unknown): string => escapeText(String(value), 'html');

/** The catalogue's words, whose backticks mark code (`Page`): code elements, never backticks shown as they are. */
export const catalogueWords = (words: string): Children =>
  words.split('`').map((part, i) => (i % 2 === 1 ? h('code', text(part)) : text(part)));

/** A whole page: its head (charset, policy, viewport, title, style) and `body`. */
export function page(title: string, body: ElementContent[]): string {
  const document: Root = {
    type: 'root',
    children: [
      { type: 'doctype' },
      h('html', { lang: 'en' }, [
        h('head', [
          h('meta', { charSet: 'utf-8' }),
          h('meta', { httpEquiv: 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY }),
          h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
          // Whose page it is: a later run replaces it, and refuses to replace a page of another's.
          h('meta', { name: 'generator', content: GENERATOR }),
          h('title', text(title)),
          h('style', STYLE),
        ]),
        h('body', body),
      ]),
    ],
  };
  return `${toHtml(document)}\n`;
}

/** An observation's value as a table: an object as rows of fields, a list of objects as one row each. */
export function valueTable(value: unknown): ElementContent {
  // A string with a long run that is no word (a JSON body, a URL) is code, which wraps anywhere: as text, it would widen its table past the page.
  const cell = (v: unknown) =>
    typeof v === 'string' ? (/(?=\S{20})\S*[^\sA-Za-z]/.test(v) ? h('code', text(v)) : text(v)) : h('code', text(JSON.stringify(v)));
  const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (Array.isArray(value) && value.every(isRecord)) {
    const columns = [...new Set(value.flatMap((v) => Object.keys(v)))];
    return h('table', [
      h(
        'tr',
        columns.map((c) => h('th', text(c))),
      ),
      ...value.map((v) =>
        h(
          'tr',
          columns.map((c) => h('td', v[c] === undefined ? [] : [cell(v[c])])),
        ),
      ),
    ]);
  }
  if (isRecord(value))
    return h(
      'table',
      Object.entries(value).map(([k, v]) =>
        h('tr', [h('th', text(k)), h('td', Array.isArray(v) && v.every((x) => typeof x === 'string') ? text(v.join(', ')) : [cell(v)])]),
      ),
    );
  if (Array.isArray(value))
    return h(
      'ul',
      value.map((v) => h('li', [cell(v)])),
    );
  return h('p', [cell(value)]);
}

/** A section with a heading and a list, or nothing when the list is empty. */
export function listSection(id: string, title: string, items: Children[]): ElementContent[] {
  return items.length === 0
    ? []
    : [
        h('section', { id }, [
          h('h2', text(title)),
          h(
            'ul',
            items.map((item) => h('li', item)),
          ),
        ]),
      ];
}
