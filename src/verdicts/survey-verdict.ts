/**
 * A survey's verdict, as `run`'s: fail when any record broke a MUST requirement; inconclusive when
 * the survey did not complete, judged no record, or more than 5% of its requests ended without an
 * HTTP answer; pass otherwise.
 */
import { WALK_CUT } from '../rules/rulebook';
import type { SurveyReport } from '../types/schemas';
import { EXIT_CODE } from './aggregate';

export const MAX_UNANSWERED_SHARE = 0.05;

export type SurveyVerdict = 'pass' | 'fail' | 'inconclusive';

/** A survey's exit code by its verdict, from the one table of exit codes (a shard's failures aside: the command's to say). */
export const SURVEY_EXIT_CODE: Record<SurveyVerdict, number> = {
  pass: EXIT_CODE.pass,
  fail: EXIT_CODE.fail,
  inconclusive: EXIT_CODE.inconclusive,
};

export function surveyVerdict(report: SurveyReport): { verdict: SurveyVerdict; why: string } {
  const failing = report.requirements.filter((r) => r.level === 'MUST' && r.failed > 0);
  if (failing.length > 0)
    return {
      verdict: 'fail',
      why: `${failing.map((r) => `${r.id} (${r.failed} of ${r.checked} records)`).join(', ')} failed at MUST level`,
    };
  const { total, transportErrors } = report.requests;
  // A walk stopped at the survey's page bound is not whole, and a resume would stop it at the same page.
  if (!report.complete && report.stopped !== undefined && WALK_CUT.test(report.stopped))
    return { verdict: 'inconclusive', why: `the survey is not whole: ${report.stopped}` };
  if (!report.complete)
    return {
      verdict: 'inconclusive',
      why: `the survey stopped before it completed${report.stopped ? `: ${report.stopped}` : ''}; --resume finishes it`,
    };
  if (total > 0 && transportErrors / total > MAX_UNANSWERED_SHARE)
    return {
      verdict: 'inconclusive',
      why: `${transportErrors} of ${total} requests ended without an HTTP answer (more than ${MAX_UNANSWERED_SHARE * 100}%)`,
    };
  const judged = report.records.providers + report.records.organizations + report.records.walks;
  if (judged === 0 && report.records.notFound === 0) return { verdict: 'inconclusive', why: 'no record was judged: the inputs named none' };
  return { verdict: 'pass', why: 'no record broke a MUST requirement' };
}
