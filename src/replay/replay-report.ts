/**
 * `replay REPORT`: is it fixed now? Each failure of a conformance report is asked again of the
 * configured target, with the configured credentials (a report holds none), and judged by today's
 * rulebook, two ways at once:
 *   - its request is sent again, rebased on the target, and the answer judged by every rule of its
 *     endpoint and query (judgeAnswer), as any answer is;
 *   - the suite's entries that judge its requirement run again, in this process, for the failures a
 *     lone answer cannot show (a relation between answers: a narrowing, a page walk).
 * A failure is its requirement at its location (the baseline's fingerprint): `still fails` when
 * today's judgement fails it there again, `changed` when its request or its requirement now fails
 * otherwise, `fixed` when what was asked again passed, `not replayed` when nothing could ask it.
 * The requests go to the configured target alone, each to one of its three endpoints as the
 * configured paths name them exactly, within the command's budget (BoundedTransport).
 */
import type { RequestBudget } from '../client/bounded-transport';
import { type EndpointPaths, endpointAt } from '../client/endpoints';
import { type Exchange, refusedForRate } from '../client/exchange';
import { ForeignOriginError, NotSentError, RefusedError, TransportError } from '../client/http-client';
import type { Transport } from '../client/transport';
import { REDACTED } from '../client/redact';
import type { Environment } from '../config/environment';
import { judgeAnswer } from '../rules/rulebook';
import { runSuiteInProcess } from '../suite/in-process-suite';
import type { ConformanceReport, Failure } from '../types/schemas';
import { failureLocation } from '../verdicts/fingerprint';

export type ReplayStatus = 'fixed' | 'still fails' | 'changed' | 'not replayed';

export interface ReplayedFailure {
  id: string;
  level: 'MUST' | 'SHOULD';
  /** Endpoint and generalised pointer: where it failed, as a baseline entry names it. */
  fingerprint: string;
  /** Its first message line in the report. */
  message: string;
  /** The requests of the report that showed it, as the report shows them (secrets redacted). */
  urls: string[];
  status: ReplayStatus;
  /** `changed`: what fails now instead, as `ID fingerprint`. */
  now?: string[];
  /** `not replayed`: why. */
  why?: string;
}

/** A failure's key: its requirement at its location. */
const keyOf = (id: string, failure: Pick<Failure, 'url' | 'pointer'>) => `${id} ${failureLocation(failure)}`;

/** The report's failures, one per requirement and location, with every request that showed it. */
function failuresOf(report: ConformanceReport): ReplayedFailure[] {
  const byKey = new Map<string, ReplayedFailure>();
  for (const requirement of report.requirements)
    for (const failure of requirement.failures) {
      const key = keyOf(requirement.id, failure);
      const known = byKey.get(key);
      if (known) {
        if (failure.url && !known.urls.includes(failure.url)) known.urls.push(failure.url);
        continue;
      }
      byKey.set(key, {
        id: requirement.id,
        level: failure.level ?? requirement.level,
        fingerprint: failureLocation(failure),
        message: failure.message.split('\n')[0],
        urls: failure.url ? [failure.url] : [],
        status: 'not replayed',
      });
    }
  return [...byKey.values()];
}

/** Today's judgement of one request of the report, sent again: the keys of what fails, or why it was not sent. */
type Resent = { failing: string[] } | { notSent: string };

/**
 * The report's request on the target: the same URL, or, for a report of the embedded server asked of
 * the embedded server again (a port of its own each time), its path and query after the report's
 * base URL on the served one.
 */
function rebased(url: string, reportBase: string, target: ReplayTarget): string | { notSent: string } {
  if (url.includes(REDACTED) || url.includes(encodeURIComponent(REDACTED)))
    return { notSent: 'its request held a secret, which the report does not keep' };
  if (!target.rebase) return url;
  if (!url.startsWith(`${reportBase}/`)) return { notSent: `its request is not under the report's base URL ${reportBase}` };
  return `${target.baseUrl}${url.slice(reportBase.length)}`;
}

/**
 * What the driver supplies: the configured target (its base URL and the endpoints' paths), a way to
 * send a request again, the transport the suite's entries ask through, and the configuration they
 * run with.
 */
export interface ReplayTarget {
  /** The configured base URL: every request replay sends is under it. */
  baseUrl: string;
  paths: EndpointPaths;
  /** Whether the report's requests are rebased on the base URL: a report of the embedded server, served here again. */
  rebase: boolean;
  /** GET `url` again, with the configured credentials, on the base URL's origin alone. */
  send(url: string): Promise<Exchange>;
  /** What the suite's entries that run again ask through: the command's, bounded by its budget and its stop. */
  transport?: Transport;
  /** The bounds every request of the replay is taken from, when the driver bounds them: what a failure not asked again says. */
  bounds?: { budget: RequestBudget; stop?: AbortSignal };
  /** The configuration the suite's entries run again with, as `run` reads it. */
  env: Environment;
}

