/**
 * One page of an organization walk (§4.3 by Page alone): its own checks, each organization on it
 * as a record, ORG-FILTERS per entry for the walk's query, and, on page 1, ORG-NEXT-LINK with the
 * next link followed once.
 */
import type { DirectoryEndpoints } from '../client/endpoints';
import type { Exchange } from '../client/exchange';
import { ForeignOriginError } from '../client/http-client';
import { judgeHttp } from '../rules/http';
import { Judgement, type Redact } from '../rules/judgement';
import { answeredBundle, isBundle, total } from '../rules/organization/bundle';
import { entriesOf, nextLink, organizationIds } from '../rules/organization/entries';
import { entryShell, judgeBundleShell, judgeEntryRecord, SHELL_ENTRY } from '../rules/organization/entry-record';
import { filterProblems } from '../rules/organization/filters';
import type { PageUnit, RecordFailure, RecordVerdict } from './records';
import { requirementSet, verdictOf } from './record-verdict';
import type { TimedRequests } from './provider-record';

export const PAGE_REQUIREMENTS = requirementSet('HTTP-NO-5XX', 'HTTP-JSON', 'ORG-BUNDLE-SHAPE', 'ORG-FHIR-R4');
export const ORGANIZATION_REQUIREMENTS = requirementSet(
  'ORG-ENTRY-SHAPE',
  'ORG-SEARCH-MODE',
  'ORG-RESOURCE-SHAPE',
  'ORG-PARTOF',
  'ORG-FHIR-R4',
);
export const FILTER_REQUIREMENTS = requirementSet('ORG-FILTERS');
export const NEXT_LINK_REQUIREMENTS = requirementSet('ORG-NEXT-LINK');

/** A walk's query in words, its records' key: `address-state=TX`. */
export const queryKey = (query: Record<string, string>) => new URLSearchParams(query).toString();

/** A pointer of entry 0 of a shell, put back at the entry's place in the page. */
const atEntry =
  (index: number) =>
  (failure: RecordFailure): RecordFailure => ({
    ...failure,
    pointer: failure.pointer.replace(SHELL_ENTRY, `/entry/${index}`),
    message: failure.message.split(`at ${SHELL_ENTRY}`).join(`at /entry/${index}`),
  });

/**
 * ORG-NEXT-LINK on page 1: the page its next link leads to is a bundle, and holds no organization
 * that matches the walk's query under no reading (the link dropped the search). A link to another
 * origin is never followed.
 */
async function followNext(
  endpoints: DirectoryEndpoints,
  query: Record<string, string>,
  first: Exchange,
  requests: TimedRequests,
  redact: Redact,
): Promise<RecordVerdict | undefined> {
  const link = nextLink(first.body);
  if (!link) return undefined;
  let followed: Exchange;
  try {
    followed = await requests.ask('organization', () => endpoints.follow(link));
  } catch (error) {
    if (error instanceof ForeignOriginError) return undefined;
    throw error;
  }
  const judgement = new Judgement();
  if (answeredBundle(judgement, 'ORG-NEXT-LINK', followed, 'following the next link of page 1'))
    judgement.problems(
      'ORG-NEXT-LINK',
      filterProblems(followed.body, query).filter((p) => p.level === 'MUST'),
      followed,
      `the page reached by the next link of page 1 holds organizations that do not match ${JSON.stringify(query)}: the link does not continue the same search`,
    );
  return verdictOf(queryKey(query), judgement, { counts: NEXT_LINK_REQUIREMENTS, redact, exchangeOf: () => followed });
}

/** What decides how far a walk goes: whether the answer is a bundle, its entries, its total and its organization ids. */
export type PageShape = Pick<PageUnit, 'bundle' | 'entries' | 'total' | 'ids'>;

function pageShape(exchange: Exchange): PageShape {
  const bundle = isBundle(exchange);
  return {
    bundle,
    entries: bundle ? entriesOf(exchange.body).length : 0,
    total: bundle ? total(exchange) : undefined,
    ids: bundle ? organizationIds(exchange.body) : [],
  };
}

/** Page `page` of walk `walk`; a request without an HTTP answer throws, with `requests` holding what was asked. */
export async function surveyPage(
  endpoints: DirectoryEndpoints,
  walk: number,
  query: Record<string, string>,
  page: number,
  redact: Redact,
  requests: TimedRequests,
): Promise<PageUnit> {
  const exchange = await requests.ask('organization', () => endpoints.organizations({ ...query, Page: String(page) }));
  const key = queryKey(query);
  const own = new Judgement().add(judgeHttp(exchange));
  const bundle = answeredBundle(own, 'ORG-BUNDLE-SHAPE', exchange, `Page=${page} of ${key}`);
  const unit: PageUnit = {
    kind: 'page',
    walk,
    page,
    url: exchange.url,
    requests: requests.outcomes,
    ...pageShape(exchange),
    shell: { key, checked: [], failures: [] },
    organizations: [],
    filters: [],
  };
  const shell = bundle ? entryShell(exchange) : exchange;
  if (bundle) own.add(judgeBundleShell(shell));
  unit.shell = verdictOf(key, own, { counts: PAGE_REQUIREMENTS, redact, exchangeOf: () => shell });
  if (!bundle) return unit;
  unit.ids.forEach((id, index) => {
    const entry = entryShell(exchange, index);
    const judged = judgeEntryRecord(entry, query);
    const options = { redact, exchangeOf: () => entry, place: atEntry(index) };
    const organization = id === '' ? `(no id: entry ${index} of Page=${page} of ${key})` : id;
    unit.organizations.push(verdictOf(organization, judged, { ...options, counts: ORGANIZATION_REQUIREMENTS }));
    unit.filters.push(verdictOf(organization, judged, { ...options, counts: FILTER_REQUIREMENTS }));
  });
  if (page === 1) {
    const next = await followNext(endpoints, query, exchange, requests, redact);
    if (next) unit.next = next;
  }
  return unit;
}

/**
 * Page 1 as a shard that does not own it reads it: only what decides how far the walk goes. It is
 * not judged, journaled or counted: its owner does that.
 */
export async function peekPage(endpoints: DirectoryEndpoints, query: Record<string, string>): Promise<PageShape> {
  return pageShape(await endpoints.organizations({ ...query, Page: '1' }));
}
