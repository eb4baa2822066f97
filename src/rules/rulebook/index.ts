/**
 * The rulebook's public module: all that a driver (the suite's entries and their Playwright glue,
 * the survey, `probes check` and the draft) may take from src/rules/, and nothing a driver does not use. It judges through `judge` and the two walk rules, and reads answers only
 * to decide what to ask next (is it a bundle, which organizations, which record); it never calls a
 * rule function of its own choosing. dependency-cruiser holds the drivers to this module
 * (`drivers-through-the-rulebook`).
 */
export { ANSWER_SUBJECTS, judge, judgeAnswer, needsOf, notJudgedBy, observationsOf, requirementsOf } from './registry';
export type { SubjectKind, Subjects } from './subjects';
export {
  meetAmbiguousSearch,
  meetByOwnNpi,
  meetDemographicSearch,
  meetNameSearches,
  meetNarrowedSearch,
  meetOptionalParameter,
  meetOwnValueNarrowing,
  meetParameterSweep,
  meetSingleBestParamCase,
  meetSingleBestEquivalents,
  meetSingleBestValueForms,
} from './provider-plans';
export {
  meetCountExactly,
  meetCountSearch,
  meetIdentifierSearch,
  meetNextWalk,
  meetOrganizationParamCase,
  meetOrganizationValueForms,
  meetOwnValueSearch,
  meetOwnValueSearches,
  meetPageWalk,
  meetStatusSearch,
  meetSystemIdentifierSearches,
  meetAddedFilter,
  ownFilterAdded,
  meetSearchEquivalents,
  meetSearchReadings,
  nextWalkReadings,
  pageWalkReadings,
  meetWholeResult,
  walkPages,
} from './organization-plans';
export { askBadLookups, askBadOrganizationSearches, askBadSingleBestSearches } from './bad-input-plans';
export { meetRepeatedLookup, meetUnknownLookup } from './source-record-plans';
export type { Ask, FollowAsk, Query, Refused, Unmet } from './ask';
export { Judgement, type JudgementData, type ObservationRecord, type Redact, type RequirementRecord } from '../judgement';
export { PageWalk, pageGoesOn, pageOfWalk, walkedPage, type PageOfWalk, type PageWalkOptions } from '../organization/walk-by-page';
export { NextWalk } from '../organization/walk-by-next';
export type { WalkedPage } from '../organization/page-walk';
export { countQuery, pageQuery, WALK_COUNT, wholeSearch } from '../organization/paging';
export { isBundle, total as bundleTotal } from '../organization/bundle';
export { entriesOf, organizationIds, resourceOf } from '../organization/entries';
export { entryShell, SHELL_ENTRY } from '../organization/entry-record';
export {
  carriedValues,
  queryKey,
  organizationOfEntry,
  ownValueSearches,
  seenInAnswer,
  type OwnValueSearch,
} from '../organization/own-values';
export { recordOf, type RecordLike } from '../answers';
export { readData } from '../attributes';
export { classifySingleBest, describeAnswer } from '../single-best-answer';
export { ambiguityNeedsNarrowing, dashed, dashedName } from '../search-single-best';
export { unusedUnmatchable } from '../unmatchable';
export { PROVIDER_PARAMETER_NAMES } from '../provider-parameters';
export { everyOwnParameterValue, ownParameterValues, ownValuesHeldTwice } from '../provider';
export {
  DEMOGRAPHICS,
  type DemographicSearch,
  answeredAmbiguity,
  demographicSearch,
  nameSearches,
  nextDemographicRequest,
} from '../provider-findability';
export { datasetOf } from '../datasets';
export { statusFlagsRefused } from '../organization/filters';
export {
  ownFilterValues,
  ownSearchesOf,
  UNMATCHABLE_FILTERS,
  VALUE_PARAMETERS,
  type ValueParameter,
  WALKED_PARAMETERS,
  walkValueCounts,
  walkValuesOf,
  wholeValuesOf,
} from '../organization/parameters';
export { isJsonObject, type JsonObject, objectsIn, stringsIn, textOf } from '../json';
export { serviceText, serviceValue } from '../service-text';
