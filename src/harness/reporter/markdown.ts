import type { ConformanceReport } from './report';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n+/g, ' ↵ ');
const clip = (text: string, length = 300) => (text.length > length ? `${text.slice(0, length)}…` : text);

function verdict(report: ConformanceReport): string {
  if (report.verdict === 'pass') return 'PASS: every MUST and SHOULD requirement that ran holds';
  if (report.verdict === 'warn') return 'PASS WITH WARNINGS: every MUST holds; some SHOULD requirements do not';
  if (report.summary.fail > 0) return 'FAIL: the service breaks a MUST requirement';
  if (report.errors.length > 0) return 'FAIL: the run could not complete (see Run errors)';
  return 'FAIL: SHOULD requirements do not hold and STRICT is true';
}

/** conformance.md: the verdict, the requirement table with the first failure, the observations. */
export function renderMarkdown(report: ConformanceReport): string {
  const { summary } = report;
  const lines = [
    '# Conformance report: Directory Search Service v1.0',
    '',
    `**Verdict: ${verdict(report)}**`,
    '',
    `Target: ${report.target.baseUrl}${report.target.embedded ? ' (embedded reference server)' : ''}  `,
    `Started: ${report.startedAt}, took ${(report.durationMs / 1000).toFixed(1)} s  `,
    `Requirements: ${summary.pass} pass, ${summary.fail} fail, ${summary.warn} warn, ${summary.skip} skip`,
    '',
  ];
  if (report.errors.length > 0) {
    lines.push('## Run errors', '', 'These are not conformance findings: the run could not complete these checks.', '');
    for (const error of report.errors) lines.push(`- **${error.kind}** in ${cell(error.test)}: ${cell(clip(error.message))}`);
    lines.push('');
  }
  lines.push('## Requirements', '', '| id | level | spec | status | checks | first failure or skip reason |', '|---|---|---|---|---|---|');
  for (const r of report.requirements) {
    const detail = r.failures[0]?.message ?? r.skipped?.[0] ?? '';
    lines.push(`| ${r.id} | ${r.level} | ${cell(r.spec)} | ${r.status} | ${r.checks} | ${cell(clip(detail))} |`);
  }
  lines.push('', '## Observations', '', 'Behaviour where the specification is silent: recorded, never judged.', '', '| id | what | observed |', '|---|---|---|');
  for (const o of report.observations) lines.push(`| ${o.id} | ${cell(o.title)} | ${cell(clip(JSON.stringify(o.value), 500))} |`);
  return `${lines.join('\n')}\n`;
}
