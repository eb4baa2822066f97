/**
 * What the survey meets: the rulebook's subjects its requests show, and nothing else. It judges
 * every rule registered for them (judgeSurveyed, the only way the survey judges), and lists the
 * requirements none of them reaches as not judged here, with the requests each would need.
 */
import { requirement } from '../spec/catalogue';
import type { Endpoint } from '../client/endpoints';
import type { Exchange } from '../client/exchange';
import { type Judgement, judge, judgeAnswer, notJudgedBy, requirementsOf, type SubjectKind, type Subjects } from '../rules/rulebook';
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

/**
 * What `--findability` adds: every organization met, searched by each value it carries
 * (ORG-FINDABLE); every provider found, asked for by its NPI with a dashed and a plain parameter, and
 * by its demographics (SB-OPTIONAL-DASH, SB-NARROWING, SB-FINDABLE, SB-MATCHES-QUERY).
 */
export const FINDABILITY_SUBJECTS = [
  'own-value-search',
  'optional-parameter',
  'own-value-narrowing',
  'demographic-search',
  'record-search',
] as const;

type SurveySubject = (typeof SURVEY_SUBJECTS)[number] | (typeof FINDABILITY_SUBJECTS)[number];

/** The subjects a survey meets: with `--findability`, the searches by each organization's own values too. */
const surveySubjects = (findability: boolean): SubjectKind[] => [...SURVEY_SUBJECTS, ...(findability ? FINDABILITY_SUBJECTS : [])];

/**
 * Every rule of an answer of its endpoint, as every driver judges it (judgeAnswer: http-answer, and
 * single-best-answer for searchSingleBest). Organization pages are not asked here: the survey judges
 * them record by record (bundle-page, organization-entry), the same rules as search-page.
 */
export const judgeSurveyedAnswer = (endpoint: Exclude<Endpoint, 'organization'>, exchange: Exchange): Judgement =>
  judgeAnswer(endpoint, exchange);

/** Every rule of a subject the survey meets, judged: a subject outside SURVEY_SUBJECTS does not compile. */
export const judgeSurveyed = <K extends SurveySubject>(subject: K, value: Subjects[K]): Judgement => judge(subject, value);

const FINDABILITY_REQUIREMENTS = requirementsOf(...FINDABILITY_SUBJECTS);

/** The requirements no subject of a survey reaches, with what each needs: first `--findability`, where that adds its subject. */
export function notJudgedHere(findability: boolean): NonNullable<SurveyReport['notJudged']> {
  return notJudgedBy(surveySubjects(findability)).map(({ id, needs }) => ({
    id,
    level: requirement(id).level,
    needs: !findability && FINDABILITY_REQUIREMENTS.has(id) ? ['survey --findability', ...needs] : needs,
  }));
}

/** The requirements no subject of a survey without `--findability` reaches: what the mutation run's surveys leave to the suite. */
export const NOT_JUDGED_HERE = notJudgedHere(false);
