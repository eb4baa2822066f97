/**
 * The survey's counts, folded from its units in any order: per requirement and level, the records
 * checked and failed, failures per source dataset, the examples with the smallest keys and the
 * failure rows (both bounded). Walk-level rules wait for every page of a walk, since a shard holds
 * only some of them: they are judged when the tally is finished, over the pages it was given. A
 * survey of every page (no shard) that starts afresh folds each walk of its plan as soon as it and
 * every walk before it have ended (foldWalksAsTheyEnd): its pages, counted then as at the finish,
 * are no longer held, so that what the tally holds does not grow with the directory.
 */
import { LineSet } from './line-set';
import { FindabilityCounts, type RecordSearches } from './findability-rates';
import { wilsonInterval } from '../verdicts/wilson-interval';
import type { Sample } from './sample';
import { type WalkedPage, PageWalk, walkedPage } from '../rules/rulebook';
import { judgeSurveyed } from './subjects';
import { recordVerdict } from './record-verdict';
import { type ObservationId, notApplicable, requirement, type Level, type RequirementId } from '../spec/catalogue';
import { observedBehaviour } from '../verdicts/baseline/observed-behaviour';
import type { FailingKeys, NotJudgedReason, SurveyReport } from '../types/schemas';
import type { FailureRow } from '../report/survey/failures-csv';
import { LatencyHistograms } from './latency';
import { DemographicGroups } from './relations';
import { type KindSearch, kindSearches, kindWalkNumber } from './search-kinds';
import { QualityCounts } from '../quality/quality-counts';
import { type RecordQuality, sharedNpiQuality } from '../quality/record-quality';
import { MAX_JUDGED_ENTRIES, surveyWalk, walkPageOf } from './walk-plan';
import { DetailBound, isWithheld, withoutDetails } from './detail-bound';
import type { InputProblem } from './npi-input';
import { ExportCounts } from './export-counts';
import type {
  InputReadUnit,
  PageUnit,
  RecordFailure,
  RecordVerdict,
  RequestOutcome,
  SkipCount,
  SurveyStop,
  SurveyUnit,
  TransportFailureUnit,
} from './records';

/** A requirement's rule in words, with its section, as failures.csv says it. */
const ruleInWords = (id: string) => {
  const found = requirement(id as RequirementId);
  return `${found.title} (${found.spec})`;
};

type Example = SurveyReport['requirements'][number]['examples'][number];

export interface TallyOptions {
  /** Examples kept per requirement and level (--examples). */
  examples: number;
  /** Rows of failures.csv at most (--max-failure-rows). */
  maxFailureRows: number;
  /** The walks' queries, by walk number. */
  walks: readonly Record<string, string>[];
  /** --findability: survey.json counts the searches by each organization's own values per parameter. */
  findability?: true;
  /** --sample: each requirement's rate carries its 95% interval. */
  sample?: Sample;
  /** The scorecard's lists the survey was given (--deactivated-npis, --taxonomy-codes), as the plan names them. */
  deactivatedNpis?: string;
  taxonomyCodes?: string;
  /** --export, as the plan names it: the export's measures are counted (export-counts.ts). */
  export?: string;
}

/** The label for provider failures whose value no source record holds. */
export const NO_SOURCE = '(no source record)';

/** Distinct coded values counted at most (OBS-CODED-VALUES); the rest are counted under OTHER_VALUES. */
export const MAX_OBSERVED_VALUES = 1000;
export const OTHER_VALUES = '(other values, past the first 1000)';

/** Input problems listed at most; a file of garbage stays a readable report. */
export const MAX_INPUT_PROBLEMS = 1000;

const byKey = (a: { key: string; url: string }, b: { key: string; url: string }) =>
  a.key < b.key ? -1 : a.key > b.key ? 1 : a.url < b.url ? -1 : a.url > b.url ? 1 : 0;
const byRow = (a: FailureRow, b: FailureRow) =>
  byKey(a, b) ||
  (a.requirement < b.requirement ? -1 : a.requirement > b.requirement ? 1 : a.level < b.level ? -1 : a.level > b.level ? 1 : 0);

interface LevelCount {
  failed: number;
  bySource: Map<string, number>;
  examples: Example[];
}

export interface WalkOutcome {
  /** The pages the walk rule took, in order: the pages of matches, then the page past the last when the walk met one. */
  fed: HeldPage[];
  /** The walk rule took every page it wanted: the walk is over, and judged whole. */
  whole: boolean;
}

/**
 * Where a walk ends, from its pages alone, whichever shards fetched them, and in whatever order:
 * they are handed to the walk rule (walk-by-page.ts) in order until it wants no more. Pages after
 * that were asked by shards that could not know the end, or fetched ahead: counted, never judged.
 */
export function walkOutcome(query: Record<string, string>, pages: ReadonlyMap<number, HeldPage | TransportFailureUnit>): WalkOutcome {
  const end = new WalkEnd(query);
  return end.feed(pages) ?? { fed: end.fed, whole: false };
}

/** walkOutcome found as a walk's pages come: each page the walk rule wants fed to it once, in order. */
class WalkEnd {
  private readonly rule: PageWalk;
  readonly fed: HeldPage[] = [];

  constructor(query: Record<string, string>) {
    this.rule = new PageWalk(surveyWalk(query));
  }

