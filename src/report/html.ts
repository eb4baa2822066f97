/**
 * index.html: the conformance report for people. One self-contained file: inline styles, no
 * script, and a Content-Security-Policy that lets it load nothing, so that it can be opened from
 * a CI artifact anywhere. Every value in it passed the redactor with the rest of the report.
 */
import { REQUIREMENT_GROUPS } from '../spec/catalogue';
import { SPECIFICATION, SUITE_VERSION } from '../suite-version';
import type { Failure } from '../types/schemas';
import type { RequirementResult } from '../verdicts/aggregate';
import { escapeText } from './escape';
import type { ConformanceReport } from './model';

/** Escapes text for HTML content and attribute values (escapeText). */
export const h = (value: unknown): string => escapeText(String(value), 'html');

export const STYLE = `
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d232b;background:#f6f7f9}
main{max-width:1100px;margin:0 auto;padding:0 20px 40px}
header.banner{padding:22px 20px;color:#fff}
header.banner h1{margin:0 0 6px;font-size:26px}
.pass,.warn{background:#1f7a3f}.warn{background:#8a6d00}.fail{background:#b3261e}.inconclusive{background:#5a4e9e}.error{background:#444}
.meta{opacity:.92;font-size:14px}
.counts{display:flex;gap:10px;flex-wrap:wrap;margin-top:10px}
.counts span{background:rgba(255,255,255,.18);border-radius:4px;padding:2px 8px}
h2{margin-top:30px;border-bottom:1px solid #d5d9de;padding-bottom:4px}
table{border-collapse:collapse;width:100%;background:#fff;margin:8px 0}
th,td{border:1px solid #dde1e6;padding:5px 8px;text-align:left;vertical-align:top}
th{background:#eef0f3;font-weight:600}
.badge{display:inline-block;border-radius:3px;padding:0 6px;color:#fff;font-size:12px;font-weight:600;text-transform:uppercase}
.badge.skip{background:#6b7280}.badge.pass{background:#1f7a3f}.badge.fail{background:#b3261e}.badge.warn{background:#8a6d00}
.badge.observed{background:#2b6cb0}.badge.not-observed{background:#6b7280}
pre,code{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace}
pre{background:#fff;border:1px solid #dde1e6;padding:8px;white-space:pre-wrap;word-break:break-all;margin:6px 0}
mark{background:#ffe08a;padding:0 2px}
.evidence{margin:6px 0 12px 0;border-left:3px solid #b3261e;padding-left:10px}
.evidence dt{font-weight:600;float:left;width:110px;clear:left}
.evidence dd{margin:0 0 4px 120px}
.reason{color:#4b5563;font-size:14px}
`;

/** The head of a self-contained page: the Content-Security-Policy lets it load nothing at all. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** Shell-quotes a word for a POSIX shell. */
const quoted = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

