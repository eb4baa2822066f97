/**
 * conformance.junit.xml, for CI test dashboards. Written with a maintained XML library
 * (xmlbuilder2), never by concatenation: whatever a service sends, the file is well-formed XML,
 * with the characters XML 1.0 cannot carry at all (C0 controls, U+FFFE, U+FFFF, lone surrogates)
 * replaced by U+FFFD.
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { requirement, type RequirementId } from '../spec/catalogue';
import { failureLevel, type RequirementResult } from '../verdicts/aggregate';
import { openMustGaps } from '../verdicts/coverage';
import { failureLocation } from '../verdicts/fingerprint';
import type { ConformanceReport } from './model';
import { wholeRule } from './whole-rule';

const firstLine = (text: string) => text.split('\n')[0];

/** Seconds, as JUnit's `time` has them. */
const seconds = (ms: number) => (ms / 1000).toFixed(3);

interface Case {
  name: string;
  /** Its share of the tests' time (RequirementResult.durationMs), where it has one. */
  durationMs?: number;
  classname: string;
  properties?: Record<string, string>;
  outcome?: { kind: 'failure' | 'error'; type: string; message: string; text: string } | { kind: 'skipped'; message: string };
  output?: string;
}

/**
 * One suite of cases, its time the sum of theirs: a requirement's case carries its share of the
 * tests that judged it (one test judges several requirements, and its time is shared among them), so
 * no time is counted twice; the other suites are drawn from the requirements' results and carry none.
 */
function testsuite(parent: XMLBuilder, name: string, cases: readonly Case[]): { failures: number; errors: number; skipped: number } {
  const counts = {
    failures: cases.filter((c) => c.outcome?.kind === 'failure').length,
    errors: cases.filter((c) => c.outcome?.kind === 'error').length,
    skipped: cases.filter((c) => c.outcome?.kind === 'skipped').length,
  };
  const suite = parent.ele('testsuite', {
    name,
    tests: String(cases.length),
    failures: String(counts.failures),
    errors: String(counts.errors),
    skipped: String(counts.skipped),
    time: seconds(cases.reduce((sum, c) => sum + (c.durationMs ?? 0), 0)),
  });
  for (const c of cases) {
    const testcase = suite.ele('testcase', {
      name: c.name,
      classname: c.classname,
      ...(c.durationMs !== undefined ? { time: seconds(c.durationMs) } : {}),
    });
    if (c.properties) {
      const properties = testcase.ele('properties');
      for (const [key, value] of Object.entries(c.properties)) properties.ele('property', { name: key, value });
    }
    if (c.outcome?.kind === 'skipped') testcase.ele('skipped', { message: c.outcome.message });
    else if (c.outcome) testcase.ele(c.outcome.kind, { type: c.outcome.type, message: c.outcome.message }).txt(c.outcome.text);
    if (c.output) testcase.ele('system-out').txt(c.output);
  }
  return counts;
}

/**
 * A requirement's cases: `ID` for its MUST findings, and `ID/should` for its SHOULD ones (a SHOULD
 * requirement, or a graded requirement's near misses). A SHOULD finding is a `<failure
 * type="warning">` of its own case, which dashboards show, and never a passing case.
 */
function requirementCases(r: RequirementResult, report: ConformanceReport, accepted: ReadonlyMap<string, string>): Case[] {
  const { nearMiss } = requirement(r.id as RequirementId);
  const strict = report.verdict === 'fail' && report.summary.fail === 0;
  const properties = (level: 'MUST' | 'SHOULD') => ({
    level,
    spec: r.spec,
    status: `${r.status}${r.partial ? ' (partial)' : ''}`,
    ...(r.judged ? { judged: r.judged } : {}),
  });
  const partial = r.partial ? `partial: these checks did not run:\n${r.skipped!.join('\n')}` : undefined;
  const levels = r.level === 'MUST' ? (nearMiss ? (['MUST', 'SHOULD'] as const) : (['MUST'] as const)) : (['SHOULD'] as const);
  return levels.map((level): Case => {
    const should = level === 'SHOULD';
    const failures = r.failures.filter((f) => failureLevel(f, r.level) === level);
    const base: Case = {
      name: should ? `${r.id}/should: ${nearMiss ?? r.title}` : `${r.id}: ${r.title}`,
      // A graded requirement's two cases share its time.
      ...(r.durationMs !== undefined ? { durationMs: r.durationMs / levels.length } : {}),
      classname: `conformance.${level}`,
      properties: properties(level),
      output: partial,
    };
    if (accepted.has(r.id))
      return { ...base, outcome: { kind: 'skipped', message: `known failure, accepted by the baseline: ${accepted.get(r.id)!}` } };
    if (r.status === 'skip') return { ...base, outcome: { kind: 'skipped', message: r.skipped?.join('; ') ?? 'skipped' } };
    if (failures.length === 0) return base;
    // Against a baseline, the failures no entry covers come first, and the case says it has them:
    // a dashboard's message names what is new, not an accepted failure beside it.
    // New by the baseline's own key, the failure's location (its fingerprint), as the page tells known ones.
    const fresh = new Set((report.baseline?.new ?? []).filter((n) => n.id === r.id && n.level === level).map((n) => n.fingerprint));
    const isNew = (f: (typeof failures)[number]) => fresh.has(failureLocation(f));
    const ordered = [...failures.filter(isNew), ...failures.filter((f) => !isNew(f))];
    if (fresh.size > 0) base.properties = { ...base.properties, baseline: `${fresh.size} new` };
    const text = ordered.map((f) => f.message).join('\n\n');
    // The rule's words are a field of the failure (a report of an older version has only the message, which opens with them).
    const [first] = ordered;
    const head = wholeRule(first.message);
    // The id once: a rule's words that name it already are not prefixed again.
    const rule = first.rule === undefined ? undefined : wholeRule(first.rule).replace(new RegExp(`^\\[${r.id}\\] *`), '');
    const message =
      rule !== undefined ? `[${r.id}] ${level} ${r.spec}: ${rule}` : head.startsWith(`[${r.id}]`) ? head : `[${r.id}] ${head}`;
    if (!should) return { ...base, outcome: { kind: 'failure', type: 'MUST', message, text } };
    const note = strict ? 'a SHOULD finding: it fails the run under STRICT' : 'a SHOULD finding: a warning, the run does not fail on it';
    return {
      ...base,
      outcome: { kind: 'failure', type: 'warning', message: `${message} (${note})`, text },
      output: [`WARNING [${r.id}] SHOULD ${r.spec}: ${failures.length} finding${failures.length > 1 ? 's' : ''}`, partial]
        .filter(Boolean)
        .join('\n\n'),
    };
  });
}

