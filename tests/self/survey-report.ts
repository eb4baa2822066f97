/** A survey folder's survey.json, as the survey tests compare them. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SurveyReport } from '../../src/types/schemas';

export const readSurvey = (dir: string) => JSON.parse(readFileSync(join(dir, 'survey.json'), 'utf8')) as SurveyReport;

/** What must not depend on how the survey was run: everything but its id, the timestamps, the latencies and the shard. */
export function surveyCounts(report: SurveyReport) {
  const { id: _id, started: _s, finished: _f, latencyMs: _l, latencyHistograms: _h, shard: _shard, ...rest } = report;
  return rest;
}
