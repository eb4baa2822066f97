/**
 * `judge HAR`: a recording judged with today's rulebook, offline, sending nothing. The suite's
 * entries ask what they always ask, and the recording answers (RecordedTransport): every answer is
 * judged by every rule of its endpoint and query, and every subject the recording holds the
 * requests of by its rules. A test whose request the recording lacks is not judged from it, and
 * says which request: the report's coverage is what the recording could judge.
 */
import { configuredSecrets } from '../config/connection';
import { InputError } from '../config/input-error';
import type { Environment } from '../config/environment';
import type { ConformanceReport } from '../report/model';
import { runSuiteInProcess } from '../suite/in-process-suite';
import { type RecordedExchange, readHar } from './har-file';
import { RecordedTransport, sameRequest } from './recorded-transport';
import { TransportError } from '../client/http-client';

/**
 * The base URL a recording's requests share: what comes before the provider or the FHIR path
 * (PROVIDER_PATH, FHIR_PATH) in the first request to either.
 */
function recordedBaseUrl(file: string, recording: readonly RecordedExchange[], env: Environment): string {
  const paths = [env.PROVIDER_PATH ?? '/provider', env.FHIR_PATH ?? '/fhir'].map((path) => `${path.replace(/\/+$/, '')}/`);
  for (const { url } of recording) {
    const { origin, pathname } = new URL(url);
    for (const path of paths) {
      const at = pathname.indexOf(path);
      if (at >= 0) return `${origin}${pathname.slice(0, at)}`;
    }
  }
  throw new InputError(`${file} holds no request to the provider or organization endpoints (${paths.join(', ')}): nothing to judge`);
}

/** What a recording comes to: the report `run` would have written from the same answers, and the requests it did not hold. */
export async function judgeRecording(
  file: string,
  env: Environment,
  stop?: AbortSignal,
): Promise<{ report: ConformanceReport; missing: string[] }> {
  const recording = readHar(file);
  const transport = new RecordedTransport(recording);
  const baseUrl = env.BASE_URL ?? recordedBaseUrl(file, recording, env);
  // Nothing is sent: no rate to keep, no credential to offer; the configured ones are still kept out of the report.
  let report: ConformanceReport;
  try {
    report = await runSuiteInProcess(
      { ...env, BASE_URL: baseUrl, MAX_RPS: '0', API_TOKEN: undefined, API_HEADERS: undefined },
      { transport, offline: true, secrets: configuredSecrets(env), ...(stop ? { stop } : {}) },
    );
  } catch (error) {
    // The suite's first requests (its unique probes' searches) unanswered in the recording: no run made from it could start, and none is judged.
    if (!(error instanceof TransportError)) throw error;
    const entry = recording.find((exchange) => exchange.failure !== undefined && sameRequest(exchange.url, error.url));
    throw new InputError(
      `${file}: ${entry ? `${entry.entry} (GET ${entry.url})` : `GET ${error.url}`} holds no answer (status 0): the suite's first requests need one, as a run's preflight does; judge a recording of a run whose searches were answered`,
    );
  }
  return { report, missing: transport.missing };
}
