/**
 * index.html of a survey: the verdict, what was surveyed, the two charts, every requirement with
 * its rate, findability per parameter (--findability), failures per source dataset, and the examples, each with a curl line to repeat it. One
 * self-contained page with the conformance page's Content-Security-Policy and stylesheet: no script.
 */
import { GOLDEN, ORGANIZATIONS } from '../../quality/record-quality';
import { OTHER_DATASETS } from '../../quality/quality-counts';
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import type { ConformanceReport, SurveyReport } from '../../types/schemas';
import { curlCommand } from '../html/evidence';
import { diffInWords } from './diff-words';
import { page, text } from '../html/page';
import { type SurveyCharts, svgDataUri } from './charts';

import type { SurveyVerdict } from '../../verdicts/survey-verdict';
import { coverageCounts } from '../coverage-lines';
import { sampleInWords } from './sample-words';

const percent = (rate: number) => `${(rate * 100).toFixed(rate > 0 && rate < 0.001 ? 4 : 2)}%`;
const interval = ({ low, high }: { low: number; high: number }) => `${percent(low)} to ${percent(high)}`;

/** A value the service sent, in a cell or a line: as code, which wraps anywhere (an unbroken megabyte never widens the page), while our words wrap only between words. */
const served = (value: string): ElementContent => h('code', text(value));

function table(head: string[], rows: (string | number | ElementContent)[][]): ElementContent {
  const cell = (value: string | number | ElementContent) => (typeof value === 'object' ? value : text(String(value)));
  return h('table', [
    h(
      'tr',
      head.map((c) => h('th', text(c))),
    ),
    ...rows.map((row) =>
      h(
        'tr',
        row.map((c) => h('td', [cell(c)])),
      ),
    ),
  ]);
}

function chart(title: string, svg: string | undefined): ElementContent[] {
  return svg ? [h('figure', [h('img', { src: svgDataUri(svg), alt: title }), h('figcaption', text(title))])] : [];
}

/** A section of one table: its heading, a sentence that says how to read it, and the table. */
const tableSection = (id: string, heading: string, reading: string, content: ElementContent): ElementContent =>
  h('section', { id }, [h('h2', text(heading)), h('p', text(reading)), content]);

/** Failures per source dataset, one column per requirement that has any. */
function bySource(report: SurveyReport): ElementContent[] {
  const traced = report.requirements.filter((r) => Object.keys(r.bySource).length > 0);
  if (traced.length === 0) return [];
  const sources = [...new Set(traced.flatMap((r) => Object.keys(r.bySource)))].sort();
  return [
    tableSection(
      'sources',
      'Failures per source dataset',
      "Provider records whose failing value a source record holds, by that record's index: a data steward fixes a feed, not a record.",
      table(
        ['source', ...traced.map((r) => `${r.id} (${r.level})`)],
        sources.map((s) => [served(s), ...traced.map((r) => r.bySource[s] ?? 0)]),
      ),
    ),
  ];
}

/** The searches by records' own values of one parameter a row: found, missed, unknown, and the found rate with its 95% interval. */
const rateTable = (rates: NonNullable<SurveyReport['findability']>['organizations'], perDataset = false) =>
  table(
    ['parameter', ...(perDataset ? ['source dataset'] : []), 'searches', 'found', 'missed', 'unknown', 'found rate', '95% interval'],
    rates.map((p) => [
      p.parameter,
      ...(perDataset ? [p.dataset === undefined ? '-' : served(p.dataset)] : []),
      p.searched,
      p.found,
      p.missed,
      p.unknown,
      p.rate === undefined ? '-' : percent(p.rate),
      p.interval95 ? `${percent(p.interval95.low)} to ${percent(p.interval95.high)}` : '-',
    ]),
  );

