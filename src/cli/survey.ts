/**
 * `directory-conformance survey`: every record of a directory judged by the conformance rules, and
 * `survey merge`, the shards of one survey as one. Configuration as `run`'s (flags, environment,
 * dotenv file), with the same exit 2 on a configuration error.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { DirectoryEndpoints } from '../client/endpoints';
import { secretParameterValues } from '../client/redact';
import { announce, isQuiet } from '../config/environment';
import type { PreflightInputs } from '../client/preflight';
import { USPS_STATE_CODES } from '../domain/usps-states';
import { escapeText } from '../report/escape';
import { SURVEY_FILES, writeSurvey } from '../report/survey/write-survey';
import { mergeShards } from '../survey/merge-shards';
import { createProgress, silentProgress } from '../survey/progress';
import { resumableCheckpoint } from '../survey/journal';
import { runSurvey, type SurveyResult } from '../survey/run-survey';
import type { SurveyPlan } from '../survey/survey-plan';
import { parseShard } from '../survey/shard';
import { SURVEY_EXIT_CODE, surveyVerdict } from '../verdicts/survey-verdict';
import type { SurveyStop } from '../survey/records';
import { coverageLines } from '../report/coverage-lines';
import { DELIMITERS, type NpiLine, readNpis } from '../survey/npi-input';
import { EXIT, outputFolder, UsageError } from './exit-codes';
import { npiListFlag } from './npi-list';
import { wholeNumber } from './whole-number';
import { dryRunLines } from '../survey/dry-run';
import { EmptyExportError, exportDryRunLines } from '../export/dry-run';
import { type ExportSource, ExportSourceError, isRemote, NO_ACCESS, resolveExportSource } from '../export/source';
import { type ExportAccess, shownUrl } from '../export/remote';
import { credentialHeaders } from '../client/client-options';
import { parseSample, resolveSample, type Sample } from '../survey/sample';
import type { ConnectionConfig } from '../config/connection';
import { type RunOptions, runEnvironment } from './run';
import { recordAfter, requestedHistory } from './kept-history';
import { stoppableBySignal } from './signal-race';
import { target } from './target';
import { type QualityLists } from '../quality/record-quality';
import { readList } from '../quality/lists';

export interface SurveyOptions extends Pick<RunOptions, 'base-url' | 'env-file' | 'shard' | 'max-rps' | 'history' | 'label'> {
  npis?: string;
  delimiter?: string;
  organizations?: string[];
  'organizations-by-state'?: boolean;
  findability?: boolean;
  'deactivated-npis'?: string;
  'taxonomy-codes'?: string;
  'dry-run'?: boolean;
  export?: string;
  'export-origin'?: string[];
  sample?: string;
  seed?: string;
  out?: string;
  resume?: boolean;
  concurrency?: string;
  examples?: string;
  'max-failure-rows'?: string;
}

export const SURVEY_DEFAULTS = { out: 'survey-report', concurrency: 8, examples: 5, maxFailureRows: 100_000 } as const;

/** An --organizations query: search parameters of §4.3, without Page or Count, which the survey sets itself. */
function walkQuery(raw: string): Record<string, string> {
  const query = Object.fromEntries(new URLSearchParams(raw));
  const names = Object.keys(query);
  if (names.length === 0 || names.some((n) => n === ''))
    throw new UsageError(`--organizations takes a search such as address-state=TX, got "${raw}"`);
  const paging = names.find((n) => /^(page|count|_count)$/i.test(n));
  if (paging) throw new UsageError(`--organizations ${raw}: the survey walks every page itself, by Page alone; leave ${paging} out`);
  return query;
}

/**
 * What the survey's inputs ask each endpoint, for the preflight: the NPI list's first NPI (a file's;
 * standard input is read once, by the survey), and the first walk's search.
 */
async function surveyInputs(plan: SurveyPlan): Promise<PreflightInputs> {
  let npi: string | undefined;
  if (plan.npis !== undefined && plan.npis !== '-')
    for await (const line of readNpis(plan.npis, { delimiter: plan.delimiter, problem: () => undefined })) {
      npi = line.npi;
      break;
    }
  return { ...(npi ? { provider: { NPI: npi } } : {}), ...(plan.walks[0] ? { organization: plan.walks[0] } : {}) };
}

