/**
 * index.html: the conformance report for people. Against a baseline, its summary first (the banner
 * says so); the findings, each with its evidence, those the baseline accepts marked known; the
 * requirements by endpoint; the observations as tables. One function a
 * section, each returning its elements; every value passed the redactor with the rest of the report.
 */
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import { REQUIREMENT_GROUPS } from '../../spec/catalogue';
import { coverageInWords } from '../model';
import { coverageCounts } from '../coverage-lines';
import type { Coverage } from '../../verdicts/coverage';
import { SPECIFICATION, SUITE_VERSION } from '../../suite-version';
import type { ConformanceReport, Failure, RequirementResult } from '../../types/schemas';
import { acceptedBy } from '../../verdicts/baseline/accepted';
import { evidence } from './evidence';
import { catalogueWords, type Children, listSection, page, text, valueTable } from './page';
import { counted } from '../counted';

function banner(report: ConformanceReport): ElementContent {
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
  const { baseline: outcome } = report;
  return h('header', { className: ['banner', report.verdict], dataVerdict: report.verdict }, [
    h('h1', ['Verdict: ', h('span#verdict', report.verdict.toUpperCase()), ...(outcome ? [' against the baseline'] : [])]),
    // Why, as the one verdict function said it: never inferred from the counts below.
    ...(report.verdictWhy && report.verdictWhy.length > 0
      ? [
          h(
            'ul.meta#verdict-why',
            report.verdictWhy.map((why) => h('li', text(why))),
          ),
        ]
      : []),
    ...(outcome
      ? [
          h(
            'div.meta#against-baseline',
            `Baseline ${text(outcome.file)}: ${outcome.known.length} known (accepted, shown as known below), ${outcome.new.length} new, ${outcome.fixed.length} fixed, ${outcome.expired.length} expired${outcome.gaps ? `, ${outcome.gaps.accepted.length} gaps accepted, ${outcome.gaps.expired.length} gap entries expired${outcome.gaps.unexplained?.length ? `, ${outcome.gaps.unexplained.length} gap entries without a reason` : ''}` : ''}${report.drift.length > 0 ? `, ${report.drift.length} drifted` : ''}`,
          ),
        ]
      : []),
    h('div.meta', [
      'Target ',
      h('strong', text(report.target.baseUrl)),
      `${report.target.embedded ? ' (the embedded reference server)' : ''} · started ${text(report.startedAt)}, took ${(report.durationMs / 1000).toFixed(1)} s · suite ${SUITE_VERSION} · ${SPECIFICATION}`,
    ]),
    h(
      'div.counts',
      counts.map(([name, n]) => h('span', { dataCount: name }, `${n} ${name}`)),
    ),
    ...(summary.answers === undefined
      ? []
      : [
          h(
            'div.meta#judged',
            { dataAnswers: summary.answers, dataChecks: summary.checks },
            `${counted(summary.answers, 'answer')} judged, every one by the rules of its endpoint: ${summary.checks ?? 0} checks in all`,
          ),
        ]),
    ...(report.coverage?.gaps === undefined ? [] : [h('div.meta#judged-coverage', coverageCounts(report.coverage as Coverage))]),
    h('div.meta#coverage', `Source datasets covered: ${coverageInWords(report)}`),
  ]);
}

/**
 * What the run did not judge in full, inside what it set out to judge: each gap with its reason and
 * what closes it, MUST first; a MUST gap no baseline entry accepts is why the verdict is not a pass.
 */
function gaps(report: ConformanceReport): ElementContent[] {
  const shown = (report.coverage?.gaps ?? []).filter((gap) => gap.reason.kind !== 'not-selected');
  if (shown.length === 0) return [];
  const head = h(
    'tr',
    ['requirement', 'level', 'judged', 'why', 'to close it'].map((name) => h('th', name)),
  );
  return [
    h('section#gaps', [
      h('h2', 'Coverage gaps: what the run could not judge'),
      h('table', [
        head,
        ...shown.map((gap) =>
          h('tr', { dataGap: gap.id, dataLevel: gap.level, ...(gap.accepted ? { dataAccepted: 'true' } : {}) }, [
            h('td', h('strong', gap.id)),
            h('td', gap.level),
            h('td', [
              gap.judged === 'partly' ? 'in part' : 'not judged',
              ...(gap.accepted ? [h('br'), h('span.badge.known', 'accepted'), text(` ${gap.accepted.reason}`)] : []),
            ]),
            h('td', text(gap.reason.text)),
            h('td', text(gap.closeWith)),
          ]),
        ),
      ]),
    ]),
  ];
}

/** The reason the baseline gives for accepting a failure, or undefined when it does not. */
const baselineReason = (report: ConformanceReport) => acceptedBy(report.baseline);

/** Whether the baseline accepts every failure of a requirement that has any. */
const knownInFull = (r: RequirementResult, reasonFor: ReturnType<typeof baselineReason>) =>
  r.failures.length > 0 && r.failures.every((f) => reasonFor(r.id, f) !== undefined);