  /**
   * The walk's outcome once it is known (the rule wants no more pages, or the page it wants was left
   * without an answer, where the walk stopped); undefined while that page has not come.
   */
  feed(pages: ReadonlyMap<number, HeldPage | TransportFailureUnit>): WalkOutcome | undefined {
    for (let wanted = this.rule.wanted; wanted !== undefined; wanted = this.rule.wanted) {
      const unit = pages.get(wanted);
      if (!unit) return undefined;
      if (unit.kind !== 'page') return { fed: this.fed, whole: false };
      this.rule.add(walkPageOf(unit.page, unit));
      this.fed.push(unit);
    }
    return { fed: this.fed, whole: true };
  }
}

/** Organizations of a held page that fail a MUST requirement by their own rules or the walk's filters: progress only. */
const failingOn = (page: HeldPage) =>
  page.organizationLists.filter((lists, i) => [lists, page.filterLists[i]].some((l) => l?.failures.some((f) => f.level === 'MUST'))).length;

/** What a verdict says, apart from its key: shared among the many verdicts that say the same. */
interface VerdictLists {
  checked: string[];
  failures: RecordFailure[];
  skipped?: RecordVerdict['skipped'];
}

/** Which record's reason a requirement's SkipCount keeps: one that leaves a gap before a condition that did not hold, then the smallest key. */
const before = (a: Pick<SkipCount, 'key' | 'reason'>, b: Pick<SkipCount, 'key' | 'reason'>) => {
  const rank = (s: Pick<SkipCount, 'reason'>) => (s.reason.kind === 'not-applicable' ? 1 : 0);
  return rank(a) !== rank(b) ? rank(a) < rank(b) : a.key < b.key;
};

/**
 * A page as the tally holds it until its walk's end is known: the page's own fields, and its
 * organizations' two verdicts as lists aligned with their keys, the lists shared among equal
 * verdicts. Nearly every organization is checked by the same requirements and fails none, so 100k
 * organizations hold their keys and 200k references (about 70 bytes each), not 200k verdicts with
 * their arrays (about 300 bytes each).
 */
export type HeldPage = Omit<PageUnit, 'organizations' | 'filters' | 'findability' | 'quality' | 'npis' | 'fields'> & {
  keys: string[];
  organizationLists: VerdictLists[];
  filterLists: VerdictLists[];
  /** With --findability: each organization's searches, shared among equal ones as the verdict lists are. */
  searchLists?: RecordSearches[];
  /** The scorecard's measures of each organization, shared among equal ones. */
  qualityLists?: RecordQuality[];
  /**
   * Each organization's NPIs, for DQ-NPI-SHARED: the one NPI most carry as its string, not an array of
   * one (JSON.parse gives each such array room for 16 values: 100k organizations held 18 MB of them).
   */
  npiLists?: OwnNpis[];
};

/** An organization's NPIs: its one NPI, or the list of any other number. */
type OwnNpis = string | readonly string[];
const NO_NPIS: readonly string[] = [];
const ownNpis = (npis: readonly string[]): OwnNpis => (npis.length === 1 ? npis[0] : npis.length === 0 ? NO_NPIS : npis);

/** Failing records held with details before the first sift of those no longer needed (SharedLists.sift). */
const MIN_SIFTED = 4_096;

/** Distinct texts the tally interns at most before it starts its pool again: a bound, whatever the failures say. */
const INTERNED_TEXTS = 1 << 16;

class SharedLists {
  private readonly lists = new Map<string, VerdictLists>();
  /** Lists of failing records held without details, by their checks and their failures' requirements and levels. */
  private readonly withheldLists = new Map<string, VerdictLists>();
  /** Failing records held with their details, and how many were after the last sift. */
  private detailedHeld = 0;
  private detailedAfterSift = 0;
  private readonly checkedLists = new Map<string, string[]>();
  private texts = new Map<string, string>();

  constructor(private readonly details: DetailBound) {}

  /**
   * One string of its own for equal texts. A failure's value is cut from the page's body, and V8
   * keeps a cut string as a view of the whole: held until its walk ends, each failing organization
   * kept its page's body alive (about 2 KB an organization). A copy holds only itself; and a fault
   * that every organization shows fails each with the same message or pointer, held once.
   */
  private text(value: string): string {
    const known = this.texts.get(value);
    if (known !== undefined) return known;
    if (this.texts.size >= INTERNED_TEXTS) this.texts = new Map();
    const own = Buffer.from(value, 'utf8').toString('utf8');
    this.texts.set(own, own);
    return own;
  }

  /** A verdict a page keeps (its shell's, its next link's) as its organizations' failing ones are kept: strings of its own. */
  private held(verdict: RecordVerdict): RecordVerdict {
    const { checked, failures, skipped } = this.shared(verdict);
    return skipped ? { key: verdict.key, checked, failures, skipped } : { key: verdict.key, checked, failures };
  }

  private checkedOf(checked: string[]): string[] {
    const signature = checked.join(' ');
    let shared = this.checkedLists.get(signature);
    if (!shared) this.checkedLists.set(signature, (shared = checked));
    return shared;
  }

  /** Lists of failures held without their details, one for equal checks and failures' requirements and levels. */
  withheld({ checked, failures }: Pick<VerdictLists, 'checked' | 'failures'>): VerdictLists {
    const signature = `${checked.join(' ')}\n${JSON.stringify(failures.map((f) => [f.id, f.level, f.sources]))}`;
    let lists = this.withheldLists.get(signature);
    if (!lists) this.withheldLists.set(signature, (lists = { checked: this.checkedOf(checked), failures: failures.map(withoutDetails) }));
    return lists;
  }

