/**
 * `npm run bench`: the harness against its floor, and the reference server under load. Prints a
 * table and writes bench/results.json (its field names are an interface). Ratios are measured in
 * one run, side by side; nothing here asserts a timing.
 *
 *   package     the packed tarball (npm pack): its size and file count; the command below is it, installed
 *   startup     the installed command's --version, list and a whole embedded run (medians, wall and CPU),
 *               and Playwright's own start (playwright test --list of an empty project)
 *   overhead    the installed command's run with LATENCY_MS=50, against a bare replay of its own requests
 *   validation  a 1,000-entry bundle: the suite's compiled validators against JSON.parse of the same bytes
 *   server      autocannon on each endpoint, at 1k and at 100k providers and organizations
 *   pageWalk    every page of a query matching all 100k organizations, by next link and by Page
 *   survey      the survey command at 10k and 100k (a fifth as many NPIs, every state walked): records
 *               per second against a bare replay of its requests, and peak memory; and its rate at --max-rps
 *   serverStart the reference server's start on each generated directory, from its snapshot
 *   history     the installed command on the embedded store: history record of a survey of 100k
 *               organizations and 20k providers with its failing keys; history check and history page
 *               over 1,000 runs of 5 targets; the store's bytes per run
 *
 *   npiInput    the survey's NPI list read at 100,000 and 1,000,000 rows with quoted line breaks: peak memory
 *   exportRead  survey --export's reading alone (as --dry-run reads it) of one .zst file of 1,000,000
 *               organizations: peak memory and MB of NDJSON a second, against the decoder alone
 *
 *   gate        the regression gate's false alarms: 20 clean surveys of one unchanged server back to back,
 *               with a busy loop on every core, each kept in one history and checked (target 0)
 *
 *   npm run bench -- --only startup     package, startup and overhead alone (about a minute)
 *   npm run bench -- --only history     the package and the history alone
 *   npm run bench -- --only gate        the package and the gate's false alarms alone (a few minutes)
 *   npm run bench -- --only findability survey --findability at 10k against its floor, and its rate (a few minutes)
 *   npm run bench -- --only scorecard   the data-quality scorecard's CPU against the survey's at 10k (a minute)
 *   npm run bench -- --only npis        the NPI list's peak memory at 100,000 and 1,000,000 rows (half a minute)
 *   npm run bench -- --only export      the export's reading at 1,000,000 organizations against its decoder (a minute)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { writeIndexedDirectory } from '../src/generator/indexed-directory';
import { generateOrganizations } from '../src/generator/organizations';
import { generateProviders } from '../src/generator/providers';
import { Random } from '../src/generator/random';
import { ReadOnlyHttpClient } from '../src/client/http-client';
import { Redactor } from '../src/client/redact';
import { entriesOf, nextLink, organizationIds } from '../src/rules/organization/entries';
import { requirementsReached } from '../src/rules/schema-routing';
import { UndiciTransport } from '../src/client/transport';
import { createSchemaValidator, SCHEMA } from '../src/schema-validation/validator';
import { COMMITTED_BENCH_RESULTS } from '../src/bench/committed-results';
import { installPackedCommand } from '../src/bench/installed-command';
import { type GateNoise, measureGateNoise } from '../src/bench/gate-noise';
import { type HistoryCost, measureHistoryCost } from '../src/bench/history-cost';
import { measureOverhead } from '../src/bench/overhead';
import { measureStartup, type Startup, type Timing } from '../src/bench/startup';
import { TARGETS } from '../src/bench/targets';
import { measureSurveyCost, measureSurveyRate, type SurveyCost, type SurveyLauncher, type SurveyRate } from '../src/bench/survey-cost';
import { markdownTable } from '../src/suite-runs/run-table';
import { measureScorecardCost, type ScorecardCost } from '../src/bench/scorecard-cost';
import { measureNpiInputMemory, type NpiInputMemory } from '../src/bench/npi-input-memory';
import { type ExportRead, measureExportRead } from '../src/bench/export-read';
import { startReferenceServer } from '../src/suite-runs/scenario-server';
import { PACKAGE_ROOT } from '../src/package-root';

/** The server's load is measured at the first and last size, the survey at the last two. */
const SIZES = [1_000, 10_000, 100_000] as const;
const LOAD_SIZES: readonly number[] = [1_000, 100_000];
const SURVEY_SIZES: readonly number[] = [10_000, 100_000];
/** The survey's NPIs: a fifth of the providers (20,000 at 100k, with 100k organizations: the issue's memory bound). */
const NPI_SHARE = 5;
const SURVEY_CONCURRENCY = 8;

