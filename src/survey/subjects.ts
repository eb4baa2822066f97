/**
 * What the survey meets: the rulebook's subjects its requests show, and nothing else. It judges
 * every rule registered for them (judgeSurveyed, the only way the survey judges), and lists the
 * requirements none of them reaches as not judged here, with the requests each would need.
 */
import { requirement, REQUIREMENTS, type RequirementId } from '../spec/catalogue';
import { type Coverage, coverageOf } from '../verdicts/coverage';
import type { SurveyPlan } from './survey-plan';
import type { SkipCount } from './records';
import type { Endpoint } from '../client/endpoints';
import type { Exchange } from '../client/exchange';
import {
  type Judgement,
  judge,
  judgeAnswer,
  needsOf,
  notJudgedBy,
  requirementsOf,
  type SubjectKind,
  type Subjects,
} from '../rules/rulebook';
import type { NotJudgedReason, SurveyReport } from '../types/schemas';

/** What a survey's NPI list meets, and what its walks meet: the subjects its plan sets out to judge. */
const NPI_SUBJECTS = ['http-answer', 'single-best-answer', 'unique-search', 'source-records'] as const;
const WALK_SUBJECTS = [
  'http-answer',
  'bundle-page',
  'organization-entry',
  'organization-match',
  'page-walk',
  'next-walk',
  'next-link-target',
  'unmatched-search',
] as const;

/**
 * What `--findability` adds: every organization met, searched by each value it carries
 * (ORG-FINDABLE), each answer judged whole as every answer is (search-page, search-filters,
 * search-identifier); every provider found, asked for by its NPI with an unmatchable parameter
 * dashed and plain, and with its own value of another, and by its demographics (SB-OPTIONAL-DASH,
 * SB-STRICT-PARAM, SB-NARROWING, SB-FINDABLE, SB-MATCHES-QUERY).
 */
const NPI_FINDABILITY = [
  'optional-parameter',
  'parameter-sweep',
  'own-value-narrowing',
  'demographic-search',
  'shared-demographics',
] as const;
const WALK_FINDABILITY = ['own-value-search', 'search-page', 'search-filters', 'search-identifier'] as const;

export const SURVEY_SUBJECTS = [...new Set([...NPI_SUBJECTS, ...WALK_SUBJECTS])] as readonly (
  (typeof NPI_SUBJECTS)[number] | (typeof WALK_SUBJECTS)[number]
)[];
export const FINDABILITY_SUBJECTS = [...WALK_FINDABILITY, ...NPI_FINDABILITY] as const;

type SurveySubject = (typeof SURVEY_SUBJECTS)[number] | (typeof FINDABILITY_SUBJECTS)[number];

/** The subjects a survey meets: with `--findability`, the searches by each organization's own values too. */
const surveySubjects = (findability: boolean): SubjectKind[] => [...SURVEY_SUBJECTS, ...(findability ? FINDABILITY_SUBJECTS : [])];

/**
 * Every rule of an answer of its endpoint, as every driver judges it (judgeAnswer: http-answer,
 * single-best-answer for searchSingleBest, search-page and search-filters for an organization
 * search, search-identifier). The pages of a walk are not asked here: the survey judges them record by record
 * (bundle-page, organization-entry, organization-match), the same rules as search-page and search-filters.
 */
export const judgeSurveyedAnswer = (endpoint: Endpoint, exchange: Exchange): Judgement => judgeAnswer(endpoint, exchange);

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

/** The subjects a survey of `plan` sets out to meet: its NPIs', its walks', and with --findability their searches. */
function plannedSubjects(plan: Pick<SurveyPlan, 'npis' | 'walks' | 'findability'>): SubjectKind[] {
  const npis = plan.npis !== undefined ? [...NPI_SUBJECTS, ...(plan.findability ? NPI_FINDABILITY : [])] : [];
  const walks = plan.walks.length > 0 ? [...WALK_SUBJECTS, ...(plan.findability ? WALK_FINDABILITY : [])] : [];
  return [...new Set([...npis, ...walks])];
}

/** What a survey that does not judge `id` would need: a flag of its own (--npis, --organizations, --findability), or the run's requests. */
function surveyNeeds(id: RequirementId, plan: Pick<SurveyPlan, 'npis' | 'walks' | 'findability'>): string[] {
  const within = (subjects: readonly SubjectKind[]) => requirementsOf(...subjects).has(id);
  if (plan.npis === undefined && within([...NPI_SUBJECTS, ...NPI_FINDABILITY])) return ['survey --npis FILE'];
  if (plan.walks.length === 0 && within([...WALK_SUBJECTS, ...WALK_FINDABILITY]))
    return ['survey --organizations QUERY or --organizations-by-state'];
  if (!plan.findability && FINDABILITY_REQUIREMENTS.has(id)) return ['survey --findability'];
  return needsOf(id);
}

/**
 * survey.json's coverage: every requirement of the catalogue, judged fully (every record the rule
 * met), in part (some records could not be judged: counted, with the first reason), not at all, or
 * not applicable; those no request of this survey meets are not selected, with what would judge
 * them. The counts are the tally's, so that shards and resumes give the unsharded coverage.
 */
export function surveyCoverage(
  plan: Pick<SurveyPlan, 'npis' | 'walks' | 'findability'>,
  requirements: SurveyReport['requirements'],
  skips: ReadonlyMap<string, SkipCount>,
): Coverage {
  const planned = requirementsOf(...plannedSubjects(plan));
  const checked = new Map<string, number>();
  for (const r of requirements) checked.set(r.id, Math.max(checked.get(r.id) ?? 0, r.checked));
  return coverageOf(
    REQUIREMENTS.map((r) => {
      const checks = checked.get(r.id) ?? 0;
      const skip = skips.get(r.id);
      const needs = surveyNeeds(r.id, plan);
      let reasons: NotJudgedReason[];
      if (!planned.has(r.id))
        reasons = [
          {
            kind: 'not-selected',
            needs,
            text: `no request of this survey meets it (it needs ${needs.join('; ') || 'the conformance run'})`,
          },
        ];
      else if (skip)
        reasons = [
          { ...skip.reason, text: `${skip.records} record${skip.records === 1 ? '' : 's'} not judged (${skip.key}: ${skip.reason.text})` },
        ];
      else if (checks === 0) reasons = [{ kind: 'not-met', needs: needsOf(r.id), text: 'no record the survey met let a rule judge it' }];
      else reasons = [];
      return { id: r.id, level: r.level, checks, reasons };
    }),
  );
}
