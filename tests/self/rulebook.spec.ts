/**
 * The rulebook, rule by rule, on plain data (no server): for each subject, an answer that passes,
 * one that fails at each level its rules can give, and one they skip where they can. And the book is
 * whole: every requirement of the catalogue is judged by some rule.
 */
import type { Exchange } from '../../src/client/exchange';
import { buildBundle } from '../../src/reference/bundle';
import { readFixtures } from '../../src/reference/fixture-files';
import type { Judgement } from '../../src/rules/judgement';
import type { WalkedPage } from '../../src/rules/organization/page-walk';
import { type PageOfWalk, pageGoesOn } from '../../src/rules/organization/walk-by-page';
import { ORGANIZATION_PARAMETERS, WALKED_PARAMETERS } from '../../src/rules/organization/parameters';
import { SEARCH_KINDS } from '../../src/survey/search-kinds';
import { nextOwnValueRequest, ownValueSearches } from '../../src/rules/organization/own-values';
import { everyOwnParameterValue, ownValuesHeldTwice } from '../../src/rules/provider';
import { demographicSearch, nameSearches, nextDemographicRequest } from '../../src/rules/provider-findability';
import { judge, RULEBOOK } from '../../src/rules/rulebook/registry';
import type { SubjectKind, Subjects } from '../../src/rules/rulebook/subjects';
import { OBSERVATIONS, REQUIREMENTS, requirement } from '../../src/spec/catalogue';
import { AMBIGUITY_MESSAGE, ORGANIZATION_FILTERS } from '../../src/spec/constants';
import { expect, test } from './fixtures';
import { changed } from './json-pointer';

/** An answer as the client records it, from a body: JSON for anything but a string, which is sent as text. */
function answer(body: unknown, { status = 200, contentType = 'application/json', url = 'http://service.test/x' } = {}): Exchange {
  const bodyText = typeof body === 'string' ? body : JSON.stringify(body);
  const recorded = { method: 'GET' as const, url, status, contentType, bodyText, excerpt: bodyText.slice(0, 200), durationMs: 1 };
  try {
    return { ...recorded, json: { ok: true }, body: JSON.parse(bodyText) };
  } catch (error) {
    return { ...recorded, json: { ok: false, error: String(error) }, body: undefined };
  }
}

/** What a judgement concluded, per requirement: pass, the worst level it failed at, or skip (nothing checked); and whether a probe is blamed. */
function outcome(judgement: Judgement): Record<string, string> {
  return Object.fromEntries([
    ...judgement
      .requirementRecords((value) => value)
      .map((r) => [
        r.id,
        r.failures.some((f) => f.level === 'MUST') ? 'MUST' : r.failures.length > 0 ? 'SHOULD' : r.checks > 0 ? 'pass' : 'skip',
      ]),
    ...judgement.observationIds.map((id) => [id, 'observed']),
    ...(judgement.probeProblems((value) => value).length > 0 ? [['probe problem', 'yes']] : []),
  ]);
}

const fixtures = readFixtures();
const { golden, sources } = fixtures.providers[0];
const npi = golden.data.NPI![0];
const demographics = demographicSearch(golden.data)!;
/** A provider of real shapes: a last name of several words, a first name of two, one with an accent, in another Name entry. */
const severalWords = {
  ...golden,
  data: {
    ...golden.data,
    Phone: ['8066693883'],
    Name: [
      { FirstName: ['AHMED'], MiddleName: ['T'], LastName: ['VAN DER BERG'], NameType: ['primary'] },
      { FirstName: ['ANA LUCÍA'], LastName: ['YOUNG'], NameType: ['other'] },
    ],
  },
};
const organizations = fixtures.organizations.slice(0, 3);
const bundleOf = (entries = organizations, url = 'http://service.test/fhir/organization?address-state=OH') =>
  buildBundle(entries, { start: 0, page: 1, size: entries.length }, new URL(url));
const page = (label: string, ids: string[], total: unknown = undefined): WalkedPage => ({
  label,
  ids,
  total,
  exchange: { method: 'GET', url: `http://service.test/${label}`, status: 200, contentType: 'application/json' },
});
const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => `org-${from + i}`);
const full = (n: number) => page(`Page=${n}`, ids((n - 1) * 25, 25), 60);
/** Page n of a walk by Page, as the walk rule reads it: a bundle of these organizations and this total, or an answer that is none. */
const walkPage = (n: number, organizations: string[], total: unknown = 60, bundle = true): PageOfWalk => ({
  page: n,
  bundle,
  ids: bundle ? organizations : [],
  total,
  exchange: {
    method: 'GET',
    url: `http://service.test/fhir/organization?Page=${n}`,
    status: bundle ? 200 : 404,
    contentType: 'application/json',
  },
});
const fullPage = (n: number) => walkPage(n, ids((n - 1) * 25, 25));
const byPage = (pages: PageOfWalk[], promised = false) => ({ walk: { query: {}, maxPages: 20, promised }, pages });
const byNext = (answers: Exchange[]) => ({ walk: { query: {}, count: 20, maxPages: 20 }, answers });

interface Case<K extends SubjectKind = SubjectKind> {
  subject: K;
  what: string;
  value: Subjects[K];
  expected: Record<string, string>;
}
const at = <K extends SubjectKind>(subject: K, what: string, value: Subjects[K], expected: Record<string, string>): Case =>
  ({ subject, what, value, expected }) as unknown as Case;

/** active=true then active=false of one search, answered with these organizations. */
const statusSearch = (answers: (typeof organizations)[]) => ({
  probe: 'p',
  searches: answers.map((entries, i) => ({ active: i === 0, exchange: answer(bundleOf(entries)) })),
});

const entryAt = (fullUrl: string, resource: unknown, search: unknown = { mode: 'match' }) =>
  answer({ ...bundleOf(), entry: [{ fullUrl, resource, search }] });
const entry = (resource: unknown, search: unknown = { mode: 'match' }) =>
  entryAt(`/Organization/${(resource as { id: string }).id}`, resource, search);
const partOfNowhere = { ...organizations[0], partOf: { reference: '#missing', display: 'NOWHERE' } };

/** The record's State narrowed by `zip`: the ambiguity text plain, the record dashed. */
const ambiguousUnlessDashed = (zip: string) => ({
  probe: 'p',
  query: { State: golden.data.State![0] },
  narrowedBy: { Zip: zip },
  plain: answer(AMBIGUITY_MESSAGE, { contentType: 'text/plain' }),
  dashed: answer(golden),
});