  /**
   * The held pages' failing records whose details the bound no longer needs, once it moved: held
   * without them from now on. Records come in any order, so a key kept early may fall past the rows later.
   */
  sift(pages: Iterable<HeldPage>): void {
    // A pass over every held page each time the detailed ones doubled, not each time a cutoff moved: n log n in all.
    if (this.detailedHeld < 2 * Math.max(this.detailedAfterSift, MIN_SIFTED) || !this.details.moved()) return;
    this.detailedHeld = 0;
    const sifted = (lists: VerdictLists[], keys: readonly string[]) =>
      lists.forEach((held, i) => {
        const [first] = held.failures;
        if (first === undefined || held.skipped || isWithheld(first)) return;
        if (this.details.needs(keys[i], held.failures)) this.detailedHeld++;
        else lists[i] = this.withheld(held);
      });
    for (const page of pages) {
      sifted(page.organizationLists, page.keys);
      sifted(page.filterLists, page.keys);
    }
    this.detailedAfterSift = this.detailedHeld;
  }

  /** The verdict's lists; `detailed` false (detail-bound.ts): its failures as their requirement and level alone, shared among equal ones. */
  private shared(verdict: RecordVerdict, detailed = true): VerdictLists {
    if (!detailed && verdict.failures.length > 0 && !verdict.skipped) return this.withheld(verdict);
    if (verdict.failures.length > 0 || verdict.skipped) {
      const checked = this.checkedOf(verdict.checked);
      // Each failure as one literal shape: a spread's object may take a slow form several times its size.
      const failures = verdict.failures.map(({ id, level, pointer, value, message, url, sources }) =>
        sources === undefined
          ? { id, level, pointer: this.text(pointer), value: this.text(value), message: this.text(message), url: this.text(url) }
          : { id, level, pointer: this.text(pointer), value: this.text(value), message: this.text(message), url: this.text(url), sources },
      );
      return verdict.skipped ? { checked, failures, skipped: verdict.skipped } : { checked, failures };
    }
    const signature = verdict.checked.join(' ');
    let lists = this.lists.get(signature);
    if (!lists) this.lists.set(signature, (lists = { checked: verdict.checked, failures: [] }));
    return lists;
  }

  private readonly searches = new Map<string, RecordSearches>();
  private readonly qualities = new Map<string, RecordQuality>();

  /** One object for equal values (an organization's searches, its scorecard measures): nearly every organization shows the same. */
  private static sharedIn<T>(pool: Map<string, T>, value: T): T {
    const signature = JSON.stringify(value);
    let shared = pool.get(signature);
    if (!shared) pool.set(signature, (shared = value));
    return shared;
  }

  /** Whether a held record's failures keep their details: it fails, and its key (`key`, or its verdict's) may still be shown. */
  private keepsDetails(verdict: RecordVerdict, key = verdict.key): boolean {
    if (verdict.failures.length === 0) return true;
    const kept = this.details.keeps(key, verdict.failures);
    if (kept) this.detailedHeld++;
    return kept;
  }

  /** The page held; an organization's key is the id the page lists (the same string), or the key its verdict gives. */
  // A page's field digests are survey diff's, read from the journal: the tally holds none of them.
  hold({ organizations, filters, findability, quality, npis, fields: _fields, ...page }: PageUnit): HeldPage {
    const ids = new Map(page.ids.map((id) => [id, id]));
    return {
      ...page,
      shell: this.held(page.shell),
      ...(page.next ? { next: { ...page.next, verdict: this.held(page.next.verdict) } } : {}),
      keys: organizations.map((v) => ids.get(v.key) ?? v.key),
      organizationLists: organizations.map((v) => this.shared(v, this.keepsDetails(v))),
      filterLists: filters.map((v, i) => this.shared(v, this.keepsDetails(v, organizations[i]?.key))),
      ...(findability ? { searchLists: findability.map((s) => SharedLists.sharedIn(this.searches, s)) } : {}),
      ...(quality ? { qualityLists: quality.map((q) => SharedLists.sharedIn(this.qualities, q)) } : {}),
      ...(npis ? { npiLists: npis.map(ownNpis) } : {}),
    };
  }
}

