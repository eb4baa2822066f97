import { isAbsolute, relative } from 'node:path';
import { escapeLine, markdownCode } from './escape';
import { type ConformanceReport, coverageInWords } from './model';
import { coverageCounts } from './coverage-lines';
import type { Coverage } from '../verdicts/coverage';
import { wholeRule } from './whole-rule';

/** Text for a Markdown line or table cell: escaped, on one line (escapeLine). */
const cell = (text: string) => escapeLine(text, 'markdown');

/**
 * A value in a table cell as code: shown as it is, escaped once (a JSON body inside JSON keeps its
 * one `\"`), a pipe kept inside the cell. Markup stays out of the file even in a code span (a
 * renderer may not honour it there): a value holding `<` is escaped text instead.
 */
const codeCell = (text: string) => (text.includes('<') ? cell(text) : markdownCode(text).replace(/\|/g, '\\|'));

/** The catalogue's own words, whose backticks mark code (`name`): code spans, the rest escaped as any text. */
const catalogueText = (text: string) =>
  text
    .split('`')
    .map((part, i) => (i % 2 === 1 ? codeCell(part) : cell(part)))
    .join('');
const clip = (text: string, length = 300) => (text.length > length ? `${text.slice(0, length)}…` : text);

/**
 * A failure in one cell: what was wrong, then the failing value and the request, each cut to its
 * share of the cell, so that a long rule never pushes the value and the request out of it.
 */
function firstFailure(failure: ConformanceReport['requirements'][number]['failures'][number]): string {
  if (failure.rule === undefined || failure.url === undefined) return failure.message;
  const value = failure.excerpt === undefined ? '' : ` ${clip(failure.excerpt, 100)}`;
  return `${clip(wholeRule(failure.rule).replace(/:$/, ''), 300)};${value} (${failure.method ?? 'GET'} ${clip(failure.url, 120)} → ${failure.status ?? ''})`;
}

/** The verdict in words: its name, and why, as the one verdict function said it (verdictWhy), never inferred from counts. */
function verdict(report: ConformanceReport): string {
  const name = report.verdict.toUpperCase();
  const against = report.baseline ? ' against the baseline' : '';
  return report.verdictWhy && report.verdictWhy.length > 0
    ? `${name}${against}: ${cell(report.verdictWhy.join('; '))}`
    : `${name}${against}`;
}

const entryName = (e: { id: string; fingerprint?: string }) => `**${e.id}**${e.fingerprint ? ` at ${markdownCode(e.fingerprint)}` : ''}`;
const entryNotes = (e: { owner?: string; issue?: string; expires?: string }) =>
  [e.owner && `owner ${e.owner}`, e.issue && `issue ${e.issue}`, e.expires && `expires ${e.expires}`].filter(Boolean).join(', ');

/** The run against BASELINE_FILE: new failures, expired entries, fixed ones, known ones, and drift. */
function baselineSection(report: ConformanceReport, reportDir: string | undefined): string[] {
  const { baseline, drift = [] } = report;
  if (!baseline) return [];
  // Where the report is read (a pull request, another machine), the baseline is found from the report's own folder.
  const file = reportDir === undefined || !isAbsolute(baseline.file) ? baseline.file : relative(reportDir, baseline.file);
  const lines = ['## Baseline', '', `Judged against ${markdownCode(file)}.`, ''];
  const list = (title: string, items: string[]) => {
    if (items.length > 0) lines.push(`### ${title}`, '', ...items, '');
  };
  list(
    'New failures: in no baseline entry',
    baseline.new.map((f) => `- ${entryName(f)} (${f.level}): ${cell(clip(f.message))}`),
  );
  list(
    "Expired: past the entry's date, and still failing",
    baseline.expired.map((e) => `- ${entryName(e)}: expired ${e.expires}; ${cell(e.reason)}. ${cell(clip(e.failures[0].message))}`),
  );
  list(
    'Fixed: remove it',
    baseline.fixed.map((e) => `- ${entryName(e)}: fixed: remove it (${cell(e.reason)})`),
  );
  list(
    'Known failures: accepted by the baseline',
    baseline.known.map((k) => {
      const notes = entryNotes(k.expectation);
      return `- ${entryName(k)}: ${cell(k.expectation.reason)}${notes ? ` (${cell(notes)})` : ''}`;
    }),
  );
  list(
    'Not checked: the requirement did not run in full',
    baseline.unchecked.map((e) => `- ${entryName(e)}: ${cell(clip(e.why))}`),
  );
  const gaps = baseline.gaps;
  list(
    'Gaps accepted: MUST requirements not judged in full, which the baseline accepts for now',
    (gaps?.accepted ?? []).map((e) => `- **${e.id}**: ${cell(e.reason)}${e.expires ? ` (expires ${e.expires})` : ''}`),
  );
  list(
    "Gaps expired: past the entry's date, and still not judged",
    (gaps?.expired ?? []).map((e) => `- **${e.id}**: expired ${e.expires}; ${cell(e.reason)}`),
  );
  list(
    'Gaps without a reason: the placeholder --update-baseline wrote accepts nothing; say why',
    (gaps?.unexplained ?? []).map((e) => `- **${e.id}**: ${cell(e.reason)}${e.expires ? ` (expires ${e.expires})` : ''}`),
  );
  list(
    'Gaps closed: judged in full now, remove the entry',
    (gaps?.closed ?? []).map((e) => `- **${e.id}**: closed: remove it (${cell(e.reason)})`),
  );
  list(
    'Drift: behaviour where the specification is silent changed',
    drift.map((d) => `- **${d.id}** changed from ${cell(JSON.stringify(d.before))} to ${cell(JSON.stringify(d.after))}`),
  );
  return lines;
}

