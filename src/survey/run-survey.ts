/**
 * A survey: every NPI of a list and every page of the organization walks, at the client's pace
 * (MAX_RPS, Retry-After), `concurrency` at a time, each unit judged, journaled and counted as it
 * comes back. A resumed survey first folds its journal, then asks only for what is not in it.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { DirectoryEndpoints } from '../client/endpoints';
import { TransportError } from '../client/http-client';
import { type JsonObject, type Redact, PageWalk, pageGoesOn, textOf } from '../rules/rulebook';
import { Journal, journalUnits } from './journal';
import { type InputCounts, type InputProblem, readNpis } from './npi-input';
import { type PageOutline, peekPage, surveyWalkPage, type WalkPageRequest } from './page-record';
import { surveyProvider } from './provider-record';
import { NoAnswerAboutData, TimedRequests } from './timed-requests';
import type { ExportReadUnit, InputProblemUnit, InputReadUnit, PageUnit, SurveyStop, SurveyUnit, TransportFailureUnit } from './records';
import { indexExport } from '../export/dry-run';
import type { ExportHoldings, ExportIndex } from '../export/holdings';
import { readExport } from '../export/read-export';
import type { ExportSource } from '../export/source';
import { exportedKey, exportedPlace, surveyExportedResource } from './export-record';
import { resourceNpis } from '../quality/record-quality';
import { npiShard, type Shard } from './shard';
import { type SurveyPlan, surveysNpi } from './survey-plan';
import { SurveyTally } from './tally';
import { notJudgedHere, surveyCoverage } from './subjects';
import { inSample } from './sample';
import type { FailureRow } from '../report/survey/failures-csv';
import { clearSurvey } from '../report/survey/write-survey';
import { hintedPages, ownPages, surveyWalk, walkPageOf } from './walk-plan';
import { awaitedTask, mergeTasks, runPool, type Task } from './work-pool';
import type { FailingKeys, SurveyReport } from '../types/schemas';
import { PAGE_SIZE } from '../spec/constants';
import type { Progress } from './progress';
import { SUITE_VERSION } from '../suite-version';
import { kindSearches, kindWalkNumber } from './search-kinds';
import type { QualityLists } from '../quality/record-quality';
import { dayOfTimestamp } from '../quality/dates';

/** The period of the event-loop delay probe, in ms. */
const LOOP_RESOLUTION_MS = 1;

/** Units in a row left without an answer about the data before the survey stops: the service is down, not flaky. */
export const STOP_AFTER_TRANSPORT_ERRORS = 10;

/**
 * Walks opened past the one counted next, when walks are counted as they end (each walk's pages are
 * held until every walk before it has ended). One: the walk counted next asks `concurrency` pages
 * ahead, and the next one's page 1 is under way when it ends. At 100,000 organizations in walks of
 * 10,000, eight walks open at once held 77,000 organizations' pages at the peak; the survey took
 * as long with one ahead, at no latency and at 50 ms.
 */
export const WALKS_AHEAD = 1;

export interface SurveySettings {
  out: string;
  resume: boolean;
  concurrency: number;
  progress: Progress;
  redact: Redact;
  /**
   * Aborted by a signal, its reason the SurveyStop: the survey stops taking work, leaves the units
   * under way (--resume asks them again), keeps what it has, and says it is incomplete.
   */
  stop?: AbortSignal;
  /** --deactivated-npis and --taxonomy-codes, read: what the scorecard's list measures compare with. */
  lists?: QualityLists;
  /** --export, its files found (the plan names it as given). */
  exported?: ExportSource;
}

export interface SurveyResult {
  report: SurveyReport;
  rows: FailureRow[];
  /** failing-keys.json's requirements: every failing record's key, per requirement and level. */
  failingKeys: FailingKeys['requirements'];
}

/**
 * What a resumed survey found in its journal: the NPI lines done, and the tally, which holds the
 * pages. Only a resume needs it: a survey under way reads each line and asks each page once.
 */
interface Journaled {
  lines: ReadonlySet<number>;
  /** The export's resources done, by `file\nline`. */
  exported: ReadonlySet<string>;
  page(walk: number, page: number): PageOutline | undefined;
}

