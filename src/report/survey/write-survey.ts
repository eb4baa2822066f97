/** A survey's files in its folder: survey.json, failures.csv, index.html and failing-keys.json, each written whole or not at all. */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConformanceReport, FailingKeys, SurveyReport } from '../../types/schemas';
import { surveyVerdict } from '../../verdicts/survey-verdict';
import { surveyCharts } from './charts';
import { type FailureRow, failuresCsv } from './failures-csv';
import { surveyPage } from './survey-page';

export const SURVEY_FILES = { json: 'survey.json', csv: 'failures.csv', html: 'index.html', failingKeys: 'failing-keys.json' } as const;

/**
 * Removes the files of an earlier survey from its folder, the checkpoint and journal aside: every
 * survey calls it before its first request, so that one that stops early, even by kill -9, never
 * leaves another survey's verdict beside its own checkpoint.
 */
export function clearSurvey(dir: string): void {
  for (const file of Object.values(SURVEY_FILES)) rmSync(join(dir, file), { force: true });
}

/** A file written beside its place and renamed over it: a reader never sees half of it. */
export function writeWhole(file: string, content: string): void {
  writeFileSync(`${file}.tmp`, content);
  renameSync(`${file}.tmp`, file);
}

export async function writeSurvey(
  dir: string,
  { report, rows, failingKeys }: { report: SurveyReport; rows: readonly FailureRow[]; failingKeys: FailingKeys['requirements'] },
  credentials: ConformanceReport['target']['credentials'],
): Promise<void> {
  // survey.json is what later steps read (survey merge, history record): an earlier one goes first and
  // the new one is written last, so that a process killed in between leaves none, never a survey.json
  // beside another survey's keys, rows or page.
  rmSync(join(dir, SURVEY_FILES.json), { force: true });
  const keys: FailingKeys = { survey: report.id!, requirements: failingKeys };
  writeWhole(join(dir, SURVEY_FILES.failingKeys), `${JSON.stringify(keys)}\n`);
  writeWhole(join(dir, SURVEY_FILES.csv), failuresCsv(rows));
  writeWhole(join(dir, SURVEY_FILES.html), surveyPage(report, surveyVerdict(report), await surveyCharts(report), credentials));
  writeWhole(join(dir, SURVEY_FILES.json), `${JSON.stringify(report, null, 2)}\n`);
}
