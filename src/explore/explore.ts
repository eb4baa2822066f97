/**
 * `explore`: generated queries against a target, judged by every rule of their endpoint and query
 * and by the rulebook's relations (cases.ts, meet-case.ts). Cases are drawn from one seed, in
 * order, until the request budget is spent; the first case that fails each requirement at MUST is
 * shrunk by fast-check (replayed from its place in the draw) to the smallest case that still fails
 * it, within what the budget leaves. Each case is one test of the report: the suite's checks, the
 * suite's outcome, the suite's aggregation, so a finding reads, counts and gates as `run`'s does.
 */
import fc from 'fast-check';
import type { EndpointPaths } from '../client/endpoints';
import { type ReadOnlyHttpClient, TransportError } from '../client/http-client';
import type { Redactor } from '../client/redact';
import { InputError } from '../config/input-error';
import { budgetSpent, type RequestBudget, stoppedBySignal } from '../client/bounded-transport';
import { type Ask, type FollowAsk, type Query, requirementsOf } from '../rules/rulebook';
import { testResultOf } from '../suite/annotations';
import { TestChecks } from '../suite/checks';
import { DirectoryClient } from '../suite/test-client';
import type { OutsideReason, TestResult } from '../verdicts/aggregate';
import type { ExploreReport } from '../types/schemas';
import { CASE_KINDS, caseArbitrary, type CaseKind, caseText, type ExploreCase, sweepCases } from './cases';
import { CASE_SUBJECTS, meetCase } from './meet-case';
import { meetRecords, type MetRecords } from './records';
import { type KindsReached, outsideScope, scopeOutcome } from './scope';

export const DEFAULT_MAX_REQUESTS = 2_000;

/** Candidates fast-check may try while shrinking one failure: each costs requests, which the budget bounds too. */
const MAX_SHRINK_TRIES = 60;

/** The most cases drawn up front: every case asks at least one request, so a budget never needs more. */
const MAX_DRAWN = 100_000;

export interface ExploreOptions {
  seed: number;
  maxRequests: number;
  /** The providers to start from, by NPI. */
  npis: readonly string[];
  /** Organization searches whose organizations to start from. */
  searches: readonly Query[];
  /** The tenant searches by status (STATUS_SEARCH, or the probes file's organization.statusSearch): §4.3's `active` is asked. */
  statusSearch: boolean;
  /** `--case K`: the case drawn K-th alone, shrunk when it fails. */
  caseIndex?: number;
  /** The command that draws the same cases, without --seed and --case: what a failure's `reproduce` begins with. */
  command: string;
}

/**
 * What the driver supplies: the GET-only client, the endpoints' paths, the redactor of the
 * configured secrets, and the budget the client's transport takes every request it sends from
 * (BudgetedTransport): a retry counts, as it leaves.
 */
export interface ExploreTarget {
  http: ReadOnlyHttpClient;
  paths: EndpointPaths;
  redactor: Redactor;
  budget: RequestBudget;
}

/** The share of the budget that drawing cases may spend: the rest is kept for shrinking what they find. */
const DRAW_SHARE = 0.8;

/** The client's endpoints as a plan asks them; each request the transport sends is taken from the budget (budgetSpent once it is spent). */
const asked = (client: DirectoryClient): Ask & FollowAsk => ({
  searchSingleBest: (query) => client.searchSingleBest(query),
  organizations: (query) => client.organizations(query),
  sourceRecords: (id) => client.sourceRecords(id),
  follow: (link) => client.followOrRefuse(link),
});

/**
 * A case's outcome without what its own premise left unjudged: a probe problem (values two providers
 * met share matched one of them, a narrowing matched several) or a part skipped (a walk cut at
 * explore's page budget) is explore's choice of case, not a gap of the service's verdict. The case
 * declares nothing either: a requirement no case checked is outside what this draw explored.
 */
function withoutPremises(result: TestResult): TestResult {
  if (result.probeProblems.length === 0 && result.results.every((r) => !r.skipped?.length)) return result;
  return { ...result, probeProblems: [], results: result.results.map(({ skipped: _skipped, ...record }) => record) };
}

/** One case asked and judged: its test's outcome, the requirements it fails at MUST (each with its first message line), and whether its premise held. */
interface CaseRun {
  result: TestResult;
  failing: Map<string, string>;
  /** The case's premise did not hold (values two providers met share matched one, a narrowing matched several): nothing of it judged but its answers. */
  inapplicable: boolean;
  /** A request got no HTTP answer, or one refused for rate or availability: why, in words. */
  transportError?: string;
}