export async function runSurvey(endpoints: DirectoryEndpoints, plan: SurveyPlan, settings: SurveySettings): Promise<SurveyResult> {
  try {
    const result = await surveyed(endpoints, plan, settings);
    settings.progress.stop();
    return result;
  } catch (error) {
    // A survey refused or broken: its error is said, not a last count, and no timer of the display outlives it.
    settings.progress.stop(false);
    throw error;
  }
}

async function surveyed(endpoints: DirectoryEndpoints, plan: SurveyPlan, settings: SurveySettings): Promise<SurveyResult> {
  // The export is read whole first, before the folder is touched (an export of nothing is refused):
  // the walks' organizations are looked up in it (DQ-EXPORT-UNPUBLISHED).
  const exportIndex = settings.exported ? await indexExport(settings.exported) : undefined;
  mkdirSync(settings.out, { recursive: true });
  const tally = new SurveyTally(plan);
  const lines = new Set<number>();
  const exported = new Set<string>();
  const done: Journaled = { lines, exported, page: (walk, page) => tally.page(walk, page) };
  let journal: Journal;
  // The checkpoint keeps the plan as every output shows it: a walk's credential-like parameter redacted.
  const kept = settings.redact(plan);
  if (settings.resume) {
    journal = Journal.resume(settings.out, kept);
    for await (const unit of journalUnits(settings.out, journal.openedAt)) {
      tally.add(unit);
      if (unit.kind === 'export') exported.add(exportedPlace(unit));
      else if (unit.kind === 'provider' || unit.kind === 'input') lines.add(unit.line);
    }
  } else journal = Journal.start(settings.out, JSON.stringify(kept), new Date().toISOString());
  // A survey of every page counts each walk as it ends, rather than holding the directory's pages to the finish.
  if (plan.shard.total === 1) tally.foldWalksAsTheyEnd();
  // Before the first request: an earlier survey's report (or this one's, stopped before) is no verdict of this survey.
  clearSurvey(settings.out);

  // A unit left without an answer about the data (none came, or a 401, 403, 429 or 5xx) is never
  // journaled: it is counted in this execution's report (its requests, its transport errors), the
  // survey is incomplete, and --resume asks it again.
  let unanswered = 0;
  let inARow = 0;
  let stopped: SurveyStop | undefined;
  const judged = (unit: SurveyUnit) => {
    inARow = 0;
    journal.append(unit);
    tally.add(unit);
    settings.progress.update(tally);
  };
  const failed = (error: unknown) => {
    if (!(error instanceof UnitTransportError)) throw error;
    tally.add(error.unit);
    unanswered++;
    settings.progress.update(tally, ++inARow);
    if (inARow >= STOP_AFTER_TRANSPORT_ERRORS)
      stopped ??= {
        kind: 'service-stopped',
        text: `the service stopped answering: ${inARow} units of work in a row were left without an answer about the directory (last: ${error.unit.reason})`,
      };
  };
  const signalled = () => (settings.stop?.aborted ? (settings.stop.reason as SurveyStop) : undefined);
  const saving = setInterval(() => journal.save(), 2_000);
  const counting = countingPlan(plan, settings.progress, done);
  // How long this process's own event loop was kept waiting: what of a measured latency may be the harness's, not the service's.
  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loopDelay.enable();
  try {
    const firstPages = plan.walks.map(firstPageOutline);
    await runPool(work({ endpoints, plan, settings, done, counting, firstPages, exportIndex, tally }), settings.concurrency, {
      done: judged,
      failed,
      stopping: () => (stopped ??= signalled()) !== undefined,
      abandon: settings.stop,
    });
    // The units under way when the signal came were left, not finished: the survey stopped.
    stopped ??= signalled();
  } finally {
    clearInterval(saving);
    loopDelay.disable();
  }
  if (unanswered > 0)
    stopped ??= {
      kind: 'unanswered',
      text: `${unanswered} unit${unanswered === 1 ? '' : 's'} of work ${unanswered === 1 ? 'was' : 'were'} left without an answer about the directory (the last: ${tally.lastTransportError})`,
    };
  journal.save(stopped === undefined);
  journal.close();
  // The histogram holds each timer's whole wait, its own period included: the delay is what lies beyond it.
  const ms = (ns: number) => Math.max(0, Math.round((ns / 1e6 - LOOP_RESOLUTION_MS) * 100) / 100);
  const result = surveyReport(tally, plan, { started: journal.started, stopped });
  result.report.harness = {
    eventLoopDelayMs: { p50: ms(loopDelay.percentile(50)), p99: ms(loopDelay.percentile(99)), max: ms(loopDelay.max) },
  };
  return result;
}

