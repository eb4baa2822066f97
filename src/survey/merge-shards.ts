/**
 * `survey merge`: the shards of one survey folded into the survey an unsharded run gives. Each
 * shard's survey.json is checked against its schema, the shards must be 1 to N of one plan, and
 * their journals are folded by the same tally: counts add up, examples and failure rows keep the
 * smallest keys, the walks are judged whole, and latency histograms are rebuilt from every request.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { InputError } from '../config/input-error';
import { SCHEMA } from '../schema-validation/validator';
import { readReportFile } from '../report/read-report';
import type { SurveyReport } from '../types/schemas';
import { SURVEY_FILES } from '../report/survey/write-survey';
import { journalUnits, planOf, readCheckpoint } from './journal';
import { surveyReport, type SurveyResult } from './run-survey';
import { differing, planDifferences, type SurveyPlan } from './survey-plan';
import { SurveyTally } from './tally';

/** A shard's survey.json, read and checked against schemas/report/survey.schema.json. */
const readSurvey = (dir: string) => readReportFile<SurveyReport>(join(dir, SURVEY_FILES.json), SCHEMA.survey, 'a survey');

export async function mergeShards(dirs: readonly string[]): Promise<SurveyResult & { plan: SurveyPlan }> {
  if (dirs.length === 0) throw new InputError('survey merge needs the shard folders: directory-conformance survey merge DIR... --out DIR');
  const shards = dirs.map((dir) => {
    const report = readSurvey(dir);
    const checkpoint = readCheckpoint(dir);
    return { dir, report, checkpoint, plan: planOf(dir, checkpoint) };
  });
  const total = shards[0].report.shard.total;
  const indexes = shards.map((s) => s.report.shard.index).sort((a, b) => a - b);
  if (shards.some((s) => s.report.shard.total !== total) || indexes.join() !== Array.from({ length: total }, (_, i) => i + 1).join())
    throw new InputError(
      `survey merge needs shards 1 to ${total} of one survey, once each; got ${shards.map((s) => `${s.report.shard.index}/${s.report.shard.total} (${s.dir})`).join(', ')}`,
    );
  for (const shard of shards.slice(1)) {
    // Another version's rules judged that shard: its counts are not this survey's to add.
    const [version, first] = [shard.report.suite?.version, shards[0].report.suite?.version];
    if (version !== first)
      throw new InputError(
        `${shard.dir} was surveyed by version ${version ?? 'unknown'} of the suite, ${shards[0].dir} by ${first ?? 'unknown'}: shards of one survey are made by one version`,
      );
    const differences = planDifferences(shard.plan, shards[0].plan, { shard: false });
    if (differences.length > 0)
      throw new InputError(`${shard.dir} is a shard of another survey than ${shards[0].dir}: their ${differing(differences)}`);
  }
  const plan: SurveyPlan = { ...shards[0].plan, shard: { index: 1, total: 1 } };
  const tally = new SurveyTally(plan);
  for (const shard of shards) for await (const unit of journalUnits(shard.dir, shard.checkpoint)) tally.add(unit);
  const incomplete = shards.find((s) => !s.report.complete);
  const started = shards.map((s) => s.report.started).sort()[0];
  // The same shards merge into the same survey: its id is drawn from theirs, so the history keeps it once.
  const id = createHash('sha256')
    .update(
      shards
        .map((s) => s.report.id ?? s.dir)
        .sort()
        .join('\n'),
    )
    .digest('hex')
    .slice(0, 32);
  return {
    plan,
    ...surveyReport(tally, plan, {
      id,
      started,
      stopped: incomplete
        ? {
            // A shard written before surveys said why as data stopped for a reason --resume finishes.
            kind: incomplete.report.stop?.kind ?? 'unanswered',
            text: `shard ${incomplete.report.shard.index} did not complete${incomplete.report.stopped ? `: ${incomplete.report.stopped}` : ''}`,
          }
        : undefined,
    }),
  };
}