const CASES: Case[] = [
  at('http-answer', 'JSON', { exchange: answer({ a: 1 }) }, { 'HTTP-JSON': 'pass', 'HTTP-NO-5XX': 'pass' }),
  at('http-answer', 'JSON sent as text/plain', { exchange: answer({ a: 1 }, { contentType: 'text/plain' }) }, { 'HTTP-JSON': 'MUST' }),
  at(
    'http-answer',
    'Latin-1 bytes under charset=utf-8 (RFC 8259 §8.1)',
    {
      exchange: {
        ...answer({ a: 'Fran\ufffdais' }, { contentType: 'application/json; charset=utf-8' }),
        invalidUtf8: { offset: 10, byte: 0xe7 },
      },
    },
    { 'HTTP-JSON': 'MUST' },
  ),
  at(
    'http-answer',
    'the ambiguity text in Latin-1 under text/plain; charset=utf-8',
    {
      exchange: {
        ...answer(`${AMBIGUITY_MESSAGE}\ufffd`, { contentType: 'text/plain; charset=utf-8' }),
        invalidUtf8: { offset: 38, byte: 0xa0 },
      },
      ambiguityAllowed: true,
    },
    { 'HTTP-JSON': 'MUST' },
  ),
  at(
    'http-answer',
    'a repeated member name (RFC 8259 §4)',
    { exchange: { ...answer({ a: 1 }), duplicateNames: ['/a'] } },
    { 'HTTP-JSON': 'SHOULD' },
  ),
  at('http-answer', 'a 500', { exchange: answer({}, { status: 500 }) }, { 'HTTP-NO-5XX': 'SHOULD' }),
  at(
    'http-answer',
    'JSON on the retry after a reset, past a 429: the events observed',
    { exchange: { ...answer({ a: 1 }), retriedAfter: 'ECONNRESET', rateLimited: [{ status: 429, retryAfterSeconds: 1 }] } },
    { 'HTTP-JSON': 'pass', 'OBS-TRANSPORT-RETRY': 'observed', 'OBS-RATE-LIMITED': 'observed' },
  ),
  at('single-best-answer', 'an object', { exchange: answer(golden) }, { 'SB-ROOT-OBJECT': 'pass' }),
  at('single-best-answer', 'an array', { exchange: answer([golden]) }, { 'SB-ROOT-OBJECT': 'MUST' }),
  at(
    'single-best-answer',
    'a record',
    { exchange: answer(golden) },
    { 'SB-ROOT-OBJECT': 'pass', 'SB-RECORD-SHAPE': 'pass', 'DATA-CODES': 'pass', 'OBS-CODED-VALUES': 'observed' },
  ),
  at(
    'single-best-answer',
    'a Gender as a string, not an array of strings',
    { exchange: answer(changed(golden, '/data/Gender', 'M')) },
    { 'DATA-SHAPE': 'MUST', 'SB-ROOT-OBJECT': 'pass' },
  ),
  at(
    'single-best-answer',
    'a date as YYYY-MM-DD',
    { exchange: answer(changed(golden, '/data/ProviderEnumerationDate', ['2015-07-17'])) },
    { 'DATA-FORMATS': 'MUST', 'DATA-SHAPE': 'pass' },
  ),
  at(
    'single-best-answer',
    'an NPI with a bad check digit',
    { exchange: answer(changed(golden, '/data/NPI', ['1234567890'])) },
    { 'DATA-NPI-CHECKDIGIT': 'SHOULD', 'DATA-SHAPE': 'pass' },
  ),
  at('single-best-answer', 'a curated ID as a number', { exchange: answer({ ...golden, id: 7 }) }, { 'SB-RECORD-SHAPE': 'MUST' }),
  at(
    'single-best-answer',
    'a Gender outside M/F',
    { exchange: answer(changed(golden, '/data/Gender', ['X'])) },
    {
      'DATA-CODES': 'SHOULD',
    },
  ),
  at(
    'single-best-answer',
    'the ambiguity text',
    { exchange: answer(AMBIGUITY_MESSAGE, { contentType: 'text/plain', url: 'http://service.test/provider/searchSingleBest?Name=A+B' }) },
    { 'SB-ROOT-OBJECT': 'pass', 'SB-RECORD-SHAPE': 'none', 'SB-MATCHES-QUERY': 'none' },
  ),
  at('unique-search', 'the record', { probe: 'p', exchange: answer(golden) }, { 'SB-ROOT-OBJECT': 'pass', 'SB-RECORD-SHAPE': 'none' }),
  at(
    'unique-search',
    'a record cut short, no JSON (a Content-Length counted in characters): HTTP-JSON judges it, these skip',
    { probe: 'p', exchange: answer(JSON.stringify(golden).slice(0, 40)) },
    { 'SB-ROOT-OBJECT': 'skip', 'SB-RECORD-SHAPE': 'skip' },
  ),
  at(
    'unique-search',
    'an array holding the record',
    { probe: 'p', exchange: answer([golden]) },
    { 'SB-ROOT-OBJECT': 'MUST', 'SB-RECORD-SHAPE': 'MUST' },
  ),
  at(
    'source-records',
    'its source records',
    { golden, exchange: answer(sources) },
    {
      'SR-ROOT-ARRAY': 'pass',
      'SR-ELEMENT-SHAPE': 'pass',
      'SR-COVERS-GOLDEN': 'pass',
      'OBS-CODED-VALUES': 'observed',
    },
  ),
  at(
    'source-records',
    'a Gender as a string in one of them',
    { golden, exchange: answer(changed(sources, '/0/data/Gender', 'M')) },
    { 'DATA-SHAPE': 'MUST', 'SR-ELEMENT-SHAPE': 'pass' },
  ),
  at(
    'source-records',
    'a date as YYYY-MM-DD in one of them',
    { golden, exchange: answer(changed(sources, '/0/data/ProviderEnumerationDate', ['2015-07-17'])) },
    { 'DATA-FORMATS': 'MUST' },
  ),
  at(
    'source-records',
    'a Gender outside M/F in one of them',
    { golden, exchange: answer(changed(sources, '/0/data/Gender', ['X'])) },
    {
      'DATA-CODES': 'SHOULD',
    },
  ),
  at(
    'source-records',
    'an NPI with a bad check digit in one of them',
    { golden, exchange: answer(changed(sources, '/0/data/NPI', ['1234567890'])) },
    { 'DATA-NPI-CHECKDIGIT': 'SHOULD' },
  ),
  at('source-records', 'an object', { golden, exchange: answer({ records: sources }) }, { 'SR-ROOT-ARRAY': 'MUST' }),
  at(
    'source-records',
    'an element without index',
    { golden, exchange: answer(sources.map(({ index: _index, ...rest }) => rest)) },
    {
      'SR-ELEMENT-SHAPE': 'MUST',
    },
  ),
  at(
    'source-records',
    'a golden ContactId none of them holds: a contact-directory record is missing',
    { golden: { ...golden, data: { ...golden.data, ContactId: ['003FROMNOWHERE00'] } }, exchange: answer(sources) },
    { 'SR-COVERS-GOLDEN': 'MUST' },
  ),
  at(
    'source-records',
    'a golden phone none of them holds',
    { golden: { ...golden, data: { ...golden.data, Phone: ['9999999999'] } }, exchange: answer(sources) },
    {
      'SR-COVERS-GOLDEN': 'SHOULD',
    },
  ),
  at(
    'bundle-page',
    'a bundle',
    { exchange: answer(bundleOf()), request: 'a search' },
    { 'ORG-BUNDLE-SHAPE': 'pass', 'ORG-FHIR-R4': 'pass' },
  ),
  at('bundle-page', 'an array', { exchange: answer([]), request: 'a search' }, { 'ORG-BUNDLE-SHAPE': 'MUST' }),
  at(
    'bundle-page',
    'an object of no FHIR resource type',
    { exchange: answer({ resourceType: 'Nonsense' }), request: 'a search' },
    { 'ORG-BUNDLE-SHAPE': 'MUST', 'ORG-FHIR-R4': 'SHOULD' },
  ),
  at(
    'bundle-page',
    'type collection',
    { exchange: answer({ ...bundleOf(), type: 'collection' }), request: 'a search' },
    {
      'ORG-BUNDLE-SHAPE': 'MUST',
    },
  ),
  at('organization-entry', 'an organization', { entry: entry(organizations[0]) }, { 'ORG-ENTRY-SHAPE': 'pass', 'ORG-SEARCH-MODE': 'pass' }),
  at('organization-entry', 'search.mode include', { entry: entry(organizations[0], { mode: 'include' }) }, { 'ORG-SEARCH-MODE': 'MUST' }),
  at(
    'organization-entry',
    'a fullUrl naming another organization',
    { entry: entryAt('/Organization/other', organizations[0]) },
    {
      'ORG-ENTRY-SHAPE': 'MUST',
      'ORG-RESOURCE-SHAPE': 'pass',
    },
  ),
  at(
    'organization-entry',
    'an id as a number',
    { entry: entryAt(`/Organization/${organizations[0].id}`, { ...organizations[0], id: 7 }) },
    {
      'ORG-RESOURCE-SHAPE': 'MUST',
    },
  ),
  at(
    'organization-entry',
    'a partOf to no contained organization',
    { entry: entry(partOfNowhere) },
    {
      'ORG-PARTOF': 'MUST',
      'ORG-RESOURCE-SHAPE': 'pass',
    },
  ),
  at(
    'search-page',
    'a fullUrl naming another organization',
    { exchange: entryAt('/Organization/other', organizations[0]), request: 'a search' },
    {
      'ORG-ENTRY-SHAPE': 'MUST',
    },
  ),
  at(
    'search-page',
    'search.mode include',
    { exchange: entry(organizations[0], { mode: 'include' }), request: 'a search' },
    {
      'ORG-SEARCH-MODE': 'MUST',
    },
  ),
  at(
    'search-page',
    'an id as a number',
    { exchange: entryAt(`/Organization/${organizations[0].id}`, { ...organizations[0], id: 7 }), request: 'a search' },
    { 'ORG-RESOURCE-SHAPE': 'MUST' },
  ),
  at(
    'search-page',
    'a partOf to no contained organization',
    { exchange: entry(partOfNowhere), request: 'a search' },
    {
      'ORG-PARTOF': 'MUST',
    },
  ),
  at(
    'search-page',
    'an alias as a string (FHIR R4 wants an array)',
    { exchange: entry({ ...organizations[0], alias: 'X' }), request: 'a search' },
    {
      'ORG-FHIR-R4': 'SHOULD',
      'ORG-BUNDLE-SHAPE': 'pass',
    },
  ),
  at(
    'probe-search',
    'an object of no FHIR resource type: judged as the bundle it must be',
    { probe: 'p', exchange: answer({ resourceType: 'Nonsense' }) },
    { 'ORG-BUNDLE-SHAPE': 'MUST', 'ORG-FHIR-R4': 'SHOULD' },
  ),
  at(
    'probe-search',
    'a bundle of organizations: the rules of every answer judge it (search-page)',
    { probe: 'p', exchange: answer(bundleOf()) },
    {
      'ORG-BUNDLE-SHAPE': 'none',
      'ORG-FINDABLE': 'none',
      'probe problem': 'none',
    },
  ),
  at(
    'organization-entry',
    'an alias as a string (FHIR R4 wants an array)',
    { entry: entry({ ...organizations[0], alias: 'X' }) },
    {
      'ORG-FHIR-R4': 'SHOULD',
    },
  ),
  at(
    'organization-match',
    'the searched state',
    { entry: entry(organizations[0]), query: { 'address-state': organizations[0].address[0].state! } },
    {
      'ORG-FILTERS': 'pass',
    },
  ),
  at(
    'organization-match',
    'another city (OR-ed filters)',
    { entry: entry(organizations[0]), query: { 'address-city': 'NOWHERE AT ALL' } },
    {
      'ORG-FILTERS': 'MUST',
    },
  ),
  at(
    'organization-match',
    'the name without its punctuation',
    { entry: entry({ ...organizations[0], name: 'ST. MARY CLINIC' }), query: { name: 'ST MARY' } },
    {
      'ORG-FILTERS': 'SHOULD',
    },
  ),
  at(
    'page-walk',
    'pages of 25, a last one, and an empty page past it',
    byPage([fullPage(1), fullPage(2), walkPage(3, ids(50, 10)), walkPage(4, [])]),
    {
      'ORG-PAGE': 'pass',
      'ORG-TOTAL': 'pass',
      'ORG-PAGE-DISJOINT': 'pass',
      'OBS-TOTAL-ACROSS-PAGES': 'observed',
      'OBS-PAGE-BEYOND-LAST': 'observed',
    },
  ),
  at('page-walk', 'a page of 30', byPage([walkPage(1, ids(0, 30), 30), walkPage(2, [], 30)]), { 'ORG-PAGE': 'MUST' }),
  at(
    'page-walk',
    'a short page before the last: the page past it holds organizations not seen before',
    byPage([walkPage(1, ids(0, 20), 40), walkPage(2, ids(20, 20), 40), walkPage(3, [], 40)]),
    { 'ORG-PAGE': 'MUST', 'ORG-TOTAL': 'pass' },
  ),
  at(
    'page-walk',
    'a total capped at 1000 over 1,030 organizations (§4.3 r4: an estimate past the largest Count)',
    {
      walk: { query: {}, maxPages: 50 },
      pages: [
        ...Array.from({ length: 41 }, (_, i) => walkPage(i + 1, ids(i * 25, 25), 1000)),
        walkPage(42, ids(1025, 5), 1000),
        walkPage(43, [], 1000),
      ],
    },
    { 'ORG-PAGE': 'pass', 'ORG-TOTAL': 'pass', 'ORG-PAGE-DISJOINT': 'pass' },
  ),
  at(
    'page-walk',
    'a total of 900 on every page over 930 organizations: no cap below the largest Count',
    {
      walk: { query: {}, maxPages: 50 },
      pages: [
        ...Array.from({ length: 37 }, (_, i) => walkPage(i + 1, ids(i * 25, 25), 900)),
        walkPage(38, ids(925, 5), 900),
        walkPage(39, [], 900),
      ],
    },
    { 'ORG-TOTAL': 'MUST' },
  ),
  at(
    'page-walk',
    "Page ignored, total the page's count: page 2 repeats page 1, and the whole result (Count=1000) shows 60 match: repeats hide records",
    {
      walk: { query: {}, maxPages: 20 },
      pages: [walkPage(1, ids(0, 25), 25), walkPage(2, ids(0, 25), 25)],
      whole: answer(bundleOf(Array.from({ length: 60 }, (_, i) => ({ ...organizations[0], id: `org-${i}` })))),
    },
    { 'ORG-PAGE-DISJOINT': 'MUST' },
  ),
  at(
    'page-walk',
    "Page ignored, total the page's count, no next link: page 1 again past it, and the whole result (Count=1000) shows 60 match: the promise held, and repeats hide records",
    {
      walk: { query: {}, maxPages: 20, promised: true },
      pages: [walkPage(1, ids(0, 25), 25), walkPage(2, ids(0, 25), 25)],
      whole: answer(bundleOf(Array.from({ length: 60 }, (_, i) => ({ ...organizations[0], id: `org-${i}` })))),
    },
    { 'ORG-PAGE-DISJOINT': 'MUST', 'ORG-PAGE': 'MUST', 'probe problem': 'none' },
  ),
  at('page-walk', 'a total that shrinks', byPage([fullPage(1), walkPage(2, ids(25, 10), 59), walkPage(3, [], 59)]), {
    'ORG-TOTAL': 'MUST',
  }),
  at('page-walk', 'a total no page reaches: the walk ends short of it', byPage([fullPage(1), fullPage(2), walkPage(3, [])]), {
    'ORG-PAGE': 'pass',
    'ORG-TOTAL': 'MUST',
  }),
  at(
    'page-walk',
    'a repeat, every record reachable',
    byPage([fullPage(1), walkPage(2, ids(24, 25)), walkPage(3, ids(49, 11)), walkPage(4, [])]),
    { 'ORG-PAGE-DISJOINT': 'SHOULD', 'ORG-TOTAL': 'pass' },
  ),
  at(
    'page-walk',
    'a repeat that hides records',
    byPage([fullPage(1), walkPage(2, ids(20, 25)), walkPage(3, ids(45, 10)), walkPage(4, [])]),
    { 'ORG-PAGE-DISJOINT': 'MUST' },
  ),
  at(
    'page-walk',
    'the page past the last repeats the last',
    byPage([fullPage(1), fullPage(2), walkPage(3, ids(50, 10)), walkPage(4, ids(50, 10))]),
    { 'ORG-PAGE': 'pass', 'ORG-TOTAL': 'pass', 'ORG-PAGE-DISJOINT': 'SHOULD' },
  ),
  at('page-walk', 'Page ignored: page 2 is page 1 again', byPage([fullPage(1), { ...fullPage(1), page: 2 }]), {
    'ORG-PAGE-DISJOINT': 'MUST',
    'ORG-TOTAL': 'MUST',
  }),
  at(
    'page-walk',
    'an error past the last page of 25, total the page count',
    byPage([walkPage(1, ids(0, 25), 25), walkPage(2, ids(25, 25), 25), walkPage(3, [], undefined, false)]),
    { 'ORG-PAGE': 'pass', 'ORG-TOTAL': 'pass', 'ORG-PAGE-DISJOINT': 'pass' },
  ),
  at(
    'page-walk',
    'past a short page, organizations the search did not ask for (a filter dropped): ORG-FILTERS, not a missing match',
    byPage([walkPage(1, ids(0, 10), 10), { ...walkPage(2, ids(10, 25), 1500), unmatched: ids(10, 25) }]),
    { 'ORG-PAGE': 'pass', 'ORG-TOTAL': 'pass', 'ORG-PAGE-DISJOINT': 'pass' },
  ),
  at(
    'page-walk',
    'a walk cut by its budget: partial',
    { walk: { query: {}, maxPages: 2 }, pages: [fullPage(1), fullPage(2), fullPage(3)] },
    { 'ORG-PAGE': 'pass', 'ORG-PAGE-DISJOINT': 'pass' },
  ),
  at(
    'page-walk',
    'a promised walk that finds 10: the probe, not the service',
    byPage([walkPage(1, ids(0, 10), 10), walkPage(2, [], 10)], true),
    { 'probe problem': 'yes', 'ORG-PAGE': 'none', 'ORG-TOTAL': 'none' },
  ),
  at(
    'next-link-target',
    'page 2',
    { pages: [full(1), full(2), full(3)], from: 0, reached: page('next', ids(25, 25)) },
    { 'ORG-NEXT-LINK': 'pass' },
  ),
  at(
    'next-link-target',
    'page 3: page 2 skipped',
    { pages: [full(1), full(2), full(3)], from: 0, reached: page('next', ids(50, 25)) },
    {
      'ORG-NEXT-LINK': 'MUST',
    },
  ),
  at(
    'next-link-target',
    'organizations of page 1 again',
    { pages: [full(1), full(2), full(3)], from: 0, reached: page('next', ids(10, 10)) },
    {
      'ORG-NEXT-LINK': 'SHOULD',
    },
  ),
  at(
    'probe-search',
    'a bundle of organizations: judged as every bundle is (judgeAnswer)',
    { probe: 'p', exchange: answer(bundleOf()) },
    { 'ORG-BUNDLE-SHAPE': 'none', 'ORG-SEARCH-MODE': 'none' },
  ),
  at(
    'probe-search',
    'an object that does not claim to be a bundle',
    { probe: 'p', exchange: answer({ resourceType: 'OperationOutcome', issue: [] }) },
    {
      'ORG-BUNDLE-SHAPE': 'MUST',
    },
  ),
  at(
    'probe-search',
    'no organization: the probe, when no answer showed one carrying the values',
    { probe: 'p', exchange: answer(bundleOf([])) },
    { 'probe problem': 'yes', 'ORG-FINDABLE': 'none' },
  ),
  at(
    'probe-search',
    'no organization, though an answer showed one carrying the values: the service',
    { probe: 'p', exchange: answer(bundleOf([])), carriedBy: 'organization o-1 carries phone=6105550100, seen in …' },
    { 'probe problem': 'none', 'ORG-FINDABLE': 'MUST' },
  ),
  at(
    'probe-search',
    'no organization on a page whose total says some match: not shown which, the probe',
    { probe: 'p', exchange: answer({ ...bundleOf([]), total: 3 }), carriedBy: 'organization o-1 carries phone=6105550100, seen in …' },
    { 'probe problem': 'yes', 'ORG-FINDABLE': 'none' },
  ),
  at(
    'search-page',
    'a page of organizations',
    { exchange: answer(bundleOf()), request: 'Page=2' },
    { 'ORG-BUNDLE-SHAPE': 'pass', 'ORG-ENTRY-SHAPE': 'pass', 'ORG-PARTOF': 'pass' },
  ),
  at(
    'search-page',
    'a page whose total is below zero',
    { exchange: answer({ ...bundleOf(), total: -9 }), request: 'Page=2' },
    { 'ORG-BUNDLE-SHAPE': 'MUST', 'ORG-ENTRY-SHAPE': 'pass' },
  ),
  at(
    'search-filters',
    'every organization in the state searched',
    {
      exchange: answer(bundleOf(organizations.slice(0, 1)), {
        url: `http://service.test/fhir/organization?address-state=${organizations[0].address[0].state!}&Page=2`,
      }),
    },
    { 'ORG-FILTERS': 'pass' },
  ),
  at(
    'search-filters',
    'organizations of another city',
    { exchange: answer(bundleOf(), { url: 'http://service.test/fhir/organization?address-city=NOWHERE%20AT%20ALL' }) },
    { 'ORG-FILTERS': 'MUST' },
  ),
  at(
    'search-filters',
    'a phone search answered with an organization of another area code (a filter on the last 7 digits)',
    {
      exchange: answer(bundleOf(organizations.slice(0, 1)), {
        url: `http://service.test/fhir/organization?phone=999${String(organizations[0].telecom![0].value).slice(3)}`,
      }),
    },
    { 'ORG-FILTERS': 'MUST' },
  ),
  at(
    'search-identifier',
    'an identifier search answered with the organization carrying it',
    {
      exchange: answer(bundleOf(organizations.slice(0, 1)), {
        url: `http://service.test/fhir/organization?identifier=${encodeURIComponent(organizations[0].identifier[0].value)}`,
      }),
    },
    { 'ORG-FILTER-IDENTIFIER': 'pass' },
  ),
  at(
    'search-identifier',
    'an identifier search answered with an organization that does not carry it',
    { exchange: answer(bundleOf(organizations.slice(0, 1)), { url: 'http://service.test/fhir/organization?identifier=0000000000' }) },
    { 'ORG-FILTER-IDENTIFIER': 'MUST' },
  ),
  at(
    'search-identifier',
    'an identifier search with a system the identifier does not carry, answered with the organization (FHIR token search)',
    {
      exchange: answer(bundleOf(organizations.slice(0, 1)), {
        url: `http://service.test/fhir/organization?identifier=urn%3Ano-such%7C${encodeURIComponent(organizations[0].identifier[0].value)}`,
      }),
    },
    { 'ORG-FILTER-IDENTIFIER': 'MUST' },
  ),
  at(
    'search-filters',
    'no entry: nothing to judge here',
    { exchange: answer(bundleOf([]), { url: 'http://service.test/fhir/organization?name=NONE' }) },
    {},
  ),
  at(
    'count-exactly-search',
    'Count=2, 2 entries',
    { place: 'p', promised: 'more', query: {}, count: 2, exchange: answer(bundleOf(organizations.slice(0, 2))) },
    {
      'ORG-COUNT': 'pass',
    },
  ),
  at(
    'count-exactly-search',
    'Count=2, 3 entries',
    { place: 'p', promised: 'more', query: {}, count: 2, exchange: answer(bundleOf()) },
    { 'ORG-COUNT': 'MUST' },
  ),
  at(
    'count-exactly-search',
    'Count=3, 2 entries and nothing more shown, and Page=2 holds one they lack',
    {
      place: 'p',
      promised: 'more',
      query: {},
      count: 3,
      exchange: answer(bundleOf(organizations.slice(0, 2))),
      following: answer(bundleOf(organizations.slice(2))),
    },
    { 'ORG-COUNT': 'MUST' },
  ),
  at(
    'count-exactly-search',
    'Count=3, 2 entries and nothing more shown, and Page=2 answers the same 2 again (a page past the end: open)',
    {
      place: 'p',
      promised: 'more',
      query: {},
      count: 3,
      exchange: answer(bundleOf(organizations.slice(0, 2))),
      following: answer(bundleOf(organizations.slice(0, 2))),
    },
    { 'probe problem': 'yes' },
  ),
  at(
    'count-over-limit-search',
    'Count=1001, 3 entries',
    { count: 1001, exchange: answer(bundleOf()) },
    { 'ORG-COUNT': 'pass', 'OBS-COUNT-OVER-LIMIT': 'observed' },
  ),
  at('count-over-limit-search', 'Count=1, 3 entries', { count: 1, exchange: answer(bundleOf()) }, { 'ORG-COUNT': 'MUST' }),
  at(
    'qualified-identifier-search',
    'the organization carrying it',
    {
      value: organizations[0].identifier[0].value,
      system: organizations[0].identifier[0].system,
      exchange: answer(bundleOf(organizations.slice(0, 1))),
    },
    {
      'ORG-FILTER-IDENTIFIER': 'pass',
    },
  ),
  at(
    'qualified-identifier-search',
    'nothing found',
    { value: organizations[0].identifier[0].value, system: organizations[0].identifier[0].system, exchange: answer(bundleOf([])) },
    {
      'ORG-FILTER-IDENTIFIER': 'MUST',
    },
  ),
  at(
    'unmatched-search',
    'a state with no organization, answered 404 with an OperationOutcome: observed, never a bundle fault (§4.3 r2)',
    { exchange: answer({ resourceType: 'OperationOutcome', issue: [] }, { status: 404 }) },
    { 'OBS-ORG-NO-MATCH': 'observed', 'ORG-BUNDLE-SHAPE': 'none' },
  ),
  at(
    'foreign-identifier-search',
    'nothing found: an empty bundle, observed',
    { value: organizations[0].identifier[0].value, exchange: answer(bundleOf([])) },
    { 'OBS-ORG-NO-MATCH': 'observed' },
  ),
  at(
    'foreign-identifier-search',
    'nothing found: a 404 with an OperationOutcome, observed (§4.3 r2)',
    { value: organizations[0].identifier[0].value, exchange: answer({ resourceType: 'OperationOutcome', issue: [] }, { status: 404 }) },
    { 'OBS-ORG-NO-MATCH': 'observed' },
  ),
  at(
    'foreign-identifier-search',
    'the organization found with another system: judged by the filters of every answer (search-filters), not observed',
    { value: organizations[0].identifier[0].value, exchange: answer(bundleOf(organizations.slice(0, 1))) },
    {},
  ),
  at('count-search', 'Count=2, 2 entries', { count: 2, exchange: answer(bundleOf(organizations.slice(0, 2))) }, { 'ORG-COUNT': 'pass' }),
  at('count-search', 'Count=2, 3 entries', { count: 2, exchange: answer(bundleOf()) }, { 'ORG-COUNT': 'MUST' }),
  at('whole-result', 'the whole result', { exchange: answer(bundleOf()) }, { 'ORG-TOTAL': 'pass' }),
  at('whole-result', 'total below the entries', { exchange: answer({ ...bundleOf(), total: 1 }) }, { 'ORG-TOTAL': 'MUST' }),
  at(
    'added-filter',
    'the narrowed search answers some of the same',
    { base: answer(bundleOf()), narrowed: answer(bundleOf(organizations.slice(0, 2))), added: { name: 'X' } },
    { 'ORG-FILTER-NARROWS': 'pass' },
  ),
  at(
    'added-filter',
    'the narrowed search answers one the search does not',
    { base: answer(bundleOf(organizations.slice(0, 2))), narrowed: answer(bundleOf(organizations.slice(1))), added: { name: 'X' } },
    { 'ORG-FILTER-NARROWS': 'MUST' },
  ),
  at(
    'added-filter',
    'the search is no bundle: not whole, nothing to compare',
    { base: answer({ error: 'x' }, { status: 400 }), narrowed: answer(bundleOf()), added: { name: 'X' } },
    { 'ORG-FILTER-NARROWS': 'skip' },
  ),
  at(
    'no-parameter-search',
    'a 400',
    { exchange: answer({ error: 'x' }, { status: 400 }) },
    { 'ORG-MIN-PARAMS': 'pass', 'OBS-ORG-NO-PARAMS': 'observed' },
  ),
  at('no-parameter-search', 'every organization', { exchange: answer(bundleOf()) }, { 'ORG-MIN-PARAMS': 'MUST' }),
  at(
    'status-search',
    'each flag only',
    statusSearch([organizations.map((o) => ({ ...o, active: true })), organizations.map((o) => ({ ...o, active: false }))]),
    { 'ORG-ACTIVE': 'pass' },
  ),
  at('status-search', 'an inactive one among active=true', statusSearch([organizations.map((o, i) => ({ ...o, active: i > 0 })), []]), {
    'ORG-ACTIVE': 'MUST',
  }),
  at(
    'status-search',
    'active=true refused as not supported (§4.3: only for tenants configured to search status): the promise, not the service',
    { probe: 'p', searches: [{ active: true, exchange: answer({ error: 'not-supported' }, { status: 400 }) }] },
    { 'probe problem': 'yes', 'ORG-ACTIVE': 'none' },
  ),
  at(
    'status-search',
    'active=true finds organizations, active=false answers 404 with an OperationOutcome: that search matches nothing (§4.3 r2)',
    {
      probe: 'p',
      searches: [
        { active: true, exchange: answer(bundleOf(organizations.map((o) => ({ ...o, active: true })))) },
        { active: false, exchange: answer({ resourceType: 'OperationOutcome', issue: [] }, { status: 404 }) },
      ],
    },
    { 'ORG-ACTIVE': 'pass' },
  ),
  at('status-search', 'two empty bundles: the promise, not the service', statusSearch([[], []]), {
    'probe problem': 'yes',
    'ORG-ACTIVE': 'pass',
  }),
  at(
    'status-search',
    'a 403: nothing about the data',
    { probe: 'p', searches: [{ active: true, exchange: answer({ error: 'forbidden' }, { status: 403 }) }] },
    { 'ORG-ACTIVE': 'skip' },
  ),
  at(
    'ambiguous-search',
    'the text',
    { probe: 'p', narrowedBy: {}, exchange: answer(AMBIGUITY_MESSAGE, { contentType: 'text/plain' }) },
    {
      'SB-AMBIGUOUS': 'pass',
      'OBS-AMBIGUITY-RESPONSE': 'observed',
    },
  ),
  at(
    'ambiguous-search',
    'the candidates as an array',
    { probe: 'p', narrowedBy: {}, exchange: answer([golden, golden]) },
    { 'SB-AMBIGUOUS': 'MUST' },
  ),
  at(
    'ambiguous-search',
    'a 500',
    { probe: 'p', narrowedBy: {}, exchange: answer('x', { status: 500, contentType: 'text/plain' }) },
    {
      'SB-AMBIGUOUS': 'skip',
    },
  ),
  at(
    'no-match-search',
    'a 404',
    { probe: 'p', query: { NPI: '1234567893' }, exchange: answer({ error: 'x' }, { status: 404 }) },
    {
      'SB-NO-MATCH': 'pass',
      'OBS-NO-MATCH': 'observed',
    },
  ),
  at(
    'ambiguous-search',
    'the text inside a longer message of a 409 (§4.1 r4: the answer carries the text)',
    {
      probe: 'p',
      narrowedBy: {},
      exchange: answer(
        { message: `${AMBIGUITY_MESSAGE} Add an optional parameter such as State- or Zip- to narrow it.`, candidates: 2 },
        { status: 409 },
      ),
    },
    { 'SB-AMBIGUOUS': 'pass', 'OBS-AMBIGUITY-RESPONSE': 'observed' },
  ),
  at(
    'ambiguous-search',
    'a record carrying the text too',
    { probe: 'p', narrowedBy: {}, exchange: answer({ ...golden, message: AMBIGUITY_MESSAGE }) },
    { 'SB-AMBIGUOUS': 'MUST' },
  ),
  at(
    'source-records',
    "another provider's source records",
    { golden: { ...golden, data: { ...golden.data, NPI: ['1234567893'] } }, exchange: answer(sources) },
    { 'SR-COVERS-GOLDEN': 'MUST' },
  ),
  at('no-match-search', 'an array', { probe: 'p', query: { NPI: '1234567893' }, exchange: answer([]) }, { 'SB-NO-MATCH': 'MUST' }),
  at(
    'optional-parameter',
    'the same record',
    { parameter: 'State', value: 'ZZ', recordId: golden.id, exchange: answer(golden) },
    {
      'SB-OPTIONAL-DASH': 'pass',
    },
  ),
  at(
    'optional-parameter',
    'no record',
    { parameter: 'State', value: 'ZZ', recordId: golden.id, exchange: answer({}, { status: 404 }) },
    {
      'SB-OPTIONAL-DASH': 'MUST',
    },
  ),
  at(
    'single-best-answer',
    'its own record, asked by its Name',
    {
      exchange: answer(golden, {
        url: `http://service.test/provider/searchSingleBest?${new URLSearchParams({ Name: `${golden.data.Name![0].FirstName![0]} ${golden.data.Name![0].LastName![0]}` })}`,
      }),
    },
    { 'SB-MATCHES-QUERY': 'pass' },
  ),
  at(
    'single-best-answer',
    'its own record of a last name of several words, asked by its Name (§4.1: full name, first and last)',
    {
      exchange: answer(severalWords, {
        url: `http://service.test/provider/searchSingleBest?${new URLSearchParams({ Name: 'AHMED VAN DER BERG' })}`,
      }),
    },
    { 'SB-MATCHES-QUERY': 'pass' },
  ),
  at(
    'single-best-answer',
    'its own record of a first name of two words, asked by its Name, FirstName and LastName, accents aside',
    {
      exchange: answer(severalWords, {
        url: `http://service.test/provider/searchSingleBest?${new URLSearchParams({ Name: 'ANA LUCÍA YOUNG', FirstName: 'ANA LUCIA', LastName: 'Young' })}`,
      }),
    },
    { 'SB-MATCHES-QUERY': 'pass' },
  ),
  at(
    'single-best-answer',
    'its own record, asked by its particle surname written as one word and its punctuated phone',
    {
      exchange: answer(severalWords, {
        url: `http://service.test/provider/searchSingleBest?${new URLSearchParams({ LastName: 'VANDERBERG', Phone: '(806) 669-3883' })}`,
      }),
    },
    { 'SB-MATCHES-QUERY': 'pass' },
  ),
  at(
    'single-best-answer',
    'a record whose last name of several words is not in the Name asked',
    {
      exchange: answer(severalWords, {
        url: `http://service.test/provider/searchSingleBest?${new URLSearchParams({ Name: 'AHMED SMITH' })}`,
      }),
    },
    { 'SB-MATCHES-QUERY': 'MUST' },
  ),
  at(
    'single-best-answer',
    'a record whose first name is not the FirstName asked, though its last name is',
    {
      exchange: answer(severalWords, {
        url: `http://service.test/provider/searchSingleBest?${new URLSearchParams({ FirstName: 'MARIA', LastName: 'VAN DER BERG' })}`,
      }),
    },
    { 'SB-MATCHES-QUERY': 'MUST' },
  ),
  at(
    'single-best-answer',
    'a record of another name',
    { exchange: answer(golden, { url: 'http://service.test/provider/searchSingleBest?Name=ZZNOBODY+QQNOONE' }) },
    { 'SB-MATCHES-QUERY': 'MUST' },
  ),
  at(
    'single-best-answer',
    'its record, asked by its NPI and a city it is not in (City ignored)',
    { exchange: answer(golden, { url: `http://service.test/provider/searchSingleBest?NPI=${npi}&City=NO+SUCH+CITY+ZZ` }) },
    { 'SB-MATCHES-QUERY': 'MUST' },
  ),
  at(
    'single-best-answer',
    'its record, asked by its own phone with surrounding spaces',
    {
      exchange: answer(golden, {
        url: `http://service.test/provider/searchSingleBest?${new URLSearchParams({ Phone: ` ${golden.data.Phone![0]} ` })}`,
      }),
    },
    { 'SB-MATCHES-QUERY': 'pass' },
  ),
  at(
    'single-best-answer',
    'a record of no city it was asked for, the city dashed: optional, so no mismatch',
    { exchange: answer(golden, { url: 'http://service.test/provider/searchSingleBest?City-=NO+SUCH+CITY+ZZ' }) },
    { 'SB-MATCHES-QUERY': 'pass' },
  ),
  at(
    'own-value-narrowing',
    'the same record',
    { recordId: golden.id, parameter: 'State', value: 'TX', exchange: answer(golden) },
    { 'SB-NARROWING': 'pass' },
  ),
  at(
    'own-value-narrowing',
    'the ambiguity text',
    { recordId: golden.id, parameter: 'TaxonomyCode', value: 'X', exchange: answer(AMBIGUITY_MESSAGE, { contentType: 'text/plain' }) },
    { 'SB-NARROWING': 'MUST' },
  ),
  at(
    'own-value-narrowing',
    'no record, for a parameter named as its attribute: its own value equals itself whatever the matching rules',
    { recordId: golden.id, parameter: 'Zip', value: '1', exchange: answer({}, { status: 404 }) },
    { 'SB-NARROWING': 'MUST' },
  ),
  at(
    'own-value-narrowing',
    'no record, for a parameter whose link to an attribute is not shown',
    { recordId: golden.id, parameter: 'StreetAddress', value: '1 MAIN ST', exchange: answer({}, { status: 404 }) },
    { 'SB-NARROWING': 'SHOULD' },
  ),
  at(
    'demographic-search',
    'its record, once narrowed by its city',
    {
      recordId: golden.id,
      search: demographics,
      answers: [answer(AMBIGUITY_MESSAGE, { contentType: 'text/plain' }), answer(golden)],
    },
    { 'SB-FINDABLE': 'pass' },
  ),
  at(
    'demographic-search',
    'the ambiguity text to the end',
    {
      recordId: golden.id,
      search: demographics,
      answers: demographics.narrowing.concat(demographics.query).map(() => answer(AMBIGUITY_MESSAGE, { contentType: 'text/plain' })),
    },
    { 'SB-FINDABLE': 'pass' },
  ),
  at(
    'demographic-search',
    'no record',
    { recordId: golden.id, search: demographics, answers: [answer({}, { status: 404 })] },
    { 'SB-FINDABLE': 'SHOULD' },
  ),
  at(
    'demographic-search',
    'another record holding the same name and state',
    { recordId: golden.id, search: demographics, answers: [answer({ ...golden, id: 'someone-else' })] },
    { 'SB-FINDABLE': 'SHOULD' },
  ),
  at(
    'shared-demographics',
    'another record holding the same name and state: two matches, answered with one',
    { recordId: golden.id, search: demographics, answers: [answer({ ...golden, id: 'someone-else' })] },
    { 'SB-AMBIGUOUS': 'MUST' },
  ),
  at(
    'shared-demographics',
    'its own record: no other shown',
    { recordId: golden.id, search: demographics, answers: [answer(golden)] },
    { 'SB-AMBIGUOUS': 'none' },
  ),
  at(
    'shared-demographics',
    "another record, of another name: no match of the query shown, the record answered is the query's to judge",
    {
      recordId: golden.id,
      search: demographics,
      answers: [answer({ ...golden, id: 'someone-else', data: { ...golden.data, Name: [{ FirstName: ['ZED'], LastName: ['OTHER'] }] } })],
    },
    { 'SB-AMBIGUOUS': 'none' },
  ),
  at(
    'shared-demographics',
    'the ambiguity text, then another record of the same city once narrowed by it',
    {
      recordId: golden.id,
      search: demographics,
      answers: [answer(AMBIGUITY_MESSAGE, { contentType: 'text/plain' }), answer({ ...golden, id: 'someone-else' })],
    },
    { 'SB-AMBIGUOUS': 'MUST' },
  ),
  at(
    'shared-demographics',
    'the ambiguity text, then another record once narrowed by city and zip: how a zip is compared is not shown (§4.1 r5)',
    {
      recordId: golden.id,
      search: demographics,
      answers: [...demographics.narrowing.slice(0, 1), demographics.query]
        .map(() => answer(AMBIGUITY_MESSAGE, { contentType: 'text/plain' }))
        .concat(answer({ ...golden, id: 'someone-else' })),
    },
    { 'SB-AMBIGUOUS': 'none' },
  ),
  at(
    'shared-demographics',
    'its name alone, answered by another record of the same name in another state: two matches, answered with one',
    {
      recordId: golden.id,
      search: nameSearches(golden.data)[0],
      answers: [answer({ ...golden, id: 'someone-else', data: { ...golden.data, State: ['ZZ'], Address: [] } })],
    },
    { 'SB-AMBIGUOUS': 'MUST' },
  ),
  at(
    'shared-demographics',
    'its name alone, answered by another record whose name differs: no second match shown',
    {
      recordId: golden.id,
      search: nameSearches(golden.data)[0],
      answers: [answer({ ...golden, id: 'someone-else', data: { ...golden.data, Name: [{ FirstName: ['ZED'], LastName: ['OTHER'] }] } })],
    },
    { 'SB-AMBIGUOUS': 'none' },
  ),
  at('repeated-lookup', 'the same ids', { first: answer(sources), second: answer([...sources].reverse()) }, { 'SR-STABLE': 'pass' }),
  at(
    'repeated-lookup',
    'other ids',
    { first: answer(sources), second: answer(sources.map((s, i) => ({ ...s, id: `row-${i}` }))) },
    {
      'SR-STABLE': 'SHOULD',
    },
  ),
  at(
    'identifier-search',
    'the organization carrying it',
    {
      probe: 'p',
      value: organizations[0].identifier[0].value,
      exchange: answer(bundleOf(organizations.slice(0, 1))),
    },
    { 'ORG-FILTER-IDENTIFIER': 'pass' },
  ),
  at(
    'identifier-search',
    'no organization, though an answer of the run showed one carrying it',
    { probe: 'p', value: 'X1', exchange: answer(bundleOf([])), carriedBy: 'organization o carries it, seen in the answer to GET /x' },
    { 'ORG-FILTER-IDENTIFIER': 'MUST' },
  ),
  at(
    'own-value-search',
    'found by its phone',
    {
      id: organizations[1].id,
      search: { parameter: 'phone', query: { phone: '1' } },
      seenIn: 's',
      answers: [answer(bundleOf(organizations.slice(0, 2)))],
    },
    { 'ORG-FINDABLE': 'pass' },
  ),
  at(
    'own-value-search',
    'not among all the matches of its identifier',
    {
      id: organizations[1].id,
      search: { parameter: 'identifier', query: { identifier: '1' } },
      seenIn: 's',
      answers: [answer(bundleOf(organizations.slice(0, 1)))],
    },
    { 'ORG-FINDABLE': 'MUST' },
  ),
  at(
    'own-value-search',
    'not on the first of more pages',
    {
      id: organizations[1].id,
      search: { parameter: 'name', query: { name: 'A' } },
      seenIn: 's',
      answers: [answer({ ...bundleOf(organizations.slice(0, 1)), total: 5000 })],
    },
    { 'ORG-FINDABLE': 'skip' },
  ),
  at(
    'own-value-search',
    'not on a full page of 25 whose total counts the page and which has no next link: not shown whether it is among the rest',
    {
      id: 'org-x',
      search: { parameter: 'name', query: { name: 'A' } },
      seenIn: 's',
      answers: [answer({ ...bundleOf(Array.from({ length: 25 }, (_, i) => ({ ...organizations[0], id: `org-${i}` }))), total: 25 })],
    },
    { 'ORG-FINDABLE': 'skip' },
  ),
  at(
    'own-value-search',
    'its city and state answered with no bundle',
    {
      id: organizations[1].id,
      search: { parameter: 'address-city+address-state', query: { 'address-city': 'X', 'address-state': 'OH' } },
      seenIn: 's',
      answers: [answer({ resourceType: 'OperationOutcome' }, { status: 404 })],
    },
    { 'ORG-FINDABLE': 'MUST' },
  ),
  at(
    'identifier-search',
    'organizations without it: a bundle of some, as promised (that each carries it is judged of every answer: search-filters)',
    { probe: 'p', value: 'NO-SUCH-ID', exchange: answer(bundleOf()) },
    {
      'ORG-FILTER-IDENTIFIER': 'pass',
    },
  ),
  at(
    'next-walk',
    'a link followed to the last page, total the matches',
    byNext([
      answer({ ...bundleOf(), total: 6, link: [{ relation: 'next', url: 'http://service.test/fhir/organization?Page=2' }] }),
      answer({ ...bundleOf(fixtures.organizations.slice(3, 6)), total: 6 }),
    ]),
    { 'ORG-NEXT-LINK': 'pass', 'ORG-TOTAL': 'pass', 'OBS-CROSS-ORIGIN-LINK': 'observed' },
  ),
  at(
    'next-walk',
    'more organizations behind the links than the total says',
    byNext([
      answer({ ...bundleOf(), total: 4, link: [{ relation: 'next', url: 'http://service.test/fhir/organization?Page=2' }] }),
      answer({ ...bundleOf(fixtures.organizations.slice(3, 6)), total: 4 }),
    ]),
    { 'ORG-TOTAL': 'MUST' },
  ),
  at('next-walk', 'a first page without a next link', byNext([answer(bundleOf())]), {
    'ORG-NEXT-LINK': 'skip',
  }),
  at(
    'next-walk',
    'links that end short of total',
    byNext([
      answer({ ...bundleOf(), total: 9, link: [{ relation: 'next', url: 'http://service.test/fhir/organization?Page=3' }] }),
      answer({ ...bundleOf(fixtures.organizations.slice(3, 6)), total: 9 }),
    ]),
    { 'ORG-NEXT-LINK': 'MUST' },
  ),
  at(
    'next-walk',
    'an error page behind the link',
    byNext([
      answer({ ...bundleOf(), link: [{ relation: 'next', url: 'http://service.test/fhir/organization?Page=2' }] }),
      answer('oops', { status: 500, contentType: 'text/html' }),
    ]),
    { 'ORG-NEXT-LINK': 'MUST' },
  ),
  at(
    'narrowed-search',
    'one record both ways',
    {
      probe: 'p',
      query: {},
      narrowedBy: { NPI: npi },
      plain: answer(golden),
      dashed: answer(golden),
    },
    { 'SB-NARROWING': 'pass' },
  ),
  at(
    'narrowed-search',
    'the ambiguity plain, while the same value dashed finds one record that holds it: the plain narrowing fails',
    ambiguousUnlessDashed(golden.data.Address!.find((a) => a.Zip)!.Zip![0]),
    { 'SB-NARROWING': 'MUST', 'probe problem': 'none' },
  ),
  at(
    'narrowed-search',
    'the ambiguity plain, and dashed a record that does not hold the value: the narrowing promised, not the service',
    ambiguousUnlessDashed('00000'),
    { 'SB-NARROWING': 'pass', 'probe problem': 'yes' },
  ),
  at(
    'narrowed-search',
    'an array',
    { probe: 'p', query: {}, narrowedBy: { NPI: npi }, plain: answer([golden]), dashed: answer([golden]) },
    {
      'SB-NARROWING': 'MUST',
    },
  ),
  at(
    'unique-answer',
    'the ambiguity text: the probe, not the service',
    { probe: 'p', exchange: answer(AMBIGUITY_MESSAGE, { contentType: 'text/plain' }) },
    { 'probe problem': 'yes' },
  ),
  at('unique-answer', 'a record', { probe: 'p', exchange: answer(golden) }, { 'probe problem': 'none' }),
  at(
    'single-best-value-forms',
    'the same record in lower case and with spaces',
    {
      recordId: golden.id,
      lower: { query: { NPI: npi }, exchange: answer(golden) },
      spaced: { query: { NPI: ` ${npi} ` }, exchange: answer(golden) },
    },
    { 'OBS-VALUE-CASE': 'observed', 'OBS-VALUE-WHITESPACE': 'observed' },
  ),
  at(
    'single-best-param-case',
    'npi for NPI',
    { base: answer(golden), other: answer(golden), sent: 'npi' },
    { 'OBS-PARAM-CASE': 'observed' },
  ),
  at(
    'organization-param-case',
    'NAME for name',
    { base: answer(bundleOf()), other: answer(bundleOf()), sent: 'NAME' },
    { 'OBS-PARAM-CASE': 'observed' },
  ),
  at(
    'organization-value-forms',
    'a name in lower case and with spaces',
    {
      base: answer(bundleOf()),
      lower: { sent: 'name=clinic', exchange: answer(bundleOf()) },
      spaced: { sent: 'name=" CLINIC "', exchange: answer(bundleOf()) },
    },
    { 'OBS-VALUE-CASE': 'observed', 'OBS-VALUE-WHITESPACE': 'observed' },
  ),
  ...equivalentCases(),
  ...readingCases(),
  at('default-page', 'a page of three', { exchange: answer(bundleOf()) }, { 'OBS-DEFAULT-PAGE-SIZE': 'observed' }),
  at('unknown-lookup', 'a 404', { exchange: answer({ error: 'not-found' }, { status: 404 }) }, { 'OBS-UNKNOWN-CURATED-ID': 'observed' }),
  at(
    'parameter-sweep',
    'every parameter excludes',
    {
      query: { NPI: npi },
      recordId: golden.id,
      sweep: [{ parameter: 'State', value: 'ZZ', exchange: answer({}, { status: 404 }) }],
      last: answer({}, { status: 404 }),
    },
    { 'SB-STRICT-PARAM': 'pass' },
  ),
  at(
    'parameter-sweep',
    'State ignored',
    {
      query: { NPI: npi },
      recordId: golden.id,
      sweep: [{ parameter: 'State', value: 'ZZ', exchange: answer(golden) }],
      last: answer(golden),
    },
    { 'SB-STRICT-PARAM': 'SHOULD' },
  ),
];

