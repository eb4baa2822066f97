/**
 * A survey's verdict, drawn by the one verdict function (verdict.ts) under the survey's policy: fail
 * when any record broke a MUST requirement; inconclusive when the survey did not complete, judged no
 * record, left a MUST requirement of its own plan judged for no record, or more than 5% of its
 * requests ended without an HTTP answer; warn on SHOULD findings alone; pass otherwise. It is read
 * from survey.json alone, so that the page, the command and the history draw the same one.
 */
import type { SurveyReport } from '../types/schemas';
import { counted, type Decision, decide, SURVEY_POLICY } from './verdict';

export { EXIT_CODE as SURVEY_EXIT_CODE } from './verdict';

export type SurveyVerdict = Exclude<Decision['verdict'], 'error'>;

/** Why an incomplete survey stopped, and whether --resume finishes it: a walk cut at the page bound would be cut there again. */
function stoppedWhy(report: SurveyReport): string | undefined {
  if (report.complete) return undefined;
  if (report.stop?.kind === 'walk-cut')
    return `the survey is not whole: ${report.stopped ?? 'a walk reached the page bound'}; a resume would stop it at the same page`;
  if (report.stop?.kind === 'page-cut')
    return `the survey is not whole: ${report.stopped ?? 'a page held more entries than are judged'}; a resume would leave the same entries`;
  return `the survey stopped before it completed${report.stopped ? `: ${report.stopped}` : ''}; --resume finishes it`;
}

/** What a survey judged of records, in one line, when it judged none: every NPI not found, no organization met. */
function noRecordJudged({ records, input, export: exported }: SurveyReport): string | undefined {
  if (records.providers + records.organizations > 0) return undefined;
  const unreadable = records.unreadable ?? 0;
  const said = [
    ...(records.notFound > 0 ? [counted(records.notFound, 'NPI not found', 'NPIs not found')] : []),
    ...(unreadable > 0
      ? [
          counted(
            unreadable,
            'NPI answered with nothing a record could be read from',
            'NPIs answered with nothing a record could be read from',
          ),
        ]
      : []),
  ];
  const npis = said.length > 0 ? said.join(', ') : 'no NPI surveyed';
  const walks = records.walks > 0 ? `no organization met by ${records.walks} walk${records.walks === 1 ? '' : 's'}` : 'no walk';
  const problems = input && input.problems > 0 ? `, ${input.problems} unreadable line${input.problems === 1 ? '' : 's'}` : '';
  // The export's measures are observations of the data (§1 shows no export behaviour): they judge no record for conformance.
  const observed = exported ? ` (the export's ${exported.asked} resources are measured, DQ-EXPORT-*, never judged for conformance)` : '';
  return `the survey judged no record: ${npis}, ${walks}${problems}${observed}`;
}

export function surveyVerdict(report: SurveyReport): { verdict: SurveyVerdict; why: string } {
  const failing = (level: 'MUST' | 'SHOULD') => report.requirements.filter((r) => r.level === level && r.failed > 0);
  const must = failing('MUST');
  // A survey written before coverage was kept: what it checked is what its requirements counted.
  const kept = report.coverage ?? {
    judged: new Set(report.requirements.filter((r) => r.checked > 0).map((r) => r.id)).size,
    partly: 0,
    gaps: [],
  };
  // A shard surveys part of the plan: what the whole survey judged is the merge's to say, as its failures are.
  const part = report.shard.total > 1;
  const coverage = part ? { ...kept, gaps: [] } : kept;
  const stopped = stoppedWhy(report);
  const decision = decide(
    {
      findings: { must: must.length, should: failing('SHOULD').length },
      probeProblems: 0,
      errors: 0,
      requests: { total: report.requests.total, unanswered: report.requests.transportErrors },
      stopped,
      nothingJudged: part ? undefined : noRecordJudged(report),
      coverage,
    },
    SURVEY_POLICY,
  );
  const why =
    decision.verdict === 'fail'
      ? // A failure found before a stop is a failure; that the survey stopped is said too, or a partial survey reads as a whole one.
        `${must.map((r) => `${r.id} (${r.failed} of ${r.checked} records)`).join(', ')} failed at MUST level${
          stopped !== undefined ? `; and ${stopped}` : ''
        }`
      : decision.verdict === 'pass' && decision.why.length === 1
        ? 'no record broke a MUST requirement, and every requirement of its plan was judged'
        : decision.why.join('; ');
  return { verdict: decision.verdict as SurveyVerdict, why };
}