export class SurveyTally {
  providers = 0;
  notFound = 0;
  /** NPIs whose answer held no record that could be read: not "not found". */
  unreadableAnswers = 0;
  private requestsTotal = 0;
  private transportErrors = 0;
  private readonly byStatus = new Map<string, number>();
  private readonly latency = new LatencyHistograms();
  private readonly checked = new Map<string, number>();
  /** Per requirement: the records a rule could not judge it for. */
  private readonly skips = new Map<string, SkipCount>();
  private readonly levels = new Map<string, LevelCount>();
  /** The keys of the records that failed, per requirement and level: failing-keys.json, whole, for the history. */
  private readonly failingKeys = new Map<string, string[]>();
  private readonly values = new Map<string, number>();
  /** OBS-CROSS-ORIGIN-LINK: walks whose page 1 links next to another origin, by that origin. */
  private readonly crossOrigin = new Map<string, number>();
  /** What the walk rules observed (OBS-TOTAL-ACROSS-PAGES, OBS-PAGE-BEYOND-LAST), by id: walks per behaviour, in its one comparable form. */
  private readonly walkObservations = new Map<string, Map<string, number>>();
  private readonly inputProblems = new Map<number, InputProblem>();
  private rows: FailureRow[] = [];
  private failureRowCount = 0;
  /** Every page unit by walk and page, and transport failures of pages: judged at finish, when the walk's end is known. */
  private readonly walks = new Map<number, Map<number, HeldPage | TransportFailureUnit>>();
  /** NPIs of this tally's units asked for (a provider unit) and left without an answer about the directory (a transport-error unit of a line). */
  private surveyedNpis = 0;
  private unansweredNpis = 0;
  /** Why the last unit left without an answer about the data was left so. */
  lastTransportError: string | undefined;
  /** The NPI list's counts, once it was read to its end. */
  private inputRead: InputReadUnit | undefined;
  /** Records counted that failed a MUST requirement. */
  private countedFailing = 0;
  /**
   * Organizations on pages held until their walk's end that fail a MUST so far: an organization met
   * on two pages is counted on each here, once when the walk ends. Progress only.
   */
  private heldFailing = 0;
  /**
   * Each organization counted once, where a walk first met it (walks in order, pages in order), with
   * its NPIs where its page read them, for DQ-NPI-SHARED among them when every walk is counted. One
   * table, not a set beside a map: at 100k organizations each was megabytes, and each doubled its
   * backing store as it grew.
   */
  private readonly met = new Map<string, OwnNpis | undefined>();
  /**
   * With foldWalksAsTheyEnd: the walks of the plan before this one are counted already, and their
   * pages but the first are no longer held; the walk's end as its pages come.
   */
  private folding: { walk: number; end?: WalkEnd } | undefined;
  private readonly shared: SharedLists;
  private readonly organizationSearches = new FindabilityCounts();
  private readonly providerSearches = new FindabilityCounts();
  /** With --findability: the providers met, grouped by their demographic query and by their name alone (relations.ts). */
  private readonly demographicGroups = new DemographicGroups();
  private readonly nameGroups = new DemographicGroups();
  /** Providers searched by their demographics or name: what SB-AMBIGUOUS is not applicable to when no group was met. */
  private sharedSearches = 0;
  /** Those whose own unit judged SB-AMBIGUOUS (a failure): few, by their record's id. */
  private readonly ambiguityJudgedInUnit = new Set<string>();
  /** The data-quality scorecard's counts (quality-counts.ts). */
  private readonly quality = new QualityCounts();
  /** With --export: the export's measures (export-counts.ts). */
  private readonly exportCounts: ExportCounts | undefined;
  /** The NPI lines counted: each once, whatever the journals repeat. */
  private readonly providerLines = new LineSet();
  /** Entries of the walks' pages past the first MAX_JUDGED_ENTRIES of their page: counted, not judged (notWhole). */
  private entriesNotJudged = 0;
  /** The first page that held them, in words. */
  private firstPageCut: string | undefined;
  /** The reasons of the walks stopped at the page bound (notWhole). */
  private readonly cutShort: NotJudgedReason[] = [];

  constructor(private readonly options: TallyOptions) {
    this.shared = new SharedLists(new DetailBound(options));
    this.exportCounts = options.export === undefined ? undefined : new ExportCounts(options.export, (row) => this.pushRow(row));
  }

  /** Adds a unit; a page is held until finish. */
  add(unit: SurveyUnit): void {
    switch (unit.kind) {
      case 'input':
        // Lines come in file order, and every shard reads the whole file: the first ones are the same everywhere.
        if (this.inputProblems.size < MAX_INPUT_PROBLEMS)
          this.inputProblems.set(unit.line, { line: unit.line, value: unit.value, reason: unit.reason });
        return;
      case 'input-read':
        this.inputRead = unit;
        return;
      case 'export-read':
        this.exportCounts?.add(unit);
        return;
      case 'export':
        if (this.exportCounts?.add(unit)) this.countRequests(unit.requests);
        return;
      case 'transport-error':
        this.lastTransportError = unit.reason;
        this.countRequests(unit.requests);
        if (unit.line !== undefined && unit.file === undefined) this.unansweredNpis++;
        if (unit.walk !== undefined && unit.page !== undefined && !this.folded(unit.walk)) {
          this.pagesOf(unit.walk).set(unit.page, unit);
          this.foldEnded();
        }
        return;
      case 'provider':
        if (!this.providerLines.add(unit.line)) return;
        this.surveyedNpis++;
        if (unit.findability) this.providerSearches.add(unit.findability);
        if (unit.quality) this.quality.add('providers', unit.quality);
        if (unit.demographics) this.demographicGroups.add(unit.demographics);
        if (unit.names) this.nameGroups.add(unit.names);
        if (unit.demographics || unit.names) {
          this.sharedSearches++;
          // Checked in its own unit already (an answer of another record failed it): a held group does not count it again.
          if (unit.verdict.checked.includes('SB-AMBIGUOUS')) this.ambiguityJudgedInUnit.add((unit.demographics ?? unit.names)!.id);
        }
        this.countRequests(unit.requests);
        if (unit.found) this.providers++;
        else if (unit.unreadable) this.unreadableAnswers++;
        else this.notFound++;
        this.count(unit.verdict);
        for (const value of unit.values) {
          // Distinct values are bounded, as the input problems are: a directory of a million codes stays a readable report.
          const kept = this.values.has(value) || this.values.size < MAX_OBSERVED_VALUES ? value : OTHER_VALUES;
          this.values.set(kept, (this.values.get(kept) ?? 0) + 1);
        }
        return;
      case 'page':
        if (this.folded(unit.walk)) {
          // A page past the end of a walk counted already (fetched ahead): a request, never judged.
          this.countRequests(unit.requests);
        } else {
          const held = this.shared.hold(unit);
          this.heldFailing += failingOn(held);
          this.pagesOf(unit.walk).set(unit.page, held);
          this.shared.sift(this.heldPages());
          this.foldEnded();
        }
        if (unit.nextElsewhere !== undefined) this.crossOrigin.set(unit.nextElsewhere, (this.crossOrigin.get(unit.nextElsewhere) ?? 0) + 1);
        for (const { id, value } of unit.observed ?? []) this.observeWalk(id as ObservationId, value);
        return;
    }
  }