/** A requirement's status as a badge: a failure the baseline accepts in full is shown as known, not as a new alarm. */
function statusBadge(r: RequirementResult, reasonFor: ReturnType<typeof baselineReason>, suffix = ''): ElementContent {
  const known = knownInFull(r, reasonFor);
  return h('span', { className: ['badge', known ? 'known' : r.status] }, `${r.status}${suffix}${known ? ' · known' : ''}`);
}

/** How many failures of a requirement the page shows with their evidence; every one, and the count, is in conformance.json. */
const FAILURES_SHOWN = 50;

/**
 * Failures and warnings first, each with its evidence: what a reader opens the report for. One
 * block per requirement: against a baseline, those with a new failure first, marked NEW, before
 * those it accepts in full; then failures before warnings. A block shows its first failure (a new
 * one first) open, and folds the rest, up to FAILURES_SHOWN, with the exact count.
 */
function findings(report: ConformanceReport): ElementContent[] {
  const reasonFor = baselineReason(report);
  const rank = (r: RequirementResult) => (knownInFull(r, reasonFor) ? 2 : 0) + (r.status === 'fail' ? 0 : 1);
  const found = report.requirements.filter((r) => r.failures.length > 0).sort((a, b) => rank(a) - rank(b));
  if (found.length === 0) return [];
  const shown = (r: RequirementResult, f: Failure) => {
    const reason = reasonFor(r.id, f);
    return [
      ...(reason === undefined ? [] : [h('p.reason', [h('span.badge.known', 'known'), text(` accepted by the baseline: ${reason}`)])]),
      evidence(f, report.target.credentials),
    ];
  };
  return [
    h('section#findings', [
      h('h2', 'Findings'),
      ...found.map((r) => {
        // Every failure accepted: the requirement is known; some accepted: each failure says which.
        const allKnown = knownInFull(r, reasonFor);
        const isNew = Boolean(report.baseline) && !allKnown;
        const [first, ...rest] = [...r.failures].sort(
          (a, b) => Number(reasonFor(r.id, a) !== undefined) - Number(reasonFor(r.id, b) !== undefined),
        );
        const folded = rest.slice(0, FAILURES_SHOWN - 1);
        const unshown = rest.length - folded.length;
        return h(
          'div.finding',
          { id: `finding-${r.id}`, dataFinding: r.id, ...(allKnown ? { dataKnown: 'true' } : {}), ...(isNew ? { dataNew: 'true' } : {}) },
          [
            h('h3', [
              `${r.id} `,
              ...(isNew ? [h('span.badge.new', 'new'), ' '] : []),
              statusBadge(r, reasonFor),
              ' ',
              h('span.reason', `${r.level} · ${r.spec} · ${counted(r.failures.length, 'failure')}`),
            ]),
            h('p.reason', catalogueWords(r.title)),
            ...shown(r, first),
            ...(folded.length === 0
              ? []
              : [
                  h('details', [
                    h(
                      'summary',
                      `${counted(rest.length, 'more failure')} of ${r.id}${unshown > 0 ? `: the first ${folded.length} below, all ${r.failures.length} in conformance.json` : ''}`,
                    ),
                    ...folded.flatMap((f) => shown(r, f)),
                  ]),
                ]),
          ],
        );
      }),
    ]),
  ];
}

function requirementRow(r: RequirementResult, reasonFor: ReturnType<typeof baselineReason>): ElementContent {
  const failures =
    r.failures.length > 0 ? [h('br'), h('a', { href: `#finding-${r.id}` }, `${counted(r.failures.length, 'failure')}, with evidence`)] : [];
  const skipped = r.skipped
    ? [h('p.reason', `${r.partial ? 'partial: these checks did not run: ' : 'skipped: '}${text(r.skipped.join('; '))}`)]
    : [];
  return h('tr', { dataRequirement: r.id, dataStatus: r.status }, [
    h('td', [h('strong', r.id), h('br'), h('span.reason', catalogueWords(r.title)), ...failures, ...skipped]),
    h('td', r.level),
    h('td', r.spec),
    h('td', [statusBadge(r, reasonFor, r.partial ? ' (partial)' : '')]),
    h('td', String(r.checks)),
  ]);
}

/** The requirements by endpoint, as the catalogue groups them. */
function requirements(report: ConformanceReport): ElementContent {
  const byId = new Map(report.requirements.map((r) => [r.id, r]));
  const reasonFor = baselineReason(report);
  const head = h(
    'tr',
    ['requirement', 'level', 'section', 'status', 'checks'].map((name) => h('th', name)),
  );
  return h('section#requirements', [
    h('h2', 'Requirements'),
    ...REQUIREMENT_GROUPS.flatMap((group) => [
      h('h3', group.title),
      h('table', [head, ...group.ids.flatMap((id) => (byId.has(id) ? [requirementRow(byId.get(id)!, reasonFor)] : []))]),
    ]),
  ]);
}

const entryName = (e: { id: string; fingerprint?: string }): Children => [
  h('strong', e.id),
  ...(e.fingerprint ? [' at ', h('code', text(e.fingerprint))] : []),
];