/** survey.json from a tally: the shard's own, or, merged, the whole survey's. */
export function surveyReport(
  tally: SurveyTally,
  plan: SurveyPlan,
  { started, stopped, id = randomUUID() }: { started: string; stopped?: SurveyStop; id?: string },
): SurveyResult {
  const { rows, failureRows, failingKeys, skips, ...counts } = tally.finish(plan.shard.total === 1, dayOfTimestamp(started));
  // Every unit judged, and yet not whole: a walk that reached the survey's page bound before its end, or a page of more entries than are judged.
  const incomplete = stopped ?? tally.notWhole();
  const report: SurveyReport = {
    suite: { version: SUITE_VERSION },
    id,
    target: { baseUrl: plan.baseUrl, embedded: plan.embedded },
    started,
    finished: new Date().toISOString(),
    complete: incomplete === undefined,
    ...(incomplete ? { stopped: incomplete.text, stop: { kind: incomplete.kind } } : {}),
    shard: { index: plan.shard.index, total: plan.shard.total },
    ...(plan.sample ? { sample: plan.sample } : {}),
    paging: { by: 'Page', pageSize: PAGE_SIZE },
    ...counts,
    notJudged: notJudgedHere(plan.findability === true),
    coverage: surveyCoverage(plan, counts.requirements, skips),
    records: { ...counts.records, walks: plan.walks.length },
    failureRows,
  };
  return { report, rows, failingKeys };
}

/** A request that left its unit without an answer about the data: none came, or one that says nothing of it. */
const leftUnanswered = (error: unknown): error is TransportError | NoAnswerAboutData =>
  error instanceof TransportError || error instanceof NoAnswerAboutData;

/** A unit left without an answer about the data: what it asked, for this execution's counts. */
class UnitTransportError extends Error {
  constructor(readonly unit: TransportFailureUnit) {
    super(unit.reason);
  }
}

/** Runs a unit's requests; a TransportError becomes the unit's failure, with the requests it made. */
async function unitOf<T extends SurveyUnit>(
  where: Pick<TransportFailureUnit, 'line' | 'walk' | 'page' | 'file'>,
  judge: (requests: TimedRequests) => Promise<T>,
): Promise<T> {
  const requests = new TimedRequests();
  try {
    const unit = await judge(requests);
    // The record's time, as survey diff reads it: when the answer that judged it came.
    if (unit.kind === 'provider' || unit.kind === 'page' || unit.kind === 'export') unit.at = new Date().toISOString();
    return unit;
  } catch (error) {
    if (!leftUnanswered(error)) throw error;
    throw new UnitTransportError({ kind: 'transport-error', ...where, requests: requests.outcomes, reason: error.message });
  }
}

/**
 * How the units to come are counted for progress (see Progress): ahead where they can be (an NPI
 * file, a walk whose page 1 gives a page count), else as they are yielded (standard input, the
 * pages of a walk without one).
 */
interface Counting {
  expect(units: number): void;
  /** One more part of the plan (the NPI list, a walk) is counted whole. */
  counted(): void;
  /** A part counted whole goes on past its count (a walk past the page count its total hinted at): a lower bound again. */
  reopened(): void;
}

/** The NPI list's units (this shard's lines and every input problem, less the journal's) counted by a pass of their own. */
async function countNpiUnits(plan: SurveyPlan, done: Journaled): Promise<number> {
  let units = 0;
  const problem = ({ line }: { line: number }) => void (done.lines.has(line) || units++);
  for await (const line of readNpis(plan.npis!, { delimiter: plan.delimiter, problem }))
    if (surveysNpi(plan, line.npi) && !done.lines.has(line.line)) units++;
  // And the list's own account, a unit of its own once it is read to its end.
  return units + 1;
}

