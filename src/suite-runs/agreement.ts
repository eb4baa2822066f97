/**
 * Whether the drivers of the one rulebook agree on a scenario of the mutation run: the suite's
 * report, the survey's (for a fault whose requirement the survey judges, and for every conformant
 * variant), `probes check`'s verdicts and, for a fault no request of the suite meets, explore's. They agree when
 *   - the survey fails a fault's requirement at the fault's level (a SHOULD fault at SHOULD only), but
 *     for a fault that says why no request of the survey meets it (unseenBySurvey);
 *   - the survey fails no MUST requirement that the suite does not fail, so a SHOULD fault never makes
 *     the survey exit 1 where the suite does not;
 *   - a conformant variant surveys clean: complete, no failing record, and the choice it makes
 *     recorded where the survey records it (its observation of a record or a walk);
 *   - `probes check` contradicts exactly the promises the suite lists as probe problems.
 * docs/agreement.md is the table of it, one row a scenario, checked current by the mutation run.
 */
import type { PromiseCheck } from '../probe-tools/verify';
import { type Fault, isFault, type Scenario } from '../reference/scenarios/scenario';
import { observationsOf } from '../rules/rulebook';
import { requirement, type Level } from '../spec/catalogue';
import type { ReplayedFailure, ReplayStatus } from '../replay/replay-report';
import type { ConformanceReport, Probes, SurveyReport } from '../types/schemas';

export interface DriverOutcomes {
  suite: ConformanceReport;
  /** Absent when the survey meets no subject of the fault's requirement. */
  survey?: SurveyReport;
  probes: readonly PromiseCheck[];
  /** `probes draft` from `seeds`, where it was tried: the clean server and the faults of the seeds' own records. */
  draft?: { probes: Probes; notes: readonly string[]; seeds: readonly string[] };
  /** explore's report: for every conformant scenario, and for a fault no request of the suite meets (Fault.unseenBySuite). */
  explore?: ConformanceReport;
  /** judge's report of the suite's own recording (run --har), where it was asked. */
  judged?: ConformanceReport;
  /** replay of the suite's report, where it was asked. */
  replayed?: Replayed;
}

/** Each failure of a report replayed: its requirement and outcome, against the target that failed it and against the clean server. */
export interface Replayed {
  again: Pick<ReplayedFailure, 'id' | 'status'>[];
  onClean: Pick<ReplayedFailure, 'id' | 'status'>[];
}

export interface AgreementRow {
  scenario: string;
  /** The fault's requirement and level, or `conformant`. */
  expected: string;
  suite: string;
  survey: string;
  probesCheck: string;
  /** The seeds `probes draft` kept as unique probes, where it was tried; `-` where it was not. */
  probesDraft: string;
  /** explore's failing requirements, where it was asked; `-` where it was not. */
  explore: string;
  /** Whether judge of the suite's recording gave the suite's statuses and failures; `-` where it was not asked. */
  judge: string;
  /** What replay of the suite's report said of its failures, against the fault and against the clean server; `-` where it was not asked. */
  replay: string;
  /** Where the drivers disagree, in words; empty when they agree. */
  disagreements: string[];
}

/** What the survey records of a service's choices: the observations of its records and of its walks (events of a run aside). */
const SURVEYED_OBSERVATIONS: ReadonlySet<string> = observationsOf(
  'unique-search',
  'source-records',
  'page-walk',
  'next-walk',
  'unmatched-search',
);

/** The level a fault must be caught at: its own for a graded requirement's near miss, else the requirement's. */
export const faultLevel = (fault: Fault): Level => fault.level ?? requirement(fault.targets).level;

/** The survey's requirements that some record failed, at each level. */
function surveyFailures(report: SurveyReport): { MUST: Set<string>; SHOULD: Set<string> } {
  const failed = (level: Level) => new Set(report.requirements.filter((r) => r.level === level && r.failed > 0).map((r) => r.id));
  return { MUST: failed('MUST'), SHOULD: failed('SHOULD') };
}

const listed = (ids: Iterable<string>) => [...ids].sort().join(', ');

/** The survey's column: its failing requirements, at their level, or clean. */
function surveyCell(report: SurveyReport | undefined, why: string): string {
  if (!report) return why;
  const { MUST, SHOULD } = surveyFailures(report);
  const parts = [...(MUST.size > 0 ? [`MUST ${listed(MUST)}`] : []), ...(SHOULD.size > 0 ? [`SHOULD ${listed(SHOULD)}`] : [])];
  return `${report.complete ? '' : 'incomplete; '}${parts.length > 0 ? parts.join('; ') : 'clean'}`;
}

