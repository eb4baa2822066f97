/** What the survey tests share: an NPI list of the fixtures' providers, and a survey folder's survey.json as they compare them. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFixtureNpis } from '../../src/reference/fixture-files';
import type { SurveyReport } from '../../src/types/schemas';

/** The NPIs of the fixtures' first `count` providers (every one, by default), one a line, in `dir`/`name`. */
export const npiFile = (dir: string, name = 'npis.txt', count?: number): string => writeFixtureNpis(join(dir, name), count);

export const readSurvey = (dir: string) => JSON.parse(readFileSync(join(dir, 'survey.json'), 'utf8')) as SurveyReport;

/** What must not depend on how the survey was run: everything but its id, the timestamps, the latencies and the shard. */
export function surveyCounts(report: SurveyReport) {
  const { id: _id, started: _s, finished: _f, latencyMs: _l, latencyHistograms: _h, harness: _harness, shard: _shard, ...rest } = report;
  return rest;
}