/** SB- and ORG-EQUIVALENT-QUERY: a query, its equivalent forms and the query again, each answered `forms` and `again`. */
function equivalentCases() {
  const url = 'http://service.test/provider/searchSingleBest?NPI=1&State=OH';
  const equivalents = (base: Exchange, form: Exchange, again = base) => ({
    base,
    forms: [
      {
        how: 'with its parameters in reverse order',
        exchange: { ...form, url: 'http://service.test/provider/searchSingleBest?State=OH&NPI=1' },
      },
    ],
    again,
  });
  const record = answer(golden, { url });
  const ambiguity = answer(AMBIGUITY_MESSAGE, { contentType: 'text/plain', url });
  const whole = bundleOf();
  const outcome404 = { resourceType: 'OperationOutcome', issue: [{ severity: 'information', code: 'not-found' }] };
  const fewer = bundleOf(organizations.slice(0, 2));
  const cut = { ...bundleOf(), link: [...bundleOf().link, { relation: 'next', url: 'http://service.test/fhir/organization?Page=2' }] };
  return [
    at('single-best-equivalents', 'the same record every way', equivalents(record, record), { 'SB-EQUIVALENT-QUERY': 'pass' }),
    at('single-best-equivalents', 'the ambiguity text every way', equivalents(ambiguity, ambiguity), { 'SB-EQUIVALENT-QUERY': 'pass' }),
    at('single-best-equivalents', 'reversed, no record', equivalents(record, answer({}, { status: 404 })), {
      'SB-EQUIVALENT-QUERY': 'MUST',
    }),
    at('single-best-equivalents', 'again, another answer', equivalents(record, record, ambiguity), { 'SB-EQUIVALENT-QUERY': 'SHOULD' }),
    at('single-best-equivalents', 'a 429 says nothing', equivalents(record, answer({}, { status: 429 })), {
      'SB-EQUIVALENT-QUERY': 'skip',
    }),
    at('search-equivalents', 'the same organizations every way', equivalents(answer(whole), answer(whole)), {
      'ORG-EQUIVALENT-QUERY': 'pass',
    }),
    at(
      'search-equivalents',
      'an OperationOutcome every way',
      equivalents(answer(outcome404, { status: 404 }), answer(outcome404, { status: 404 })),
      {
        'ORG-EQUIVALENT-QUERY': 'pass',
      },
    ),
    at('search-equivalents', 'reversed, fewer', equivalents(answer(whole), answer(fewer)), { 'ORG-EQUIVALENT-QUERY': 'MUST' }),
    at('search-equivalents', 'again, fewer', equivalents(answer(whole), answer(whole), answer(fewer)), {
      'ORG-EQUIVALENT-QUERY': 'SHOULD',
    }),
    at('search-equivalents', 'a page that is not whole', equivalents(answer(cut), answer(cut)), { 'ORG-EQUIVALENT-QUERY': 'skip' }),
  ];
}

