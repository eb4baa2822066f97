/**
 * The requirement catalogue: every requirement the suite checks and every observation it records,
 * as data, one file per endpoint. Tests name these ids; the reporter and the tables of docs/requirements.md are
 * built from these lists, and the faults are keyed by them (src/reference/scenarios/faults/).
 */
import { HTTP_REQUIREMENTS } from './http';
import { ORGANIZATION_REQUIREMENTS } from './organization';
import { PROVIDER_DATA_REQUIREMENTS } from './provider-data';
import type { Condition, Requirement } from './requirement';
import { SEARCH_SINGLE_BEST_REQUIREMENTS } from './search-single-best';
import { SOURCE_RECORDS_REQUIREMENTS } from './source-records';

export type { HttpRequirementId } from './http';
export { NOT_TESTED } from './not-tested';
export { type ObservationId, OBSERVATIONS } from './observations';
export type { OrganizationRequirementId } from './organization';
export type { ProviderDataRequirementId } from './provider-data';
export type { Condition, Level, ObservationDefinition, Requirement } from './requirement';
export type { SearchSingleBestRequirementId } from './search-single-best';
export type { SourceRecordsRequirementId } from './source-records';

export const REQUIREMENTS = [
  ...SEARCH_SINGLE_BEST_REQUIREMENTS,
  ...PROVIDER_DATA_REQUIREMENTS,
  ...SOURCE_RECORDS_REQUIREMENTS,
  ...ORGANIZATION_REQUIREMENTS,
  ...HTTP_REQUIREMENTS,
] as const satisfies readonly Requirement[];

export type RequirementId = (typeof REQUIREMENTS)[number]['id'];

/** The requirements by endpoint, as reports group them. */
export const REQUIREMENT_GROUPS: readonly { title: string; ids: readonly RequirementId[] }[] = [
  { title: 'searchSingleBest (§4.1)', ids: SEARCH_SINGLE_BEST_REQUIREMENTS.map((r) => r.id) },
  { title: 'Provider records (§2.1–§2.4)', ids: PROVIDER_DATA_REQUIREMENTS.map((r) => r.id) },
  { title: 'sourceRecords (§4.2)', ids: SOURCE_RECORDS_REQUIREMENTS.map((r) => r.id) },
  { title: 'Organization search (§4.3, §2.5)', ids: ORGANIZATION_REQUIREMENTS.map((r) => r.id) },
  { title: 'Every answer', ids: HTTP_REQUIREMENTS.map((r) => r.id) },
];

const byId = new Map<string, Requirement>(REQUIREMENTS.map((r) => [r.id, r]));

export function requirement(id: RequirementId): Requirement {
  return byId.get(id)!;
}

/** Why a requirement the specification puts a condition on does not apply, in the catalogue's words: its not-applicable reason. */
export function notApplicable(id: RequirementId): { kind: 'not-applicable'; condition: Condition; text: string } {
  const { appliesWhen } = requirement(id);
  if (!appliesWhen) throw new Error(`${id} has no condition in the catalogue: it always applies`);
  return { kind: 'not-applicable', condition: appliesWhen.condition, text: appliesWhen.otherwise };
}