/** The rate check: --max-rps 50 over about 500 requests. */
const SURVEY_MAX_RPS = 50;
const RATE_NPIS = 250;

const LOAD_SECONDS = 5;
const CONNECTIONS = 10;

const median = (samples: readonly number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** What the load asks for: a provider's NPI and curated ID, and an organization's identifier. */
interface LoadQueries {
  npi: string;
  curatedId: string;
  /** An identifier one organization carries, at any size: the load measures the lookup, not a growing result. */
  organizationIdentifier: string;
}

/**
 * Synthetic data of `size` providers and organizations, with the server's snapshot, every
 * organization active, so that `active=true` matches them all (the page walk's query); and the
 * survey's NPI lists.
 */
function writeFixtures(dir: string, size: number): LoadQueries {
  const providers = generateProviders(new Random(7), size);
  const organizations = generateOrganizations(new Random(8), size).map((o) => ({ ...o, active: true }));
  mkdirSync(dir, { recursive: true });
  writeIndexedDirectory(dir, { providers, organizations });
  const npis = providers.map((p) => p.golden.data.NPI![0]);
  writeFileSync(join(dir, SURVEY_NPIS), `${npis.slice(0, size / NPI_SHARE).join('\n')}\n`);
  writeFileSync(join(dir, RATE_NPIS_FILE), `${npis.slice(0, RATE_NPIS).join('\n')}\n`);
  const [first] = providers;
  return { npi: first.golden.data.NPI![0], curatedId: first.golden.id, organizationIdentifier: organizations[0].identifier[0].value };
}

/**
 * Without latency the survey and the reference server share two cores, and the survey's judging
 * (the FHIR R4 validation of every organization above all) is what the floor does not do: the ratio
 * measures CPU. With a service's latency it measures what the harness adds to a survey's time.
 */
const SURVEY_LATENCY_MS = 50;

async function surveyAtLatency(
  dir: string,
  concurrency = SURVEY_CONCURRENCY,
  flags: readonly string[] = [],
): Promise<Results['surveyOverhead']> {
  const slow = await startReferenceServer({ FIXTURE_DIR: dir, LATENCY_MS: String(SURVEY_LATENCY_MS) });
  try {
    const cost = await measureSurveyCost(SURVEY_LAUNCHER, slow.origin, join(dir, SURVEY_NPIS), concurrency, flags);
    return { size: SURVEY_SIZES[0], latencyMs: SURVEY_LATENCY_MS, ...cost };
  } finally {
    await slow.stop();
  }
}

/**
 * A findability survey multiplies the requests (about 5.3 a provider, 7.1 more an organization):
 * at 10k, some 80,000. More at a time keeps it a few minutes at LATENCY_MS=50; the floor replays
 * as many lanes.
 */
const FINDABILITY_CONCURRENCY = 32;

/** `--only findability`: the findability survey at 10k against its floor at LATENCY_MS=50, and its rate under --max-rps. */
async function measureFindability(partial: Partial<Results>): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'bench-findability-'));
  try {
    const dir = join(root, String(SURVEY_SIZES[0]));
    inChild<LoadQueries>(FIXTURES_MODE, dir, String(SURVEY_SIZES[0]));
    const overhead = await surveyAtLatency(dir, FINDABILITY_CONCURRENCY, ['--findability']);
    const reference = await startReferenceServer({ FIXTURE_DIR: dir });
    try {
      const rate = measureSurveyRate(SURVEY_LAUNCHER, reference.origin, join(dir, RATE_NPIS_FILE), SURVEY_MAX_RPS, ['--findability']);
      partial.findability = { overhead, rate };
    } finally {
      await reference.stop();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** `--only scorecard`: the survey at 10k (a fifth of the NPIs, every state) and the scorecard's work over the same records. */
async function measureScorecard(partial: Partial<Results>): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'bench-scorecard-'));
  try {
    const size = SURVEY_SIZES[0];
    const dir = join(root, String(size));
    inChild<LoadQueries>(FIXTURES_MODE, dir, String(size));
    // The same records writeFixtures wrote: the same generators and seeds.
    const providers = generateProviders(new Random(7), size).slice(0, size / NPI_SHARE);
    const organizations = generateOrganizations(new Random(8), size) as unknown as Record<string, unknown>[];
    const reference = await startReferenceServer({ FIXTURE_DIR: dir });
    try {
      partial.scorecard = measureScorecardCost(SURVEY_LAUNCHER, reference.origin, join(dir, SURVEY_NPIS), {
        providers: providers as never,
        organizations,
      });
    } finally {
      await reference.stop();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** `figure (target under B)`, and MISSED where the figure is not under it. */
const underTarget = (figure: number, bound: number, said: string) => `target under ${said}${figure < bound ? '' : ', MISSED'}`;

const SURVEY_NPIS = 'survey-npis.txt';
const RATE_NPIS_FILE = 'rate-npis.txt';

let built: string | undefined;

/** The command compiled as the package ships it (npm run build, once per bench): plain Node, no TypeScript loader. */
function compiledEntry(): string {
  if (built === undefined) {
    execFileSync('npm', ['run', '--silent', 'build'], { cwd: PACKAGE_ROOT, stdio: 'ignore' });
    built = join(PACKAGE_ROOT, 'dist', 'src', 'cli', 'main.js');
  }
  return built;
}

/**
 * The survey command as a user runs it, the compiled entry under plain Node (the TypeScript loader's
 * thread would add some 35 MB no user pays), with a preload that writes the process's peak resident
 * memory (in KB) to `peakFile` when it exits.
 */
const SURVEY_LAUNCHER: SurveyLauncher = {
  argv: (peakFile) => {
    const preload = `${peakFile}.cjs`;
    writeFileSync(
      preload,
      `process.once('exit', () => require('node:fs').writeFileSync(${JSON.stringify(peakFile)}, String(process.resourceUsage().maxRSS)));\n`,
    );
    return [process.execPath, '--require', preload, compiledEntry()];
  },
};

async function load(url: string): Promise<{ p50Ms: number; p99Ms: number; requestsPerSecond: number }> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: LOAD_SECONDS });
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) throw new Error(`load on ${url}: ${failed} errors, time-outs or non-2xx answers`);
  return { p50Ms: result.latency.p50, p99Ms: result.latency.p99, requestsPerSecond: round(result.requests.average, 0) };
}