function countingPlan(plan: SurveyPlan, progress: Progress, done: Journaled): Counting {
  let open = plan.walks.length + (plan.npis === undefined ? 0 : 1) + (plan.export === undefined ? 0 : 1);
  progress.uncounted(open);
  const counting: Counting = {
    expect: (units) => progress.expect(units),
    counted: () => progress.uncounted(--open),
    reopened: () => progress.uncounted(++open),
  };
  // A file is read twice: once to count, beside the survey, and once to survey. A file the count
  // cannot read is the survey's to report, as it reads it.
  if (plan.npis !== undefined && plan.npis !== '-')
    countNpiUnits(plan, done).then(
      (units) => {
        counting.expect(units);
        counting.counted();
      },
      () => undefined,
    );
  return counting;
}

/**
 * Every unit of the plan that this shard owns and the journal does not hold: the NPI list's in its
 * order, and each walk's, the list and the walks taken in turn, as many walks open at once as units
 * run at once. A walk waits on its pages (page 1 says how many there are; the walk rule, whether
 * the walk goes on), and with --findability a page takes as long as 25 organizations' searches: one
 * walk after another left the other workers idle meanwhile.
 */
function work(survey: SurveyWork): AsyncGenerator<Task<SurveyUnit>> {
  const { plan, settings } = survey;
  let opened = 0;
  const walks = plan.walks.map((query, walk) => () => {
    opened = walk + 1;
    return walkWork(survey, walk, query);
  });
  const kinds = countsKindValues(plan) ? [() => kindWork(survey)] : [];
  const exported = survey.exportIndex ? [() => exportWork(survey)] : [];
  return mergeTasks(
    [...(plan.npis === undefined ? [] : [() => npiWork(survey)]), ...exported, ...walks, ...kinds],
    settings.concurrency + 1,
    // Counted as they end, in order, a walk's pages are held until every walk before it has ended:
    // the walks open are the one counted next and WALKS_AHEAD after it. Behind a long walk, every
    // walk open beside it would be held whole.
    () => {
      const countedNext = survey.tally.walkCountedNext;
      return countedNext === undefined || opened <= countedNext + WALKS_AHEAD;
    },
  );
}

/** With --findability and a walk: the first pages of the plan's walks give one search of each kind (search-kinds.ts). */
const countsKindValues = (plan: SurveyPlan): boolean => plan.findability === true && plan.walks.length > 0;

/** A walk's page 1 as it comes: its outline, or undefined when it was left unanswered. */
interface FirstPageOutline {
  outline: Promise<PageOutline | undefined>;
  known(outline: PageOutline | undefined): void;
}

function firstPageOutline(): FirstPageOutline {
  let known: FirstPageOutline['known'] = () => undefined;
  const outline = new Promise<PageOutline | undefined>((resolve) => (known = resolve));
  return { outline, known };
}

/** The searches of each kind, once every walk of the plan's page 1 gave its values, each walked as a walk of the plan is, numbered after the plan's. */
async function* kindWork(survey: SurveyWork): AsyncGenerator<Task<SurveyUnit>> {
  const firstPages = await Promise.all(survey.firstPages.map((page) => page.outline));
  for (const { kind, query } of kindSearches(firstPages, survey.plan)) {
    // A walk more than the plan counted: open again for progress until it is counted.
    survey.counting.reopened();
    yield* walkWork(survey, kindWalkNumber(survey.plan, kind), query);
  }
}

/** What every part of a survey's work reads: the service, the plan and settings, the journal's units, and the progress's count. */
interface SurveyWork {
  endpoints: DirectoryEndpoints;
  plan: SurveyPlan;
  settings: SurveySettings;
  done: Journaled;
  counting: Counting;
  /** Each walk of the plan's page 1, as the searches of each kind wait for it. */
  firstPages: FirstPageOutline[];
  /** With --export: the export read whole (indexExport). */
  exportIndex?: { index: ExportIndex; holdings: ExportHoldings };
  /** What is counted: which walk of the plan it counts next. */
  tally: Pick<SurveyTally, 'walkCountedNext'>;
}