  /**
   * From now on, each walk of the plan is counted as soon as it and every walk before it have ended
   * (WalkEnd), as finish would count it, and its pages but the first are let go: the first pages are
   * what the searches of each kind are drawn from (kindSearches). For a survey of every page that
   * starts afresh: a shard's walks end only in the merge, and a resumed survey's walks go on from
   * the pages its journal holds.
   */
  foldWalksAsTheyEnd(): void {
    if (this.walks.size === 0) this.folding = this.foldingFrom(0);
  }

  /** The walk of the plan counted next, and its end as its pages come; no end past the plan's walks (the searches of each kind are counted at the finish). */
  private foldingFrom(walk: number): { walk: number; end?: WalkEnd } {
    const query = this.options.walks[walk];
    return query === undefined ? { walk } : { walk, end: new WalkEnd(query) };
  }

  /** With foldWalksAsTheyEnd, the walk of the plan counted next: every walk before it is counted. */
  get walkCountedNext(): number | undefined {
    return this.folding?.walk;
  }

  private folded(walk: number): boolean {
    return this.folding !== undefined && walk < this.folding.walk;
  }

  /** Counts the walks that have ended, in order, from the first not counted yet. */
  private foldEnded(): void {
    for (let next = this.folding; next?.end !== undefined; next = this.folding) {
      const pages = this.walks.get(next.walk);
      const outcome = pages && next.end.feed(pages);
      if (!pages || !outcome) return;
      this.finishWalk(next.walk, true, outcome);
      for (const [number, page] of pages) {
        if (page.kind === 'page') this.heldFailing -= failingOn(page);
        if (number !== 1) pages.delete(number);
      }
      this.folding = this.foldingFrom(next.walk + 1);
    }
  }

  /** A page judged already (a resumed survey's journal): the walk goes on from what it shows. */
  page(walk: number, page: number): HeldPage | undefined {
    const unit = this.walks.get(walk)?.get(page);
    return unit?.kind === 'page' ? unit : undefined;
  }

  private *heldPages(): Generator<HeldPage> {
    for (const pages of this.walks.values()) for (const page of pages.values()) if (page.kind === 'page') yield page;
  }

  private pagesOf(walk: number): Map<number, HeldPage | TransportFailureUnit> {
    let pages = this.walks.get(walk);
    if (!pages) this.walks.set(walk, (pages = new Map()));
    return pages;
  }

  private countRequests(requests: readonly RequestOutcome[]): void {
    for (const { endpoint, status, ms } of requests) {
      this.requestsTotal++;
      if (status === undefined) {
        this.transportErrors++;
        continue;
      }
      this.byStatus.set(String(status), (this.byStatus.get(String(status)) ?? 0) + 1);
      this.latency.record(endpoint, ms);
    }
  }

  private levelCount(id: string, level: Level): LevelCount {
    const key = `${id} ${level}`;
    let count = this.levels.get(key);
    if (!count) this.levels.set(key, (count = { failed: 0, bySource: new Map(), examples: [] }));
    return count;
  }

  /** Records that failed a MUST requirement so far, for progress: those counted, and the organizations held until their walk ends. */
  get failingRecords(): number {
    return this.countedFailing + this.heldFailing;
  }

  /** One record: each requirement it was checked by, and each failure. */
  private count(verdict: RecordVerdict): void {
    for (const id of verdict.checked) this.checked.set(id, (this.checked.get(id) ?? 0) + 1);
    for (const { id, reason } of verdict.skipped ?? []) {
      const known = this.skips.get(id);
      const first = !known || before({ key: verdict.key, reason }, known);
      this.skips.set(id, { ...(first ? { key: verdict.key, reason } : known!), records: (known?.records ?? 0) + 1 });
    }
    if (verdict.failures.some((f) => f.level === 'MUST')) this.countedFailing++;
    for (const failure of verdict.failures) this.countFailure(verdict.key, failure);
  }

  private countFailure(key: string, failure: RecordFailure): void {
    const count = this.levelCount(failure.id, failure.level);
    count.failed++;
    const keys = this.failingKeys.get(`${failure.id} ${failure.level}`);
    if (!keys) this.failingKeys.set(`${failure.id} ${failure.level}`, [key]);
    else if (keys[keys.length - 1] !== key) keys.push(key);
    if (failure.sources)
      for (const source of failure.sources.length > 0 ? failure.sources : [NO_SOURCE])
        count.bySource.set(source, (count.bySource.get(source) ?? 0) + 1);
    this.failureRowCount++;
    // A failure held without its details is past every row and example the report shows (detail-bound.ts).
    if (isWithheld(failure)) return;
    const example: Example = { key, url: failure.url, pointer: failure.pointer, value: failure.value, message: failure.message };
    if (failure.sources && failure.sources.length > 0) example.source = failure.sources.join(' ');
    const { examples } = count;
    if (examples.length < this.options.examples || byKey(example, examples[examples.length - 1]) < 0) {
      examples.push(example);
      examples.sort(byKey);
      if (examples.length > this.options.examples) examples.pop();
    }
    this.pushRow({
      key,
      requirement: failure.id,
      level: failure.level,
      rule: ruleInWords(failure.id),
      message: failure.message.split('\n')[0],
      pointer: failure.pointer,
      value: failure.value,
      source: (failure.sources ?? []).join(' '),
      url: failure.url,
    });
  }