/** ORG-READINGS-AGREE: a search whole, at other page sizes, and whole again; and a walk's pages beside the search whole. */
function readingCases() {
  const url = (count: number) => `http://service.test/fhir/organization?address-state=OH&Count=${count}`;
  const whole = answer(bundleOf(), { url: url(1000) });
  const at_ = (count: number, entries: typeof organizations) => ({ count, exchange: answer(bundleOf(entries), { url: url(count) }) });
  const readings = (counted: { count: number; exchange: Exchange }[], again = whole) => ({ query: {}, whole, counted, again });
  const edges = [at_(1, organizations.slice(0, 1)), at_(2, organizations.slice(1, 3)), at_(3, organizations), at_(4, organizations)];
  const stranger = fixtures.organizations[6];
  const next = (entries: typeof organizations, link?: string) =>
    answer({ ...bundleOf(entries), total: 6, ...(link ? { link: [{ relation: 'next', url: link }] } : {}) });
  const walkReadings = (second: typeof organizations) => ({
    walk: 'following next links from page 1',
    query: {},
    pages: [
      { label: 'page 1', exchange: next(organizations, 'http://service.test/fhir/organization?Page=2') },
      { label: 'page 2, reached by next', exchange: next(second) },
    ],
    whole: answer({ ...bundleOf([...organizations, ...fixtures.organizations.slice(3, 5)]), total: 5 }),
  });
  return [
    at('search-readings', 'every page size holds organizations of the whole result', readings(edges), { 'ORG-READINGS-AGREE': 'pass' }),
    at('search-readings', 'Count=3 of 3 answers 2: the first match on no page of that size', readings([at_(3, organizations.slice(1))]), {
      'ORG-READINGS-AGREE': 'MUST',
    }),
    at('search-readings', 'Count=1 answers one the whole answer lacks', readings([at_(1, [stranger])]), { 'ORG-READINGS-AGREE': 'MUST' }),
    at('search-readings', 'asked again, the whole answer moved', readings(edges, answer(bundleOf(organizations.slice(0, 2)))), {
      'ORG-READINGS-AGREE': 'SHOULD',
    }),
    at('search-readings', 'a 429 says nothing of the data', readings([{ count: 1, exchange: answer({}, { status: 429, url: url(1) }) }]), {
      'ORG-READINGS-AGREE': 'skip',
    }),
    at(
      'search-readings',
      'the search whole is not whole, and nothing more was asked',
      { query: {}, whole: answer({ ...bundleOf(), link: [{ relation: 'next', url: url(1000) }] }, { url: url(1000) }), counted: [] },
      { 'ORG-READINGS-AGREE': 'skip' },
    ),
    at(
      'walk-readings',
      'pages reached by next hold one the whole answer lacks',
      walkReadings([...fixtures.organizations.slice(3, 5), stranger]),
      {
        'ORG-READINGS-AGREE': 'MUST',
      },
    ),
    at('walk-readings', 'pages reached by next hold the whole answer', walkReadings(fixtures.organizations.slice(3, 5)), {
      'ORG-READINGS-AGREE': 'pass',
    }),
    at(
      'walk-readings',
      'a whole answer that is not whole',
      { ...walkReadings([stranger]), whole: next(organizations, 'http://service.test/fhir/organization?Page=2') },
      {
        'ORG-READINGS-AGREE': 'skip',
      },
    ),
  ];
}