/**
 * The export's units: every Organization and resource carrying an NPI this shard owns (by its key's
 * hash, as NPIs are split) and the sample drew, the journal's aside, each asked of the service as it
 * is read; then the export's own account, the same in every shard (its references, its stamps).
 */
async function* exportWork({ endpoints, plan, settings, done, counting, exportIndex }: SurveyWork): AsyncGenerator<Task<SurveyUnit>> {
  const { holdings } = exportIndex!;
  let notSampled = 0;
  for await (const exported of readExport(settings.exported!, () => undefined)) {
    // Asked of the service: an Organization, or any resource carrying an NPI.
    const organization = exported.resource.resourceType === 'Organization';
    const [npi] = resourceNpis(exported.resource);
    if (!organization && npi === undefined) continue;
    const key = exportedKey(exported);
    const drawn = organization
      ? inSample(plan.sample, 'organization', textOf(exported.resource.id) || key)
      : inSample(plan.sample, 'npi', npi);
    if (!drawn) {
      notSampled++;
      continue;
    }
    if (npiShard(key, plan.shard.total) !== plan.shard.index || done.exported.has(exportedPlace(exported))) continue;
    counting.expect(1);
    yield {
      run: () =>
        unitOf({ file: exported.file, line: exported.line }, (requests) =>
          surveyExportedResource(endpoints, exported, settings.redact, requests),
        ),
    };
  }
  const read: ExportReadUnit = {
    kind: 'export-read',
    references: holdings.referencesByOrigin,
    oneStamp: holdings.stamps.flatMap(({ file, stamped, oneStamp }) =>
      oneStamp === undefined ? [] : [{ file, stamp: oneStamp, resources: stamped }],
    ),
    resources: holdings.resources,
    problems: holdings.problems,
    ...(plan.sample ? { notSampled } : {}),
  };
  counting.expect(1);
  yield { run: async () => read };
  counting.counted();
}

/** The NPI list's units: every NPI this shard owns and the journal does not hold, every input problem, and the list's own account. */
async function* npiWork({ endpoints, plan, settings, done, counting }: SurveyWork): AsyncGenerator<Task<SurveyUnit>> {
  const { shard } = plan;
  if (plan.npis !== undefined) {
    const problems: InputProblemUnit[] = [];
    // A file was counted ahead (countingPlan); standard input is counted as it comes.
    const asTheyCome = plan.npis === '-';
    const comes = (task: Task<SurveyUnit>): Task<SurveyUnit> => {
      if (asTheyCome) counting.expect(1);
      return task;
    };
    const unjournaled = (units: InputProblemUnit[]) => units.filter((problem) => !done.lines.has(problem.line));
    const counts: InputCounts = { rows: 0, duplicates: 0, problems: 0 };
    const problem = (p: InputProblem) => problems.push({ kind: 'input', ...p });
    let notSampled = 0;
    for await (const line of readNpis(plan.npis, { delimiter: plan.delimiter, problem, counts })) {
      for (const problem of unjournaled(problems.splice(0))) yield comes({ run: async () => problem });
      // Counted in every shard alike: the sample is drawn from the whole list.
      if (!inSample(plan.sample, 'npi', line.npi)) {
        notSampled++;
        continue;
      }
      if (npiShard(line.npi, shard.total) !== shard.index || done.lines.has(line.line)) continue;
      yield comes({
        run: () =>
          unitOf({ line: line.line }, (requests) =>
            surveyProvider(
              endpoints,
              line,
              { redact: settings.redact, findability: plan.findability === true, lists: settings.lists ?? {} },
              requests,
            ),
          ),
      });
    }
    for (const problem of unjournaled(problems)) yield comes({ run: async () => problem });
    // The list read to its end: its rows are accounted for in survey.json's input (journaled again on a resume, the same).
    const read: InputReadUnit = { kind: 'input-read', ...counts, ...(plan.sample ? { notSampled } : {}) };
    yield comes({ run: async () => read });
    if (asTheyCome) counting.counted();
  }
}

