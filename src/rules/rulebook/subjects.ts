/**
 * What the rules judge, by name: each subject is one thing a driver met (an answer, a record, an
 * entry, a page, a whole walk), with the exchanges that show it. The rulebook (registry.ts) keys
 * every rule by the subject it takes; a driver derives what it checks from the subjects it meets.
 */
import type { Exchange } from '../../client/exchange';
import type { RecordLike } from '../answers';
import type { WalkedPage } from '../organization/page-walk';
import type { PageOfWalk, PageWalkOptions, WalkCheckAnswers } from '../organization/walk-by-page';
import type { NextWalkOptions } from '../organization/walk-by-next';
import type { OwnValueSearch } from '../organization/own-values';
import type { DemographicSearch } from '../provider-findability';
import type { EquivalentRequests } from '../equivalent-requests';
import type { SearchReadings, WalkReadings } from '../organization/readings';
import type { CountExactly } from '../organization/paging';

type Query = Record<string, string>;

export interface Subjects {
  /** Any answer of any endpoint. `ambiguityAllowed`: a searchSingleBest answer, which may carry the §4.1 r4 text as plain text. */
  'http-answer': { exchange: Exchange; ambiguityAllowed?: boolean };
  /** Any searchSingleBest answer, whatever the query. */
  'single-best-answer': { exchange: Exchange };
  /** A searchSingleBest answer to a query that names exactly one provider: a unique probe, or a surveyed NPI. */
  'unique-search': { probe: string; exchange: Exchange };
  /** The sourceRecords answer for the curated ID of a golden record. */
  'source-records': { golden: RecordLike; exchange: Exchange };
  /** An organization search's answer, as a bundle of its own elements, its entries aside; `request` says what was asked, in words. */
  'bundle-page': { exchange: Exchange; request: string };
  /** An organization search's answer, whole: the bundle and every organization on it (a page of a walk, say); `request` says what was asked. */
  'search-page': { exchange: Exchange; request: string };
  /** One organization of a bundle, alone in the bundle's shell (entryShell with its index). */
  'organization-entry': { entry: Exchange };
  /** One organization against the search that found it. */
  'organization-match': { entry: Exchange; query: Query };
  /**
   * The pages of one search by Page alone, handed to the walk rule (walk-by-page.ts) in order, as far
   * as it wants them; with the same search's Count=1000 answer and Page=0, where the driver asked them.
   */
  'page-walk': { walk: PageWalkOptions; pages: readonly PageOfWalk[] } & WalkCheckAnswers;
  /** Where a page's next link led (`reached`), against the same search by Page: `from` is the index in `pages` of the page whose link it was. */
  'next-link-target': { pages: readonly WalkedPage[]; from: number; reached: WalkedPage };
  /** A search the probes promise matches, whole: the bundle and every organization on it. */
  'probe-search': { probe: string; exchange: Exchange; carriedBy?: string };
  /** An organization search's answer against the query of its own URL: every organization holds every searched §4.3 filter value. */
  'search-filters': { exchange: Exchange };
  /** An organization search's answer against the identifier of its own URL: every organization carries it. */
  'search-identifier': { exchange: Exchange };
  /** A search with Count. */
  'count-search': { count: number; exchange: Exchange };
  /** A search with Count=N of a query promised (at `place`) to match at least N, and the page past it where it is short. */
  'count-exactly-search': CountExactly;
  /** A search with Count at or above its maximum. */
  'count-over-limit-search': { count: number; exchange: Exchange };
  /** A search with Count at its maximum, of a query the probes promise matches. */
  'whole-result': { exchange: Exchange };
  /** A search with no parameter at all. */
  'no-parameter-search': { exchange: Exchange };
  /** A search whole (Count=1000), and the same with one filter more (`added`), whole. */
  'added-filter': { base: Exchange; narrowed: Exchange; added: Query };
  /** A search the probes promise matches, with active=true and with active=false, for a tenant said to search by status. */
  'status-search': { probe: string; searches: readonly { active: boolean; exchange: Exchange }[] };
  /** A query the probes promise matches several providers, and the same query narrowed. */
  'ambiguous-search': { probe: string; narrowedBy: Query; exchange: Exchange; narrowed?: Exchange };
  /** An ambiguous query plus its narrowing, as plain parameters and as optional ones. */
  'narrowed-search': { probe: string; query: Query; narrowedBy: Query; plain: Exchange; dashed: Exchange };
  /** A unique query plus, one at a time, every parameter with a value no provider has. */
  'parameter-sweep': {
    query: Query;
    recordId: string;
    sweep: readonly { parameter: string; value: string; exchange: Exchange }[];
    last: Exchange;
  };
  /** A query the probes promise matches nothing. */
  'no-match-search': { probe: string; query: Query; exchange: Exchange };
  /** A unique probe's answer read for its record: says "more than one" or "none", and the probe is blamed. */
  'unique-answer': { probe: string; exchange: Exchange };
  /** A unique query's record, and the same query in lower case and with surrounding spaces. */
  'single-best-value-forms': {
    recordId: string;
    lower: { query: Query; exchange: Exchange };
    spaced: { query: Query; exchange: Exchange };
  };
  /** A unique query, and the same with its parameter names in lower case (`sent`: the names). */
  'single-best-param-case': { base: Exchange; other: Exchange; sent: string };
  /** A search, and the same with its parameter names in upper case (`sent`: the names). */
  'organization-param-case': { base: Exchange; other: Exchange; sent: string };
  /** A name search, and the same name in lower case and with surrounding spaces. */
  'organization-value-forms': { base: Exchange; lower: { sent: string; exchange: Exchange }; spaced: { sent: string; exchange: Exchange } };
  /** A searchSingleBest query, the same in equivalent forms (another order, every byte percent-encoded), and the query again. */
  'single-best-equivalents': EquivalentRequests;
  /** A search whole (Count=1000), the same in equivalent forms (another order, every byte percent-encoded), and the search again. */
  'search-equivalents': EquivalentRequests;
  /** A search whole (Count=1000), the same at other page sizes, and whole again. */
  'search-readings': SearchReadings;
  /** The pages of a walk, by Page or by next links, with their bodies, and the same search whole asked after them. */
  'walk-readings': WalkReadings;
  /** A search without Count and Page. */
  'default-page': { exchange: Exchange };
  /** The source records of a curated ID that does not exist. */
  'unknown-lookup': { exchange: Exchange };
  /** A unique query plus a non-matching parameter, dashed (optional) or not. */
  'optional-parameter': { parameter: string; value: string; recordId: string; exchange: Exchange };
  /** The NPI of a record plus one plain parameter holding the record's own value. */
  'own-value-narrowing': { recordId: string; parameter: string; value: string; exchange: Exchange };
  /** A record's own demographics without its NPI: the answers to nextDemographicRequest's requests, in order. */
  'demographic-search': { recordId: string; search: DemographicSearch; answers: readonly Exchange[] };
  /** A search by a record's own values without its NPI (its demographics, its name alone), read for another record that holds them too (SB-AMBIGUOUS). */
  'shared-demographics': { recordId: string; search: DemographicSearch; answers: readonly Exchange[] };
  /** The same curated ID asked twice. */
  'repeated-lookup': { first: Exchange; second: Exchange };
  /** An identifier search, by value; `carriedBy`: where an answer of the run showed an organization carrying it, in words. */
  'identifier-search': { probe: string; value: string; exchange: Exchange; carriedBy?: string };
  /** An organization the run has seen (`seenIn`), searched by values it carries: the answers to nextOwnValueRequest's requests, in order. */
  'own-value-search': { id: string; search: OwnValueSearch; seenIn: string; answers: readonly Exchange[] };
  /** An identifier search in the FHIR token form `system|value`, with the system the service reports. */
  'qualified-identifier-search': { value: string; system: string; exchange: Exchange };
  /** An identifier search `system|value` with a system the identifier does not carry: nothing matches, and what it answers is observed. */
  'foreign-identifier-search': { value: string; exchange: Exchange };
  /**
   * An organization search that nothing the run has seen says matches (a walk's first page, a state
   * with no organization), answered with no organization: the service's no-match answer (§4.3 r2), observed.
   */
  'unmatched-search': { exchange: Exchange };
  /**
   * A first bundle and the answers to its next links, in order, handed to the walk rule
   * (walk-by-next.ts); `refused`: the last link led to another origin; `whole`: the same search with Count=1000.
   */
  'next-walk': { walk: NextWalkOptions; answers: readonly Exchange[]; refused?: { origin: string; message: string }; whole?: Exchange };
}

