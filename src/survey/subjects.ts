/**
 * What the survey meets: the rulebook's subjects its requests show, and nothing else. It judges
 * every rule registered for them (judgeSurveyed, the only way the survey judges), and lists the
 * requirements none of them reaches as not judged here, with the requests each would need.
 */
import { requirement } from '../spec/catalogue';
import type { Endpoint } from '../client/endpoints';
import type { Exchange } from '../client/exchange';
import { type Judgement, judge, judgeAnswer, notJudgedBy, type Subjects } from '../rules/rulebook';
import type { SurveyReport } from '../types/schemas';

export const SURVEY_SUBJECTS = [
  'http-answer',
  'single-best-answer',
  'unique-search',
  'source-records',
  'bundle-page',
  'organization-entry',
  'organization-match',
  'page-walk',
  'next-walk',
  'next-link-target',
] as const;

type SurveySubject = (typeof SURVEY_SUBJECTS)[number];

/**
 * Every rule of an answer of its endpoint, as every driver judges it (judgeAnswer: http-answer, and
 * single-best-answer for searchSingleBest). Organization pages are not asked here: the survey judges
 * them record by record (bundle-page, organization-entry), the same rules as search-page.
 */
export const judgeSurveyedAnswer = (endpoint: Exclude<Endpoint, 'organization'>, exchange: Exchange): Judgement =>
  judgeAnswer(endpoint, exchange);

/** Every rule of a subject the survey meets, judged: a subject outside SURVEY_SUBJECTS does not compile. */
export const judgeSurveyed = <K extends SurveySubject>(subject: K, value: Subjects[K]): Judgement => judge(subject, value);

/** The requirements no subject of the survey reaches, with what each needs. */
export const NOT_JUDGED_HERE: NonNullable<SurveyReport['notJudged']> = notJudgedBy(SURVEY_SUBJECTS).map(({ id, needs }) => ({
  id,
  level: requirement(id).level,
  needs,
}));