/**
 * This script in another mode (`--walk`, `--fixtures`), in a process of its own: its result is what
 * it prints. The page walk's peak resident memory is then the walk's alone, and the load generator
 * runs in a process that never held 100k generated providers, whose heap would slow it down.
 */
function inChild<T>(mode: string, ...args: string[]): T {
  const output = execFileSync(process.execPath, ['--import', 'tsx', __filename, mode, ...args], { cwd: PACKAGE_ROOT, encoding: 'utf8' });
  return JSON.parse(output) as T;
}

/** The harness's own GET-only client, without credentials or pacing: the reference server runs on loopback. */
function bareClient(origin: string): { http: ReadOnlyHttpClient; close: () => Promise<void> } {
  const transport = new UndiciTransport();
  const http = new ReadOnlyHttpClient(transport, { baseUrl: origin, headers: {}, timeoutMs: 60_000, redactor: new Redactor([]) });
  return { http, close: () => transport.close() };
}

/** Both walks of `active=true` (every organization): by next link, then by Page; peak memory over both. */
async function walks(origin: string): Promise<Walk & { byPage: Walk }> {
  const { http, close } = bareClient(origin);
  const byNext = await walk(http, `${origin}/fhir/organization?active=true`, (body) => nextLink(body));
  const byPage = await walk(
    http,
    `${origin}/fhir/organization?active=true&Page=1`,
    (_body, page) => `${origin}/fhir/organization?active=true&Page=${page + 1}`,
  );
  await close();
  return { ...byNext, peakRssMb: Math.max(byNext.peakRssMb, byPage.peakRssMb), byPage };
}