export type SubjectKind = keyof Subjects;

/** Each subject in words, and the requests a driver must make to meet it: why a driver that does not make them judges none of its rules. */
export const SUBJECT_NEEDS: Readonly<Record<SubjectKind, string>> = {
  'http-answer': 'any answer',
  'single-best-answer': 'a searchSingleBest answer',
  'unique-search': 'a searchSingleBest query that names one provider',
  'source-records': "the source records of a golden record's curated ID",
  'bundle-page': 'an organization bundle',
  'search-page': 'an organization bundle, whole',
  'organization-entry': 'an organization of a bundle',
  'organization-match': 'an organization and the search that found it',
  'page-walk': 'the pages of a search by Page alone, to its end',
  'next-link-target': "a page's next link followed, and the page after it by Page",
  'probe-search': 'a search the probes promise matches',
  'search-filters': 'an organization search by a §4.3 filter',
  'search-identifier': 'an organization search by an identifier',
  'count-search': 'a search with Count',
  'count-exactly-search': 'a search with Count=N of a query promised to match at least N',
  'count-over-limit-search': 'a search with Count at or above 1000',
  'whole-result': 'a search with Count=1000 of a query the probes promise matches',
  'no-parameter-search': 'a search with no parameter',
  'added-filter': 'a search with Count=1000, and the same search with one filter more',
  'status-search': 'a search with active=true and with active=false, for a tenant said to search by status',
  'ambiguous-search': 'a query the probes promise matches several providers, narrowed',
  'no-match-search': 'a query the probes promise matches nothing',
  'narrowed-search': 'an ambiguous query narrowed by plain and by optional parameters',
  'parameter-sweep': 'a unique query plus every parameter with a value no provider has',
  'optional-parameter': 'a unique query plus a parameter no provider matches, dashed and not',
  'unique-answer': "a unique probe's answer",
  'single-best-value-forms': 'a unique query in lower case and with surrounding spaces',
  'single-best-param-case': 'a unique query with its parameter names in lower case',
  'organization-param-case': 'a search with its parameter names in upper case',
  'organization-value-forms': 'a name search in lower case and with surrounding spaces',
  'single-best-equivalents': 'a searchSingleBest query, the same with its parameters reversed and percent-encoded, and the query again',
  'search-equivalents': 'a search with Count=1000, the same with its parameters reversed and percent-encoded, and the search again',
  'search-readings': 'a search with Count=1000, the same at the page sizes at the edges of its result, and the search again',
  'walk-readings': 'the pages of a walk, with their bodies, and the same search with Count=1000',
  'default-page': 'a search without Count and Page',
  'unknown-lookup': 'the source records of a curated ID that does not exist',
  'repeated-lookup': 'the same curated ID asked twice',
  'own-value-narrowing': "a record's NPI plus each parameter with the record's own value",
  'demographic-search': "a record's first and last name and state, without its NPI, narrowed by its city and zip while ambiguous",
  'shared-demographics':
    "a record's first and last name and state, or its name alone, without its NPI, answered by another record that holds them too",
  'identifier-search': 'an identifier search, by value',
  'own-value-search':
    'an organization seen in an answer, searched by each value it carries (identifiers, phones, postal code, city and state, name)',
  'qualified-identifier-search': 'an identifier search by system|value',
  'foreign-identifier-search': 'an identifier search by another system|value',
  'unmatched-search': 'an organization search that finds nothing',
  'next-walk': 'the pages of a search reached by next links',
};
