/**
 * `directory-conformance probes draft`: a probes file drafted from a few providers the user knows,
 * asking the service read-only and in a bounded number of requests. Every promise written has been
 * verified (verify.ts) against the service's own answers.
 */
import { isValidNpi, makeNpi } from '../domain/identifiers';
import { distinctByJson } from '../json/distinct';
import { DirectoryEndpoints } from '../client/endpoints';
import type { Exchange } from '../client/exchange';
import {
  objectsIn,
  stringsIn,
  entriesOf,
  classifySingleBest,
  ownSearchesOf,
  resourceOf,
  walkValueCounts,
  walkValuesOf,
} from '../rules/rulebook';
import type { Probes } from '../types/schemas';
import {
  ambiguousPromise,
  uniquePromise,
  promiseStands,
  type PromiseCheck,
  type StatusSearchCheck,
  verifyIdentifier,
  verifyMultiPage,
  verifyNarrowedBy,
  verifyNone,
  verifyOverLimit,
  verifySearch,
  verifyStatusSearch,
  verifyUnique,
} from './verify';
import { draftRequestBound, MAX_SEEDS, TRIES } from './draft-bound';
import { DEFAULT_MAX_PAGES } from '../config/run-config';
import { MAX_COUNT, PAGE_SIZE } from '../spec/constants';

/** Ambiguous probes written at most: each costs the suite several requests, and three show the rule. */
const WRITTEN_AMBIGUOUS = 3;

/** The endpoints, counting every request and refusing any past the bound: the bound is a promise to the user. */
export class BoundedEndpoints extends DirectoryEndpoints {
  requests = 0;
  bound = Infinity;

  protected override async answered(pending: Promise<Exchange>): Promise<Exchange> {
    if (++this.requests > this.bound) throw new Error(`probes draft: more than ${this.bound} requests; this is a bug of the harness`);
    return pending;
  }
}

export interface Draft {
  probes: Probes;
  /** Categories left empty, and why. */
  unfilled: { category: string; why: string }[];
  /** What each seed gave, or why it gave nothing. */
  notes: string[];
  requests: number;
  bound: number;
}

/** What a seed's golden record says about where the provider is (§2.4 attributes are arrays of strings). */
interface Seed {
  npi: string;
  id: string;
  firstName?: string;
  lastName?: string;
  state?: string;
  city?: string;
  postalCode?: string;
}

function seedOf(npi: string, id: string, data: Record<string, unknown>): Seed {
  const name = objectsIn(data.Name).find((n) => stringsIn(n.LastName).length > 0);
  const address = objectsIn(data.Address).find((a) => stringsIn(a.City).length > 0);
  const first = (value: unknown) => stringsIn(value).find((v) => v.trim() !== '');
  return {
    npi,
    id,
    firstName: first(name?.FirstName),
    lastName: first(name?.LastName),
    state: first(data.State) ?? first(address?.AddressState),
    city: first(address?.City),
    postalCode: first(address?.Zip)?.replace(/\D/g, '').slice(0, 5) || undefined,
  };
}

/** Defined values only: a query never carries an empty parameter. */
function query(parts: Record<string, string | undefined>): Record<string, string> | undefined {
  const entries = Object.entries(parts).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== '');
  return entries.length === Object.keys(parts).length ? Object.fromEntries(entries) : undefined;
}

/** NPIs with a valid check digit near a seed's, which the service may not know. */
function unknownNpiCandidates(seeds: readonly string[]): string[] {
  const base = (seeds[0] ?? '1000000000').slice(0, 9);
  return Array.from({ length: TRIES.none }, (_, i) =>
    makeNpi(`${base.slice(0, 1)}${String((Number(base.slice(1)) + 7919 * (i + 1)) % 1e8).padStart(8, '0')}`),
  );
}

/** The first `limit` distinct values (by their JSON), undefined ones left out. */
const distinct = <T>(values: readonly (T | undefined)[], limit: number): T[] =>
  distinctByJson(values.filter((v): v is T => v !== undefined)).slice(0, limit);

