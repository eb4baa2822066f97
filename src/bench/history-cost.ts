/**
 * The history's cost, on the installed command and the embedded store (PGlite in a folder), the
 * default a user meets first:
 * - recording a survey of 100k organizations and 20k providers, with its failing keys, into a store
 *   that exists already (a history's every night but the first);
 * - `history check` and `history page` over 1,000 stored runs of 5 targets;
 * - the store's size per run.
 * The survey is made up at that scale (its requirements, rates and keys), since recording reads
 * only its files; the 1,000 runs are history-seed.ts's.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openHistory } from '../history/store';
import { REQUIREMENTS } from '../spec/catalogue';
import type { FailingKeys, SurveyReport } from '../types/schemas';
import { seedHistory } from './history-seed';
import type { InstalledCommand } from './installed-command';
import { type Timing, timeCommand } from './startup';

export interface HistoryCost {
  /** `history record` of one survey folder, the store opened and closed included. */
  recordSurvey: Timing & { organizations: number; providers: number; failingKeys: number };
  /** Over `runs` stored runs of `targets` targets. */
  check: Timing & { storedRuns: number; targets: number };
  page: Timing & { storedRuns: number; targets: number; pageBytes: number };
  /** The store's folder, per run: the 1,000 runs' and the large survey's. */
  storeBytesPerRun: number;
  storeBytesPerLargeSurvey: number;
}

const PROVIDERS = 20_000;
const ORGANIZATIONS = 100_000;
const RUNS = 1_000;
const TARGETS = 5;
const TIMED_RUNS = 3;

function folderBytes(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce(
    (sum, entry) => sum + (entry.isDirectory() ? folderBytes(join(dir, entry.name)) : statSync(join(dir, entry.name)).size),
    0,
  );
}

/**
 * A survey of PROVIDERS providers and ORGANIZATIONS organizations as survey and survey merge write
 * it: every requirement judged, provider requirements failing for 2% of providers, organization
 * ones for 3% of organizations, and one failing for every organization (the most keys a survey holds).
 */
function largeSurvey(dir: string, id: string): { folder: string; failingKeys: number } {
  const folder = join(dir, id);
  mkdirSync(folder, { recursive: true });
  const npi = (i: number) => String(1_000_000_000 + i);
  const organization = (i: number) => `org-${String(i).padStart(6, '0')}`;
  const failingEveryOrganization = REQUIREMENTS.findIndex((r) => r.id.startsWith('ORG-'));
  const failing = REQUIREMENTS.map((r, i) => {
    const ofOrganizations = r.id.startsWith('ORG-');
    const total = ofOrganizations ? ORGANIZATIONS : PROVIDERS;
    const every = i === failingEveryOrganization ? 1 : ofOrganizations ? 33 : 50;
    const keys = Array.from({ length: Math.floor(total / every) }, (_, k) => (ofOrganizations ? organization(k * every) : npi(k * every)));
    return { id: r.id, level: r.level, keys, checked: total };
  });
  const report: SurveyReport = {
    suite: { version: 'bench' },
    id,
    target: { baseUrl: 'https://directory.example/api' },
    started: new Date().toISOString(),
    finished: new Date().toISOString(),
    complete: true,
    shard: { index: 1, total: 1 },
    paging: { by: 'Page', pageSize: 25 },
    records: { providers: PROVIDERS, notFound: 0, organizations: ORGANIZATIONS, walks: 56 },
    requests: { total: 2 * PROVIDERS + ORGANIZATIONS / 25, byStatus: { '200': 2 * PROVIDERS + ORGANIZATIONS / 25 }, transportErrors: 0 },
    latencyMs: {},
    requirements: failing.map((f) => ({
      id: f.id,
      level: f.level,
      checked: f.checked,
      failed: f.keys.length,
      rate: f.keys.length / f.checked,
      bySource: (f.id.startsWith('ORG-') ? {} : { 'contact-directory': f.keys.length }) as Record<string, number>,
      examples: [],
    })),
    observations: [],
    inputProblems: [],
    failureRows: { written: 0, bound: 100_000, reached: true },
  };
  const keys: FailingKeys = {
    survey: id,
    requirements: failing.map(({ id: requirement, level, keys: list }) => ({ id: requirement, level, keys: list })),
  };
  writeFileSync(join(folder, 'survey.json'), JSON.stringify(report));
  writeFileSync(join(folder, 'failing-keys.json'), JSON.stringify(keys));
  return { folder, failingKeys: failing.reduce((sum, f) => sum + f.keys.length, 0) };
}

export async function measureHistoryCost(command: InstalledCommand): Promise<HistoryCost> {
  const root = mkdtempSync(join(tmpdir(), 'bench-history-'));
  try {
    const run = (args: string[]) => [command.bin, 'history', ...args];
    const options = { cwd: command.project };

    // Recording: into a store that exists; each timed run records a survey of its own id.
    const recorded = join(root, 'recorded');
    const surveys = Array.from({ length: TIMED_RUNS + 1 }, (_, i) => largeSurvey(root, `large-survey-${i}`));
    const empty = await openHistory(recorded);
    await empty.close();
    const emptyBytes = folderBytes(recorded);
    const recordOne = timeCommand((i) => run(['record', surveys[i].folder, '--history', recorded]), TIMED_RUNS, options);
    const storeBytesPerLargeSurvey = Math.round((folderBytes(recorded) - emptyBytes) / (TIMED_RUNS + 1));

    // 1,000 runs of 5 targets, recorded as recorders would, one transaction each.
    const seeded = join(root, 'seeded');
    const store = await openHistory(seeded);
    try {
      await seedHistory(store, RUNS, TARGETS);
    } finally {
      await store.close();
    }
    const storeBytesPerRun = Math.round((folderBytes(seeded) - emptyBytes) / RUNS);
    // 1 when the seeded history's latest runs regressed: what the gate says is not what is timed.
    const check = timeCommand(run(['check', '--history', seeded]), TIMED_RUNS, { ...options, exitCodes: [0, 1] });
    const pageDir = join(root, 'page');
    const page = timeCommand(run(['page', '--history', seeded, '--out', pageDir]), TIMED_RUNS, options);
    return {
      recordSurvey: { ...recordOne, organizations: ORGANIZATIONS, providers: PROVIDERS, failingKeys: surveys[0].failingKeys },
      check: { ...check, storedRuns: RUNS, targets: TARGETS },
      page: { ...page, storedRuns: RUNS, targets: TARGETS, pageBytes: statSync(join(pageDir, 'index.html')).size },
      storeBytesPerRun,
      storeBytesPerLargeSurvey,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
