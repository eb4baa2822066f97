/** A failure's evidence on the page: the rule, the request, the answer, the failing part, and a curl command to repeat it. */
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import type { ConformanceReport, Failure } from '../../types/schemas';
import { shellWord } from '../escape';
import { text } from './page';

/** An environment variable name for a header's value: X-Tenant-Id becomes $X_TENANT_ID. */
const placeholder = (header: string) => `$${header.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;

/**
 * A curl command that repeats the failing request. Credentials appear as placeholders
 * ($API_TOKEN, one per extra header), never as values; the URL is the redacted one.
 */
export function curlCommand(url: string, credentials: ConformanceReport['target']['credentials']): string {
  const parts = ['curl -sS --max-redirs 0 -i', "-H 'Accept: application/json, application/fhir+json;q=0.9, text/plain;q=0.5'"];
  if (credentials?.bearer) parts.push('-H "Authorization: Bearer $API_TOKEN"');
  for (const header of credentials?.headers ?? []) parts.push(`-H "${header}: ${placeholder(header)}"`);
  if (credentials?.clientCertificate) parts.push('--cert "$CLIENT_CERT" --key "$CLIENT_KEY"');
  parts.push(shellWord(url));
  return parts.join(' \\\n  ');
}

/** The excerpt, with the failing JSON Pointer marked where the excerpt starts with it. */
function markedExcerpt(failure: Failure): ElementContent[] {
  const excerpt = failure.excerpt ?? '';
  const head = failure.pointer === undefined ? undefined : failure.pointer || '/';
  if (head === undefined || !excerpt.startsWith(`${head} = `)) return [{ type: 'text', value: text(excerpt) }];
  return [h('mark', { title: 'the failing part of the body' }, text(head)), { type: 'text', value: text(excerpt.slice(head.length)) }];
}

export function evidence(failure: Failure, credentials: ConformanceReport['target']['credentials']): ElementContent {
  // The rule's words are a field of the failure; a report of an older version has only the message, its request and excerpt after them.
  const [rule, ...rest] = (failure.rule ?? failure.message).split('\n');
  const detail = (
    failure.rule === undefined ? rest.filter((line) => !line.startsWith('  GET ') && line.trim() !== (failure.excerpt ?? '').trim()) : rest
  ).join('\n');
  const rows: [string, ElementContent[]][] = [['rule', [{ type: 'text', value: text(rule) }]]];
  if (detail.trim()) rows.push(['details', [h('pre', text(detail))]]);
  if (failure.url) {
    rows.push(['request', [h('code', text(`${failure.method ?? 'GET'} ${failure.url}`))]]);
    rows.push(['status', [{ type: 'text', value: text(failure.status ?? '') }]]);
    rows.push(['media type', [{ type: 'text', value: text(failure.mediaType || '(none)') }]]);
    rows.push(['body', [h('pre', markedExcerpt(failure))]]);
  }
  if (failure.schemaPath) rows.push(['schema path', [h('code', text(failure.schemaPath))]]);
  if (failure.url) rows.push(['reproduce', [h('pre', text(curlCommand(failure.url, credentials)))]]);
  return h(
    'dl.evidence',
    rows.flatMap(([term, value]) => [h('dt', term), h('dd', value)]),
  );
}
