/**
 * `survey --dry-run`: the plan and what it will cost, before the survey asks anything of the
 * service. The NPI list is read and counted (this shard's NPIs, each once); organizations are not
 * known until each walk's page 1 gives its total, so their cost is said per organization. Nothing
 * is asked of the service, not even the preflight.
 */
import { readNpis } from './npi-input';
import { type SurveyPlan, surveysNpi } from './survey-plan';
import { sampleInWords } from '../report/survey/sample-words';
import { SEARCH_KINDS } from './search-kinds';

/**
 * Requests a record costs, as the survey asks them: measured against the embedded server (4,297
 * requests for its 520 providers with --findability, 1,040 without; 1,104 for the 156
 * organizations of address-state=OH with --findability, 7 pages without).
 */
export const REQUESTS_PER_RECORD = {
  /** The single-best search by NPI, and the source records of the record it finds. */
  provider: 2,
  /** An unmatchable parameter dashed and plain and an own value with the NPI, the demographics (one to three requests), the whole name and the first and last name. */
  providerFindability: 6.3,
  /** A page of 25. */
  organization: 1 / 25,
  /** A search by each value it carries, asked again where an answer does not hold every match. */
  organizationFindability: 7.1,
} as const;

/** This shard's distinct NPIs in the list, or undefined for standard input (it is read once, as the survey reads it). */
async function npisToSurvey(plan: SurveyPlan): Promise<number | undefined> {
  if (plan.npis === undefined) return 0;
  if (plan.npis === '-') return undefined;
  // readNpis yields each NPI once, a repeat counted as a duplicate, as the survey reads it.
  let npis = 0;
  for await (const { npi } of readNpis(plan.npis, { delimiter: plan.delimiter, problem: () => undefined }))
    if (surveysNpi(plan, npi)) npis++;
  return npis;
}

const DAY = 86_400;
const YEAR = 365 * DAY;

/** A duration in words: `4 min 20 s`, `2 h 5 min`, `3 days 4 h`, `12 years` (a rate of 0.0001 a second is no matter of hours). */
export function duration(seconds: number): string {
  const s = Math.ceil(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  if (s < 2 * DAY) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  if (s < 2 * YEAR) return `${Math.floor(s / DAY)} days ${Math.floor((s % DAY) / 3600)} h`;
  return `${Math.floor(s / YEAR).toLocaleString('en-US')} years`;
}

/** The plan and its estimate, in lines: what --dry-run prints. `maxRps` 0: no rate limit. */
export async function dryRunLines(plan: SurveyPlan, maxRps: number): Promise<string[]> {
  const npis = await npisToSurvey(plan);
  const costs = REQUESTS_PER_RECORD;
  const perProvider = costs.provider + (plan.findability ? costs.providerFindability : 0);
  // A sample searches the organizations it draws by their own values; a walk reads every page.
  const drawn = (plan.sample?.percent ?? 100) / 100;
  const perOrganization = costs.organization + (plan.findability ? drawn * costs.organizationFindability : 0);
  const time = (requests: number) => (maxRps > 0 ? `, ${duration(requests / maxRps)} at ${maxRps} requests/s` : ', no rate limit');
  const per1000 = Math.ceil(1000 * perOrganization);
  return [
    `survey --dry-run: the plan, and what it will cost; nothing was asked of the service`,
    `  target: ${plan.baseUrl}${plan.embedded ? ' (the embedded reference server)' : ''}, shard ${plan.shard.index}/${plan.shard.total}`,
    `  findability: ${plan.findability ? 'on (--findability)' : 'off'}`,
    // Relations and the scorecard are read from the answers the survey makes anyway: they cost no request.
    ...(plan.findability
      ? [
          '  relations: providers met sharing first name, last name and state (SB-AMBIGUOUS), judged from their own searches: 0 requests more',
        ]
      : []),
    ...(plan.findability && plan.walks.length > 0
      ? [
          `  search kinds: up to ${SEARCH_KINDS.length} walks more (${SEARCH_KINDS.join(', ')}), one search of each kind from the first pages of the plan's walks, each as long as its search (1/25 of a request an organization)`,
        ]
      : []),
    `  data-quality scorecard: every record met, 0 requests more; lists: ${[plan.deactivatedNpis && '--deactivated-npis', plan.taxonomyCodes && '--taxonomy-codes'].filter(Boolean).join(', ') || 'none given (DQ-DEACTIVATED-LIST and DQ-TAXONOMY-UNLISTED not judged)'}`,
    ...(plan.sample ? [`  sample: ${sampleInWords(plan.sample)}, seed ${plan.sample.seed}`] : []),
    npis === undefined
      ? `  NPIs: from standard input, not counted ahead: about ${perProvider} requests each`
      : `  NPIs: ${npis} (this shard's${plan.sample ? ', drawn' : ''}, each once): about ${perProvider} requests each, ${Math.ceil(npis * perProvider)} requests${time(npis * perProvider)}`,
    ...(plan.walks.length > 0
      ? [
          `  organization walks: ${plan.walks.length}; how many organizations each holds is known when its page 1 gives its total: about ${Number(perOrganization.toFixed(2))} requests each, ${per1000} requests a thousand${time(per1000)}`,
        ]
      : []),
  ];
}