/** What the run judged: the counts, then each gap inside what it set out to judge, with its reason and what closes it. */
/** explore's section: what it drew and asked, and each requirement it failed with the smallest case that still fails it. */
function exploreSection({ explore }: ConformanceReport): string[] {
  if (!explore) return [];
  const lines = [
    '## Explored',
    '',
    `Seed ${explore.seed}; ${explore.requests} of ${explore.maxRequests} requests.`,
    '',
    '| kind | cases | failed | premise did not hold |',
    '|---|---|---|---|',
    ...explore.cases.map((c) => `| ${cell(c.kind)} | ${c.tried} | ${c.failed} | ${c.inapplicable} |`),
    '',
    ...explore.unexplored.map((line) => `- ${cell(line)}`),
  ];
  for (const f of explore.failures)
    lines.push(
      `- **${f.id}** ${f.level}: ${cell(clip(f.message))}  `,
      `  smallest: \`${cell(f.smallest)}\`; from \`${cell(f.original)}\`; again: \`${cell(f.reproduce)}\``,
    );
  return [...lines, ''];
}

function coverageSection({ coverage }: ConformanceReport): string[] {
  const selected = (coverage?.gaps ?? []).filter((gap) => gap.reason.kind !== 'not-selected');
  if (coverage?.gaps === undefined) return [];
  const lines = ['## Coverage', '', cell(coverageCounts(coverage as Coverage)), ''];
  if (selected.length === 0) return lines;
  lines.push('| gap | level | judged | why | to close it |', '|---|---|---|---|---|');
  for (const gap of selected)
    lines.push(
      `| ${gap.id} | ${gap.level} | ${gap.judged === 'partly' ? 'in part' : 'not'}${gap.accepted ? ' (accepted)' : ''} | ${cell(clip(gap.reason.text))} | ${cell(clip(gap.closeWith))} |`,
    );
  return [...lines, ''];
}

/**
 * conformance.md: the verdict, run errors, probe problems, coverage, the requirement table, the
 * observations. `reportDir`, the folder it is written to: paths are said from there.
 */
export function renderMarkdown(report: ConformanceReport, reportDir?: string): string {
  const { summary } = report;
  const partial = summary.partial > 0 ? ` (${summary.partial} partial)` : '';
  const lines = [
    '# Conformance report: Directory Search Service v1.0',
    '',
    `**Verdict: ${verdict(report)}**`,
    '',
    `Target: ${cell(report.target.baseUrl)}${report.target.embedded ? ' (the embedded reference server)' : ''}  `,
    `Started: ${report.startedAt}, took ${(report.durationMs / 1000).toFixed(1)} s  `,
    `Requirements: ${summary.pass} pass${partial}, ${summary.fail} fail, ${summary.warn} warn, ${summary.skip} skip; ${report.probeProblems.length} probe problems  `,
    ...(summary.answers === undefined
      ? []
      : [`Answers judged: ${summary.answers}, every one by the rules of its endpoint (${summary.checks ?? 0} checks in all)  `]),
    `Source datasets covered: ${cell(coverageInWords(report))}`,
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
  lines.push(...coverageSection(report));
  lines.push(...baselineSection(report, reportDir));
  lines.push(...exploreSection(report));
  lines.push('## Requirements', '', '| id | level | spec | status | checks | first failure or skip reason |', '|---|---|---|---|---|---|');
  for (const r of report.requirements) {
    const first = r.failures[0];
    // A failure's cell is cut part by part (firstFailure), a skip's reasons as a whole.
    const detail = first ? firstFailure(first) : clip(r.skipped ? `${r.partial ? 'partly skipped: ' : ''}${r.skipped.join('; ')}` : '');
    lines.push(`| ${r.id} | ${r.level} | ${cell(r.spec)} | ${r.status}${r.partial ? ' (partial)' : ''} | ${r.checks} | ${cell(detail)} |`);
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
    const shown = o.status === 'observed' ? codeCell(clip(JSON.stringify(o.value), 500)) : cell(`not observed: ${o.reason ?? ''}`);
    lines.push(`| ${o.id} | ${catalogueText(o.title)} | ${shown} |`);
  }
  return `${lines.join('\n')}\n`;
}
