/**
 * The figures the documents quote from a benchmark run, rendered from that run: `npm run bench`
 * (the whole of it) writes docs/bench-results.json, and this renders README.md's Performance
 * figures and docs/performance.md's table from it, between markers. `--check` exits 1 when a
 * document says something else than the committed run measured (npm test).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMITTED_BENCH_RESULTS } from '../src/bench/committed-results';
import { TARGETS } from '../src/bench/targets';
import { PACKAGE_ROOT } from '../src/package-root';
import { updateGeneratedSection } from './generated-section';

interface Ratio {
  harnessMs: number;
  floorMs: number;
  ratio: number;
}
interface SurveyCost extends Ratio {
  size: number;
  providers: number;
  organizations: number;
  requests: number;
  concurrency: number;
  recordsPerSecond: number;
  peakRssMb: number;
}
interface Results {
  measuredOn: string;
  overhead: Ratio & {
    latencyMs: number;
    requests: number;
    harnessWithStartupMs: number;
    ratioWithStartup: number;
    playwrightStartMs: number;
    ratioWithStartupPlaywrightInFloor: number;
  };
  validation: { bundleEntries: number; validateMs: number; parseMs: number; ratio: number };
  survey: SurveyCost[];
  surveyOverhead: SurveyCost & { latencyMs: number };
  surveyRate: { maxRps: number; requests: number; achievedRps: number; ratio: number };
}

const number = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ms = (value: number) => `${number(value)} ms`;
const times = (value: number) => `${number(value, 2)}×`;
const met = (value: number, bound: number) => `≤ ${bound}× ${value <= bound ? '✓' : '✗'}`;

/** The survey of 2 million providers at MAX_RPS=50, from the measured rate, throughput and memory. */
function performance(results: Results): string {
  const [smaller, larger] = results.survey;
  const requests = 4_000_000;
  const hours = (perSecond: number) => number(requests / perSecond / 3600, 1);
  const ceiling = (larger.requests / larger.harnessMs) * 1000;
  return [
    `What a survey of **2 million providers** costs at \`MAX_RPS=50\`, from the last whole \`npm run bench\``,
    `(${results.measuredOn}, [docs/bench-results.json](docs/bench-results.json); [docs/performance.md](docs/performance.md)):`,
    'a provider found takes two requests (its search and its source records), so about 4 million requests.',
    '',
    `- **One machine**: ${number(requests)} / 50 s⁻¹, about **${hours(50)} hours**; the survey keeps ${number(results.surveyRate.achievedRps, 1)} requests a second, ${number(results.surveyRate.ratio, 3)} of the`,
    `  limit. The harness is not the limit: one process judges up to about ${number(ceiling, 0)} requests a second, ${number(ceiling / 50, 0)}`,
    `  times the rate. Memory: NPIs are a stream; ${number(smaller.organizations)} organizations and ${number(smaller.providers)} NPIs peak`,
    `  at ${smaller.peakRssMb} MB, ${number(larger.organizations)} and ${number(larger.providers)} at ${larger.peakRssMb} MB, ${times(larger.peakRssMb / smaller.peakRssMb)} (flat is at most ${TARGETS.surveyPeakRatio}×).`,
    `- **8 shards** (\`--shard I/8\` in a CI matrix, then \`survey merge\`): when 50 a second is what the service`,
    `  allows each client, 8 × 50 = 400 requests a second, about **${hours(400)} hours**. When 50 a second is the service's`,
    `  limit for everyone, each shard gets \`MAX_RPS=6.25\` and the survey still takes ${hours(50)} hours: shards divide the`,
    "  work, not the service's allowance.",
  ].join('\n');
}

function table(results: Results): string {
  const { overhead: o, validation: v, survey, surveyOverhead: lat } = results;
  const [smaller, larger] = survey;
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const surveyRow = (s: SurveyCost, what: string, target: string) => row([what, ms(s.harnessMs), ms(s.floorMs), times(s.ratio), target]);
  return [
    row(['measure', 'harness', 'floor', 'ratio', 'target']),
    row(['---', '---', '---', '---', '---']),
    row([
      `overhead: the whole suite, ${o.requests} requests at \`LATENCY_MS=${o.latencyMs}\`, start-up excluded`,
      ms(o.harnessMs),
      ms(o.floorMs),
      times(o.ratio),
      met(o.ratio, TARGETS.overheadRatio),
    ]),
    row([
      `overhead, start-up included, Playwright's own start counted in the floor (${number(o.floorMs)} + ${number(o.playwrightStartMs)} ms)`,
      ms(o.harnessWithStartupMs),
      ms(o.floorMs + o.playwrightStartMs),
      times(o.ratioWithStartupPlaywrightInFloor),
      met(o.ratioWithStartupPlaywrightInFloor, TARGETS.startupRatio),
    ]),
    row([
      'overhead, start-up included, against the bare replay alone',
      ms(o.harnessWithStartupMs),
      ms(o.floorMs),
      times(o.ratioWithStartup),
      '—',
    ]),
    surveyRow(
      lat,
      `survey at ${number(lat.size / 1000)}k with \`LATENCY_MS=${lat.latencyMs}\`: ${number(lat.providers)} NPIs and every state walked (${number(lat.organizations)} organizations), ${number(lat.requests)} requests, ${lat.concurrency} at a time`,
      met(lat.ratio, TARGETS.surveyAtLatencyRatio),
    ),
    ...survey.map((s) =>
      surveyRow(
        s,
        `survey at ${number(s.size / 1000)}k, no latency: ${number(s.providers)} NPIs, ${number(s.organizations)} organizations, ${number(s.requests)} requests (${number(s.recordsPerSecond)} records/s)`,
        '—',
      ),
    ),
    row([
      `survey peak resident memory, ${number(larger.organizations)} organizations against ${number(smaller.organizations)}`,
      `${larger.peakRssMb} MB`,
      `${smaller.peakRssMb} MB`,
      times(larger.peakRssMb / smaller.peakRssMb),
      `${met(larger.peakRssMb / smaller.peakRssMb, TARGETS.surveyPeakRatio)}, ≤ ${TARGETS.surveyPeakMb} MB ${larger.peakRssMb <= TARGETS.surveyPeakMb ? '✓' : '✗'}`,
    ]),
    row([
      `validating a ${number(v.bundleEntries)}-entry bundle (floor: \`JSON.parse\` of the same bytes)`,
      `${number(v.validateMs, 2)} ms`,
      `${number(v.parseMs, 2)} ms`,
      times(v.ratio),
      met(v.ratio, TARGETS.validationRatio),
    ]),
  ].join('\n');
}

const results = JSON.parse(readFileSync(COMMITTED_BENCH_RESULTS, 'utf8')) as Results;
const check = process.argv.includes('--check');
const section = (file: string, name: string) => ({
  file: join(PACKAGE_ROOT, file),
  name,
  command: 'npm run figures',
  source: 'docs/bench-results.json',
});
updateGeneratedSection(section('README.md', 'performance'), performance(results), check);
updateGeneratedSection(section('docs/performance.md', 'bench-table'), table(results), check);