/** One walk's units, its count for progress made once. */
async function* walkWork(
  { endpoints, plan, settings, done, counting, firstPages, exportIndex }: SurveyWork,
  walk: number,
  query: Record<string, string>,
): AsyncGenerator<Task<SurveyUnit>> {
  let walkCounted = false;
  const countedOnce = () => {
    if (!walkCounted) counting.counted();
    walkCounted = true;
  };
  const reopened = () => {
    if (walkCounted) counting.reopened();
    walkCounted = false;
  };
  const firstPage = walk < plan.walks.length && countsKindValues(plan) ? firstPages[walk] : undefined;
  try {
    yield* walkPages(
      endpoints,
      walk,
      query,
      plan.shard,
      // A search of each kind is walked for its paging: its organizations are judged, not searched by their own values again.
      {
        ...(walk < plan.walks.length ? plan : { sample: plan.sample }),
        ...(exportIndex ? { exported: (organization: JsonObject) => exportIndex.index.holdsOrganization(organization) } : {}),
      },
      settings,
      done,
      { expect: counting.expect, counted: countedOnce, reopened },
      firstPage,
    );
  } finally {
    // Whatever ended the walk, the searches of each kind wait no longer (a page 1 already known stays known).
    firstPage?.known(undefined);
  }
  countedOnce();
}

/** A page of a walk, from the journal or asked now; undefined when it was left without an answer about the directory. */
async function* pageOf(
  walk: number,
  number: number,
  done: Journaled,
  result: { unit?: PageOutline },
  counting: Pick<Counting, 'expect'>,
  ask: (number: number) => () => Promise<SurveyUnit>,
): AsyncGenerator<Task<SurveyUnit>> {
  const journaled = done.page(walk, number);
  if (journaled) {
    result.unit = journaled;
    return;
  }
  counting.expect(1);
  const { task, outcome } = awaitedTask<SurveyUnit>(ask(number));
  yield task;
  const settled = await outcome;
  if ('value' in settled) result.unit = settled.value as PageUnit;
}

async function* walkPages(
  endpoints: DirectoryEndpoints,
  walk: number,
  query: Record<string, string>,
  shard: Shard,
  { findability, sample, exported }: Pick<SurveyPlan, 'findability' | 'sample'> & Pick<WalkPageRequest, 'exported'>,
  settings: SurveySettings,
  done: Journaled,
  counting: Counting,
  firstPage?: Pick<FirstPageOutline, 'known'>,
): AsyncGenerator<Task<SurveyUnit>> {
  const kindValues = firstPage !== undefined;
  const ask = (number: number) => () =>
    unitOf({ walk, page: number }, (requests) =>
      surveyWalkPage(
        endpoints,
        {
          walk,
          query,
          page: number,
          findability: findability === true,
          sample,
          abandon: settings.stop,
          lists: settings.lists ?? {},
          kindValues,
          exported,
        },
        settings.redact,
        requests,
      ),
    );
  // Page 1 says how many pages there may be; a shard that does not own it asks for it without judging it.
  const first: { unit?: PageOutline } = {};
  if (shard.total === 1 || shard.index === 1) yield* pageOf(walk, 1, done, first, counting, ask);
  else {
    try {
      first.unit = await peekPage(endpoints, query, kindValues);
    } catch (error) {
      if (!leftUnanswered(error)) throw error;
      // The shard cannot know its pages: it is incomplete, and --resume asks page 1 again.
      const reason = error.message;
      yield {
        run: () => Promise.reject(new UnitTransportError({ kind: 'transport-error', walk, page: 1, requests: [], reason })),
      };
    }
  }
  firstPage?.known(first.unit);
  if (!first.unit) return;
  if (shard.total === 1) yield* walkInOrder(walk, query, first.unit, done, counting, ask, settings.concurrency);
  else yield* walkShard(walk, shard, first.unit, done, counting, ask);
}

/**
 * One shard's walk: pages asked ahead (up to the page count page 1's total hints at, and never more
 * than `window` past the page the rule wants) and handed to the walk rule in order as they come
 * back; the rule alone says which page comes next and when the walk is over, so a walk asks at most
 * `window` pages past its end, however its total lies. A page left without an answer about the
 * directory ends the asking: the survey is incomplete, and --resume goes on from there.
 */