function baseline(report: ConformanceReport): ElementContent[] {
  const { baseline: outcome, drift } = report;
  if (!outcome) return [];
  return [
    h('section#baseline', [
      h('h2', 'Baseline'),
      h('p', ['Judged against ', h('code', text(outcome.file)), '.']),
      ...listSection(
        'baseline-new',
        'New failures: in no baseline entry',
        outcome.new.map((f) => [...entryName(f), text(` (${f.level}): ${f.message}`)]),
      ),
      ...listSection(
        'baseline-expired',
        'Expired baseline entries, still failing',
        outcome.expired.map((e) => [...entryName(e), text(`: expired ${e.expires}; ${e.reason}`)]),
      ),
      ...listSection(
        'baseline-fixed',
        'Fixed: remove it',
        outcome.fixed.map((e) => [...entryName(e), text(`: fixed: remove it (${e.reason})`)]),
      ),
      ...listSection(
        'baseline-known',
        'Known failures, accepted by the baseline',
        outcome.known.map((k) => [...entryName(k), text(`: ${k.expectation.reason}`)]),
      ),
      ...listSection(
        'baseline-unchecked',
        'Not checked: the requirement did not run in full',
        outcome.unchecked.map((e) => [...entryName(e), text(`: ${e.why}`)]),
      ),
      ...listSection(
        'baseline-gaps-expired',
        "Gaps expired: past the entry's date, and still not judged",
        (outcome.gaps?.expired ?? []).map((e) => [h('strong', e.id), text(`: expired ${e.expires}; ${e.reason}`)]),
      ),
      ...listSection(
        'baseline-gaps-closed',
        'Gaps closed: judged in full now, remove the entry',
        (outcome.gaps?.closed ?? []).map((e) => [h('strong', e.id), text(`: closed: remove it (${e.reason})`)]),
      ),
      ...listSection(
        'baseline-gaps-accepted',
        'Gaps accepted by the baseline',
        (outcome.gaps?.accepted ?? []).map((e) => [h('strong', e.id), text(`: ${e.reason}${e.expires ? ` (expires ${e.expires})` : ''}`)]),
      ),
      ...listSection(
        'drift',
        'Drift: behaviour where the specification is silent changed',
        drift.map((d) => [h('strong', d.id), ' changed from ', valueTable(d.before), ' to ', valueTable(d.after)]),
      ),
    ]),
  ];
}

/** What `explore` drew and asked, and each requirement it failed with the smallest case that still fails it. */
function explored({ explore }: ConformanceReport): ElementContent[] {
  if (!explore) return [];
  const cases = explore.cases.map((c) => `${c.tried} ${c.kind} (${c.failed} failed, ${c.inapplicable} whose premise did not hold)`);
  return [
    h('section#explore', [
      h('h2', 'Explored'),
      h('p', text(`Seed ${explore.seed}; ${explore.requests} of ${explore.maxRequests} requests; cases: ${cases.join(', ') || 'none'}.`)),
      ...explore.unexplored.map((line) => h('p.reason', text(line))),
    ]),
    ...listSection(
      'explore-failures',
      'Explored failures, each shrunk to the smallest case that still fails it',
      explore.failures.map((f) => [
        h('strong', f.id),
        text(`: ${f.message}`),
        h('br'),
        'smallest: ',
        h('code', text(f.smallest)),
        h('br'),
        'from: ',
        h('code', text(f.original)),
        h('br'),
        'again: ',
        h('code', text(f.reproduce)),
      ]),
    ),
  ];
}

function observations(report: ConformanceReport): ElementContent {
  return h('section#observations', [
    h('h2', 'Observations'),
    h('p', 'Behaviour where the specification is silent: recorded, never judged.'),
    ...report.observations.map((o) =>
      h('div.observation', { dataObservation: o.id }, [
        h('h3', [`${o.id} `, h('span', { className: ['badge', o.status === 'observed' ? 'observed' : 'not-observed'] }, o.status)]),
        h('p.reason', catalogueWords(o.title)),
        o.status === 'observed' ? valueTable(o.value) : h('p.reason', text(o.reason ?? '')),
      ]),
    ),
  ]);
}

/** index.html for a conformance report. */
export function renderHtml(report: ConformanceReport): string {
  return page(`Conformance: ${report.verdict.toUpperCase()} · ${report.target.baseUrl}`, [
    banner(report),
    h('main', [
      ...listSection(
        'errors',
        'Run errors',
        report.errors.map((e) => [h('strong', e.kind), text(` in ${e.test}: ${e.message}`)]),
      ),
      ...listSection(
        'probe-problems',
        "Probe problems: the service's answer contradicts the probes file, and nothing shows which side is wrong",
        report.probeProblems.map((p) => [
          h('strong', text(p.probe)),
          text(` promised ${p.promised}; ${p.observed}.`),
          h('br'),
          h('span.reason', text(p.message)),
        ]),
      ),
      // Against a baseline, its summary first: which findings are known and which are new.
      ...baseline(report),
      ...explored(report),
      ...gaps(report),
      ...findings(report),
      requirements(report),
      observations(report),
    ]),
  ]);
}