/** The survey's verdict in the last lines, and its exit code. A shard's failures are judged when the shards are merged, as `run --shard`'s are. */
function concluded(out: string, { report }: SurveyResult): number {
  const { verdict, why } = surveyVerdict(report);
  const { records, requests } = report;
  console.log(
    `survey: ${records.providers} providers, ${records.notFound} NPIs not found${records.unreadable ? `, ${records.unreadable} answers unreadable` : ''}, ${records.organizations} organizations in ${records.walks} walks; ${requests.total} requests, ${requests.transportErrors} without an HTTP answer`,
  );
  for (const r of report.requirements.filter((r) => r.failed > 0))
    console.log(`  ${r.level.padEnd(6)} ${r.id.padEnd(20)} ${r.failed} of ${r.checked} records (${(r.rate * 100).toFixed(2)}%)`);
  // The export's measures: observations of the data, never the verdict; zeros said too, since a zero is the news there.
  for (const r of (report.dataQuality?.rates ?? []).filter((r) => r.family === 'export' && r.field === undefined))
    console.log(
      escapeText(
        `  DQ     ${r.id.padEnd(22)} ${r.failed} of ${r.checked} ${r.id === 'DQ-EXPORT-DANGLING' ? 'references of ' : ''}${r.resourceType} in ${r.dataset} (${(r.rate * 100).toFixed(2)}%, not part of the verdict)`,
        'terminal',
      ),
    );
  if (report.failureRows.reached)
    console.log(`  failures.csv holds the first ${report.failureRows.bound} rows by key (--max-failure-rows)`);
  // What the survey judged of its plan, and what it never met: typed coverage, in the words every output shares.
  for (const line of coverageLines(report.coverage ?? {})) console.log(escapeText(line, 'terminal'));
  console.log(`survey: ${verdict.toUpperCase()}: ${escapeText(why, 'terminal')}`);
  console.log(`report: ${resolve(out, SURVEY_FILES.html)} (survey.json, failures.csv beside it)`);
  if (verdict === 'fail' && report.shard.total > 1) {
    console.log(
      `shard ${report.shard.index}/${report.shard.total}: its failures are judged when the shards are merged: directory-conformance survey merge`,
    );
    return EXIT.pass;
  }
  return SURVEY_EXIT_CODE[verdict];
}

/**
 * V8 lets the heap grow to up to 4 times what survives each full collection. A survey allocates
 * fast and keeps little (about 20 MB for 100k organizations), so its heap would grow with how long
 * it runs rather than with what it holds. 1.3 times keeps the peak nearly flat from 10k to 100k
 * organizations, for a few percent of time (npm run bench: survey peak memory). V8 reads this flag at
 * each collection, so setting it once the process runs takes effect.
 */
const HEAP_GROWING = '--heap-growing-percent=30';

async function* npisOf(lines: AsyncIterable<NpiLine>): AsyncGenerator<string> {
  for await (const { npi } of lines) yield npi;
}

/** The NPI list --npis names (a file, or - for standard input), and its --delimiter, checked before anything is asked. */
function npiListOf(options: SurveyOptions, cwd: string): { npis?: string; delimiter?: string } {
  const npis = npiListFlag(options.npis, cwd);
  const delimiter = options.delimiter === undefined ? undefined : DELIMITERS[options.delimiter.toLowerCase()];
  if (options.delimiter !== undefined && delimiter === undefined)
    throw new UsageError(`--delimiter must be comma, semicolon or tab (or , ; and a tab character), got "${options.delimiter}"`);
  if (delimiter !== undefined && npis === undefined) throw new UsageError("--delimiter is the NPI list's: give --npis too");
  return { ...(npis !== undefined ? { npis } : {}), ...(delimiter !== undefined ? { delimiter } : {}) };
}

/** --export SOURCE as the plan names it (a path resolved, a URL as given), and --export-origin, each an origin. */
function exportFlags(options: SurveyOptions, cwd: string): { source?: string; origins: string[] } {
  const origins = (options['export-origin'] ?? []).map((raw) => {
    let url: URL | undefined;
    try {
      url = new URL(raw);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== raw.replace(/\/$/, ''))
      throw new UsageError(`--export-origin takes an origin, such as https://files.example.org (no path), got "${raw}"`);
    return url.origin;
  });
  if (origins.length > 0 && options.export === undefined) throw new UsageError("--export-origin is the export's: give --export SOURCE too");
  if (options.export === undefined) return { origins };
  return { source: isRemote(options.export) ? options.export : resolve(cwd, options.export), origins };
}

/** The files SOURCE names, found with what may reach them; a SOURCE that cannot be read is the user's to fix, exit 2. */
async function exportSourceFor(source: string, access: ExportAccess): Promise<ExportSource> {
  try {
    return await resolveExportSource(source, access);
  } catch (error) {
    if (error instanceof ExportSourceError) throw new UsageError(`--export ${error.message}`);
    throw error;
  }
}