/** With --findability: per parameter, the searches by each record's own values, and the share that found it with its 95% interval. */
function findability(report: SurveyReport): ElementContent[] {
  if (!report.findability) return [];
  const { organizations, providers, providerSources } = report.findability;
  const rate = 'The rate is found / (found + missed), with its 95% Wilson interval.';
  return [
    ...(organizations.length > 0
      ? [
          tableSection(
            'findability-organizations',
            'Findability: organizations found by the values they carry (ORG-FINDABLE, §4.3)',
            `Every organization met, searched by each value it carries, counted once. Found: its search held it; missed: the search held every match, and not it; unknown: more matched than an answer held, even narrowed by its own state. ${rate}`,
            rateTable(organizations),
          ),
        ]
      : []),
    ...(providers.length > 0
      ? [
          tableSection(
            'findability-providers',
            'Findability: providers asked for by their own values (§4.1)',
            `Every provider found by its NPI, asked for again: its NPI with one dashed parameter of a value no provider has (Phone-, …: SB-OPTIONAL-DASH), its NPI with one plain parameter of its own value (City, …: SB-NARROWING), and its first and last name and state without the NPI (SB-FINDABLE). Found: the same record came back (or, for the demographics, the ambiguity text); missed: the requirement failed. ${rate}`,
            rateTable(providers),
          ),
        ]
      : []),
    ...(providerSources.length > 0
      ? [
          tableSection(
            'findability-provider-sources',
            'Findability of providers, per source dataset of the values searched (§2.2, §4.2)',
            `The same searches, counted under each source dataset whose source records hold every value searched: where one feed's values are not found, its data steward knows. A search whose values two datasets hold counts under both. ${rate}`,
            rateTable(providerSources, true),
          ),
        ]
      : []),
  ];
}

/** The directory accuracy scorecard (quality/measures.ts): a rate per measure, kind of record and dataset, never part of the verdict. */
function dataQuality(report: SurveyReport): ElementContent[] {
  if (!report.dataQuality) return [];
  const { date, rates, notJudged } = report.dataQuality;
  const ours = new Set([GOLDEN, ORGANIZATIONS, OTHER_DATASETS]);
  const dataset = (name: string) => (ours.has(name) ? name : served(name));
  return [
    tableSection(
      'data-quality',
      'Directory accuracy scorecard (DQ-*, not part of the verdict)',
      `What the records met show of the directory's data, where the specification is silent: each measure a rate over the records it applies to, per kind of record and source dataset, with its 95% Wilson interval. Freshness is measured at ${date}. docs/data-quality.md says what each rate means and what an API cannot show.`,
      h('div', [
        table(
          ['measure', 'family', 'records', 'dataset', 'counted', 'failing', 'rate', '95% interval'],
          rates.map((r) => [
            // DQ-EXPORT-DIFFERS per field, and the export's type: `DQ-EXPORT-DIFFERS (name)`, `Practitioner`.
            r.field === undefined ? r.id : `${r.id} (${r.field})`,
            r.family,
            r.resourceType ?? r.records,
            dataset(r.dataset),
            r.checked,
            r.failed,
            percent(r.rate),
            interval(r.interval95),
          ]),
        ),
        ...notJudged.map((n) => h('p', text(`${n.id}: ${n.reason}.`))),
      ]),
    ),
  ];
}

/** With --export: what the export held, what of it was asked, and the files a record's freshness cannot be read from. */
function exportSection(report: SurveyReport): ElementContent[] {
  if (!report.export) return [];
  const { source, resources, asked, notAsked, unreadable, problems, freshness } = report.export;
  const held = Object.entries(resources).map(([type, count]) => `${type} ${count}`);
  return [
    tableSection(
      'export',
      'The export beside the service (--export, DQ-EXPORT-* in the scorecard)',
      `${source} held ${held.join(', ') || 'no resource'}; ${asked} asked of the service, ${notAsked} with nothing to search by, ${unreadable} answered with nothing readable, ${problems} lines or files unreadable.`,
      h('div', [
        ...freshness.map((f) => h('p', [served(f.file), text(`: ${f.text}.`)])),
        ...(freshness.length === 0 ? [h('p', text('No file stamps every meta.lastUpdated alike.'))] : []),
      ]),
    ),
  ];
}

/** survey diff A B, written into B: the records added, removed and changed, and the lag from an export to the API. */
function diffSection(report: SurveyReport): ElementContent[] {
  if (!report.diff) return [];
  const { listed, listedOf, lag } = report.diff;
  const buckets = (rows: { businessDays: string; records: number }[] = []) =>
    rows.map((r) => `${r.businessDays}: ${r.records}`).join(', ') || 'none';
  return [
    tableSection(
      'diff',
      'Changes since another survey or export (survey diff)',
      `${diffInWords(report.diff)}. ${
        lag.measured
          ? `Lag from the export to the API over ${lag.records} records, in business days: shown within ${buckets(lag.shownWithin)}; pending for ${buckets(lag.pendingFor)}; ${lag.pastFiveBusinessDays} pending past five business days (${percent(lag.sharePastFiveBusinessDays ?? 0)}).`
          : `Lag not measured: ${lag.reason}.`
      }${listedOf ? ` The first ${listed.length} of ${listedOf} are listed.` : ''}`,
      table(
        ['record', 'change', 'fields'],
        listed.map((r) => [served(r.key), r.change, (r.fields ?? []).join(', ')]),
      ),
    ),
  ];
}