for (const c of CASES) {
  test(`${c.subject}: ${c.what}`, { tag: '@fast' }, () => {
    const judged = outcome(judge(c.subject, c.value as never));
    // 'none': the requirement is neither checked nor skipped.
    for (const [id, expected] of Object.entries(c.expected)) expect(judged[id] ?? 'none', id).toBe(expected);
  });
}

test('the rulebook is whole: every requirement is judged by a rule and every observation recorded by one', { tag: '@fast' }, () => {
  const registered = new Set(RULEBOOK.flatMap((r) => r.requirements));
  expect(REQUIREMENTS.map((r) => r.id).filter((id) => !registered.has(id))).toEqual([]);
  const recorded = new Set(RULEBOOK.flatMap((r) => r.observations));
  expect(OBSERVATIONS.map((o) => o.id).filter((id) => !recorded.has(id))).toEqual([]);
});

/** The (subject, id, outcome) triples the cases show, as `subject id outcome`. */
const shownByCases = new Set(CASES.flatMap((c) => Object.entries(c.expected).map(([id, outcome]) => `${c.subject} ${id} ${outcome}`)));

test(
  'every rule can fail: each (subject, requirement) has a case that fails it at the level of its requirement, a graded one at SHOULD too',
  { tag: '@fast' },
  () => {
    const missing = RULEBOOK.flatMap((rule) =>
      rule.requirements.map((id) => `${rule.subject} ${id} ${requirement(id).level}`).filter((triple) => !shownByCases.has(triple)),
    );
    // A near miss (SHOULD) of a graded requirement is shown by some subject that judges it.
    const nearMisses = REQUIREMENTS.filter((r) => requirement(r.id).nearMiss !== undefined)
      .filter((r) => !RULEBOOK.some((rule) => rule.requirements.includes(r.id) && shownByCases.has(`${rule.subject} ${r.id} SHOULD`)))
      .map((r) => `(any subject) ${r.id} SHOULD`);
    expect([...new Set(missing), ...nearMisses]).toEqual([]);
  },
);

