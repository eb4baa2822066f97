/**
 * What a survey asks: its target, its inputs and its settings. Two runs are the same survey when
 * their plans agree: a checkpoint of another plan is not resumed, nor a shard of another plan merged.
 */
import type { ConformanceReport } from '../types/schemas';
import { inSample, type Sample } from './sample';
import { npiShard, type Shard } from './shard';

export interface SurveyPlan {
  baseUrl: string;
  embedded: boolean;
  /** --npis: a file, or - for standard input. */
  npis?: string;
  /** --delimiter of the NPI list; detected from its first line when absent. */
  delimiter?: string;
  /** One walk per query, in order: the --organizations queries, then one per state. */
  walks: Record<string, string>[];
  shard: Shard;
  /** --findability: every organization met is searched by each value it carries (ORG-FINDABLE); absent when off. */
  findability?: true;
  /** --sample P% --seed S: the share of NPIs and organizations drawn; absent for every record. */
  sample?: Sample;
  /** --deactivated-npis FILE: the user's deactivation list, for the scorecard; absent when not given. */
  deactivatedNpis?: string;
  /** --taxonomy-codes FILE: the user's taxonomy code set, for the scorecard; absent when not given. */
  taxonomyCodes?: string;
  /** The SHA-256 of each list file as it was read: a resume or a merge of a list whose contents changed is another survey. */
  listDigests?: { deactivatedNpis?: string; taxonomyCodes?: string };
  /** --export SOURCE, as resolved: every Organization and resource carrying an NPI of it asked of the service. */
  export?: string;
  /** Examples kept per requirement and level (--examples). */
  examples: number;
  /** Rows of failures.csv at most (--max-failure-rows). */
  maxFailureRows: number;
  /** Which credentials the requests carry, by kind and header name, never by value: for the curl lines. */
  credentials: NonNullable<ConformanceReport['target']['credentials']>;
}

/** Each part of a plan in words, for the one line that refuses a resume or a merge. */
const PARTS: Record<keyof SurveyPlan, string> = {
  baseUrl: 'target',
  embedded: 'target',
  npis: 'NPI list (--npis)',
  delimiter: '--delimiter',
  walks: 'organization walks (--organizations, --organizations-by-state)',
  shard: 'shard (--shard)',
  findability: '--findability',
  sample: 'sample (--sample, --seed)',
  deactivatedNpis: '--deactivated-npis',
  taxonomyCodes: '--taxonomy-codes',
  listDigests: 'list of --deactivated-npis or --taxonomy-codes (its file changed since)',
  export: 'export (--export)',
  examples: '--examples',
  maxFailureRows: '--max-failure-rows',
  credentials: 'credentials (API_TOKEN, API_HEADERS, client certificate)',
};

/**
 * The parts in which two plans differ, in words; [] when they are one survey. The embedded server
 * listens on a port drawn anew each time it starts: it is one target, whatever its port.
 */
export function planDifferences(a: SurveyPlan, b: SurveyPlan, { shard = true } = {}): string[] {
  const part = (plan: SurveyPlan, name: keyof SurveyPlan) => JSON.stringify(name === 'baseUrl' && plan.embedded ? 'embedded' : plan[name]);
  const names = (Object.keys(PARTS) as (keyof SurveyPlan)[]).filter((name) => shard || name !== 'shard');
  return [...new Set(names.filter((name) => part(a, name) !== part(b, name)).map((name) => PARTS[name]))];
}

/** `target differs`, `NPI list (--npis), --examples differ`: the parts named, for a refusal. */
export const differing = (parts: readonly string[]) => `${parts.join(', ')} ${parts.length === 1 ? 'differs' : 'differ'}`;

/** Whether this survey asks for `npi`: the sample drew it (or there is none), and it is this shard's. */
export const surveysNpi = (plan: Pick<SurveyPlan, 'sample' | 'shard'>, npi: string): boolean =>
  inSample(plan.sample, 'npi', npi) && npiShard(npi, plan.shard.total) === plan.shard.index;