/** The suite's column: the failing and warning requirements, and its probe problems. */
function suiteCell(report: ConformanceReport): string {
  const status = (s: string) => report.requirements.filter((r) => r.status === s).map((r) => r.id);
  const parts = [
    ...(status('fail').length > 0 ? [`fail ${listed(status('fail'))}`] : []),
    ...(status('warn').length > 0 ? [`warn ${listed(status('warn'))}`] : []),
    ...(report.probeProblems.length > 0
      ? [`${report.probeProblems.length} probe problem${report.probeProblems.length > 1 ? 's' : ''}`]
      : []),
  ];
  return parts.length > 0 ? parts.join('; ') : 'pass';
}

type JudgedRequirement = ConformanceReport['requirements'][number];

type JudgedFailure = JudgedRequirement['failures'][number];

/** A failure in words and where: what a recording judged again must give. */
const failureAs = (f: JudgedFailure | undefined) => JSON.stringify(f && [f.message, f.url, f.status]);

/**
 * A requirement's failures in words, sorted: an entry that asks its requests side by side judges
 * each answer as it arrives, so the order of its failures is the network's, not the judgement's.
 */
const failuresOf = (r: JudgedRequirement | undefined): string[] => (r?.failures ?? []).map(failureAs).sort();

/** What a requirement was judged: its status and its failures, whatever their order. */
const judgedAs = (r: JudgedRequirement | undefined) => JSON.stringify(r && [r.status, failuresOf(r)]);

/** How two reports judged one requirement, in words: each status and count of failures, and the first failure that differs. */
function howJudged(id: string, suite: ConformanceReport, judged: ConformanceReport): string {
  const [a, b] = [suite, judged].map((report) => report.requirements.find((r) => r.id === id));
  const [fa, fb] = [failuresOf(a), failuresOf(b)];
  const first = fa.findIndex((f, i) => f !== fb[i]);
  const shown = (failures: string[]) => {
    const failure = failures[first === -1 ? fa.length : first];
    if (!failure) return 'none';
    const [message, url] = JSON.parse(failure) as [string, string];
    return `"${message.slice(0, 160)}" at ${url}`;
  };
  return `suite ${a?.status ?? 'none'} with ${fa.length} failures, judge ${b?.status ?? 'none'} with ${fb.length}; the first that differs: ${shown(fa)} against ${shown(fb)}`;
}

/** Replay's outcomes in words: each requirement and what replay said of it. */
const outcomeList = (outcomes: Replayed['again']) => outcomes.map((o) => `${o.id} ${o.status}`).join(', ');

/** The replay column: how many failures still fail against the fault, and how many are fixed on the clean server. */
function replayCell({ again, onClean }: Replayed): string {
  const count = (outcomes: Replayed['again'], status: ReplayStatus) => outcomes.filter((o) => o.status === status).length;
  return `${count(again, 'still fails')} of ${again.length} still fail; ${count(onClean, 'fixed')} of ${onClean.length} fixed on clean`;
}

/** The requirements of either report judged otherwise by the other. */
const differing = (a: ConformanceReport, b: ConformanceReport) =>
  [...new Set([...a.requirements, ...b.requirements].map((r) => r.id))].filter(
    (id) => judgedAs(a.requirements.find((r) => r.id === id)) !== judgedAs(b.requirements.find((r) => r.id === id)),
  );

function probesCell(checks: readonly PromiseCheck[]): string {
  const count = (status: PromiseCheck['status']) => checks.filter((c) => c.status === status).length;
  return `${count('holds')} hold, ${count('contradicted')} contradicted, ${count('unconfirmed')} unconfirmed`;
}