/** Expired, fixed and drifted baseline entries: an expired entry fails, a fixed one warns, a drift is output. */
const baselineCases = (report: ConformanceReport): Case[] => [
  ...(report.baseline?.expired ?? []).map((e): Case => {
    const message = `[${e.id}] baseline entry expired on ${e.expires!}, and the failure still happens: ${e.failures[0].message}`;
    return {
      name: `expired: ${e.id}${e.fingerprint ? ` ${e.fingerprint}` : ''}`,
      classname: 'conformance.baseline',
      outcome: { kind: 'failure', type: 'expired', message: firstLine(message), text: message },
    };
  }),
  // A warning, as the verdict counts it: a skipped case that says so, never a pass.
  ...(report.baseline?.fixed ?? []).map((e): Case => ({
    name: `fixed: ${e.id}${e.fingerprint ? ` ${e.fingerprint}` : ''}`,
    classname: 'conformance.baseline',
    outcome: {
      kind: 'skipped',
      message: `fixed (a warning): the failure no longer happens; remove the entry from ${report.baseline!.file}`,
    },
  })),
  ...report.drift.map((d) => ({
    name: `drift: ${d.id}`,
    classname: 'conformance.baseline',
    output: `changed from ${JSON.stringify(d.before)} to ${JSON.stringify(d.after)}`,
  })),
];

/**
 * The verdict's case, saying why; one case per requirement and level (see requirementCases); probe problems, run errors and MUST
 * gaps no baseline accepts as `<error>` cases of their own suites, since they make the run
 * inconclusive, not failed; expired, fixed and drifted baseline entries in a suite of their own.
 */
export function renderJunit(report: ConformanceReport): string {
  // A requirement all of whose failures the baseline accepts is not a failure of this run.
  const unaccepted = new Set([...(report.baseline?.new ?? []), ...(report.baseline?.expired ?? [])].map((f) => f.id));
  const accepted = new Map((report.baseline?.known ?? []).filter((k) => !unaccepted.has(k.id)).map((k) => [k.id, k.expectation.reason]));
  const suites: [string, Case[]][] = [
    // The verdict and why, as the one verdict function said it: a case of its own, whose outcome the cases below already count.
    [
      'verdict',
      report.verdictWhy
        ? [
            {
              name: `verdict: ${report.verdict.toUpperCase()}${report.baseline ? ' against the baseline' : ''}`,
              classname: 'conformance.verdict',
              properties: { verdict: report.verdict },
              output: report.verdictWhy.join('\n'),
            },
          ]
        : [],
    ],
    ['requirements', report.requirements.flatMap((r) => requirementCases(r, report, accepted))],
    [
      'probe problems',
      report.probeProblems.map((p) => ({
        name: `probe ${p.probe}`,
        classname: 'conformance.probes',
        outcome: { kind: 'error', type: 'probe problem', message: firstLine(p.message), text: p.message },
      })),
    ],
    [
      'coverage gaps',
      openMustGaps(report.coverage ?? {}).map((gap): Case => ({
        name: `gap: ${gap.id}`,
        classname: 'conformance.coverage',
        properties: { level: gap.level, judged: gap.judged, reason: gap.reason.kind },
        outcome: {
          kind: 'error',
          type: 'MUST gap',
          message: `[${gap.id}] MUST ${gap.judged === 'partly' ? 'judged in part' : 'not judged'}: ${gap.reason.text}`,
          text: `to close it: ${gap.closeWith}`,
        },
      })),
    ],
    [
      'run errors',
      report.errors.map((e) => ({
        name: `${e.kind}: ${e.test}`,
        classname: 'conformance.run',
        outcome: { kind: 'error', type: e.kind, message: firstLine(e.message), text: e.message },
      })),
    ],
    ['baseline', baselineCases(report)],
  ];
  const document = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '\uFFFD' });
  const target = `${report.target.baseUrl}${report.target.embedded ? ', the embedded reference server' : ''}`;
  const root = document.ele('testsuites', { name: `Directory Search Service v1.0 conformance of ${target} (${report.verdict})` });
  const totals = { tests: 0, failures: 0, errors: 0, skipped: 0 };
  for (const [name, cases] of suites) {
    // The requirements suite is always there; the others only when they hold something.
    if (cases.length === 0 && name !== 'requirements') continue;
    const counts = testsuite(root, name, cases);
    totals.tests += cases.length;
    totals.failures += counts.failures;
    totals.errors += counts.errors;
    totals.skipped += counts.skipped;
  }
  for (const [key, value] of Object.entries(totals)) root.att(key, String(value));
  root.att('time', seconds(report.durationMs));
  return document.end({ prettyPrint: true }) + '\n';
}