/** With --findability: what the records met show of each other (relations.ts). */
function relations(report: SurveyReport): ElementContent[] {
  if (!report.relations) return [];
  const { searchKinds = [], sharedDemographics, sharedNames } = report.relations;
  const row = (relation: string, { groups, records, held }: typeof sharedDemographics) => [relation, groups, records, held];
  return [
    tableSection(
      'relations',
      'Relations between records (SB-AMBIGUOUS, §4.1 r4)',
      'Providers met whose first name, last name and state are the same, or whose whole name is, make one query that matches several: it must answer no record and the ambiguity text. Held: records of groups whose every search was answered so; a group answered with one of its records fails SB-AMBIGUOUS for the others (see Examples).',
      table(
        ['relation', 'groups', 'records', 'held'],
        [
          row('same FirstName, LastName and State', sharedDemographics),
          // A survey of a version before it did not search by name alone.
          ...(sharedNames ? [row('same Name (first and last)', sharedNames)] : []),
        ],
      ),
    ),
    ...(searchKinds.length > 0
      ? [
          tableSection(
            'search-kinds',
            'Every kind of organization search walked (§4.3, §8)',
            "One search of each kind, from the value the most organizations on the first pages of the plan's walks share, walked by Page and its first page's next link as the plan's walks are: ORG-PAGE, ORG-PAGE-DISJOINT, ORG-TOTAL and ORG-NEXT-LINK judge each (a walk is one record, keyed by its query).",
            table(
              ['kind', 'search', 'matches (page 1 total)'],
              searchKinds.map((k) => [k.kind, served(new URLSearchParams(k.query).toString()), k.matches ?? '-']),
            ),
          ),
        ]
      : []),
  ];
}

function examples(report: SurveyReport, credentials: ConformanceReport['target']['credentials']): ElementContent[] {
  const failing = report.requirements.filter((r) => r.examples.length > 0);
  if (failing.length === 0) return [];
  return [
    h('section', { id: 'examples' }, [
      h('h2', text('Failing requirements, and the records that break them')),
      ...failing.map((r) =>
        h('details', { open: r.level === 'MUST' }, [
          h('summary', text(`${r.id} (${r.level}): ${r.failed} of ${r.checked} records, ${percent(r.rate)}`)),
          ...r.examples.map((e) =>
            h('div', { className: ['evidence'] }, [
              h('dl', [
                h('dt', text('record')),
                h('dd', [h('code', text(e.key))]),
                h('dt', text('rule')),
                h('dd', [h('pre', text(e.message))]),
                h('dt', text('value')),
                h('dd', [h('code', text(`${e.pointer || '/'} = ${e.value}`))]),
                ...(e.source ? [h('dt', text('source')), h('dd', [served(e.source)])] : []),
                h('dt', text('repeat it')),
                h('dd', [h('pre', text(curlCommand(e.url, credentials)))]),
              ]),
            ]),
          ),
        ]),
      ),
    ]),
  ];
}

/** What the survey judged of its own plan, and each gap of it with its reason and what closes it. */
function coverage(report: SurveyReport): ElementContent[] {
  if (!report.coverage) return [];
  const gaps = report.coverage.gaps.filter((gap) => gap.reason.kind !== 'not-selected');
  return [
    h('section', { id: 'coverage' }, [
      h('h2', text('Coverage')),
      h('p', text(coverageCounts(report.coverage))),
      ...(gaps.length > 0
        ? [
            table(
              ['requirement', 'level', 'judged', 'why', 'to close it'],
              gaps.map((gap) => [gap.id, gap.level, gap.judged === 'partly' ? 'in part' : 'not judged', gap.reason.text, gap.closeWith]),
            ),
          ]
        : []),
    ]),
  ];
}