/** An environment variable name for a header's value: X-Tenant-Id becomes $X_TENANT_ID. */
const placeholder = (header: string) => `$${header.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;

/**
 * A curl command that repeats the failing request. Credentials appear as placeholders
 * ($API_TOKEN, one per extra header), never as values; the URL is the redacted one.
 */
export function curlCommand(failure: Failure, credentials: ConformanceReport['target']['credentials']): string {
  const parts = ['curl -sS --max-redirs 0 -i', "-H 'Accept: application/json, application/fhir+json;q=0.9, text/plain;q=0.5'"];
  if (credentials?.bearer) parts.push('-H "Authorization: Bearer $API_TOKEN"');
  for (const header of credentials?.headers ?? []) parts.push(`-H "${header}: ${placeholder(header)}"`);
  if (credentials?.clientCertificate) parts.push('--cert "$CLIENT_CERT" --key "$CLIENT_KEY"');
  parts.push(quoted(failure.url ?? ''));
  return parts.join(' \\\n  ');
}

/** The excerpt, with the failing JSON Pointer marked where the excerpt starts with it. */
function markedExcerpt(failure: Failure): string {
  const excerpt = failure.excerpt ?? '';
  const pointer = failure.pointer;
  if (pointer !== undefined && excerpt.startsWith(`${pointer || '/'} = `)) {
    const head = pointer || '/';
    return `<mark title="the failing part of the body">${h(head)}</mark>${h(excerpt.slice(head.length))}`;
  }
  return h(excerpt);
}

function evidence(failure: Failure, credentials: ConformanceReport['target']['credentials']): string {
  const [rule, ...rest] = failure.message.split('\n');
  const detail = rest.filter((line) => !line.startsWith('  GET ') && line.trim() !== (failure.excerpt ?? '').trim()).join('\n');
  const rows: [string, string][] = [['rule', h(rule)]];
  if (detail.trim()) rows.push(['details', `<pre>${h(detail)}</pre>`]);
  if (failure.url) {
    rows.push(['request', `<code>${h(failure.method ?? 'GET')} ${h(failure.url)}</code>`]);
    rows.push(['status', h(failure.status ?? '')]);
    rows.push(['media type', h(failure.mediaType || '(none)')]);
    rows.push(['body', `<pre>${markedExcerpt(failure)}</pre>`]);
  }
  if (failure.schemaPath) rows.push(['schema path', `<code>${h(failure.schemaPath)}</code>`]);
  if (failure.url) rows.push(['reproduce', `<pre>${h(curlCommand(failure, credentials))}</pre>`]);
  return `<dl class="evidence">${rows.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('')}</dl>`;
}

/** Failures and warnings first, each with its evidence: what a reader opens the report for. */
function findings(report: ConformanceReport): string {
  const found = report.requirements.filter((r) => r.failures.length > 0);
  if (found.length === 0) return '';
  const items = found.map(
    (r) =>
      `<div class="finding" id="finding-${h(r.id)}" data-finding="${h(r.id)}"><h3>${h(r.id)} <span class="badge ${r.status}">${r.status}</span> <span class="reason">${r.level} · ${h(r.spec)} · ${r.failures.length} failure${r.failures.length > 1 ? 's' : ''}</span></h3><p class="reason">${h(r.title)}</p>${r.failures.map((f) => evidence(f, report.target.credentials)).join('')}</div>`,
  );
  return `<section id="findings"><h2>Findings</h2>${items.join('\n')}</section>`;
}

function requirementRows(requirements: readonly RequirementResult[]): string {
  return requirements
    .map((r) => {
      const failures =
        r.failures.length > 0
          ? `<br><a href="#finding-${h(r.id)}">${r.failures.length} failure${r.failures.length > 1 ? 's' : ''}, with evidence</a>`
          : '';
      const skipped = r.skipped
        ? `<p class="reason">${r.partial ? 'partial: these checks did not run: ' : 'skipped: '}${r.skipped.map(h).join('; ')}</p>`
        : '';
      return `<tr data-requirement="${h(r.id)}" data-status="${r.status}"><td><strong>${h(r.id)}</strong><br><span class="reason">${h(r.title)}</span>${failures}${skipped}</td><td>${r.level}</td><td>${h(r.spec)}</td><td><span class="badge ${r.status}">${r.status}${r.partial ? ' (partial)' : ''}</span></td><td>${r.checks}</td></tr>`;
    })
    .join('\n');
}

/** An observation's value as a table: an object as rows of fields, a list of objects as one row each. */
export function valueTable(value: unknown): string {
  const cell = (v: unknown) => (typeof v === 'string' ? h(v) : `<code>${h(JSON.stringify(v))}</code>`);
  const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (Array.isArray(value) && value.every(isRecord)) {
    const columns = [...new Set(value.flatMap((v) => Object.keys(v)))];
    const head = columns.map((c) => `<th>${h(c)}</th>`).join('');
    const rows = value.map((v) => `<tr>${columns.map((c) => `<td>${v[c] === undefined ? '' : cell(v[c])}</td>`).join('')}</tr>`);
    return `<table><tr>${head}</tr>${rows.join('')}</table>`;
  }
  if (isRecord(value)) {
    const rows = Object.entries(value).map(
      ([k, v]) =>
        `<tr><th>${h(k)}</th><td>${Array.isArray(v) && v.every((x) => typeof x === 'string') ? v.map(h).join(', ') : cell(v)}</td></tr>`,
    );
    return `<table>${rows.join('')}</table>`;
  }
  if (Array.isArray(value)) return `<ul>${value.map((v) => `<li>${cell(v)}</li>`).join('')}</ul>`;
  return `<p>${cell(value)}</p>`;
}

function banner(report: ConformanceReport): string {
  const { summary } = report;
  const counts: [string, number][] = [
    ['pass', summary.pass],
    ['partial', summary.partial],
    ['fail', summary.fail],
    ['warn', summary.warn],
    ['skip', summary.skip],
    ['probe problems', report.probeProblems.length],
    ['run errors', report.errors.length],
  ];
  return `<header class="banner ${report.verdict}" data-verdict="${report.verdict}">