/** Walks every page, keeping ids only, and reports the peak resident memory of this process meanwhile. */
async function walk(http: ReadOnlyHttpClient, first: string, next: (body: unknown, page: number) => string | undefined) {
  const ids = new Set<string>();
  let peak = process.memoryUsage().rss;
  let pages = 0;
  for (let link: string | undefined = first; link;) {
    const exchange = await http.follow(link);
    pages++;
    for (const id of organizationIds(exchange.body)) ids.add(id);
    peak = Math.max(peak, process.memoryUsage().rss);
    link = entriesOf(exchange.body).length > 0 ? next(exchange.body, pages) : undefined;
  }
  return { organizations: ids.size, pages, peakRssMb: round(peak / 1024 / 1024, 0) };
}

interface ServerLoad {
  endpoint: string;
  records: number;
  p50Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
}

type Walk = { organizations: number; pages: number; peakRssMb: number };

interface Results {
  package: { tarballBytes: number; files: number };
  startup: Startup;
  overhead: Awaited<ReturnType<typeof measureOverhead>>;
  validation: ReturnType<typeof measureValidation>;
  server: ServerLoad[];
  pageWalk: Walk & { byPage: Walk };
  /** How long the reference server takes to start on each size's directory and snapshot, until it listens. */
  serverStartMs: Record<number, number>;
  survey: (SurveyCost & { size: number })[];
  /** The survey at 10k against a server that takes LATENCY_MS to answer, as a service across a network does. */
  surveyOverhead: SurveyCost & { size: number; latencyMs: number };
  surveyRate: SurveyRate;
  /** The history on the embedded store: recording a large survey, check and page over 1,000 runs, bytes per run. */
  history: HistoryCost;
  /** The regression gate over clean surveys under CPU load: its false alarms, and how latency varied. */
  gateNoise: GateNoise;
  /** `survey --findability` at 10k with LATENCY_MS=50 against its floor, and its rate under --max-rps (`--only findability`). */
  findability: { overhead: Results['surveyOverhead']; rate: SurveyRate };
  /** The data-quality scorecard's CPU against the survey's at 10k (`--only scorecard`). */
  scorecard: ScorecardCost;
  /** The NPI list's reading process at 100,000 and 1,000,000 rows: its peak memory (`--only npis`). */
  npiInput: NpiInputMemory;
  /** survey --export's reading of 1,000,000 organizations against its decoder (`--only export`). */
  exportRead: ExportRead;
}

/** The package, its start-up and its overhead, and the history's cost: the installed command, as a user runs it. */
async function measureInstalled(partial: Partial<Results>, only: string | undefined): Promise<void> {
  const command = installPackedCommand();
  try {
    partial.package = { tarballBytes: command.tarball.bytes, files: command.tarball.files };
    if (only === undefined || only === 'startup') {
      partial.startup = measureStartup(command);
      partial.overhead = await measureOverhead(command, { latencyMs: 50, playwrightStartMs: partial.startup.playwrightStart.wallMs });
    }
    if (only === undefined || only === 'history') partial.history = await measureHistoryCost(command);
    if (only === undefined || only === 'gate') partial.gateNoise = await measureGateNoise(command);
  } finally {
    command.remove();
  }
}