/** How many records, walks and requests the survey made, and how organizations are paged. */
const countsSection = (report: SurveyReport): ElementContent => {
  const { records, requests } = report;
  return h('section', { id: 'counts' }, [
    table(
      ['providers', 'not found', 'answer unreadable', 'organizations', 'walks', 'requests', 'without an HTTP answer'],
      [
        [
          records.providers,
          records.notFound,
          records.unreadable ?? 0,
          records.organizations,
          records.walks,
          requests.total,
          requests.transportErrors,
        ],
      ],
    ),
    h('p', text(`Organizations are walked by ${report.paging.by} alone, ${report.paging.pageSize} a page (§4.3, §8).`)),
    ...(report.sample
      ? [
          h(
            'p#sample',
            text(
              `A sample: ${sampleInWords(report.sample)}, drawn by seed ${report.sample.seed} (--sample, --seed). Each rate stands for the whole directory, with its 95% interval.`,
            ),
          ),
        ]
      : []),
  ]);
};

/** Each requirement's rate, and where failures.csv was cut short. */
const requirementsSection = (report: SurveyReport): ElementContent =>
  h('section', { id: 'requirements' }, [
    h('h2', text('Requirements')),
    table(
      ['requirement', 'level', 'records checked', 'failed', 'rate', ...(report.sample ? ['95% interval'] : [])],
      report.requirements.map((r) => [
        r.id,
        r.level,
        r.checked,
        r.failed,
        percent(r.rate),
        ...(report.sample ? [r.interval95 ? interval(r.interval95) : '-'] : []),
      ]),
    ),
    ...(report.failureRows.reached
      ? [
          h(
            'p',
            text(
              `failures.csv holds the first ${report.failureRows.bound} rows by key (--max-failure-rows); the counts above hold every failure.`,
            ),
          ),
        ]
      : []),
  ]);

/** What a survey does not judge, what it observed, and the input lines it skipped. */
const notJudgedAndObserved = (report: SurveyReport): ElementContent[] => [
  ...((report.notJudged ?? []).length > 0
    ? [
        h('section', { id: 'not-judged' }, [
          h('h2', text('Not judged here')),
          h('p', text('Each needs a request a survey does not make; the conformance run (directory-conformance run) judges it.')),
          table(
            ['requirement', 'level', 'what it needs'],
            (report.notJudged ?? []).map((r) => [r.id, r.level, r.needs.join('; ')]),
          ),
        ]),
      ]
    : []),
  ...report.observations.map((o) =>
    h('section', { className: ['observation'] }, [
      h('h2', text(`${o.id}: values seen, and how many records hold each`)),
      table(
        ['value', 'records'],
        Object.entries(o.values).map(([value, records]) => [served(value), records]),
      ),
    ]),
  ),
  ...(report.inputProblems.length > 0
    ? [
        h('section', { id: 'input' }, [
          h('h2', text('Input lines skipped')),
          table(
            ['line', 'value', 'reason'],
            report.inputProblems.map((p) => [p.line, served(p.value), p.reason]),
          ),
        ]),
      ]
    : []),
];

export function surveyPage(
  report: SurveyReport,
  { verdict, why }: { verdict: SurveyVerdict; why: string },
  charts: SurveyCharts,
  credentials: ConformanceReport['target']['credentials'],
): string {
  const target = report.target.embedded ? `${report.target.baseUrl} (the embedded reference server)` : report.target.baseUrl;
  const shard = report.shard.total > 1 ? `, shard ${report.shard.index} of ${report.shard.total}` : '';
  const body: ElementContent[] = [
    h('header', { className: ['banner', verdict] }, [
      h('h1', text(`Directory survey: ${verdict.toUpperCase()}`)),
      h('p', text(`${target}${shard}`)),
      h(
        'p',
        text(
          `${report.started} to ${report.finished}${report.complete ? '' : `: incomplete${report.stopped ? ` (${report.stopped})` : ''}`}`,
        ),
      ),
      // Why, as the one verdict function said it.
      h('p#verdict-why', text(why)),
    ]),
    // What a reader came for first: the requirements records broke, and those records.
    ...examples(report, credentials),
    countsSection(report),
    h('section', { id: 'charts' }, [
      ...(charts.failureRate
        ? chart('Failure rate per requirement', charts.failureRate)
        : [h('p.reason#no-failure-rate', 'No record failed a requirement: there is no failure rate to draw.')]),
      ...chart('Latency per endpoint', charts.latency),
    ]),
    requirementsSection(report),
    ...coverage(report),
    ...findability(report),
    ...relations(report),
    ...bySource(report),
    ...dataQuality(report),
    ...exportSection(report),
    ...diffSection(report),
    ...notJudgedAndObserved(report),
  ];
  // The banner across the page; the rest in its column (main), with margins on either side.
  const [banner, ...content] = body;
  return page(`Directory survey: ${verdict}`, [banner, h('main', content)]);
}
