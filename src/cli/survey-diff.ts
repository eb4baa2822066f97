/**
 * `survey diff A B`: two surveys, two exports, or an export and a survey, side by side by identity
 * (survey-diff.ts): said in a few lines, and, where B is a survey, written into its survey.json
 * (`diff`) and its page, the verdict untouched.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InputError } from '../config/input-error';
import { ExportSourceError } from '../export/source';
import { escapeText } from '../report/escape';
import { diffInWords } from '../report/survey/diff-words';
import { surveyCharts } from '../report/survey/charts';
import { surveyPage } from '../report/survey/survey-page';
import { SURVEY_FILES, writeWhole } from '../report/survey/write-survey';
import { planOf, readCheckpoint } from '../survey/journal';
import { diffWitnesses, type SurveyDiff, witnessOf } from '../survey/survey-diff';
import type { SurveyReport } from '../types/schemas';
import { surveyVerdict } from '../verdicts/survey-verdict';
import { EXIT, UsageError } from './exit-codes';

/** Records named in the terminal at most; survey.json lists them all (to its bound). */
const SHOWN = 20;

async function witness(path: string) {
  try {
    return await witnessOf(path);
  } catch (error) {
    if (error instanceof ExportSourceError || error instanceof InputError) throw new UsageError(`survey diff: ${error.message}`);
    throw error;
  }
}

function diffLines(diff: SurveyDiff): string[] {
  const lines = [
    `survey diff: ${diffInWords(diff)}`,
    ...diff.listed
      .slice(0, SHOWN)
      .map(({ key, change, fields: changed }) => `  ${change.padEnd(8)} ${key}${changed ? `: ${changed.join(', ')}` : ''}`),
  ];
  const total = diff.listedOf ?? diff.listed.length;
  if (total > SHOWN) lines.push(`  … ${total - SHOWN} more in survey.json`);
  const { lag } = diff;
  lines.push(
    lag.measured
      ? `survey diff: lag over ${lag.records} records dated on both sides: ${lag.pastFiveBusinessDays} pending past five business days (${((lag.sharePastFiveBusinessDays ?? 0) * 100).toFixed(1)}%)`
      : `survey diff: lag not measured: ${lag.reason}`,
  );
  return lines;
}

/** B's survey.json and page again, with the diff: its verdict, rows and keys as they were. */
async function writeInto(dir: string, diff: SurveyDiff): Promise<void> {
  const file = join(dir, SURVEY_FILES.json);
  const report = { ...(JSON.parse(readFileSync(file, 'utf8')) as SurveyReport), diff };
  const { credentials } = planOf(dir, readCheckpoint(dir));
  const page = surveyPage(report, surveyVerdict(report), await surveyCharts(report), credentials);
  writeWhole(join(dir, SURVEY_FILES.html), page);
  writeWhole(file, `${JSON.stringify(report, null, 2)}\n`);
}

export async function surveyDiffCommand(paths: readonly string[]): Promise<number> {
  if (paths.length !== 2) throw new UsageError(`survey diff takes two surveys or exports, A and B, got ${paths.length}`);
  const [a, b] = paths.map((path) => resolve(process.cwd(), path));
  const diff = diffWitnesses(await witness(a), await witness(b));
  for (const line of diffLines(diff)) console.log(escapeText(line, 'terminal'));
  if (diff.b.kind === 'survey' && existsSync(join(b, SURVEY_FILES.json))) {
    await writeInto(b, diff);
    console.log(`survey diff: written into ${join(b, SURVEY_FILES.json)} (diff) and its page`);
  }
  return EXIT.pass;
}