  private pushRow(row: FailureRow): void {
    if (row.level === 'DQ') this.failureRowCount++;
    this.rows.push(row);
    // Sorting and cutting by halves keeps the rows bounded at twice the bound, in n log n.
    if (this.rows.length >= 2 * Math.max(1, this.options.maxFailureRows)) this.trimRows();
  }

  /** Every row of the NPI list accounted for: surveyed, unanswered, a repeat, a problem, or another shard's. */
  private inputAccount({ rows, duplicates, problems, notSampled }: InputReadUnit): NonNullable<SurveyReport['input']> {
    const own = this.surveyedNpis + this.unansweredNpis + duplicates + problems + (notSampled ?? 0);
    return {
      rowsRead: rows,
      surveyed: this.surveyedNpis,
      unanswered: this.unansweredNpis,
      duplicates,
      problems,
      ...(notSampled === undefined ? {} : { notSampled }),
      otherShards: rows - own,
    };
  }

  private trimRows(): void {
    this.rows.sort(byRow);
    this.rows.length = Math.min(this.rows.length, this.options.maxFailureRows);
  }

  /** The searches of each kind the first pages of the plan's walks gave (search-kinds.ts): from those pages, by whichever units brought them. */
  private kindSearches(): KindSearch[] {
    return kindSearches(
      this.options.walks.map((_, walk) => this.page(walk, 1)),
      this.options,
    );
  }

  /** A walk's query: one of the plan's, or one of the searches of each kind, numbered after them. */
  private walkQuery(walk: number): Record<string, string> | undefined {
    return this.options.walks[walk] ?? this.kindSearches().find((k) => kindWalkNumber(this.options, k.kind) === walk)?.query;
  }

  /**
   * Judges the walks: their pages up to the end (walkOutcome), each organization once, at the first
   * place a walk met it, and the rules of a whole walk. A shard's tally (`wholeWalks` false) counts
   * the pages it has, and leaves the rules of a whole walk to the merge.
   */
  private finishWalks(wholeWalks: boolean): void {
    // Counted now, each organization once.
    this.heldFailing = 0;
    for (const walk of [...this.walks.keys()].sort((a, b) => a - b)) if (!this.folded(walk)) this.finishWalk(walk, wholeWalks);
    this.quality.add('organizations', sharedNpiQuality(this.met));
  }

  /** One walk's pages and rules, counted: `outcome` where its end is known already (foldEnded). */
  private finishWalk(walk: number, wholeWalks: boolean, known?: WalkOutcome): void {
    const pages = this.walks.get(walk)!;
    const held = [...pages.values()].filter((p): p is HeldPage => p.kind === 'page').sort((a, b) => a.page - b.page);
    // Every page asked for is counted as a request, those past the end too (fetched ahead, or by a shard that could not know it).
    for (const unit of held) this.countRequests(unit.requests);
    const query = this.walkQuery(walk);
    if (query === undefined) return;
    const outcome: WalkOutcome = known ?? (wholeWalks ? walkOutcome(query, pages) : { fed: held, whole: false });
    // What a page past the last answers when it is no bundle is not shown (§4.3): only a bundle's own rules judge it.
    const judged = outcome.fed.filter((unit) => unit.page === 1 || unit.bundle);
    if (judged.length === 0) return;
    for (const unit of judged) {
      if (unit.notJudged !== undefined) {
        this.entriesNotJudged += unit.notJudged;
        this.firstPageCut ??= `Page=${unit.page} of ${unit.shell.key} held ${unit.entries.toLocaleString('en-US')} entries`;
      }
      unit.keys.forEach((key, i) => {
        if (!this.met.has(key)) {
          this.met.set(key, unit.npiLists?.[i]);
          this.count({ key, ...unit.organizationLists[i] });
          // Its searches once, with its verdict.
          if (unit.searchLists) this.organizationSearches.add(unit.searchLists[i]);
          if (unit.qualityLists) this.quality.add('organizations', [unit.qualityLists[i]]);
          if (unit.exported) this.exportCounts?.met(unit.exported[i]);
        }
        this.count({ key, ...unit.filterLists[i] });
      });
    }
    this.count(this.walkVerdict(query, judged, outcome.whole && wholeWalks ? outcome.fed : undefined));
  }

