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
 */
import type { Endpoint } from '../client/endpoints';
import type { Exchange } from '../client/exchange';
import { ForeignOriginError, TransportError } from '../client/http-client';
import { REDACTED } from '../client/redact';
import type { Environment } from '../config/environment';
import { judgeAnswer } from '../rules/rulebook';
import { runSuiteInProcess } from '../suite/in-process-suite';
import type { ConformanceReport, Failure } from '../types/schemas';
import { endpointOf, failureLocation } from '../verdicts/fingerprint';

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

/** The report's request on the target: its path and query after the report's base URL, on the configured one. */
function rebased(url: string, reportBase: string, base: string): string | { notSent: string } {
  if (url.includes(REDACTED) || url.includes(encodeURIComponent(REDACTED)))
    return { notSent: 'its request held a secret, which the report does not keep' };
  if (!url.startsWith(reportBase)) return { notSent: `its request is not under the report's base URL ${reportBase}` };
  return `${base}${url.slice(reportBase.length)}`;
}

/** What the driver supplies: the target's base URL, a way to send a request again, and the configuration its entries run with. */
export interface ReplayTarget {
  /** The configured base URL, on which the report's requests are rebased. */
  baseUrl: string;
  /** GET `url` again, with the configured credentials, on the base URL's origin alone. */
  send(url: string): Promise<Exchange>;
  /** The configuration the suite's entries run again with, as `run` reads it. */
  env: Environment;
}

async function resend(send: ReplayTarget['send'], url: string): Promise<Resent> {
  const endpoint = endpointOf(url);
  if (endpoint !== 'searchSingleBest' && endpoint !== 'sourceRecords' && endpoint !== 'organization')
    return { notSent: 'its request is of no endpoint of the specification' };
  try {
    const exchange = await send(url);
    const records = judgeAnswer(endpoint as Endpoint, exchange).requirementRecords((v) => v);
    return { failing: records.flatMap((r) => r.failures.map((f) => keyOf(r.id, f))) };
  } catch (error) {
    if (error instanceof TransportError || error instanceof ForeignOriginError) return { notSent: error.message };
    throw error;
  }
}

/** A requirement id as a regular expression matches it, literally. */
const escapedId = (id: string) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What today's run of the entries that judge `ids` fails, by key, and which of `ids` it judged. */
async function rerunEntries(env: Environment, ids: ReadonlySet<string>): Promise<{ failing: Set<string>; judged: Set<string> }> {
  // No baseline: replay judges what fails, and must never rewrite a baseline an UPDATE_BASELINE in the environment names.
  const { BASELINE_FILE: _file, UPDATE_BASELINE: _update, FAIL_ON_DRIFT: _drift, ...judging } = env;
  // The tests tagged with one of the requirements, as `run --grep` selects by tag.
  const report = await runSuiteInProcess(judging, { grep: new RegExp(`@(${[...ids].map(escapedId).join('|')})(?=\\s|$)`) });
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
    const today = rebased(url, report.target.baseUrl, target.baseUrl);
    resent.set(url, typeof today === 'string' ? await resend(target.send, today) : today);
  }
  const rerun = await rerunEntries(target.env, new Set(failures.map((f) => f.id)));
  const before = new Set(failures.map((f) => `${f.id} ${f.fingerprint}`));
  return failures.map((failure) => judged(failure, before, resent, rerun));
}

/**
 * One failure's outcome, from its requests sent again and its requirement's entries run again.
 * `changed` names only what the report did not hold: another failure it held is a line of its own.
 */
function judged(
  failure: ReplayedFailure,
  before: ReadonlySet<string>,
  resent: ReadonlyMap<string, Resent>,
  rerun: { failing: ReadonlySet<string>; judged: ReadonlySet<string> },
): ReplayedFailure {
  const key = `${failure.id} ${failure.fingerprint}`;
  const answers = failure.urls.map((url) => resent.get(url)!);
  const sent = answers.filter((a): a is { failing: string[] } => 'failing' in a);
  if (sent.some((a) => a.failing.includes(key)) || rerun.failing.has(key)) return { ...failure, status: 'still fails' };
  const now = [
    ...new Set([...sent.flatMap((a) => a.failing), ...[...rerun.failing].filter((other) => other.startsWith(`${failure.id} `))]),
  ].filter((other) => !before.has(other));
  if (now.length > 0) return { ...failure, status: 'changed', now };
  if (sent.length > 0 || rerun.judged.has(failure.id)) return { ...failure, status: 'fixed' };
  const why = answers.map((a) => ('notSent' in a ? a.notSent : '')).find((reason) => reason !== '');
  return { ...failure, status: 'not replayed', why: why ?? `no test judged ${failure.id} against this target` };
}
