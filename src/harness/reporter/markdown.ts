import type { ConformanceReport } from './report';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n+/g, ' ↵ ');
const clip = (text: string, length = 300) => (text.length > length ? `${text.slice(0, length)}…` : text);

function verdict(report: ConformanceReport): string {
  switch (report.verdict) {
    case 'pass':
      return 'PASS: every MUST and SHOULD requirement that ran holds';
    case 'warn':
      return 'PASS WITH WARNINGS: every MUST holds; some SHOULD requirements do not';
    case 'inconclusive':
      return 'INCONCLUSIVE: no requirement failed, but probe problems or run errors kept checks from running (see below)';
    case 'error':
      return 'ERROR: the configuration stopped the run before any test';
    default:
      return report.summary.fail > 0
        ? 'FAIL: the service breaks a MUST requirement'
        : 'FAIL: SHOULD requirements do not hold and STRICT is true';
  }
}

/** conformance.md: the verdict, run errors, probe problems, the requirement table, the observations. */
export function renderMarkdown(report: ConformanceReport): string {
  const { summary } = report;
  const partial = summary.partial > 0 ? ` (${summary.partial} partial)` : '';
  const lines = [
    '# Conformance report: Directory Search Service v1.0',
    '',
    `**Verdict: ${verdict(report)}**`,
    '',
    `Target: ${report.target.baseUrl}${report.target.embedded ? ' (embedded reference server)' : ''}  `,
    `Started: ${report.startedAt}, took ${(report.durationMs / 1000).toFixed(1)} s  `,
    `Requirements: ${summary.pass} pass${partial}, ${summary.fail} fail, ${summary.warn} warn, ${summary.skip} skip; ${report.probeProblems.length} probe problems`,
    '',
  ];
  if (report.errors.length > 0) {
    lines.push('## Run errors', '', 'These are not conformance findings: the run could not complete these checks.', '');
    for (const error of report.errors) lines.push(`- **${error.kind}** in ${cell(error.test)}: ${cell(clip(error.message))}`);
    lines.push('');
  }
  if (report.probeProblems.length > 0) {
    lines.push(
      '## Probe problems',
      '',
      "The service's answers contradict these promises of the probes file, and nothing in the exchanges shows which side is wrong. No requirement is charged: either the probes file is out of date or the service's matching is wrong.",
      '',
    );
    for (const problem of report.probeProblems)
      lines.push(
        `- **${cell(problem.probe)}** promised ${cell(problem.promised)}; ${cell(problem.observed)}.  `,
        `  ${cell(clip(problem.message, 600))}`,
      );
    lines.push('');
  }
  lines.push('## Requirements', '', '| id | level | spec | status | checks | first failure or skip reason |', '|---|---|---|---|---|---|');
  for (const r of report.requirements) {
    const detail = r.failures[0]?.message ?? (r.skipped ? `${r.partial ? 'partly skipped: ' : ''}${r.skipped.join('; ')}` : '');
    lines.push(
      `| ${r.id} | ${r.level} | ${cell(r.spec)} | ${r.status}${r.partial ? ' (partial)' : ''} | ${r.checks} | ${cell(clip(detail))} |`,
    );
  }
  lines.push(
    '',
    '## Observations',
    '',
    'Behaviour where the specification is silent: recorded, never judged.',
    '',
    '| id | what | observed |',
    '|---|---|---|',
  );
  for (const o of report.observations) {
    const shown = o.status === 'observed' ? clip(JSON.stringify(o.value), 500) : `not observed: ${o.reason ?? ''}`;
    lines.push(`| ${o.id} | ${cell(o.title)} | ${cell(shown)} |`);
  }
  return `${lines.join('\n')}\n`;
}
