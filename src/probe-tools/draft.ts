/**
 * `directory-conformance probes draft`: a probes file drafted from a few providers the user knows,
 * asking the service read-only and in a bounded number of requests. Every promise written has been
 * verified (verify.ts) against the service's own answers.
 */
import type { Probes } from '../types/schemas';
import { PAGE_SIZE, MAX_COUNT } from '../spec/constants';
import type { BoundedEndpoints } from './bounded-endpoints';
import { draftRequestBound, MAX_SEEDS, TRIES } from './draft-bound';
import { chooseMultiPage, distinct, draftIdentifiers, draftOverLimit, draftSearches, shownWhy } from './draft-organizations';
import { checkDigitNotes, draftFromSeeds, draftNone } from './draft-providers';
import { promiseStands as kept, type StatusSearchCheck, verifyStatusSearch } from './verify';

/** Ambiguous probes written at most: each costs the suite several requests, and three show the rule. */
const WRITTEN_AMBIGUOUS = 3;

export interface Draft {
  probes: Probes;
  /** Categories left empty, and why. */
  unfilled: { category: string; why: string }[];
  /** What each seed gave, or why it gave nothing. */
  notes: string[];
  requests: number;
  bound: number;
}

/** Why the draft promises no status search, from what active=true and active=false answered. */
function statusWhy(check: StatusSearchCheck | undefined): string {
  if (check === undefined) return 'no organization search to try active on';
  const off = 'ORG-ACTIVE stays off unless STATUS_SEARCH=true';
  // A 4xx to both flags is the service saying it does not search by status (§4.3 makes active a tenant's option).
  if (check.flagRefused) return `active=true and active=false each answered a 4xx: the service does not search by status; ${off}`;
  if (check.status === 'unconfirmed') return `the service could not be asked (${check.observed}): ${off}`;
  return `the service does not return only the organizations of the flag asked for with active=true and active=false: ${off}`;
}

/** Drafts a probes file from seed NPIs; see draftRequestBound for the requests it makes at most. */
export async function draftProbes(api: BoundedEndpoints, npis: readonly string[]): Promise<Draft> {
  const seedsWanted = [...new Set(npis)].slice(0, MAX_SEEDS);
  api.bound = draftRequestBound(seedsWanted.length);
  const notes = checkDigitNotes(seedsWanted);
  const { seeds, byNpi, byName, ambiguous } = await draftFromSeeds(api, seedsWanted, notes);
  const none = await draftNone(api, seedsWanted);
  const drafted = await draftSearches(api, seeds, notes);
  const { searches, shown } = drafted;
  const identifiers = await draftIdentifiers(api, drafted.organizations);
  const states = distinct(
    seeds.map((s) => s.state),
    TRIES.states,
  );
  const overLimit = await draftOverLimit(api, states, drafted, notes);
  const multiPage = await chooseMultiPage(
    api,
    shown.filter((s) => s.matches > PAGE_SIZE),
    notes,
  );
  // Every seed's NPI, then every name-and-state query the service answered with its seed: the NPIs first,
  // since the first unique probe leads the suite to its curated ID.
  const unique = distinct([...byNpi, ...byName], Infinity);
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
