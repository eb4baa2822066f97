/**
 * The promises of a probes file, asked of the target one by one without running the suite:
 * `directory-conformance probes check`, and the test every drafted probe passes before it is written.
 * Each promise is a subject of the rulebook: the same requests the suite makes for it, judged by the
 * same rules, so that `probes check` and the run cannot disagree. What a promise comes to is a view
 * of the one verdict (verdicts/verdict.ts) over its subjects: a probe problem contradicts the
 * promise; a MUST failure leaves it unconfirmed (the service failed on its own); else it holds.
 */
import type { DirectoryEndpoints, Endpoint } from '../client/endpoints';
import { type Exchange, refusedForRate, requestLine } from '../client/exchange';
import { PROMISED, probeLabel } from '../probes/promises';
import {
  type RecordLike,
  type Judgement,
  isBundle,
  entriesOf,
  organizationIds,
  bundleTotal as total,
  walkPages,
  meetCountExactly,
  meetIdentifierSearch,
  judge,
  judgeAnswer,
  meetAmbiguousSearch,
  meetNarrowedSearch,
  meetStatusSearch,
  wholeSearch,
  classifySingleBest,
  describeAnswer,
  carriedValues,
  queryKey,
  statusFlagsRefused,
} from '../rules/rulebook';
import { MAX_COUNT } from '../spec/constants';
import type { Probes } from '../types/schemas';
import { decide } from '../verdicts/verdict';

/**
 * holds: the answers keep the promise. contradicted: the rules blame the probe (what the suite
 * calls a probe problem). unconfirmed: the service failed on its own (a MUST finding of the same
 * rules), or refused to say (401, 403, 429), which the suite judges, not the probe.
 */
export type ProbeStatus = 'holds' | 'contradicted' | 'unconfirmed';

export interface PromiseCheck {
  probe: string;
  promised: string;
  status: ProbeStatus;
  /**
   * Why it is unconfirmed, as data: the service failed on its own (a MUST finding of the rules: the
   * promise may well hold, and the run judges the failure), or refused to say (401, 403, 429).
   */
  unconfirmed?: 'service-failed' | 'refused';
  /** What came back, in words. */
  observed: string;
  /** The line to print: the probe problem's wording when contradicted. */
  message: string;
}

/**
 * How a promise's own evidence is judged: as a run's (a SHOULD finding warns, nothing is tolerated),
 * and a check of its own part only, so no requirement it does not reach is a gap.
 */
const PROMISE_POLICY = { strict: false, unansweredShare: 0, gaps: 'unmet' } as const;

const identity = <T>(value: T) => value;

/**
 * A promise's verdict from what the rulebook judged of its answers (`promiseJudged`, and every answer as an answer of `endpoint`), `kept` saying in
 * words what the answers show when they keep it. An answer that says who may ask or how fast says
 * nothing of the data: it confirms nothing, and contradicts nothing.
 */