test(
  'every rule can stay quiet and every observation be recorded: each subject has a case with no finding and no probe blamed, each (subject, observation) one that records it',
  { tag: '@fast' },
  () => {
    const subjects = [...new Set(RULEBOOK.map((r) => r.subject))];
    const quiet = subjects.filter((subject) => {
      const requirements = RULEBOOK.filter((r) => r.subject === subject).flatMap((r) => r.requirements);
      // Quiet: a case that expects no finding and no probe blamed (a rule that leaves a good answer to another records nothing at all).
      return (
        requirements.length > 0 &&
        !CASES.some(
          (c) =>
            c.subject === subject &&
            requirements.some((id) => c.expected[id] === 'pass' || c.expected[id] === 'none') &&
            c.expected['probe problem'] !== 'yes' &&
            !Object.values(c.expected).some((o) => o === 'MUST' || o === 'SHOULD'),
        )
      );
    });
    const unrecorded = RULEBOOK.flatMap((rule) =>
      rule.observations.map((id) => `${rule.subject} ${id} observed`).filter((triple) => !shownByCases.has(triple)),
    );
    expect({ 'no quiet case': quiet, 'no case records': [...new Set(unrecorded)] }).toEqual({ 'no quiet case': [], 'no case records': [] });
  },
);

test(
  'an organization is searched by each value it carries, asked again whole and then narrowed by its own state, and no further',
  { tag: '@fast' },
  () => {
    const organization = {
      id: 'o1',
      identifier: [{ system: 'http://hl7.org/fhir/sid/us-npi', value: '1234567893' }, { value: 'A-7' }],
      telecom: [
        { system: 'phone', value: '+1 (330) 929-6829' },
        { system: 'phone', value: '330.929.6829' },
        { system: 'email', value: 'a@b.test' },
      ],
      address: [
        { city: '', state: 'OH', postalCode: '44392' },
        { city: 'AKRON', state: 'OH' },
      ],
      name: "O'HARA CLINIC",
    };
    const searches = ownValueSearches(organization);
    // In the parameter table's order (parameters.ts).
    expect(searches.map((s) => [s.parameter, new URLSearchParams(s.query).toString(), s.narrowBy?.['address-state']])).toEqual([
      ['name', 'name=O%27HARA+CLINIC', 'OH'],
      // The first address naming a city and a state; a search by the state itself is not narrowed by it.
      ['address-city+address-state', 'address-city=AKRON&address-state=OH', undefined],
      ['address-postalcode', 'address-postalcode=44392', 'OH'],
      ['identifier', 'identifier=1234567893', 'OH'],
      ['identifier', 'identifier=http%3A%2F%2Fhl7.org%2Ffhir%2Fsid%2Fus-npi%7C1234567893', 'OH'],
      ['identifier', 'identifier=A-7', 'OH'],
      // Two phones of the same 10 digits are one search.
      ['phone', 'phone=3309296829', 'OH'],
    ]);
    const name = searches[0];
    const others = (total: number) => answer({ ...bundleOf(organizations.slice(0, 1)), total });
    expect(nextOwnValueRequest('o1', name, [])).toEqual({ name: "O'HARA CLINIC" });
    expect(nextOwnValueRequest('o1', name, [others(5000)])).toEqual({ name: "O'HARA CLINIC", Count: '1000' });
    expect(nextOwnValueRequest('o1', name, [others(5000), others(5000)])).toEqual({
      name: "O'HARA CLINIC",
      Count: '1000',
      'address-state': 'OH',
    });
    expect(nextOwnValueRequest('o1', name, [others(5000), others(5000), others(5000)])).toBeUndefined();
    // An answer that holds every match, or shows the organization, or is no bundle, ends the search.
    expect(nextOwnValueRequest('o1', name, [others(1)])).toBeUndefined();
    expect(nextOwnValueRequest(organizations[0].id, name, [others(5000)])).toBeUndefined();
    expect(nextOwnValueRequest('o1', name, [answer('busy', { status: 503 })])).toBeUndefined();
  },
);