/** An export nothing can be read from is the user's to fix: exit 2, in one line. */
async function readingExport<T>(reading: Promise<T>): Promise<T> {
  try {
    return await reading;
  } catch (error) {
    if (error instanceof EmptyExportError) throw new UsageError(`--export ${error.message}`);
    throw error;
  }
}

const exportLinesOf = (exported: ExportSource) => readingExport(exportDryRunLines(exported));

/** The export alone asks no service: nothing is started or configured, the embedded server included, and no credential goes anywhere. */
async function exportAlone(source: string, origins: string[]): Promise<number> {
  for (const line of await exportLinesOf(await exportSourceFor(source, { ...NO_ACCESS, namedOrigins: origins }))) console.log(line);
  return EXIT.pass;
}

/** --sample and --seed, resolved: N NPIs are drawn from the list, which every shard reads whole here, so each draws the same N. */
async function surveySample(options: SurveyOptions, npis: string | undefined, delimiter: string | undefined): Promise<Sample | undefined> {
  const request = parseSample(options.sample, options.seed);
  if (request && 'count' in request && (npis === undefined || npis === '-'))
    throw new UsageError(
      `--sample ${request.count} draws that many NPIs from the list, read once to find them and once to survey them: give --npis FILE (not standard input), or a share, --sample P%`,
    );
  // A problem row is the survey's to report, not this pass's.
  return resolveSample(request, () => npisOf(readNpis(npis!, { ...(delimiter ? { delimiter } : {}), problem: () => {} })));
}

/** The export's files, found with the target's access: its credentials on its origin and on the origins the user named, nowhere else. */
const targetExport = (exported: string, origins: string[], connection: ConnectionConfig): Promise<ExportSource> =>
  exportSourceFor(exported, {
    targetOrigin: new URL(connection.baseUrl).origin,
    credentials: credentialHeaders(connection),
    namedOrigins: origins,
    timeoutMs: connection.requestTimeoutMs,
  });

export async function surveyCommand(options: SurveyOptions): Promise<number> {
  setFlagsFromString(HEAP_GROWING);
  const cwd = process.cwd();
  const walks = [
    ...(options.organizations ?? []).map(walkQuery),
    ...(options['organizations-by-state'] ? USPS_STATE_CODES.map((state) => ({ 'address-state': state })) : []),
  ];
  const { source: exported, origins } = exportFlags(options, cwd);
  if (options.npis === undefined && walks.length === 0 && exported === undefined)
    throw new UsageError(
      'survey needs records to judge: --npis FILE (or - for standard input), --organizations QUERY, --organizations-by-state, or --export SOURCE',
    );
  if (exported && options['dry-run'] && options.npis === undefined && walks.length === 0) return exportAlone(exported, origins);
  const { npis, delimiter } = npiListOf(options, cwd);
  const shard = parseShard(options.shard);
  const sample = await surveySample(options, npis, delimiter);
  const lists = await qualityListsOf(options, cwd);
  const out = outputFolder(resolve(cwd, options.out ?? SURVEY_DEFAULTS.out), Object.values(SURVEY_FILES));
  const concurrency = wholeNumber('concurrency', options.concurrency, SURVEY_DEFAULTS.concurrency, 256, 1);
  const examples = wholeNumber('examples', options.examples, SURVEY_DEFAULTS.examples, 1000);
  const maxFailureRows = wholeNumber('max-failure-rows', options['max-failure-rows'], SURVEY_DEFAULTS.maxFailureRows, 100_000_000);
  const history = requestedHistory(options, runEnvironment(options, process.env, cwd), cwd);
  if (history !== undefined && shard.total > 1)
    throw new UsageError('--history records a whole survey: give it to survey merge, which joins the shards');
  return target(
    options,
    DirectoryEndpoints,
    (_env, { connection, redactor }) => {
      const plan: SurveyPlan = {
        baseUrl: redactor.url(connection.baseUrl),
        embedded: connection.embedded,
        ...(npis !== undefined ? { npis } : {}),
        ...(delimiter !== undefined ? { delimiter } : {}),
        walks,
        shard,
        ...(options.findability ? { findability: true as const } : {}),
        ...(sample ? { sample } : {}),
        ...lists.files,
        // A URL without its query: a signed URL's signature is a credential, kept out of the checkpoint and every output.
        ...(exported ? { export: isRemote(options.export!) ? shownUrl(options.export!) : options.export! } : {}),
        examples,
        maxFailureRows,
        credentials: {
          bearer: connection.apiToken !== undefined,
          headers: Object.keys(connection.apiHeaders),
          clientCertificate: connection.clientCertificate !== undefined,
        },
      };
      // A resume of another survey is refused in one line, before anything is printed or asked.
      if (options.resume) resumableCheckpoint(out, redactor.value(plan));
      return plan;
    },
    async (endpoints, plan, { connection, redactor }) => {
      const exportSource = exported === undefined ? undefined : await targetExport(exported, origins, connection);
      if (options['dry-run']) {
        if (exportSource) for (const line of await exportLinesOf(exportSource)) console.log(line);
        for (const line of await dryRunLines(plan, connection.maxRps)) console.log(line);
        return EXIT.pass;
      }
      announce(
        `survey: ${npis === undefined ? 'no NPIs' : `NPIs from ${npis === '-' ? 'standard input' : npis}`}, ${walks.length} organization walks, shard ${shard.index}/${shard.total}, ${concurrency} at a time, ${connection.maxRps > 0 ? `at most ${connection.maxRps} requests/s` : 'no rate limit'}${options.resume ? ', resumed' : ''} → ${out}`,
      );
      const settings = {
        out,
        resume: options.resume === true,
        concurrency,
        lists: lists.read,
        ...(exportSource ? { exported: exportSource } : {}),
      };
      const progress = isQuiet(process.env) ? silentProgress() : createProgress();
      const result = await stoppableBySignal(
        (stop) => readingExport(runSurvey(endpoints, plan, { ...settings, progress, redact: (value) => redactor.value(value), stop })),
        (signal): SurveyStop => ({ kind: 'signal', text: `stopped by ${signal}, the checkpoint kept` }),
      );
      await writeSurvey(out, result, plan.credentials);
      return await recordAfter(history, out, options.label, concluded(out, result));
    },
    // The preflight asks with the user's own inputs: the list's first NPI and the first walk's search. A dry run asks nothing.
    async (plan) => (options['dry-run'] ? undefined : await surveyInputs(plan)),
    { secrets: walks.flatMap(secretParameterValues) },
  );
}