function promiseOf(
  probe: string,
  promised: string,
  { endpoint, answers }: { endpoint: Endpoint; answers: readonly Exchange[] },
  promiseJudged: Judgement,
  kept: string,
): PromiseCheck {
  // Every answer is evidence: the rules of an answer of its endpoint judge it, as the suite's client does.
  const judged = answers.reduce((all, exchange) => all.add(judgeAnswer(endpoint, exchange)), promiseJudged);
  const refusal = answers.find((exchange) => refusedForRate(exchange) || exchange.status === 401 || exchange.status === 403);
  if (refusal) {
    const observed = `the service refused the request (${refusal.status}): it confirms nothing about the data; ${refusedForRate(refusal) ? 'lower MAX_RPS (--max-rps), or try when the service allows more requests' : 'check API_TOKEN and API_HEADERS'}`;
    return { ...unconfirmed(probe, promised, observed, refusal), unconfirmed: 'refused' };
  }
  const problems = judged.probeProblems(identity);
  const records = judged.requirementRecords(identity);
  const failures = (level: 'MUST' | 'SHOULD') =>
    records.flatMap((record) => record.failures.filter((f) => f.level === level).map((failure) => ({ id: record.id, failure })));
  const decision = decide(
    {
      findings: { must: failures('MUST').length, should: failures('SHOULD').length },
      probeProblems: problems.length,
      errors: 0,
      coverage: { judged: records.filter((r) => r.checks > 0).length, partly: 0, gaps: [] },
    },
    PROMISE_POLICY,
  );
  // The view: the answers blame the probe (its probe problems, whatever else they show), or the service, or neither.
  const [problem] = problems;
  if (problem) return { probe, promised, status: 'contradicted', observed: problem.observed, message: problem.message };
  if (decision.verdict === 'fail') {
    const [{ id, failure }] = failures('MUST');
    const observed = `${id}: ${(failure.rule ?? failure.message).split('\n')[0]}`;
    const exchange = answers.find((a) => a.url === failure.url) ?? answers[answers.length - 1];
    return { ...unconfirmed(probe, promised, observed, exchange), unconfirmed: 'service-failed' };
  }
  if (decision.verdict === 'inconclusive') {
    const observed = `nothing its answers showed could be judged (${decision.why.join('; ')})`;
    return { probe, promised, status: 'unconfirmed', observed, message: `${probe}: ${observed}` };
  }
  return { probe, promised, status: 'holds', observed: kept, message: `${probe}: ${kept}` };
}

const unconfirmed = (probe: string, promised: string, observed: string, exchange: Exchange): PromiseCheck => ({
  probe,
  promised,
  status: 'unconfirmed',
  observed,
  message: `${probe}: ${observed} (${requestLine(exchange)}): the service failed on its own; the suite judges that, not the probe`,
});

/**
 * A promise the answers keep, or whose answers show the service failing on its own: the probe is
 * sound, and the run judges the failure. A draft writes such a probe (it keeps its evidence); a
 * contradicted or refused one it leaves out.
 */
export const promiseStands = (check: PromiseCheck) =>
  check.status === 'holds' || (check.status === 'unconfirmed' && check.unconfirmed === 'service-failed');

const recordIn = (exchange: Exchange): RecordLike | undefined => {
  const answer = classifySingleBest(exchange);
  return answer.kind === 'record' ? answer.record : undefined;
};

/** A unique promise of an answer in hand (the draft asks each name query once): the rules of a unique search. */
export function uniquePromise(probe: string, exchange: Exchange): PromiseCheck & { record?: RecordLike } {
  const verdict = promiseOf(
    probe,
    PROMISED.unique,
    { endpoint: 'searchSingleBest', answers: [exchange] },
    judge('unique-search', { probe, exchange }),
    describeAnswer(exchange),
  );
  const record = recordIn(exchange);
  return { ...verdict, ...(record ? { record } : {}) };
}

export const verifyUnique = async (api: DirectoryEndpoints, probe: string, query: Record<string, string>) =>
  uniquePromise(probe, await api.searchSingleBest(query));

/**
 * An ambiguous promise of an answer in hand: the rules of an ambiguous search, which read the
 * narrowed answer when the answer is no ambiguity (ambiguityNeedsNarrowing).
 */
export function ambiguousPromise(probe: string, narrowedBy: Record<string, string>, exchange: Exchange, narrowed?: Exchange): PromiseCheck {
  const judged = judge('ambiguous-search', { probe, narrowedBy, exchange, ...(narrowed ? { narrowed } : {}) });
  return promiseOf(
    probe,
    PROMISED.ambiguous,
    { endpoint: 'searchSingleBest', answers: narrowed ? [exchange, narrowed] : [exchange] },
    judged,
    describeAnswer(exchange),
  );
}