async function main(only: string | undefined): Promise<void> {
  if (only !== undefined && !['startup', 'history', 'gate', 'findability', 'scorecard', 'npis', 'export'].includes(only))
    throw new Error(`--only takes startup, history, gate, findability, scorecard, npis or export, got "${only}"`);
  const partial: Partial<Results> = {};
  if (only === 'findability') await measureFindability(partial);
  else if (only === 'scorecard') await measureScorecard(partial);
  else if (only !== 'npis' && only !== 'export') await measureInstalled(partial, only);
  if (only === undefined || only === 'npis') partial.npiInput = await measureNpiInputMemory();
  if (only === undefined || only === 'export') partial.exportRead = await measureExportRead();
  if (only === undefined) await measureDirectories(partial);
  mkdirSync(join(PACKAGE_ROOT, 'bench'), { recursive: true });
  writeFileSync(join(PACKAGE_ROOT, 'bench', 'results.json'), `${JSON.stringify(partial, null, 2)}\n`);
  // A whole run is what the documents quote: committed, and rendered into them by npm run figures.
  if (only === undefined)
    writeFileSync(
      COMMITTED_BENCH_RESULTS,
      `${JSON.stringify({ measuredOn: new Date().toISOString().slice(0, 10), ...partial }, null, 2)}\n`,
    );
  printTable(partial);
}