/**
 * --deactivated-npis and --taxonomy-codes: the files as the plan names them with each one's digest
 * (a resume or a merge refuses a list whose contents changed), and their values, read once before
 * anything is asked.
 */
async function qualityListsOf(
  options: SurveyOptions,
  cwd: string,
): Promise<{ files: Pick<SurveyPlan, 'deactivatedNpis' | 'taxonomyCodes' | 'listDigests'>; read: QualityLists }> {
  const deactivated = options['deactivated-npis'] === undefined ? undefined : resolve(cwd, options['deactivated-npis']);
  const taxonomy = options['taxonomy-codes'] === undefined ? undefined : resolve(cwd, options['taxonomy-codes']);
  const deactivatedList = deactivated === undefined ? undefined : await readList('deactivated-npis', deactivated);
  const taxonomyList = taxonomy === undefined ? undefined : await readList('taxonomy-codes', taxonomy);
  const digests = {
    ...(deactivatedList ? { deactivatedNpis: deactivatedList.digest } : {}),
    ...(taxonomyList ? { taxonomyCodes: taxonomyList.digest } : {}),
  };
  return {
    files: {
      ...(deactivated ? { deactivatedNpis: deactivated } : {}),
      ...(taxonomy ? { taxonomyCodes: taxonomy } : {}),
      ...(Object.keys(digests).length > 0 ? { listDigests: digests } : {}),
    },
    read: {
      ...(deactivatedList ? { deactivatedNpis: deactivatedList.values } : {}),
      ...(taxonomyList ? { taxonomyCodes: taxonomyList.values } : {}),
    },
  };
}

/** `survey merge DIR... --out DIR`. */
export async function surveyMergeCommand(
  dirs: readonly string[],
  options: Pick<SurveyOptions, 'out' | 'history' | 'label'>,
): Promise<number> {
  const outFlag = options.out;
  setFlagsFromString(HEAP_GROWING); // the merge folds every shard's pages: as a survey holds them
  const cwd = process.cwd();
  if (outFlag === undefined) throw new UsageError('survey merge needs --out DIR: where the merged survey goes');
  const out = outputFolder(resolve(cwd, outFlag), Object.values(SURVEY_FILES));
  const history = requestedHistory(options, process.env, cwd);
  const merged = await mergeShards(dirs.map((d) => resolve(cwd, d)));
  mkdirSync(out, { recursive: true });
  await writeSurvey(out, merged, merged.plan.credentials);
  console.error(`survey merge: ${dirs.length} shards of ${merged.plan.baseUrl} → ${out}`);
  return recordAfter(history, out, options.label, concluded(out, merged));
}