export async function verifyAmbiguous(
  api: DirectoryEndpoints,
  probe: string,
  query: Record<string, string>,
  narrowedBy: Record<string, string>,
): Promise<PromiseCheck> {
  const { exchange, narrowed } = await meetAmbiguousSearch(api, probe, query, narrowedBy);
  return ambiguousPromise(probe, narrowedBy, exchange, narrowed);
}

/** The ambiguous query plus narrowedBy returns one record (§4.1 r4), as plain parameters and as optional ones (r1). */
export async function verifyNarrowedBy(
  api: DirectoryEndpoints,
  probe: string,
  query: Record<string, string>,
  narrowedBy: Record<string, string>,
): Promise<PromiseCheck & { record?: RecordLike }> {
  const met = await meetNarrowedSearch(api, probe, query, narrowedBy);
  const { plain, dashed: optional } = met;
  const judged = judge('narrowed-search', met);
  const verdict = promiseOf(
    `${probe} narrowedBy ${JSON.stringify(narrowedBy)}`,
    PROMISED.narrowedBy,
    { endpoint: 'searchSingleBest', answers: [plain, optional] },
    judged,
    describeAnswer(plain),
  );
  const record = recordIn(plain);
  return { ...verdict, ...(record ? { record } : {}) };
}

export async function verifyNone(api: DirectoryEndpoints, probe: string, query: Record<string, string>): Promise<PromiseCheck> {
  const exchange = await api.searchSingleBest(query);
  return promiseOf(
    probe,
    PROMISED.none,
    { endpoint: 'searchSingleBest', answers: [exchange] },
    judge('no-match-search', { probe, query, exchange }),
    describeAnswer(exchange),
  );
}

const organizationsIn = (exchange: Exchange) => {
  const entries = isBundle(exchange) ? entriesOf(exchange.body).length : 0;
  return `the bundle holds ${entries} organization${entries === 1 ? '' : 's'}`;
};

/**
 * A search the probes promise matches, answered: the bundle and every organization on it, and each
 * against the query. `carriedBy`: an organization another answer showed carrying the values searched.
 */
function searchPromise(
  probe: string,
  exchange: Exchange,
  carriedBy?: string,
): PromiseCheck & { bundle?: unknown; entries?: number; total?: unknown } {
  // Every organization against the query is every answer's rule (judgeAnswer), as the suite's client judges it.
  const judged = judge('probe-search', { probe, exchange, ...(carriedBy ? { carriedBy } : {}) });
  const verdict = promiseOf(probe, PROMISED.searches, { endpoint: 'organization', answers: [exchange] }, judged, organizationsIn(exchange));
  const shown = isBundle(exchange) ? { entries: organizationIds(exchange.body).length, total: total(exchange) } : {};
  return { ...verdict, ...shown, ...(promiseStands(verdict) ? { bundle: exchange.body } : {}) };
}

/** A search the probes promise matches, on its own. */
export async function verifySearch(
  api: DirectoryEndpoints,
  probe: string,
  query: Record<string, string>,
): Promise<ReturnType<typeof searchPromise>> {
  return searchPromise(probe, await api.organizations(query));
}

/**
 * The searches the probes promise match, all asked before any is judged, as the suite does: every
 * answer is evidence, and the organizations they show (carriedValues) make an empty answer to a
 * search by their own values the service's fault. The organizations are kept for the identifier probes.
 */
async function verifySearches(
  api: DirectoryEndpoints,
  searches: readonly { probe: string; query: Record<string, string> }[],
): Promise<{ verdicts: PromiseCheck[]; carried: Map<string, string> }> {
  const answers: Exchange[] = [];
  // One at a time: the throttle paces them.
  for (const { query } of searches) answers.push(await api.organizations(query));
  const carried = carriedValues(answers);
  return {
    verdicts: searches.map(({ probe, query }, i) => searchPromise(probe, answers[i], carried.get(queryKey(query)))),
    carried,
  };
}