/** The server, the survey, validation and the page walk, on generated directories of each size. */
async function measureDirectories(partial: Partial<Results>): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'bench-'));
  try {
    const server: ServerLoad[] = [];
    const starts: Record<number, number> = {};
    const survey: Results['survey'] = [];
    for (const size of SIZES) {
      const dir = join(root, String(size));
      const queries = inChild<LoadQueries>(FIXTURES_MODE, dir, String(size));
      const started = Date.now();
      // Every size is written with its snapshot: the server reads a record when a request needs it (docs/reference-server.md).
      const reference = await startReferenceServer({ FIXTURE_DIR: dir });
      starts[size] = Date.now() - started;
      try {
        if (LOAD_SIZES.includes(size)) {
          const endpoints = {
            searchSingleBest: `${reference.origin}/provider/searchSingleBest?NPI=${queries.npi}`,
            sourceRecords: `${reference.origin}/provider/sourceRecords/${encodeURIComponent(queries.curatedId)}`,
            organization: `${reference.origin}/fhir/organization?identifier=${encodeURIComponent(queries.organizationIdentifier)}`,
          };
          for (const [endpoint, url] of Object.entries(endpoints)) server.push({ endpoint, records: size, ...(await load(url)) });
        }
        if (SURVEY_SIZES.includes(size)) {
          survey.push({
            size,
            ...(await measureSurveyCost(SURVEY_LAUNCHER, reference.origin, join(dir, SURVEY_NPIS), SURVEY_CONCURRENCY)),
          });
          if (size === SURVEY_SIZES[0]) {
            partial.surveyRate = measureSurveyRate(SURVEY_LAUNCHER, reference.origin, join(dir, RATE_NPIS_FILE), SURVEY_MAX_RPS);
            partial.surveyOverhead = await surveyAtLatency(dir);
          }
        }
        if (size === SIZES[SIZES.length - 1]) {
          const { http, close } = bareClient(reference.origin);
          const bundle = await http.get('/fhir/organization', { active: 'true', Count: '1000' });
          await close();
          partial.validation = measureValidation(bundle.bodyText);
          partial.pageWalk = inChild<Walk & { byPage: Walk }>(WALK_MODE, reference.origin);
        }
      } finally {
        await reference.stop();
      }
    }
    partial.survey = survey;
    partial.server = server;
    partial.serverStartMs = starts;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Validating a 1,000-entry bundle as the suite does (the schema, and the x-requirement walk), against parsing it. */
function measureValidation(text: string) {
  const validator = createSchemaValidator();
  const value = JSON.parse(text);
  validator.validate(SCHEMA.bundle, value); // compiled once, as in a worker
  const parse: number[] = [];
  const validate: number[] = [];
  for (let i = 0; i < 30; i++) {
    let start = performance.now();
    JSON.parse(text);
    parse.push(performance.now() - start);
    start = performance.now();
    validator.validate(SCHEMA.bundle, value);
    requirementsReached(SCHEMA.bundle, value);
    validate.push(performance.now() - start);
  }
  const [parseMs, validateMs] = [median(parse), median(validate)];
  return {
    bundleEntries: entriesOf(value).length,
    validateMs: round(validateMs),
    parseMs: round(parseMs),
    ratio: round(validateMs / parseMs),
  };
}

const seconds = (t: Timing) => `${t.wallMs} ms wall, ${t.cpuSeconds ?? '?'} s CPU`;

/** The installed command: the package, its start-up, and its run against the floor. */
function printInstalled({ package: packed, startup, overhead }: Pick<Results, 'package' | 'startup' | 'overhead'>): void {
  console.log(`package: ${(packed.tarballBytes / 1024).toFixed(0)} KiB packed, ${packed.files} files`);
  console.log(
    markdownTable(
      ['start-up (installed command, median)', 'time'],
      [
        [`--version (${startup.version.runs} runs)`, seconds(startup.version)],
        [`list (${startup.list.runs} runs)`, seconds(startup.list)],
        [`a whole run against the embedded server (${startup.embeddedRun.runs} runs)`, seconds(startup.embeddedRun)],
        [
          `Playwright's own start: playwright test --list, empty project (${startup.playwrightStart.runs} runs)`,
          seconds(startup.playwrightStart),
        ],
      ],
    ),
  );
  console.log(
    `\n${markdownTable(
      ['measure', 'harness', 'floor', 'ratio'],
      [
        [
          `overhead: ${overhead.requests} requests at LATENCY_MS=${overhead.latencyMs}, start-up excluded`,
          `${overhead.harnessMs} ms`,
          `${overhead.floorMs} ms`,
          `${overhead.ratio}×`,
        ],
        ['overhead, start-up included', `${overhead.harnessWithStartupMs} ms`, `${overhead.floorMs} ms`, `${overhead.ratioWithStartup}×`],
        [
          `overhead, start-up included, Playwright's own start in the floor (target at most ${TARGETS.startupRatio}×${overhead.ratioWithStartupPlaywrightInFloor <= TARGETS.startupRatio ? '' : ', MISSED'})`,
          `${overhead.harnessWithStartupMs} ms`,
          `${overhead.floorMs + overhead.playwrightStartMs} ms`,
          `${overhead.ratioWithStartupPlaywrightInFloor}×`,
        ],
      ],
    )}`,
  );
}

/** The history's cost: what recording a large survey takes, and reading 1,000 runs. */
function printHistory(history: HistoryCost): void {
  const { recordSurvey: record, check, page } = history;
  console.log(
    `\n${markdownTable(
      ['history (installed command, embedded store, median)', 'time'],
      [
        [
          `history record: a survey of ${record.organizations} organizations and ${record.providers} providers, ${record.failingKeys} failing keys (${record.runs} runs)`,
          seconds(record),
        ],
        [
          `history check over ${check.storedRuns} runs of ${check.targets} targets (${underTarget(check.wallMs, TARGETS.historyCheckMs, '1 s')}; ${check.runs} runs)`,
          seconds(check),
        ],
        [
          `history page over ${page.storedRuns} runs of ${page.targets} targets, ${Math.round(page.pageBytes / 1000)} kB (${underTarget(page.pageBytes, TARGETS.historyPageBytes, '1.5 MB')}; ${underTarget(page.wallMs, TARGETS.historyPageMs, '2 s')}; ${page.runs} runs)`,
          seconds(page),
        ],
      ],
    )}`,
  );
  console.log(
    `history store: ${Math.round(history.storeBytesPerRun / 1024)} KiB per run (1,000 runs of 5 targets), ${Math.round(history.storeBytesPerLargeSurvey / 1024)} KiB per large survey`,
  );
}

/** The gate's false alarms over clean surveys under load, and how much their latency varied. */
function printGateNoise(noise: GateNoise): void {
  console.log(
    `\nhistory gate: ${noise.falseAlarms} false alarm${noise.falseAlarms === 1 ? '' : 's'} over ${noise.surveys} clean surveys, back to back, with ${noise.busyLoops} busy loops (target 0)`,
  );
  for (const alarm of noise.alarms) console.log(`  ${alarm}`);
  console.log(
    markdownTable(
      ['endpoint', 'p95 ms: min / median / max', 'p99 ms: min / median / max'],
      Object.entries(noise.spread).map(([endpoint, { p95, p99 }]) => [
        endpoint,
        `${p95.min} / ${p95.median} / ${p95.max}`,
        `${p99.min} / ${p99.median} / ${p99.max}`,
      ]),
    ),
  );
}

function printFindability({ overhead: s, rate }: Results['findability']): void {
  console.log(
    `\nfindability survey at ${s.size} with LATENCY_MS=${s.latencyMs}: ${s.providers} providers and ${s.organizations} organizations, ${s.requests} requests, ${s.concurrency} at a time: ${s.harnessMs} ms against a floor of ${s.floorMs} ms, ${s.ratio}× (target at most ${TARGETS.findabilityRatio}${s.ratio <= TARGETS.findabilityRatio ? '' : ', MISSED'}); peak ${s.peakRssMb} MB resident`,
  );
  console.log(
    `findability survey rate: ${rate.achievedRps} requests/s at --max-rps ${rate.maxRps} over ${rate.requests} requests (${rate.ratio} of the limit; target at least ${TARGETS.surveyRate}${rate.ratio >= TARGETS.surveyRate ? '' : ', MISSED'})`,
  );
}

function printTable(results: Partial<Results>): void {
  const { package: packed, startup, overhead } = results;
  if (packed && startup && overhead) printInstalled({ package: packed, startup, overhead });
  if (results.history) printHistory(results.history);
  if (results.gateNoise) printGateNoise(results.gateNoise);
  if (results.findability) printFindability(results.findability);
  if (results.npiInput) {
    const { sizes, ratio } = results.npiInput;
    console.log(
      `\nNPI list: peak ${sizes.map((s) => `${s.peakRssMb} MB at ${s.rows.toLocaleString('en-US')} rows`).join(', ')}, ${ratio}× (target at most ${TARGETS.npiInputRatio}×${ratio <= TARGETS.npiInputRatio ? '' : ', MISSED'})`,
    );
  }
  if (results.exportRead) {
    const e = results.exportRead;
    const { exportReadPeakMb: peakRssMb, exportReadMbPerSecond: mbPerSecond } = TARGETS;
    const missed = e.peakRssMb > peakRssMb || e.mbPerSecond < mbPerSecond;
    console.log(
      `\nexport read (--dry-run) of ${e.organizations.toLocaleString('en-US')} organizations, ${e.ndjsonMb} MB of NDJSON in ${e.zstMb} MB of .zst: ${e.readMs} ms, ${e.mbPerSecond} MB/s, peak ${e.peakRssMb} MB; the decoder alone ${e.floorMs} ms, ${e.floorMbPerSecond} MB/s; ${e.ratio}× (targets: peak at most ${peakRssMb} MB, at least ${mbPerSecond} MB/s${missed ? ', MISSED' : ''})`,
    );
  }
  if (results.scorecard) {
    const c = results.scorecard;
    console.log(
      `\nscorecard at ${SURVEY_SIZES[0]}: ${c.providers} providers and ${c.organizations} organizations: ${c.scorecardCpuMs} CPU ms of the scorecard against ${c.surveyCpuMs} of the survey, ${(100 * c.share).toFixed(2)}% (target at most ${100 * TARGETS.scorecardShare}%${c.share <= TARGETS.scorecardShare ? '' : ', MISSED'})`,
    );
  }
  const { validation, server, pageWalk, serverStartMs, survey, surveyRate, surveyOverhead } = results;
  if (!validation || !server || !pageWalk || !serverStartMs || !survey || !surveyRate || !surveyOverhead) {
    console.log(`\nwrote bench/results.json`);
    return;
  }
  console.log(
    `\n${markdownTable(
      ['measure', 'harness', 'floor', 'ratio'],
      [
        ...[...survey, surveyOverhead].map((s) => [
          `survey at ${s.size}${'latencyMs' in s ? ` with LATENCY_MS=${s.latencyMs}` : ''}: ${s.providers} providers and ${s.organizations} organizations, ${s.requests} requests, ${s.concurrency} at a time (${s.recordsPerSecond} records/s)`,
          `${s.harnessMs} ms`,
          `${s.floorMs} ms`,
          `${s.ratio}×`,
        ]),
        [
          `validation of a ${validation.bundleEntries}-entry bundle (floor: JSON.parse)`,
          `${validation.validateMs} ms`,
          `${validation.parseMs} ms`,
          `${validation.ratio}×`,
        ],
      ],
    )}`,
  );
  console.log(
    `\n${markdownTable(
      ['endpoint', 'records', 'p50 ms', 'p99 ms', 'requests/s'],
      server.map((s) => [s.endpoint, String(s.records), String(s.p50Ms), String(s.p99Ms), String(s.requestsPerSecond)]),
    )}`,
  );
  console.log(
    `\npage walk: ${pageWalk.organizations} organizations in ${pageWalk.pages} pages by next link (${pageWalk.byPage.pages} by Page), peak ${pageWalk.peakRssMb} MB resident`,
  );
  const [smaller, larger] = survey;
  const growth = round(larger.peakRssMb / smaller.peakRssMb);
  const { surveyPeakMb, surveyPeakRatio } = TARGETS;
  console.log(
    `survey peak memory: ${survey.map((s) => `${s.peakRssMb} MB at ${s.size}`).join(', ')} (${growth}× from ${smaller.size} to ${larger.size}; targets: at most ${surveyPeakMb} MB and ${surveyPeakRatio}×${larger.peakRssMb > surveyPeakMb || growth > surveyPeakRatio ? ', MISSED' : ''})`,
  );
  console.log(
    `survey rate: ${surveyRate.achievedRps} requests/s at --max-rps ${surveyRate.maxRps} over ${surveyRate.requests} requests (${surveyRate.ratio} of the limit; target at least ${TARGETS.surveyRate}${surveyRate.ratio >= TARGETS.surveyRate ? '' : ', MISSED'})`,
  );
  console.log(
    `server start: ${Object.entries(serverStartMs)
      .map(([size, ms]) => `${ms} ms at ${size}`)
      .join(', ')}`,
  );
  console.log(`\nwrote bench/results.json`);
}

const WALK_MODE = '--walk';
const FIXTURES_MODE = '--fixtures';

function entryPoint(args: string[]): Promise<void> {
  const print = (result: unknown) => console.log(JSON.stringify(result));
  if (args[0] === WALK_MODE) return walks(args[1]).then(print);
  if (args[0] === FIXTURES_MODE) return Promise.resolve(print(writeFixtures(args[1], Number(args[2]))));
  return main(parseArgs({ args, options: { only: { type: 'string' } } }).values.only);
}

entryPoint(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