async function runCase(c: ExploreCase, records: MetRecords, target: ExploreTarget): Promise<CaseRun> {
  const subjects = CASE_SUBJECTS[c.kind];
  const checks = new TestChecks(requirementsOf(...subjects), new Set(subjects), target.redactor);
  const client = new DirectoryClient(target.http, target.paths, checks);
  const started = performance.now();
  let transportError: string | undefined;
  try {
    await meetCase(c, records, asked(client), checks);
  } catch (error) {
    if (error instanceof TransportError) transportError = error.message;
    else throw error;
  }
  const must = checks.mustFailures();
  const judged = testResultOf({
    title: `explore › ${caseText(c, records)}`,
    status: transportError !== undefined || must.length > 0 ? 'failed' : 'passed',
    annotations: checks.annotations(),
    errors: [],
    durationMs: Math.round(performance.now() - started),
  });
  const result = withoutPremises(judged);
  const inapplicable = result !== judged;
  const failing = new Map<string, string>();
  for (const { id, failure } of must) if (!failing.has(id)) failing.set(id, failure.message.split('\n')[0]);
  return { result, failing, inapplicable, transportError };
}

/** The smallest case that still fails `id`, from the case drawn `index`-th: fast-check's shrinking, bounded by the budget. */
async function shrunk(
  arbitrary: fc.Arbitrary<ExploreCase>,
  seed: number,
  index: number,
  id: string,
  attempt: (c: ExploreCase) => Promise<Map<string, string> | undefined>,
): Promise<{ smallest: ExploreCase; message: string } | undefined> {
  let smallest: { smallest: ExploreCase; message: string } | undefined;
  let tries = 0;
  const property = fc.asyncProperty(arbitrary, async (c) => {
    if (tries++ >= MAX_SHRINK_TRIES) return true;
    const message = (await attempt(c))?.get(id);
    if (message === undefined) return true;
    smallest = { smallest: c, message };
    return false;
  });
  await fc.check(property, { seed, path: String(index), numRuns: index + 1 });
  return smallest;
}

type Tally = Record<'tried' | 'failed' | 'inapplicable', number>;

/** What drawing cases came to: each case's test, the counts by kind, each requirement's first failure shrunk, and what was left. */
interface Drawn {
  outcomes: TestResult[];
  tally: Map<CaseKind, Tally>;
  failures: ExploreReport['failures'];
  unexplored: string[];
  /** `--case K`: the kind of the case asked. */
  asked?: CaseKind;
  /** The kinds the sweep holds a case of: drawable, whatever the draw's arbitraries hold. */
  swept: CaseKind[];
}

/** Whatever drew the case, one run of it with the rest of the budget: the requirements it fails, or nothing once the budget is spent. */
const attemptWith = (records: MetRecords, target: ExploreTarget) => async (candidate: ExploreCase) => {
  try {
    return (await runCase(candidate, records, target)).failing;
  } catch (error) {
    if (budgetSpent(error) || stoppedBySignal(error)) return undefined;
    throw error;
  }
};

/**
 * The case numbered `index` of a draw: of the sweep, or the draw's (index − sweep)-th, which
 * fast-check reaches by its path without drawing the ones before it. One past what any draw holds
 * is refused: no run printed it.
 */
function caseNumbered(index: number, swept: readonly ExploreCase[], arbitrary: fc.Arbitrary<ExploreCase>, seed: number): ExploreCase {
  if (index < swept.length) return swept[index];
  if (index >= swept.length + MAX_DRAWN)
    throw new InputError(
      `--case ${index} is past the last case a draw holds (${swept.length + MAX_DRAWN - 1}: ${swept.length} of the sweep, then ${MAX_DRAWN} drawn): give a case a run printed`,
    );
  return fc.sample(arbitrary, { seed, path: String(index - swept.length), numRuns: 1 })[0];
}

