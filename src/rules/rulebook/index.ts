/**
 * The rulebook's public module: all that a driver (the suite's specs, the survey, `probes check`)
 * may take from src/rules/. It judges through `judge` and the two walk rules, and reads answers only
 * to decide what to ask next (is it a bundle, which organizations, which record); it never calls a
 * rule function of its own choosing. dependency-cruiser holds the drivers to this module
 * (`drivers-through-the-rulebook`).
 */
export { ANSWER_SUBJECTS, judge, judgeAnswer, needsOf, notJudgedBy, observationsOf, requirementsOf } from './registry';
export type { SubjectKind, Subjects } from './subjects';
export { askedInTurn } from '../asked-in-turn';
export type { Judgement, Redact } from '../judgement';
export {
  PageWalk,
  pageOfWalk,
  walkByPage,
  type PageOfWalk,
  type PageWalkOptions,
  type WalkCheckAnswers,
} from '../organization/walk-by-page';
export { NextWalk, type NextWalkOptions } from '../organization/walk-by-next';
export type { WalkedPage } from '../organization/page-walk';
export { WALK_COUNT } from '../organization/paging';
export { isBundle, total as bundleTotal } from '../organization/bundle';
export { entriesOf, organizationIds } from '../organization/entries';
export { entryShell, SHELL_ENTRY } from '../organization/entry-record';
export { NO_SUCH_SYSTEM, reportedSystem } from '../organization/identifiers';
export {
  carriedValues,
  queryKey,
  organizationOfEntry,
  ownValueSearches,
  seenInAnswer,
  nextOwnValueRequest,
  type OwnValueSearch,
} from '../organization/own-values';
export { recordOf, type RecordLike } from '../answers';
export { classifySingleBest, describeAnswer } from '../single-best-answer';
export { ambiguityNeedsNarrowing, dashed } from '../search-single-best';
export { unusedUnmatchable } from '../unmatchable';
export { ownParameterValues } from '../provider';
export { DEMOGRAPHICS, demographicSearch, nextDemographicRequest, type DemographicSearch } from '../provider-findability';
export { datasetOf } from '../datasets';
export { isJsonObject, objectsIn, stringsIn } from '../json';
export { serviceText } from '../service-text';