  /**
   * A walk as one record, keyed by its query: its pages' own checks and the walk by next links from
   * page 1, and, when the walk is whole (`walked`: every page the walk rule took), the rulebook's
   * rules of a walk by Page (ORG-PAGE, ORG-TOTAL, ORG-PAGE-DISJOINT, and its observations) and of
   * where page 1's next link led (ORG-NEXT-LINK).
   */
  private walkVerdict(query: Record<string, string>, judged: readonly HeldPage[], walked: readonly HeldPage[] | undefined): RecordVerdict {
    const key = judged[0].shell.key;
    const checked = new Set<string>();
    const failures: RecordFailure[] = [];
    const skipped = new Map<string, NotJudgedReason>();
    const fail = (failure: RecordFailure) => {
      if (!failures.some((f) => f.id === failure.id && f.level === failure.level)) failures.push(failure);
    };
    const add = (verdict: RecordVerdict) => {
      verdict.checked.forEach((id) => checked.add(id));
      verdict.failures.forEach(fail);
      for (const { id, reason } of verdict.skipped ?? []) if (!skipped.has(id)) skipped.set(id, reason);
    };
    for (const unit of judged) add(unit.shell);
    const next = judged[0].next;
    if (next) add(next.verdict);
    if (judged[0].nextSkipped) add({ key, checked: [], failures: [], skipped: judged[0].nextSkipped });
    if (walked) {
      // Every page the walk rule took, the page past the last included whatever it answered: the rule judges the walk it ended.
      const fed = walked.map((unit) => walkPageOf(unit.page, unit));
      const judgement = judgeSurveyed('page-walk', { walk: surveyWalk(query), pages: fed });
      const pages: WalkedPage[] = fed.filter((p) => p.page === 1 || p.bundle).map(walkedPage);
      if (next && pages.length > 1) {
        const reached = { label: 'the page it led to', ids: next.ids, total: undefined, exchange: { method: 'GET' as const, ...next } };
        judgement.add(judgeSurveyed('next-link-target', { pages, from: 0, reached }));
      }
      // A walk stopped at the survey's page bound was not judged whole: the survey says so, and is not complete.
      const cut = judgement
        .requirementRecords((value) => value)
        .flatMap((record) => record.skipped ?? [])
        .find((reason) => reason.kind === 'walk-cut');
      if (cut !== undefined) this.cutShort.push(cut);
      // The URLs are the client's, redacted already; the messages quote only what the walk's summaries hold.
      add(recordVerdict(key, judgement, { redact: (value) => value, exchangeOf: () => undefined }));
      for (const { id, value, unobserved } of judgement.observationRecords((v) => v))
        if (unobserved === undefined) this.observeWalk(id, value);
    }
    return {
      key,
      checked: [...checked].sort(),
      failures,
      ...(skipped.size > 0 ? { skipped: [...skipped].map(([id, reason]) => ({ id, reason })) } : {}),
    };
  }

  /**
   * Why the survey is not whole though every unit was judged: the first walk that reached the
   * survey's page bound before its end (ORG-PAGE, ORG-TOTAL and ORG-PAGE-DISJOINT not judged on
   * it), and how many did; else the entries of pages past the first MAX_JUDGED_ENTRIES of their
   * page, counted and not judged; undefined when neither.
   */
  notWhole(): SurveyStop | undefined {
    const [first, ...more] = this.cutShort;
    if (first !== undefined)
      return {
        kind: 'walk-cut',
        text: `${first.text}${more.length > 0 ? ` (and ${more.length} more walk${more.length === 1 ? '' : 's'})` : ''}`,
      };
    if (this.firstPageCut === undefined) return undefined;
    return {
      kind: 'page-cut',
      text: `${this.entriesNotJudged.toLocaleString('en-US')} entries were counted, not judged: the survey judges the first ${MAX_JUDGED_ENTRIES.toLocaleString('en-US')} of a page, the most a page may hold (§4.3, §8), and ${this.firstPageCut}`,
    };
  }

  /** A walk's observation, counted by the behaviour it shows (observedBehaviour), as the run's baseline compares it. */
  private observeWalk(id: ObservationId, value: unknown): void {
    const behaviour = JSON.stringify(observedBehaviour(id, value) ?? value);
    const counts = this.walkObservations.get(id) ?? new Map<string, number>();
    this.walkObservations.set(id, counts.set(behaviour, (counts.get(behaviour) ?? 0) + 1));
  }

  /**
   * The relations between the providers met, once every unit is in: each group's records that the
   * service answered with the ambiguity text count as checked by SB-AMBIGUOUS (a group answered with
   * one record failed it already, in the units of the others). With no group met, and nothing failed,
   * SB-AMBIGUOUS is not applicable: no search the survey made is known to match several providers.
   */
  private finishRelations(): SurveyReport['relations'] {
    if (!this.options.findability) return undefined;
    const sharedDemographics = this.demographicGroups.counts();
    const sharedNames = this.nameGroups.counts();
    // A record in a held group of each relation is one record checked.
    const held = new Set([...this.demographicGroups.heldRecords(), ...this.nameGroups.heldRecords()]);
    for (const id of this.ambiguityJudgedInUnit) held.delete(id);
    if (held.size > 0) this.checked.set('SB-AMBIGUOUS', (this.checked.get('SB-AMBIGUOUS') ?? 0) + held.size);
    if (!this.checked.has('SB-AMBIGUOUS') && this.sharedSearches > 0 && !this.skips.has('SB-AMBIGUOUS'))
      this.skips.set('SB-AMBIGUOUS', {
        records: this.sharedSearches,
        key: 'searches by demographics or name',
        reason: notApplicable('SB-AMBIGUOUS'),
      });
    const searchKinds = this.kindSearches().map(({ kind, query }) => {
      const total = this.page(kindWalkNumber(this.options, kind), 1)?.total;
      return { kind, query, ...(Number.isInteger(total) && (total as number) >= 0 ? { matches: total as number } : {}) };
    });
    return { ...(searchKinds.length > 0 ? { searchKinds } : {}), sharedDemographics, sharedNames };
  }

