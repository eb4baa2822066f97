/** Report folders for the history's tests: made here, not by a run, so that a test keeps what it needs and nothing more. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { conformanceReport } from '../../src/report/model';
import { aggregate } from '../../src/verdicts/aggregate';

/** A folder holding a conformance.json of its own id, the n-th minute of 2026, of a run that judged nothing. */
export function reportFolder(dir: string, id: string, n: number): string {
  const folder = join(dir, id);
  mkdirSync(folder);
  const report = conformanceReport({
    ...aggregate([], { strict: false }),
    id,
    target: { baseUrl: 'https://directory.example/api', embedded: false },
    startedAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
    durationMs: 1,
  });
  writeFileSync(join(folder, 'conformance.json'), JSON.stringify(report));
  return folder;
}

/** A survey folder with many failing keys (`keysEach` per requirement): a recording that takes long enough to be killed in the middle. */
export function bigSurvey(dir: string, id: string, keysEach = 300_000): string {
  const folder = join(dir, id);
  mkdirSync(folder);
  const requirements = ['DATA-FORMATS', 'ORG-RESOURCE-SHAPE', 'SR-ELEMENT-SHAPE', 'DATA-SHAPE'].map((requirement, r) => ({
    id: requirement,
    level: 'MUST' as const,
    keys: Array.from({ length: keysEach }, (_, i) => `${r}-${String(i).padStart(9, '0')}`),
  }));
  const survey = {
    suite: { version: 'test' },
    id,
    target: { baseUrl: 'https://directory.example/api' },
    started: '2026-01-01T00:00:00.000Z',
    finished: '2026-01-01T01:00:00.000Z',
    complete: true,
    shard: { index: 1, total: 1 },
    paging: { by: 'Page', pageSize: 25 },
    records: { providers: keysEach, notFound: 0, organizations: keysEach, walks: 1 },
    requests: { total: 2 * keysEach, byStatus: { '200': 2 * keysEach }, transportErrors: 0 },
    latencyMs: {},
    requirements: requirements.map((r) => ({
      id: r.id,
      level: r.level,
      checked: keysEach,
      failed: keysEach,
      rate: 1,
      bySource: {},
      examples: [],
    })),
    observations: [],
    inputProblems: [],
    failureRows: { written: 0, bound: 0, reached: true },
  };
  writeFileSync(join(folder, 'survey.json'), JSON.stringify(survey));
  writeFileSync(join(folder, 'failing-keys.json'), JSON.stringify({ survey: id, requirements }));
  return folder;
}