async function* walkInOrder(
  walk: number,
  query: Record<string, string>,
  first: PageOutline,
  done: Journaled,
  counting: Counting,
  ask: (number: number) => () => Promise<SurveyUnit>,
  window: number,
): AsyncGenerator<Task<SurveyUnit>> {
  const rule = new PageWalk(surveyWalk(query));
  rule.add(walkPageOf(1, first));
  const hint = hintedPages(first) ?? 1;
  const arrived = new Map<number, PageOutline | 'unanswered'>();
  let wake: (() => void) | undefined;
  const arrive = (number: number, outcome: PageOutline | 'unanswered') => {
    arrived.set(number, outcome);
    wake?.();
    wake = undefined;
  };
  // Pages up to the hint are counted ahead for progress, and the page past it, which the walk rule
  // asks to know the last was the last; the rest as they are asked. A walk of full pages without a
  // hint, or one gone past its count, is not counted whole: its total is a lower bound, and no time
  // left is said.
  const counted = hint + 1;
  const ahead = (from: number) => [...ownPages({ index: 1, total: 1 }, from, counted)].filter((number) => !done.page(walk, number)).length;
  counting.expect(ahead(2));
  if (hintedPages(first) !== undefined || first.entries < PAGE_SIZE) counting.counted();
  let asked = 1;
  for (let wanted = rule.wanted; wanted !== undefined; wanted = rule.wanted) {
    const outcome = arrived.get(wanted);
    if (outcome === 'unanswered') break;
    if (outcome) {
      arrived.delete(wanted);
      rule.add(walkPageOf(wanted, outcome));
      continue;
    }
    if (asked < Math.min(Math.max(wanted, hint), wanted + window - 1)) {
      const number = ++asked;
      const journaled = done.page(walk, number);
      if (journaled) {
        arrive(number, journaled);
        continue;
      }
      if (number > counted) {
        counting.expect(1);
        counting.reopened();
      }
      yield { run: ask(number), settled: (o) => arrive(number, 'value' in o ? (o.value as PageUnit) : 'unanswered') };
      continue;
    }
    // Every page up to the one the rule wants is asked: wait for one of them to come back.
    await new Promise<void>((resolve) => (wake = resolve));
  }
  // Pages counted ahead and never asked: the walk ended before the hint.
  if (asked < counted) counting.expect(-ahead(asked + 1));
}

/**
 * A shard of several: its own pages up to the hint, asked concurrently until one of them holds
 * nothing; past the hint, one at a time while the last held organizations new to it. Where a page
 * ends the asking is the walk rule's (pageGoesOn), as where the merge finds the walk's end over
 * every shard's pages.
 */
async function* walkShard(
  walk: number,
  shard: Shard,
  first: PageOutline,
  done: Journaled,
  counting: Pick<Counting, 'expect' | 'counted'>,
  ask: (number: number) => () => Promise<SurveyUnit>,
): AsyncGenerator<Task<SurveyUnit>> {
  const hint = hintedPages(first) ?? 1;
  let end = Infinity;
  let previousOwn: readonly string[] | undefined = shard.index === 1 ? first.ids : undefined;
  if (!pageGoesOn(first)) return;
  for (const number of ownPages(shard, 2, hint)) {
    if (number > end) return;
    const journaled = done.page(walk, number);
    if (journaled) {
      if (!pageGoesOn(journaled)) end = Math.min(end, number);
      previousOwn = journaled.ids;
      continue;
    }
    counting.expect(1);
    yield {
      run: ask(number),
      settled: (outcome) => {
        if (!('value' in outcome) || !pageGoesOn(outcome.value as PageUnit)) end = Math.min(end, number);
      },
    };
  }
  // Past the hint, the organizations this shard met there (and on its last own page before): a page of none new ends the asking.
  const seen = new Set(previousOwn ?? []);
  for (const number of ownPages(shard, hint + 1)) {
    if (number > end) return;
    const result: { unit?: PageOutline } = {};
    yield* pageOf(walk, number, done, result, counting, ask);
    if (!result.unit || !pageGoesOn(result.unit, seen)) return;
    for (const id of result.unit.ids) seen.add(id);
  }
}