  /** Each requirement's rate at its own level, and at the other where it failed there (a graded requirement's near misses). */
  private requirementRates(): SurveyReport['requirements'] {
    const requirements: SurveyReport['requirements'] = [];
    for (const id of [...this.checked.keys()].sort()) {
      const checked = this.checked.get(id)!;
      const own = requirement(id as RequirementId).level;
      for (const level of ['MUST', 'SHOULD'] as const) {
        const count = this.levels.get(`${id} ${level}`);
        if (level !== own && !count) continue;
        const failed = count?.failed ?? 0;
        requirements.push({
          id,
          level,
          checked,
          failed,
          rate: checked === 0 ? 0 : Number((failed / checked).toFixed(6)),
          // A sample's rate stands for the directory's: with the interval sampling leaves.
          ...(this.options.sample && checked > 0 ? { interval95: wilsonInterval(failed, checked) } : {}),
          bySource: Object.fromEntries([...(count?.bySource ?? new Map<string, number>())].sort(([a], [b]) => (a < b ? -1 : 1))),
          examples: count?.examples ?? [],
        });
      }
    }
    return requirements;
  }

  /** What the survey observed, counted: coded values, links to other origins, and the walks' observations. */
  private observationCounts(): SurveyReport['observations'] {
    const values = Object.fromEntries([...this.values].sort(([a], [b]) => (a < b ? -1 : 1)));
    return [
      ...(Object.keys(values).length > 0 ? [{ id: 'OBS-CODED-VALUES', values }] : []),
      ...(this.crossOrigin.size > 0 ? [{ id: 'OBS-CROSS-ORIGIN-LINK', values: Object.fromEntries([...this.crossOrigin].sort()) }] : []),
      ...[...this.walkObservations]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([id, counts]) => ({ id, values: Object.fromEntries([...counts].sort(([a], [b]) => (a < b ? -1 : 1))) })),
    ];
  }

  /** The scorecard: the records' measures, and with --export the export's. */
  private dataQuality(today: number): NonNullable<SurveyReport['dataQuality']> {
    const quality = this.quality.finish(today, {
      deactivatedNpis: this.options.deactivatedNpis !== undefined,
      taxonomyCodes: this.options.taxonomyCodes !== undefined,
    });
    if (!this.exportCounts) return quality;
    const unpublished =
      this.options.walks.length > 0
        ? []
        : [
            {
              id: 'DQ-EXPORT-UNPUBLISHED',
              reason: 'no walk of the service (--organizations QUERY, --organizations-by-state): not judged, never a rate of zero',
            },
          ];
    return { ...quality, rates: [...quality.rates, ...this.exportCounts.rates()], notJudged: [...quality.notJudged, ...unpublished] };
  }

  /** The counts as survey.json has them, and the failure rows in key order. */
  finish(
    wholeWalks: boolean,
    today: number,
  ): Pick<
    SurveyReport,
    | 'records'
    | 'requests'
    | 'latencyMs'
    | 'requirements'
    | 'findability'
    | 'relations'
    | 'dataQuality'
    | 'observations'
    | 'inputProblems'
    | 'input'
    | 'export'
  > & {
    rows: FailureRow[];
    skips: ReadonlyMap<string, SkipCount>;
    failureRows: SurveyReport['failureRows'];
    latencyHistograms: Record<string, string>;
    failingKeys: FailingKeys['requirements'];
  } {
    this.finishWalks(wholeWalks);
    this.trimRows();
    const relations = this.finishRelations();
    const requirements = this.requirementRates();
    return {
      records: {
        providers: this.providers,
        notFound: this.notFound,
        ...(this.unreadableAnswers > 0 ? { unreadable: this.unreadableAnswers } : {}),
        organizations: this.met.size,
        walks: 0,
        ...(this.entriesNotJudged > 0 ? { entriesNotJudged: this.entriesNotJudged } : {}),
      },
      requests: {
        total: this.requestsTotal,
        byStatus: Object.fromEntries([...this.byStatus].sort(([a], [b]) => (a < b ? -1 : 1))),
        transportErrors: this.transportErrors,
      },
      latencyMs: this.latency.summary(),
      latencyHistograms: this.latency.encoded(),
      requirements,
      ...(this.options.findability
        ? {
            findability: {
              organizations: this.organizationSearches.byParameter(),
              providers: this.providerSearches.byParameter(),
              providerSources: this.providerSearches.bySource(),
            },
          }
        : {}),
      ...(relations ? { relations } : {}),
      dataQuality: this.dataQuality(today),
      ...(this.exportCounts ? { export: this.exportCounts.summary() } : {}),
      failingKeys: requirements.flatMap(({ id, level }) => {
        const keys = this.failingKeys.get(`${id} ${level}`);
        return keys ? [{ id, level, keys: [...new Set(keys)].sort() }] : [];
      }),
      observations: this.observationCounts(),
      skips: this.skips,
      inputProblems: [...this.inputProblems.values()].sort((a, b) => a.line - b.line),
      ...(this.inputRead ? { input: this.inputAccount(this.inputRead) } : {}),
      rows: this.rows,
      failureRows: {
        written: this.rows.length,
        bound: this.options.maxFailureRows,
        reached: this.failureRowCount > this.options.maxFailureRows,
      },
    };
  }
}