/** An identifier the probes promise some organization carries; `carriedBy`: an organization a search of the probes showed carrying it. */
export async function verifyIdentifier(api: DirectoryEndpoints, probe: string, value: string, carriedBy?: string): Promise<PromiseCheck> {
  const met = await meetIdentifierSearch(api, probe, value, carriedBy);
  return promiseOf(
    probe,
    PROMISED.identifiers,
    { endpoint: 'organization', answers: [met.exchange] },
    judge('identifier-search', met),
    organizationsIn(met.exchange),
  );
}

/**
 * More than 25 match: the walk by Page, as the suite walks the multiPage probe, with a budget of two
 * pages. Page 2 holding organizations page 1 does not keeps the promise; an empty page 2, or page 1
 * short with nothing past it, breaks it unless page 1 itself shows more (a total, a next link).
 */
export async function verifyMultiPage(api: DirectoryEndpoints, probe: string, query: Record<string, string>): Promise<PromiseCheck> {
  const walk = { query, maxPages: 2, promised: true, budget: "probes check's two pages" };
  const pages = await walkPages(api, walk);
  const answers = pages.map((p) => p.exchange);
  const distinct = new Set(pages.flatMap((p) => p.ids)).size;
  const kept = `${pages.length} page${pages.length === 1 ? '' : 's'} by Page hold ${distinct} organizations (page 1: ${pages[0].ids.length}, total ${JSON.stringify(pages[0].total)})`;
  return promiseOf(probe, PROMISED.multiPage, { endpoint: 'organization', answers }, judge('page-walk', { walk, pages }), kept);
}

/**
 * More than 1000 match: Count=1000 returns 1000, as the suite asks it of the overLimit probe. With
 * `countBeyond`, a Count=1000 answer of 1000 organizations whose total does not show more (a total
 * that counts the page, is capped or is absent: §4.3 r4 does not show its meaning) is followed by its
 * page 2 (Count=1000&Page=2, and Page=1 when that shows nothing new: pages that count from 0):
 * organizations there not on page 1 show that more than 1000 match.
 * `matches`: how many its answers showed to match, at least.
 */
export async function verifyOverLimit(
  api: DirectoryEndpoints,
  probe: string,
  query: Record<string, string>,
  { countBeyond = false } = {},
): Promise<PromiseCheck & { entries?: number; total?: unknown; matches?: number }> {
  const met = await meetCountExactly(api, { place: 'organization.overLimit', promised: PROMISED.overLimit }, query, MAX_COUNT);
  const { exchange } = met;
  const judged = judge('count-exactly-search', met);
  const ids = isBundle(exchange) ? organizationIds(exchange.body) : undefined;
  const shownTotal = total(exchange);
  const totalSays = typeof shownTotal === 'number' && Number.isSafeInteger(shownTotal) ? shownTotal : 0;
  const answers = [exchange];
  let beyond = 0;
  if (countBeyond && ids !== undefined && ids.length >= MAX_COUNT && totalSays <= ids.length) {
    // Page 2, then Page=1 where Page=2 shows nothing new: a service whose pages count from 0 holds its second page there.
    const seen = new Set(ids);
    for (const page of ['2', '1']) {
      const next = await api.organizations({ ...wholeSearch(query), Page: page });
      answers.push(next);
      if (isBundle(next)) beyond = new Set(organizationIds(next.body).filter((id) => !seen.has(id))).size;
      if (beyond > 0) break;
    }
  }
  const shown = ids === undefined ? undefined : Math.max(ids.length + beyond, totalSays);
  const kept = `Count=${MAX_COUNT} returned ${ids?.length ?? 0} entries${beyond > 0 ? `, and its page 2 ${beyond} more` : ''}`;
  const verdict = promiseOf(probe, PROMISED.overLimit, { endpoint: 'organization', answers }, judged, kept);
  return { ...verdict, ...(ids === undefined ? {} : { entries: ids.length, total: shownTotal, matches: shown }) };
}