export function agreementRow(
  scenario: Scenario,
  { suite, survey, probes, draft, explore, judged, replayed }: DriverOutcomes,
  notSurveyed: string,
): AgreementRow {
  const unseen = isFault(scenario) && scenario.unseenBySurvey !== undefined ? `; never met: ${scenario.unseenBySurvey}` : '';
  const disagreements: string[] = [];
  // A fault the suite never meets, by the fault's own word: the suite failing it makes the word stale.
  if (isFault(scenario) && scenario.unseenBySuite !== undefined) {
    const status = suite.requirements.find((r) => r.id === scenario.targets)?.status;
    if (status === 'fail' || status === 'warn')
      disagreements.push(`the fault says the suite never meets it (${scenario.unseenBySuite}), yet the suite fails ${scenario.targets}`);
  }
  if (survey) {
    const { MUST, SHOULD } = surveyFailures(survey);
    if (isFault(scenario)) {
      const level = faultLevel(scenario);
      const caught = level === 'MUST' ? MUST.has(scenario.targets) : SHOULD.has(scenario.targets) && !MUST.has(scenario.targets);
      if (scenario.unseenBySurvey !== undefined && (MUST.has(scenario.targets) || SHOULD.has(scenario.targets)))
        disagreements.push(
          `the fault says the survey never meets it (${scenario.unseenBySurvey}), yet the survey fails ${scenario.targets}`,
        );
      else if (scenario.unseenBySurvey === undefined && !caught)
        disagreements.push(`the survey does not fail ${scenario.targets} at ${level}`);
    } else {
      if (!survey.complete) disagreements.push(`a conformant variant, yet the survey is incomplete: ${survey.stopped ?? ''}`);
      if (MUST.size + SHOULD.size > 0) disagreements.push(`a conformant variant, yet the survey fails ${listed([...MUST, ...SHOULD])}`);
      // The choice the variant makes is recorded, as the run records it: a 404 past the last page, say, ends a walk the rule judges whole.
      if (scenario.observes && SURVEYED_OBSERVATIONS.has(scenario.observes) && !survey.observations.some((o) => o.id === scenario.observes))
        disagreements.push(`a conformant variant that ${scenario.observes} records, yet the survey does not record it`);
    }
    const suiteFails = new Set(suite.requirements.filter((r) => r.status === 'fail').map((r) => r.id));
    const beyond = [...MUST].filter((id) => !suiteFails.has(id));
    if (beyond.length > 0) disagreements.push(`the survey fails ${listed(beyond)} at MUST, the suite does not`);
  }
  // explore on a conformant scenario: quiet, whatever it drew (a gap it could not close is no finding).
  if (explore && !isFault(scenario)) {
    const found = explore.requirements.filter((r) => r.status === 'fail' || r.status === 'warn').map((r) => r.id);
    if (found.length > 0) disagreements.push(`a conformant variant, yet explore fails ${listed(found)}`);
  }
  // The draft keeps its evidence: a seed that finds exactly one provider is written, whatever rules its record breaks.
  const kept = draft ? new Set((draft.probes.provider?.unique ?? []).flatMap(({ query }) => (query.NPI ? [query.NPI] : []))) : undefined;
  const dropped = draft ? draft.seeds.filter((seed) => !kept!.has(seed)) : [];
  if (dropped.length > 0)
    disagreements.push(`probes draft left out seed${dropped.length === 1 ? '' : 's'} ${dropped.join(', ')}: the draft keeps its evidence`);
  const contradicted = new Set(probes.filter((c) => c.status === 'contradicted').map((c) => c.probe));
  const problems = new Set(suite.probeProblems.map((p) => p.probe));
  const onlyCheck = [...contradicted].filter((p) => !problems.has(p));
  const onlySuite = [...problems].filter((p) => !contradicted.has(p));
  if (onlyCheck.length > 0) disagreements.push(`probes check contradicts ${onlyCheck.join('; ')}, the suite lists no such probe problem`);
  if (onlySuite.length > 0)
    disagreements.push(`the suite lists a probe problem for ${onlySuite.join('; ')}, probes check does not contradict it`);
  const rejudged = judged ? differing(suite, judged) : [];
  if (rejudged.length > 0)
    disagreements.push(
      `judge of the suite's recording differs from the suite on ${listed(rejudged)} (${rejudged.map((id) => howJudged(id, suite, judged!)).join('; ')})`,
    );
  // replay: every failure still fails against the fault that made it, and is fixed against the clean server.
  if (replayed) {
    const otherwise = (outcomes: Replayed['again'], wanted: ReplayStatus) => outcomes.filter((o) => o.status !== wanted);
    const [again, onClean] = [otherwise(replayed.again, 'still fails'), otherwise(replayed.onClean, 'fixed')];
    if (again.length > 0) disagreements.push(`replay against the fault says ${outcomeList(again)}, not still fails`);
    if (onClean.length > 0) disagreements.push(`replay against the clean server says ${outcomeList(onClean)}, not fixed`);
  }
  return {
    scenario: scenario.name,
    expected: isFault(scenario) ? `${scenario.targets} ${faultLevel(scenario)}` : 'conformant',
    suite: suiteCell(suite),
    survey: `${surveyCell(survey, notSurveyed)}${unseen}`,
    probesCheck: probesCell(probes),
    probesDraft: draft ? `${kept!.size} of ${draft.seeds.length} seeds kept` : '-',
    explore: explore ? suiteCell(explore) : '-',
    judge: judged === undefined ? '-' : rejudged.length === 0 ? 'same' : suiteCell(judged),
    replay: replayed ? replayCell(replayed) : '-',
    disagreements,
  };
}
