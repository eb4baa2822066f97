import type { ConformanceReport } from './report';

// XML 1.0 cannot carry these control characters at all, escaped or not.
// eslint-disable-next-line no-control-regex -- removing control characters is the point.
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

const escape = (text: string) =>
  text.replace(XML_FORBIDDEN, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const firstLine = (text: string) => text.split('\n')[0];

interface Case {
  name: string;
  classname: string;
  body: string;
}

function testsuite(name: string, cases: readonly Case[], counts: { failures: number; errors: number; skipped: number }): string {
  const inner = cases.map(
    (c) =>
      `    <testcase name="${escape(c.name)}" classname="${escape(c.classname)}" time="0">${c.body ? `\n${c.body}\n    ` : ''}</testcase>`,
  );
  return [
    `  <testsuite name="${escape(name)}" tests="${cases.length}" failures="${counts.failures}" errors="${counts.errors}" skipped="${counts.skipped}">`,
    ...inner,
    '  </testsuite>',
  ].join('\n');
}

/**
 * conformance.junit.xml: one test case per requirement, for CI test dashboards. A MUST failure (or a
 * SHOULD one under STRICT) is a <failure> naming the requirement; a warning stays a passing case
 * whose status property and output say so; a skip carries its reason. Probe problems and run errors
 * are <error> cases of their own suites: they make the run inconclusive, not failed.
 */
export function renderJunit(report: ConformanceReport): string {
  const strictFailure = report.verdict === 'fail' && report.summary.fail === 0;
  // A requirement all of whose failures the baseline accepts is not a failure of this run.
  const unaccepted = new Set([...(report.baseline?.new ?? []), ...(report.baseline?.expired ?? [])].map((f) => f.id));
  const accepted = new Map((report.baseline?.known ?? []).filter((k) => !unaccepted.has(k.id)).map((k) => [k.id, k.expectation.reason]));
  let failures = 0;
  let skipped = 0;
  const requirementCases = report.requirements.map((r): Case => {
    const lines: string[] = [
      `      <properties><property name="level" value="${r.level}"/><property name="spec" value="${escape(r.spec)}"/><property name="status" value="${r.status}${r.partial ? ' (partial)' : ''}"/></properties>`,
    ];
    const first = r.failures[0]?.message ?? '';
    if (accepted.has(r.id)) {
      skipped++;
      lines.push(`      <skipped message="${escape(`known failure, accepted by the baseline: ${accepted.get(r.id)!}`)}"/>`);
    } else if (r.status === 'fail' || (r.status === 'warn' && strictFailure)) {
      failures++;
      lines.push(
        `      <failure type="${r.level}" message="${escape(`[${r.id}] ${firstLine(first)}`)}">${escape(r.failures.map((f) => f.message).join('\n\n'))}</failure>`,
      );
    } else if (r.status === 'skip') {
      skipped++;
      lines.push(`      <skipped message="${escape(r.skipped?.join('; ') ?? 'skipped')}"/>`);
    }
    const output = [
      ...(r.status === 'warn'
        ? [`WARNING [${r.id}] SHOULD ${r.spec}: ${r.failures.length} finding${r.failures.length > 1 ? 's' : ''}\n${first}`]
        : []),
      ...(r.partial ? [`partial: these checks did not run:\n${r.skipped!.join('\n')}`] : []),
    ];
    if (output.length > 0) lines.push(`      <system-out>${escape(output.join('\n\n'))}</system-out>`);
    return { name: `${r.id}: ${r.title}`, classname: `conformance.${r.level}`, body: lines.join('\n') };
  });
  const problemCases = report.probeProblems.map((p): Case => ({
    name: `probe ${p.probe}`,
    classname: 'conformance.probes',
    body: `      <error type="probe problem" message="${escape(firstLine(p.message))}">${escape(p.message)}</error>`,
  }));
  const errorCases = report.errors.map((e): Case => ({
    name: `${e.kind}: ${e.test}`,
    classname: 'conformance.run',
    body: `      <error type="${escape(e.kind)}" message="${escape(firstLine(e.message))}">${escape(e.message)}</error>`,
  }));
  const baselineCases = [
    ...(report.baseline?.expired ?? []).map((e): Case => {
      const message = `[${e.id}] baseline entry expired on ${e.expires!}, and the failure still happens: ${e.failures[0].message}`;
      return {
        name: `expired: ${e.id}${e.fingerprint ? ` ${e.fingerprint}` : ''}`,
        classname: 'conformance.baseline',
        body: `      <failure type="expired" message="${escape(firstLine(message))}">${escape(message)}</failure>`,
      };
    }),
    ...(report.baseline?.fixed ?? []).map((e): Case => ({
      name: `fixed: ${e.id}${e.fingerprint ? ` ${e.fingerprint}` : ''}`,
      classname: 'conformance.baseline',
      body: `      <system-out>${escape(`fixed: remove it from ${report.baseline!.file}`)}</system-out>`,
    })),
    ...(report.drift ?? []).map((d): Case => ({
      name: `drift: ${d.id}`,
      classname: 'conformance.baseline',
      body: `      <system-out>${escape(`changed from ${JSON.stringify(d.before)} to ${JSON.stringify(d.after)}`)}</system-out>`,
    })),
  ];
  const suites = [
    testsuite('requirements', requirementCases, { failures, errors: 0, skipped }),
    ...(problemCases.length > 0
      ? [testsuite('probe problems', problemCases, { failures: 0, errors: problemCases.length, skipped: 0 })]
      : []),
    ...(errorCases.length > 0 ? [testsuite('run errors', errorCases, { failures: 0, errors: errorCases.length, skipped: 0 })] : []),
    ...(baselineCases.length > 0
      ? [testsuite('baseline', baselineCases, { failures: report.baseline?.expired.length ?? 0, errors: 0, skipped: 0 })]
      : []),
  ];
  const total = requirementCases.length + problemCases.length + errorCases.length + baselineCases.length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="Directory Search Service v1.0 conformance (${report.verdict})" tests="${total}" failures="${failures + (report.baseline?.expired.length ?? 0)}" errors="${problemCases.length + errorCases.length}" skipped="${skipped}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