/** A status search's check, and whether both flags were refused with a 4xx that is no refusal of access: the tenant does not search by status. */
export interface StatusSearchCheck extends PromiseCheck {
  flagRefused: boolean;
}

/** The tenant searches by status (§4.3): active=true and active=false of the search, as the suite asks them. */
export async function verifyStatusSearch(
  api: DirectoryEndpoints,
  probe: string,
  query: Record<string, string>,
): Promise<StatusSearchCheck> {
  const met = await meetStatusSearch(api, probe, query);
  const { searches } = met;
  const check = promiseOf(
    probe,
    PROMISED.statusSearch,
    { endpoint: 'organization', answers: searches.map((s) => s.exchange) },
    judge('status-search', met),
    'active=true and active=false return only organizations with that flag',
  );
  return { ...check, flagRefused: statusFlagsRefused(searches) };
}

/**
 * Every promise of a probes file, in the file's order: one verdict each (two for an ambiguous probe,
 * its narrowing apart). `statusSearch`: whether the tenant is said to search by status, as the suite
 * reads it (STATUS_SEARCH when given, else the file's organization.statusSearch: statusSearchOf).
 */
export async function verifyProbes(
  api: DirectoryEndpoints,
  probes: Probes,
  statusSearch = probes.organization?.statusSearch === true,
): Promise<PromiseCheck[]> {
  const { provider = {}, organization = {} } = probes;
  type Step = () => Promise<PromiseCheck[]>;
  /** A probe's label, as the suite labels it: place[index] and query. */
  const labelOf = (place: string, i: number, probe: unknown) =>
    probeLabel(`${place}[${i}]`, typeof probe === 'string' ? probe : (probe as { query: unknown }).query);
  /** A step per probe of a list, labelled as the suite labels it. */
  const each = <P>(place: string, list: readonly P[] | undefined, verify: (probe: P, label: string) => Promise<PromiseCheck[]>): Step[] =>
    (list ?? []).map((probe, i) => () => verify(probe, labelOf(place, i, probe)));
  /** What the organization searches showed carrying (carriedValues), for the identifier probes after them. */
  let carried = new Map<string, string>();
  /** A step for a single probe (multiPage, overLimit), labelled by its place and query. */
  const one = (place: string, probe: { query: Record<string, string> } | undefined, verify: typeof verifyMultiPage): Step[] =>
    probe ? [async () => [await verify(api, probeLabel(place, probe.query), probe.query)]] : [];
  const firstSearch = organization.searches?.[0]?.query;
  const steps: Step[] = [
    ...each('provider.unique', provider.unique, async ({ query }, label) => [await verifyUnique(api, label, query)]),
    ...each('provider.ambiguous', provider.ambiguous, async ({ query, narrowedBy }, label) => [
      await verifyAmbiguous(api, label, query, narrowedBy),
      await verifyNarrowedBy(api, label, query, narrowedBy),
    ]),
    ...each('provider.none', provider.none, async ({ query }, label) => [await verifyNone(api, label, query)]),
    async () => {
      const searches = (organization.searches ?? []).map(({ query }, i) => ({
        probe: labelOf('organization.searches', i, { query }),
        query,
      }));
      const searched = await verifySearches(api, searches);
      carried = searched.carried;
      return searched.verdicts;
    },
    ...one('organization.multiPage', organization.multiPage, verifyMultiPage),
    ...one('organization.overLimit', organization.overLimit, verifyOverLimit),
    ...each('organization.identifiers', organization.identifiers, async (value, label) => [
      await verifyIdentifier(api, label, value, carried.get(queryKey({ identifier: value }))),
    ]),
    ...(statusSearch && firstSearch
      ? [async () => [await verifyStatusSearch(api, probeLabel('organization.statusSearch', firstSearch), firstSearch)]]
      : []),
  ];
  const verdicts: PromiseCheck[] = [];
  // One at a time, in order: the throttle paces them, and the output follows the file.
  for (const step of steps) verdicts.push(...(await step()));
  return verdicts;
}