/** Matches whose walk by Page fits the suite's default budget: 25 a page (§8), MAX_PAGES pages, the page past the last included. */
const WALK_FITS = PAGE_SIZE * (DEFAULT_MAX_PAGES - 1);

/**
 * The multiPage probe: of the candidates more than 25 match, the first whose walk by Page reaches its
 * end within the suite's page budget (a walk cut short leaves ORG-PAGE, ORG-TOTAL and ORG-NEXT-LINK
 * partial), else the smallest; each verified by two pages, TRIES.multiPage at most. Says why, in `notes`.
 */
async function chooseMultiPage(
  api: BoundedEndpoints,
  sized: readonly { query: Record<string, string>; matches: number }[],
  notes: string[],
): Promise<{ query: Record<string, string> } | undefined> {
  const order = [
    ...sized.filter((c) => c.matches <= WALK_FITS),
    ...sized.filter((c) => c.matches > WALK_FITS).sort((a, b) => a.matches - b.matches),
  ];
  for (const candidate of distinctByJson(order).slice(0, TRIES.multiPage)) {
    const verdict = await verifyMultiPage(api, JSON.stringify(candidate.query), candidate.query);
    if (!kept(verdict)) {
      notes.push(
        `organization.multiPage ${JSON.stringify(candidate.query)}: its answers showed ${candidate.matches} matches, but ${verdict.observed}`,
      );
      continue;
    }
    const pages = Math.ceil(candidate.matches / PAGE_SIZE);
    notes.push(
      candidate.matches <= WALK_FITS
        ? `organization.multiPage ${JSON.stringify(candidate.query)}: ${candidate.matches} organizations match, so its walk by Page ends within MAX_PAGES=${DEFAULT_MAX_PAGES} (${pages} pages of ${PAGE_SIZE}, and the page past the last)`
        : `organization.multiPage ${JSON.stringify(candidate.query)}: ${candidate.matches} organizations match, the fewest of the queries tried that show more than ${PAGE_SIZE}; its walk by Page takes ${pages} pages, more than MAX_PAGES=${DEFAULT_MAX_PAGES}: raise MAX_PAGES, or write a query that matches ${PAGE_SIZE + 1}–${WALK_FITS} organizations, so that the walk reaches its end`,
    );
    return { query: candidate.query };
  }
  return undefined;
}

/**
 * A promise the draft writes: one its answers keep, or one whose answers show the service failing a
 * rule on its own (the probe is sound; the run judges the failure). The draft keeps its evidence.
 */
const kept = (v: PromiseCheck) => promiseStands(v);

/** Why the draft promises no status search, from what active=true and active=false answered. */
function statusWhy(check: StatusSearchCheck | undefined): string {
  if (check === undefined) return 'no organization search to try active on';
  const off = 'ORG-ACTIVE stays off unless STATUS_SEARCH=true';
  // A 4xx to both flags is the service saying it does not search by status (§4.3 makes active a tenant's option).
  if (check.flagRefused) return `active=true and active=false each answered a 4xx: the service does not search by status; ${off}`;
  if (check.status === 'unconfirmed') return `the service could not be asked (${check.observed}): ${off}`;
  return `the service does not return only the organizations of the flag asked for with active=true and active=false: ${off}`;
}

/** The words of a name that several organizations seen share, most shared first: what a name search of many matches asks. */
const commonNameWords = (resources: readonly Record<string, unknown>[]): string[] =>
  walkValueCounts(resources, 'name').flatMap(([word, count]) => (count > 1 ? [word] : []));

/** Where a seed's provider is, as an organization there carries it (§4.3 fields): the draft searches organizations by it. */
const placeOf = (seed: Seed) => ({ address: [{ city: seed.city ?? '', state: seed.state ?? '', postalCode: seed.postalCode ?? '' }] });

/** A search the draft made, and how many organizations its answer showed to match: its total, or its entries when that is more. */
interface Shown {
  query: Record<string, string>;
  matches: number;
}