test(
  "a provider's demographics: its first and last name and state, then narrowed by its own city, then its zip, while ambiguous",
  { tag: '@fast' },
  () => {
    const data = {
      NPI: ['1234567893'],
      Name: [
        { FirstName: [''], LastName: ['ROSS'] },
        { FirstName: ['SCOTT'], LastName: ['ROSS'] },
      ],
      State: ['PA'],
      Address: [{ AddressLine1: ['1 MAIN ST'], City: ['SCRANTON'], Zip: ['18503'] }],
    };
    const search = demographicSearch(data)!;
    expect(search.query).toEqual({ FirstName: 'SCOTT', LastName: 'ROSS', State: 'PA' });
    const ambiguous = answer(AMBIGUITY_MESSAGE, { contentType: 'text/plain' });
    expect(nextDemographicRequest(search, [])).toEqual(search.query);
    expect(nextDemographicRequest(search, [ambiguous])).toEqual({ ...search.query, City: 'SCRANTON' });
    expect(nextDemographicRequest(search, [ambiguous, ambiguous])).toEqual({ ...search.query, City: 'SCRANTON', Zip: '18503' });
    expect(nextDemographicRequest(search, [ambiguous, ambiguous, ambiguous])).toBeUndefined();
    // A record, or no record, ends it: only the ambiguity text asks for narrowing.
    expect(nextDemographicRequest(search, [answer(golden)])).toBeUndefined();
    expect(nextDemographicRequest(search, [answer({}, { status: 404 })])).toBeUndefined();
    expect(demographicSearch({ Name: [{ FirstName: ['A'], LastName: ['B'] }] })).toBeUndefined();
  },
);

