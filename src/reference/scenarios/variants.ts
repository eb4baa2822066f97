/**
 * Conformant alternatives: legitimate choices where the specification is silent or allows several
 * answers. Each is a named point of the latitude (latitude.ts), which holds what the choice does; the
 * suite must pass every one of them with no failure and no warning.
 */
import { behaviourAt, expectationsAt, type LatitudePoint, valuesAt } from './latitude';
import type { Scenario } from './scenario';

export { VARIANT_TOKEN } from './latitude';

/** A variant: its name, and the point of the latitude it serves. */
export const VARIANT_POINTS: readonly { name: string; point: LatitudePoint; description?: string }[] = [
  { name: 'ambiguity-409-json', point: { ambiguity: 'json-409' } },
  { name: 'error-words-empty', point: { 'error-words': 'empty' } },
  { name: 'error-problem-json', point: { 'error-words': 'problem-json' } },
  { name: 'error-plain-text', point: { 'error-words': 'plain-text' } },
  { name: 'error-no-body', point: { 'error-words': 'no-body' } },
  { name: 'input-lenient', point: { 'input-strictness': 'lenient' } },
  { name: 'ambiguity-400-json', point: { ambiguity: 'json-400' } },
  { name: 'ambiguity-json-string', point: { ambiguity: 'json-string' } },
  { name: 'ambiguity-longer-message', point: { ambiguity: 'longer-message-409' } },
  { name: 'ambiguity-300-text', point: { ambiguity: 'text-300' } },
  { name: 'no-match-empty-object', point: { 'provider-no-match': 'empty-object' } },
  { name: 'no-match-json-null', point: { 'provider-no-match': 'json-null' } },
  {
    name: 'no-content-204',
    point: { 'provider-no-match': '204', 'unknown-curated-id': '204' },
    description: 'no match and an unknown curated ID as 204 No Content, without a body',
  },
  {
    // Independent services echo what was asked: a history of two clean runs must not call that drift.
    name: 'echoing-messages',
    point: { 'provider-no-match': '404-echo', 'unknown-curated-id': '404-echo' },
    description: 'no match and an unknown curated ID answered with a message that quotes the request',
  },
  { name: 'unknown-id-empty-array', point: { 'unknown-curated-id': 'empty-array' } },
  { name: 'count-over-limit-rejected', point: { 'count-over-limit': 'rejected-400' } },
  { name: 'default-page-all', point: { 'default-page': 'all-up-to-1000' } },
  { name: 'total-is-page-count', point: { total: 'page-count' } },
  { name: 'total-capped-1000', point: { total: 'capped-1000' } },
  {
    name: 'pages-from-zero',
    point: { 'first-page': '0' },
    description: "Page counts from 0 (Page=0 is the first page, Page=1 the second), with total as each page's count",
  },
  { name: 'no-next-link', point: { links: 'self-only' } },
  { name: 'next-link-relative', point: { links: 'next-relative' } },
  { name: 'next-link-on-page-only', point: { links: 'next-on-page-only' } },
  { name: 'next-link-other-origin', point: { links: 'next-other-origin' } },
  { name: 'next-link-opaque-cursor', point: { links: 'opaque-cursor' } },
  { name: 'more-link-relations', point: { links: 'more-relations' } },
  // §4.3 r2: the answer when nothing matches is not shown. A FHIR server's common choice: 404 with an OperationOutcome.
  { name: 'org-no-match-404', point: { 'organization-no-match': '404-operation-outcome' } },
  {
    name: 'empty-bundle-without-entry',
    point: { 'organization-no-match': 'bundle-without-entry', 'page-past-last': 'bundle-without-entry' },
    description: 'a bundle of no organization (no match, a page past the last, Count=0) leaves entry out, as FHIR R4 JSON writes it',
  },
  { name: 'page-beyond-last-error', point: { 'page-past-last': '404' } },
  { name: 'filters-substring-anywhere', point: { 'value-matching': 'substring-anywhere' } },
  { name: 'filters-whole-words', point: { 'value-matching': 'whole-words' } },
  { name: 'values-case-sensitive', point: { 'value-matching': 'case-sensitive' } },
  { name: 'values-whitespace-significant', point: { 'value-matching': 'whitespace-significant' } },
  { name: 'open-coded-values', point: { 'coded-values': 'open' } },
  { name: 'last-update-beyond-today', point: { 'last-update': 'beyond-today' } },
  { name: 'absolute-fullurl', point: { 'full-url': 'absolute' } },
  { name: 'z-timestamps', point: { timestamps: 'z' } },
  { name: 'fhir-json-media-type', point: { 'media-type': 'fhir-json' } },
  { name: 'json-without-charset', point: { 'media-type': 'json-no-charset' } },
  { name: 'entries-reversed', point: { 'entry-order': 'reversed' } },
  { name: 'source-records-shuffled', point: { 'source-order': 'shuffled' } },
  { name: 'source-names-case', point: { 'attribute-names': 'case-per-source' } },
  { name: 'source-names-spelled', point: { 'attribute-names': 'named-spellings' } },
  { name: 'source-empty-strings-unpadded-dates', point: { 'empty-values': 'empty-strings', 'date-forms': 'unpadded' } },
  { name: 'source-empty-arrays-compact-dates', point: { 'empty-values': 'empty-arrays', 'date-forms': 'compact' } },
  { name: 'source-empty-address-object', point: { 'empty-values': 'empty-address-object' } },
  { name: 'extra-fields', point: { 'extra-fields': 'everywhere' } },
  { name: 'fhir-rich-organizations', point: { 'extra-fields': 'fhir-rich' } },
  { name: 'api-path-prefix', point: { 'provider-path': 'api' } },
  { name: 'no-status-search', point: { 'status-search': 'not-supported' } },
  { name: 'bearer-auth', point: { authentication: 'bearer' } },
  { name: 'case-insensitive-names', point: { 'parameter-name-case': 'any-case' } },
  { name: 'chunked-answers', point: { transport: 'chunked' } },
  { name: 'connection-close', point: { transport: 'connection-close' } },
  { name: 'etag-answers', point: { transport: 'etag' } },
  { name: 'flaky-connection', point: { hiccups: 'flaky-connection' } },
  { name: 'first-request-rate-limited', point: { hiccups: 'first-request-rate-limited' } },
  { name: 'sometimes-rate-limited', point: { hiccups: 'sometimes-rate-limited' } },
];

/**
 * The scenario of a point: its behaviour, the configuration a user gives (STATUS_SEARCH too where the
 * tenant does not search by status, since the mutation run's probes say it does), and what it skips,
 * leaves as gaps and observes.
 */
export function scenarioAt(name: string, point: LatitudePoint, description?: string): Scenario {
  const { configuration, skips, gaps, observes } = expectationsAt(point);
  const suiteEnv = { ...configuration, ...(skips.includes('ORG-ACTIVE') ? { STATUS_SEARCH: 'false' } : {}) };
  return {
    name,
    description:
      description ??
      valuesAt(point)
        .map((v) => v.description)
        .join('; '),
    behaviour: behaviourAt(point),
    ...(Object.keys(suiteEnv).length > 0 ? { suiteEnv } : {}),
    ...(observes.length > 0 ? { observes: observes[0] } : {}),
    ...(skips.length > 0 ? { skips } : {}),
    ...(gaps.length > 0 ? { gaps } : {}),
  };
}

export const VARIANTS: Scenario[] = VARIANT_POINTS.map(({ name, point, description }) => scenarioAt(name, point, description));