<h1>Verdict: <span id="verdict">${report.verdict.toUpperCase()}</span></h1>
<div class="meta">Target <strong>${h(report.target.baseUrl)}</strong>${report.target.embedded ? ' (embedded reference server)' : ''} ·
started ${h(report.startedAt)}, took ${(report.durationMs / 1000).toFixed(1)} s ·
suite ${h(SUITE_VERSION)} · ${h(SPECIFICATION)}</div>
<div class="counts">${counts.map(([name, n]) => `<span data-count="${name}">${n} ${name}</span>`).join('')}</div>
</header>`;
}

function listSection(title: string, items: string[], id: string): string {
  return items.length === 0
    ? ''
    : `<section id="${id}"><h2>${h(title)}</h2><ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul></section>`;
}

function baselineSection(report: ConformanceReport): string {
  const { baseline, drift = [] } = report;
  if (!baseline) return '';
  const name = (e: { id: string; fingerprint?: string }) =>
    `<strong>${h(e.id)}</strong>${e.fingerprint ? ` at <code>${h(e.fingerprint)}</code>` : ''}`;
  const parts = [
    listSection(
      'New failures: in no baseline entry',
      baseline.new.map((f) => `${name(f)} (${f.level}): ${h(f.message)}`),
      'baseline-new',
    ),
    listSection(
      'Expired baseline entries, still failing',
      baseline.expired.map((e) => `${name(e)}: expired ${h(e.expires)}; ${h(e.reason)}`),
      'baseline-expired',
    ),
    listSection(
      'Fixed: remove it',
      baseline.fixed.map((e) => `${name(e)}: fixed: remove it (${h(e.reason)})`),
      'baseline-fixed',
    ),
    listSection(
      'Known failures, accepted by the baseline',
      baseline.known.map((k) => `${name(k)}: ${h(k.expectation.reason)}`),
      'baseline-known',
    ),
    listSection(
      'Not checked: the requirement did not run in full',
      baseline.unchecked.map((e) => `${name(e)}: ${h(e.why)}`),
      'baseline-unchecked',
    ),
    listSection(
      'Drift: behaviour where the specification is silent changed',
      drift.map((d) => `<strong>${h(d.id)}</strong> changed from ${valueTable(d.before)} to ${valueTable(d.after)}`),
      'drift',
    ),
  ];
  return `<section id="baseline"><h2>Baseline</h2><p>Judged against <code>${h(baseline.file)}</code>.</p>${parts.join('')}</section>`;
}

/** index.html for a conformance report. */
export function renderHtml(report: ConformanceReport): string {
  const byId = new Map(report.requirements.map((r) => [r.id, r]));
  const groups = REQUIREMENT_GROUPS.map((group) => {
    const rows = requirementRows(group.ids.map((id) => byId.get(id)).filter((r): r is RequirementResult => r !== undefined));
    return `<h3>${h(group.title)}</h3><table><tr><th>requirement</th><th>level</th><th>section</th><th>status</th><th>checks</th></tr>${rows}</table>`;
  });
  const observations = report.observations.map(
    (o) =>
      `<div class="observation" data-observation="${h(o.id)}"><h3>${h(o.id)} <span class="badge ${o.status === 'observed' ? 'observed' : 'not-observed'}">${h(o.status)}</span></h3><p class="reason">${h(o.title)}</p>${o.status === 'observed' ? valueTable(o.value) : `<p class="reason">${h(o.reason ?? '')}</p>`}</div>`,
  );
  const body = `${banner(report)}
<main>
${listSection(
  'Run errors',
  report.errors.map((e) => `<strong>${h(e.kind)}</strong> in ${h(e.test)}: ${h(e.message)}`),
  'errors',
)}
${listSection(
  "Probe problems: the service's answer contradicts the probes file, and nothing shows which side is wrong",
  report.probeProblems.map(
    (p) => `<strong>${h(p.probe)}</strong> promised ${h(p.promised)}; ${h(p.observed)}.<br><span class="reason">${h(p.message)}</span>`,
  ),
  'probe-problems',
)}
${findings(report)}
${baselineSection(report)}
<section id="requirements"><h2>Requirements</h2>${groups.join('\n')}</section>
<section id="observations"><h2>Observations</h2><p>Behaviour where the specification is silent: recorded, never judged.</p>${observations.join('\n')}</section>
</main>`;
  return page(`Conformance: ${report.verdict.toUpperCase()} · ${report.target.baseUrl}`, body);
}