/** The cases drawn from the seed, asked in turn within the draw's share of the budget; each requirement's first failure shrunk. */
async function drawCases(
  arbitrary: fc.Arbitrary<ExploreCase>,
  records: MetRecords,
  target: ExploreTarget,
  options: ExploreOptions,
): Promise<Drawn> {
  const { budget } = target;
  const swept = sweepCases(records, options);
  const drawn: Drawn = { outcomes: [], tally: new Map(), failures: [], unexplored: [], swept: [...new Set(swept.map((c) => c.kind))] };
  // The sweep first, then the draw: case K past the sweep is the draw's (K - sweep)-th, as fast-check replays it.
  const first = options.caseIndex ?? 0;
  const cases =
    options.caseIndex === undefined
      ? [...swept, ...fc.sample(arbitrary, { seed: options.seed, numRuns: Math.min(options.maxRequests, MAX_DRAWN) })]
      : [caseNumbered(options.caseIndex, swept, arbitrary, options.seed)];
  if (options.caseIndex !== undefined) drawn.asked = cases[0].kind;
  const seen = new Set<string>();
  const shrunkFor = new Set<string>();
  const drawLimit = Math.max(1, Math.floor(options.maxRequests * DRAW_SHARE));
  for (const [k, c] of cases.entries()) {
    const index = first + k;
    const text = caseText(c, records);
    if (seen.has(text)) continue;
    seen.add(text);
    let run: CaseRun;
    budget.limit = drawLimit;
    try {
      run = await runCase(c, records, target);
    } catch (error) {
      if (stoppedBySignal(error)) {
        drawn.unexplored.push(`${error.reason} after ${seen.size - 1} cases: exploring stopped there`);
        break;
      }
      if (!budgetSpent(error)) throw error;
      drawn.unexplored.push(
        `the budget of ${options.maxRequests} requests was spent after ${seen.size - 1} cases (${index} drawn; ${drawLimit} for drawing, the rest for shrinking)`,
      );
      break;
    } finally {
      budget.limit = options.maxRequests;
    }
    drawn.outcomes.push(run.result);
    const counts = drawn.tally.get(c.kind) ?? { tried: 0, failed: 0, inapplicable: 0 };
    drawn.tally.set(c.kind, counts);
    counts.tried++;
    if (run.failing.size > 0) counts.failed++;
    if (run.inapplicable) counts.inapplicable++;
    if (run.transportError !== undefined) {
      drawn.unexplored.push(`${target.redactor.text(run.transportError)}, after ${seen.size} cases: exploring stopped there`);
      break;
    }
    for (const [id, message] of run.failing) {
      if (shrunkFor.has(id)) continue;
      shrunkFor.add(id);
      // A case of the sweep is as small as its kind gets: only a drawn one is shrunk.
      const shrinking =
        index < swept.length ? undefined : await shrunk(arbitrary, options.seed, index - swept.length, id, attemptWith(records, target));
      drawn.failures.push({
        id,
        level: 'MUST',
        case: index,
        original: text,
        smallest: caseText(shrinking?.smallest ?? c, records),
        reproduce: `${options.command} --seed ${options.seed} --case ${index}`,
        // The smallest case's own words: shrinking may keep the requirement and change what failed it.
        message: target.redactor.text(shrinking?.message ?? message),
      });
    }
  }
  return drawn;
}

/** What explore came to: its outcomes (the records met, its scope, each case), its report section, and why a requirement outside its scope was not judged. */
export interface Explored {
  outcomes: TestResult[];
  section: ExploreReport;
  outside: OutsideReason;
}

export async function explore(target: ExploreTarget, options: ExploreOptions): Promise<Explored> {
  const { budget } = target;
  const unexplored: string[] = [];
  const recordChecks = new TestChecks(new Set(), new Set(), target.redactor);
  let records: MetRecords = { providers: [], organizations: [] };
  let stopped = false;
  try {
    records = await meetRecords(asked(new DirectoryClient(target.http, target.paths, recordChecks)), options);
  } catch (error) {
    stopped = stoppedBySignal(error);
    if (stoppedBySignal(error)) unexplored.push(`${error.reason} while meeting the records to start from`);
    else if (!budgetSpent(error)) throw error;
    else unexplored.push(`the budget of ${options.maxRequests} requests was spent meeting the records to start from`);
  }
  const met = testResultOf({
    title: 'explore › the records it starts from',
    status: 'passed',
    annotations: recordChecks.annotations(),
    errors: [],
  });
  const arbitrary = stopped ? undefined : caseArbitrary(records, options);
  const drawn: Drawn = arbitrary
    ? await drawCases(arbitrary.arbitrary, records, target, options)
    : { outcomes: [], tally: new Map(), failures: [], unexplored: [], swept: [] };
  const drawable = [...new Set([...(arbitrary?.kinds ?? []), ...drawn.swept])];
  // What ended the drawing, before the lines that say which kinds it left.
  const [stoppedBy] = [...unexplored, ...drawn.unexplored];
  const never = drawable.filter((kind) => !drawn.tally.has(kind));
  if (never.length > 0 && options.caseIndex === undefined) drawn.unexplored.push(`kinds never drawn: ${never.join(', ')}`);
  const lacking = CASE_KINDS.filter((kind) => !drawable.includes(kind) && (kind !== 'status' || options.statusSearch));
  if (lacking.length > 0 && options.caseIndex === undefined && !stopped)
    drawn.unexplored.push(`kinds with nothing to draw from: ${lacking.join(', ')} (see the gaps for what each lacked)`);
  const reached: KindsReached = {
    statusSearch: options.statusSearch,
    drawable,
    drawn: [...drawn.tally.keys()],
    ...(stoppedBy === undefined ? {} : { stoppedBy }),
    ...(unexplored.length > 0 ? { recordsCut: true } : {}),
    ...(options.caseIndex === undefined ? {} : { caseIndex: options.caseIndex, caseKind: drawn.asked }),
  };
  const section: ExploreReport = {
    seed: options.seed,
    ...(options.caseIndex === undefined ? {} : { case: options.caseIndex }),
    maxRequests: options.maxRequests,
    requests: budget.used,
    records: { providers: records.providers.length, organizations: records.organizations.length },
    cases: [...drawn.tally].map(([kind, counts]) => ({ kind, ...counts })),
    unexplored: [...unexplored, ...drawn.unexplored],
    failures: drawn.failures,
  };
  return { outcomes: [met, scopeOutcome(reached), ...drawn.outcomes], section, outside: outsideScope(reached) };
}