/** Whether a bundle's total shows more matches than its entries: a total that counts the page, is capped or is absent does not (§4.3 r4). */
const totalShowsMore = (total: unknown, entries: number) => typeof total === 'number' && Number.isSafeInteger(total) && total > entries;

const shownBy = (query: Record<string, string>, entries: number, total: unknown): Shown => ({
  query,
  matches: Math.max(entries, typeof total === 'number' && Number.isSafeInteger(total) ? total : 0),
});

/**
 * Why no search filled a probe that needs more than `threshold` matches, from what the answers
 * showed: none showed as many (each search and its count), or those that did broke the promise (the notes say how).
 */
function shownWhy(shown: readonly Shown[], threshold: number): string {
  const listed = (list: readonly Shown[]) => list.map((s) => `${JSON.stringify(s.query)} ${s.matches}`).join(', ');
  const over = shown.filter((s) => s.matches > threshold);
  if (shown.length === 0) return 'the draft made no organization search whose answer was a bundle';
  if (over.length === 0) return `no search the draft made showed more than ${threshold} matching organizations (${listed(shown)})`;
  return `the searches whose answers showed more than ${threshold} matches (${listed(over)}) did not keep the promise: see the notes`;
}

/** Drafts a probes file from seed NPIs; see draftRequestBound for the requests it makes at most. */
export async function draftProbes(api: BoundedEndpoints, npis: readonly string[]): Promise<Draft> {
  const seedsWanted = [...new Set(npis)].slice(0, MAX_SEEDS);
  api.bound = draftRequestBound(seedsWanted.length);
  type UniqueProbes = NonNullable<NonNullable<Probes['provider']>['unique']>;
  // Each seed's NPI first, then the name queries: a capped list keeps the widest spread of providers.
  const byNpiProbes: UniqueProbes = [];
  const byName: UniqueProbes = [];
  const ambiguous: NonNullable<NonNullable<Probes['provider']>['ambiguous']> = [];
  const none: NonNullable<NonNullable<Probes['provider']>['none']> = [];
  // The seeds are the service's own data: one with a wrong check digit is drafted from all the same.
  const notes: string[] = seedsWanted
    .filter((npi) => !isValidNpi(npi))
    .map(
      (npi) =>
        `NPI ${npi} has no valid check digit (Luhn over 80840): drafting from it anyway, since the service holds it; its data may hold wrong NPIs: DATA-NPI-CHECKDIGIT will report them`,
    );
  const seeds: Seed[] = [];
  for (const npi of seedsWanted) {
    const byNpi = await verifyUnique(api, `NPI ${npi}`, { NPI: npi });
    // A seed that finds exactly one provider is kept, whatever rules its record breaks: the run judges them.
    if (!kept(byNpi)) {
      notes.push(`${byNpi.message}: seed left out`);
      continue;
    }
    // An answer the service failed on (a body cut short, no JSON, a 5xx) is evidence too: the seed is written, and the run judges that answer.
    if (!byNpi.record) {
      byNpiProbes.push({ query: { NPI: npi } });
      notes.push(
        `NPI ${npi}: its answer could not be read as a record (${byNpi.observed}): kept as evidence, and the run judges that answer; nothing else is drafted from it`,
      );
      continue;
    }
    if (byNpi.status === 'unconfirmed')
      notes.push(`NPI ${npi} finds one provider, whose answer breaks a rule (${byNpi.observed}): kept, and the run judges it`);
    byNpiProbes.push({ query: { NPI: npi } });
    const seed = seedOf(npi, byNpi.record.id, byNpi.record.data);
    seeds.push(seed);
    // Name alone first (§4.1: "full name, first and last"): the suite then searches by it as it is, without NPI.
    const fullName = query({ Name: seed.firstName && seed.lastName ? `${seed.firstName} ${seed.lastName}` : undefined });
    const named = query({ FirstName: seed.firstName, LastName: seed.lastName, State: seed.state });
    const family = query({ LastName: seed.lastName, State: seed.state });
    for (const candidate of [fullName, named, family]) {
      if (!candidate) continue;
      const label = `seed ${npi} ${JSON.stringify(candidate)}`;
      const exchange = await api.searchSingleBest(candidate);
      const asUnique = uniquePromise(label, exchange);
      if (kept(asUnique) && asUnique.record?.id === seed.id) {
        byName.push({ query: candidate });
        continue;
      }
      // Only an answer that says "more than one" is worth narrowing: the rules of an ambiguous search judge it then.
      if (classifySingleBest(exchange).kind !== 'ambiguity' || !kept(ambiguousPromise(label, {}, exchange))) continue;
      const narrowings = [
        query({ FirstName: seed.firstName }),
        query({ City: seed.city }),
        query({ FirstName: seed.firstName, City: seed.city }),
      ]
        .filter((n): n is Record<string, string> => n !== undefined && Object.keys(n).some((k) => !(k in candidate)))
        .slice(0, TRIES.narrowings);
      for (const narrowedBy of narrowings) {
        const narrowed = await verifyNarrowedBy(api, label, candidate, narrowedBy);
        if (kept(narrowed) && narrowed.record?.id === seed.id) {
          ambiguous.push({ query: candidate, narrowedBy });
          break;
        }
      }
    }
  }

  for (const npi of unknownNpiCandidates(seedsWanted)) {
    if (seedsWanted.includes(npi)) continue;
    if (kept(await verifyNone(api, `NPI ${npi}`, { NPI: npi }))) {
      none.push({ query: { NPI: npi } });
      break;
    }
  }

  const searches: { query: Record<string, string> }[] = [];
  // How many organizations each search the draft made showed to match: what fills multiPage and overLimit, and what the notes say.
  const shown: Shown[] = [];
  // Searches whose answer was a full page and whose total did not show more: how many match, Count=1000 tells.
  const untold: Record<string, string>[] = [];
  const identifiersSeen: string[] = [];
  // The organizations seen: a word many of their names share (CLINIC, MEDICAL) is a search more than 1000 may match.
  const organizationsSeen: Record<string, unknown>[] = [];
  const cityQueries = distinct(
    seeds.map((s) => ownSearchesOf('address-city', placeOf(s))[0]),
    TRIES.cities,
  );
  const postalQueries = distinct(
    seeds.map((s) => ownSearchesOf('address-postalcode', placeOf(s))[0]),
    TRIES.postalCodes,
  );
  for (const candidate of [...cityQueries, ...postalQueries]) {
    const found = await verifySearch(api, JSON.stringify(candidate), candidate);
    if (found.entries !== undefined) shown.push(shownBy(candidate, found.entries, found.total));
    if (found.entries !== undefined && found.entries >= PAGE_SIZE && !totalShowsMore(found.total, found.entries)) untold.push(candidate);
    if (!kept(found)) continue;
    // Only an answer that holds organizations shows that the search matches: one of no match (an empty bundle, a 404: §4.3 r2) is not written as one.
    if (!found.entries) {
      notes.push(
        `organization.searches ${JSON.stringify(candidate)}: its answer held no organization (${found.observed}), so it is not written as a search that matches`,
      );
      continue;
    }
    searches.push({ query: candidate });
    for (const resource of entriesOf(found.bundle).map(resourceOf)) {
      identifiersSeen.push(...walkValuesOf('identifier', resource));
      organizationsSeen.push(resource);
    }
  }
  const identifiers: string[] = [];
  for (const value of distinct(identifiersSeen, TRIES.identifiers))
    if (kept(await verifyIdentifier(api, `identifier ${value}`, value))) identifiers.push(value);

  const states = distinct(
    seeds.map((s) => s.state),
    TRIES.states,
  );
  let overLimit: { query: Record<string, string> } | undefined;
  // Each Count=1000 answer (and its page 2 when its total does not tell) is an overLimit verification and says how many match.
  const verifiedOver = new Set<string>();
  const countOver = async (candidate: Record<string, string>, label: string) => {
    const over = await verifyOverLimit(api, label, candidate, { countBeyond: true });
    verifiedOver.add(JSON.stringify(candidate));
    const seen = over.matches === undefined ? undefined : { query: candidate, matches: over.matches };
    if (seen) shown.push(seen);
    // Written only where the answers themselves show more than 1000 matches and the promise stands (a Count the service cuts short is its ORG-COUNT failure).
    const showsOver = seen !== undefined && seen.matches > MAX_COUNT;
    if (!overLimit && showsOver && kept(over)) overLimit = { query: candidate };
    else if (showsOver && !kept(over))
      notes.push(`organization.overLimit ${JSON.stringify(candidate)}: its answers showed ${seen.matches} matches, but ${over.observed}`);
  };
  for (const state of states) await countOver({ 'address-state': state }, state);
  // A search whose answer did not tell how many match: Count=1000 counts them, up to 1000, and its page 2 past that.
  for (const candidate of distinct(untold, TRIES.counted))
    if (!verifiedOver.has(JSON.stringify(candidate))) await countOver(candidate, JSON.stringify(candidate));
  // Any other search whose answer showed more than 1000 matches (its total), then the words most of the names seen share.
  const overCandidates = [
    ...shown.filter((s) => s.matches > MAX_COUNT && !verifiedOver.has(JSON.stringify(s.query))).map((s) => s.query),
    ...commonNameWords(organizationsSeen).map((word) => ({ name: word })),
  ];
  for (const candidate of distinct(overCandidates, TRIES.overLimit)) {
    if (overLimit) break;
    await countOver(candidate, JSON.stringify(candidate));
  }
  const multiPage = await chooseMultiPage(
    api,
    shown.filter((s) => s.matches > PAGE_SIZE),
    notes,
  );
  // Every seed's NPI, then every name-and-state query the service answered with its seed: the NPIs first,
  // since the first unique probe leads the suite to its curated ID.
  const unique = distinct([...byNpiProbes, ...byName], Infinity);
  const statusCheck =
    searches.length > 0 ? await verifyStatusSearch(api, `active on ${JSON.stringify(searches[0].query)}`, searches[0].query) : undefined;
  const statusSearch = statusCheck !== undefined && kept(statusCheck);
  const unfilled: Draft['unfilled'] = [];
  const seedsSaid = seeds.length === 0 ? 'no seed NPI returned a record' : '';
  const lack = (category: string, empty: boolean, why: string) => {
    if (empty) unfilled.push({ category, why: seedsSaid || why });
  };
  lack('provider.unique', unique.length === 0, 'no seed returned a record');
  lack(
    'provider.ambiguous',
    ambiguous.length === 0,
    "no seed's last name and state (or name and state) was answered as ambiguous with a narrowing back to the seed",
  );
  lack('provider.none', none.length === 0, `the service returned a record for each of ${TRIES.none} unknown-looking NPIs`);
  lack('organization.searches', searches.length === 0, "no organization is in the seeds' cities or postal codes");
  lack('organization.identifiers', identifiers.length === 0, 'the organizations found carry no identifier that finds them again');
  lack('organization.multiPage', !multiPage, shownWhy(shown, PAGE_SIZE));
  lack('organization.overLimit', !overLimit, shownWhy(shown, MAX_COUNT));
  lack('organization.statusSearch', !statusSearch, statusWhy(statusCheck));

  const probes: Probes = {
    provider: {
      ...(unique.length > 0 ? { unique } : {}),
      ...(ambiguous.length > 0 ? { ambiguous: ambiguous.slice(0, WRITTEN_AMBIGUOUS) } : {}),
      ...(none.length > 0 ? { none } : {}),
    },
    organization: {
      ...(searches.length > 0 ? { searches } : {}),
      ...(multiPage ? { multiPage } : {}),
      ...(overLimit ? { overLimit } : {}),
      ...(identifiers.length > 0 ? { identifiers } : {}),
      ...(statusSearch ? { statusSearch } : {}),
    },
  };
  return { probes, unfilled, notes, requests: api.requests, bound: api.bound };
}