async function resend(target: ReplayTarget, url: string): Promise<Resent> {
  const endpoint = endpointAt(url, target.baseUrl, target.paths);
  if (endpoint === undefined)
    return {
      notSent: `its request is to none of the three endpoints under ${target.baseUrl} (${target.paths.providerPath}/searchSingleBest, ${target.paths.providerPath}/sourceRecords/…, ${target.paths.fhirPath}/organization)`,
    };
  try {
    const exchange = await target.send(url);
    // An answer refused for rate or availability says nothing of the data: the failure is not asked again, and says why.
    if (refusedForRate(exchange)) return { notSent: new RefusedError(exchange).message };
    const records = judgeAnswer(endpoint, exchange).requirementRecords((v) => v);
    return { failing: records.flatMap((r) => r.failures.map((f) => keyOf(r.id, f))) };
  } catch (error) {
    if (error instanceof TransportError || error instanceof ForeignOriginError || error instanceof NotSentError)
      return { notSent: error instanceof NotSentError ? error.reason : error.message };
    throw error;
  }
}

/** A requirement id as a regular expression matches it, literally. */
const escapedId = (id: string) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What today's run of the entries that judge `ids` came to: what fails, by key, and which of `ids` it judged. */
interface Rerun {
  failing: Set<string>;
  judged: Set<string>;
}

/** Why requests were not let leave, when some were not: the command was stopped, or its budget spent. */
function cutShort(bounds: ReplayTarget['bounds']): string | undefined {
  if (bounds?.stop?.aborted) return `${String(bounds.stop.reason)} before it was asked again`;
  if (bounds && bounds.budget.refused > 0)
    return `the budget of ${bounds.budget.max} requests (--max-requests) was spent before it was asked again`;
  return undefined;
}

async function rerunEntries(target: ReplayTarget, ids: ReadonlySet<string>): Promise<Rerun> {
  // No baseline: replay judges what fails, and must never rewrite a baseline an UPDATE_BASELINE in the environment names.
  const { BASELINE_FILE: _file, UPDATE_BASELINE: _update, FAIL_ON_DRIFT: _drift, ...judging } = target.env;
  // The tests tagged with one of the requirements, as `run --grep` selects by tag.
  const report = await runSuiteInProcess(judging, {
    grep: new RegExp(`@(${[...ids].map(escapedId).join('|')})(?=\\s|$)`),
    ...(target.transport ? { transport: target.transport } : {}),
  });
  const failing = new Set(report.requirements.flatMap((r) => r.failures.map((f) => keyOf(r.id, f))));
  const judged = new Set(report.requirements.filter((r) => r.checks > 0).map((r) => r.id));
  return { failing, judged };
}

/** Each failure of `report`, asked again of `target` and judged by today's rulebook. */
export async function replayReport(report: ConformanceReport, target: ReplayTarget): Promise<ReplayedFailure[]> {
  const failures = failuresOf(report);
  if (failures.length === 0) return [];
  const resent = new Map<string, Resent>();
  for (const url of new Set(failures.flatMap((f) => f.urls))) {
    const today = rebased(url, report.target.baseUrl, target);
    resent.set(url, typeof today === 'string' ? await resend(target, today) : today);
  }
  const rerun = await rerunEntries(target, new Set(failures.map((f) => f.id)));
  const before = new Set(failures.map((f) => `${f.id} ${f.fingerprint}`));
  const cut = cutShort(target.bounds);
  return failures.map((failure) => judged(failure, before, resent, rerun, cut));
}

/**
 * One failure's outcome, from its requests sent again and its requirement's entries run again.
 * `changed` names only what the report did not hold: another failure it held is a line of its own.
 */
function judged(
  failure: ReplayedFailure,
  before: ReadonlySet<string>,
  resent: ReadonlyMap<string, Resent>,
  rerun: Rerun,
  /** Why some requests were not let leave: a failure nothing answered again is not replayed, for that reason, rather than fixed. */
  cut: string | undefined,
): ReplayedFailure {
  const key = `${failure.id} ${failure.fingerprint}`;
  const answers = failure.urls.map((url) => resent.get(url)!);
  const sent = answers.filter((a): a is { failing: string[] } => 'failing' in a);
  if (sent.some((a) => a.failing.includes(key)) || rerun.failing.has(key)) return { ...failure, status: 'still fails' };
  const now = [
    ...new Set([...sent.flatMap((a) => a.failing), ...[...rerun.failing].filter((other) => other.startsWith(`${failure.id} `))]),
  ].filter((other) => !before.has(other));
  if (now.length > 0) return { ...failure, status: 'changed', now };
  if (sent.length > 0 || (rerun.judged.has(failure.id) && cut === undefined)) return { ...failure, status: 'fixed' };
  if (cut !== undefined) return { ...failure, status: 'not replayed', why: cut };
  const why = answers.map((a) => ('notSent' in a ? a.notSent : '')).find((reason) => reason !== '');
  return { ...failure, status: 'not replayed', why: why ?? `no test judged ${failure.id} against this target` };
}