test(
  'the organization parameter table holds one row for each §4.3 value parameter, and the survey walks the rows that walk, in its order',
  { tag: '@fast' },
  () => {
    const rows = ORGANIZATION_PARAMETERS.map(([name]) => name);
    // `active` is a flag with a rule of its own (ORG-ACTIVE); every other §4.3 parameter searches by a value.
    expect([...rows].sort()).toEqual(ORGANIZATION_FILTERS.filter((name) => name !== 'active').sort());
    expect(new Set(rows).size).toBe(rows.length);
    // The survey's kinds are the table's: a row added last is walked last, so a journalled survey resumes.
    expect([...SEARCH_KINDS]).toEqual(WALKED_PARAMETERS);
    expect(SEARCH_KINDS.slice(0, 7)).toEqual(['name', 'address-city', 'address-postalcode', 'type', 'address', 'identifier', 'phone']);
  },
);

test('where a walk ends is one rule, for the walk and for a shard that asks only its own pages', { tag: '@fast' }, () => {
  const page = (ids: string[], extra: Partial<PageOfWalk> = {}) => ({ bundle: true, ids, unmatched: [], ...extra });
  // Page 1 goes on while it holds an organization; no bundle ends any walk.
  expect(pageGoesOn(page(['a']))).toBe(true);
  expect(pageGoesOn(page([]))).toBe(false);
  expect(pageGoesOn({ bundle: false, ids: ['a'] })).toBe(false);
  // A later page goes on only with matches not met before: repeats, or organizations the search did not ask for, end it.
  const seen = new Set(['a', 'b']);
  expect(pageGoesOn(page(['b', 'c']), seen)).toBe(true);
  expect(pageGoesOn(page(['a', 'b']), seen)).toBe(false);
  expect(pageGoesOn(page(['x'], { unmatched: ['x'] }), seen)).toBe(false);
});

test(
  'a value two entries of a record hold is held twice (a code two taxonomies list, a State of the record and of an address); a value of one entry is not',
  { tag: '@fast' },
  () => {
    // §2.4: every attribute a list.
    const data = {
      NPI: ['1234567893'],
      Taxonomy: [
        { TaxonomyCode: ['207Q00000X'], TaxonomyDescription: ['Family Medicine'] },
        { TaxonomyCode: ['207Q00000X'], TaxonomyDescription: ['Family Medicine, Adult'] },
        { TaxonomyCode: ['207R00000X'] },
      ],
      Address: [{ City: ['AUSTIN'], AddressState: ['TX'], Zip: ['78701'] }],
      State: ['TX'],
    };
    expect(ownValuesHeldTwice(data)).toEqual({ TaxonomyCode: ['207Q00000X'], State: ['TX'] });
    expect(everyOwnParameterValue(data).TaxonomyCode).toEqual(['207Q00000X', '207R00000X']);
  },
);
