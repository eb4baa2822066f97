/**
 * The promises of a probes file, asked of the target one by one without running the suite:
 * `directory-conformance probes check`, and the test every drafted probe passes before it is written.
 */
import type { DirectoryEndpoints } from '../client/endpoints';
import { type Exchange, requestLine } from '../client/exchange';
import { PROMISED, probeLabel } from '../probes/promises';
import { probeProblemMessage } from '../rules/probe-problem';
import { type RecordLike, rootKind } from '../rules/answers';
import { isBundle, total } from '../rules/organization/bundle';
import { firstPageShowsMoreThan } from '../rules/organization/paging';
import { entriesOf, organizationIds } from '../rules/organization/entries';
import { activeProblems } from '../rules/organization/filters';
import { queryMismatches } from '../rules/provider';
import { classifySingleBest, describeAnswer } from '../rules/single-best-answer';
import { MAX_COUNT, PAGE_SIZE } from '../spec/constants';
import type { Probes } from '../types/schemas';

/**
 * holds: the answer keeps the promise. contradicted: the answer breaks it, and nothing shows the
 * service at fault (what the suite calls a probe problem). unconfirmed: the service failed on its
 * own (a 5xx, an array, a record that does not match the query), which the suite judges as a finding.
 */
export type ProbeStatus = 'holds' | 'contradicted' | 'unconfirmed';

export interface PromiseCheck {
  probe: string;
  promised: string;
  status: ProbeStatus;
  /** What came back, in words. */
  observed: string;
  /** The line to print: the probe problem's wording when contradicted. */
  message: string;
}

function verdict(status: ProbeStatus, probe: string, promised: string, observed: string, exchange: Exchange): PromiseCheck {
  const message =
    status === 'contradicted'
      ? probeProblemMessage({ probe, promised, observed }, exchange)
      : status === 'holds'
        ? `${probe}: ${observed}`
        : `${probe}: ${observed} (${requestLine(exchange)}): the service failed on its own; the suite judges that, not the probe`;
  return { probe, promised, status, observed, message };
}

type SingleBestKind = 'record' | 'ambiguity' | 'none';

/** 401 and 403 say who may ask, not what the directory holds: such an answer confirms no promise, and contradicts none. */
const refused = (exchange: Exchange) => exchange.status === 401 || exchange.status === 403;

const refusedVerdict = (probe: string, promised: string, exchange: Exchange) =>
  verdict(
    'unconfirmed',
    probe,
    promised,
    `the service refused the request (${exchange.status}): it confirms nothing about the data; check API_TOKEN and API_HEADERS`,
    exchange,
  );

/**
 * A searchSingleBest answer against a promise: a record, the ambiguity text, or no record. One
 * answer can be judged against several promises (the draft asks each query once).
 */
export function judgeSingleBest(
  exchange: Exchange,
  probe: string,
  promised: string,
  query: Record<string, string>,
  wanted: SingleBestKind,
): PromiseCheck & { record?: RecordLike } {
  if (refused(exchange)) return refusedVerdict(probe, promised, exchange);
  const answer = classifySingleBest(exchange);
  const observed = describeAnswer(exchange, answer);
  const record = answer.kind === 'record' ? answer.record : undefined;
  if (answer.kind === wanted) return { ...verdict('holds', probe, promised, observed, exchange), record };
  // A record that does not even match the query is the service's fault, whatever was promised.
  const mismatches = record ? queryMismatches(record.data, query) : [];
  if (mismatches.length > 0)
    return verdict('unconfirmed', probe, promised, `${observed}, which does not match the query: ${mismatches[0]}`, exchange);
  const readable = answer.kind === 'record' || answer.kind === 'ambiguity' || answer.kind === 'none';
  return { ...verdict(readable ? 'contradicted' : 'unconfirmed', probe, promised, observed, exchange), record };
}

async function singleBest(api: DirectoryEndpoints, probe: string, promised: string, query: Record<string, string>, wanted: SingleBestKind) {
  return judgeSingleBest(await api.searchSingleBest(query), probe, promised, query, wanted);
}

export const verifyUnique = (api: DirectoryEndpoints, probe: string, query: Record<string, string>) =>
  singleBest(api, probe, PROMISED.unique, query, 'record');

export const verifyAmbiguous = (api: DirectoryEndpoints, probe: string, query: Record<string, string>) =>
  singleBest(api, probe, PROMISED.ambiguous, query, 'ambiguity');

export const verifyNone = (api: DirectoryEndpoints, probe: string, query: Record<string, string>) =>
  singleBest(api, probe, PROMISED.none, query, 'none');

/** The ambiguous query plus narrowedBy returns one record (§4.1 r4). */
export const verifyNarrowedBy = (
  api: DirectoryEndpoints,
  probe: string,
  query: Record<string, string>,
  narrowedBy: Record<string, string>,
) => singleBest(api, `${probe} narrowedBy ${JSON.stringify(narrowedBy)}`, PROMISED.narrowedBy, { ...query, ...narrowedBy }, 'record');

/** An organization search answered with something else than a bundle: the service's own failure (§2.5). */
const notABundle = (probe: string, promised: string, exchange: Exchange) =>
  verdict('unconfirmed', probe, promised, `the service answered ${exchange.status} with ${rootKind(exchange)}, not a bundle`, exchange);

/** An organization search that must find at least one organization. */
async function organizationsFound(
  api: DirectoryEndpoints,
  probe: string,
  promised: string,
  query: Record<string, string>,
): Promise<PromiseCheck & { bundle?: unknown }> {
  const exchange = await api.organizations(query);
  if (!isBundle(exchange)) return notABundle(probe, promised, exchange);
  const entries = entriesOf(exchange.body).length;
  if (entries === 0)
    return verdict('contradicted', probe, promised, `the service answered ${exchange.status} with a bundle of no entry`, exchange);
  return {
    ...verdict('holds', probe, promised, `the bundle holds ${entries} organization${entries === 1 ? '' : 's'}`, exchange),
    bundle: exchange.body,
  };
}

export const verifySearch = (api: DirectoryEndpoints, probe: string, query: Record<string, string>) =>
  organizationsFound(api, probe, PROMISED.searches, query);

export const verifyIdentifier = (api: DirectoryEndpoints, probe: string, value: string) =>
  organizationsFound(api, probe, PROMISED.identifiers, { identifier: value });

/**
 * More than `threshold` organizations match: page 1 shows it by itself, as the suite reads it
 * (firstPageShowsMoreThan: more entries than that, or a next link or total that says so), or page
 * `threshold / 25 + 1` of the default paging (§8: 25 per page when only Page is given) holds
 * organizations that page 1 does not. A page that repeats page 1 shows Page ignored, and pages of
 * another size are ORG-PAGE's: the suite judges those, not the probe.
 */
async function moreThan(api: DirectoryEndpoints, probe: string, promised: string, query: Record<string, string>, threshold: number) {
  const page = threshold / PAGE_SIZE + 1;
  const first = await api.organizations({ ...query, Page: '1' });
  const later = await api.organizations({ ...query, Page: String(page) });
  for (const exchange of [first, later]) if (!isBundle(exchange)) return notABundle(probe, promised, exchange);
  const seen = new Set(organizationIds(first.body));
  const ids = organizationIds(later.body);
  const reached = `Page=${page} (organizations ${threshold + 1} on)`;
  if (ids.some((id) => !seen.has(id))) return verdict('holds', probe, promised, `${reached} holds ${ids.length}`, later);
  if (ids.length > 0)
    return verdict('unconfirmed', probe, promised, `Page=${page} repeats organizations of Page=1: Page looks ignored`, later);
  if (firstPageShowsMoreThan(first, threshold))
    return verdict(
      'holds',
      probe,
      promised,
      `${reached} holds none, but Page=1 shows more than ${threshold} matches (${entriesOf(first.body).length} entries, total ${JSON.stringify(total(first))}): its pages are ORG-PAGE's to judge`,
      first,
    );
  return verdict('contradicted', probe, promised, `${reached} holds no organization`, later);
}

export const verifyMultiPage = (api: DirectoryEndpoints, probe: string, query: Record<string, string>) =>
  moreThan(api, probe, PROMISED.multiPage, query, PAGE_SIZE);

export const verifyOverLimit = (api: DirectoryEndpoints, probe: string, query: Record<string, string>) =>
  moreThan(api, probe, PROMISED.overLimit, query, MAX_COUNT);

/**
 * The service honours `active` (§4.3: only for tenants configured to search status): active=true
 * and active=false, each with Count at its maximum, return bundles whose every organization has
 * that flag, and at least one of them returns any. A refusal, or a flag ignored, contradicts it.
 */
export async function verifyStatusSearch(api: DirectoryEndpoints, probe: string, query: Record<string, string>): Promise<PromiseCheck> {
  const promised = PROMISED.statusSearch;
  let found = 0;
  let last: Exchange | undefined;
  for (const active of [true, false]) {
    const exchange = await api.organizations({ ...query, active: String(active), Count: String(MAX_COUNT) });
    last = exchange;
    if (refused(exchange)) return refusedVerdict(probe, promised, exchange);
    if (exchange.status >= 500 || (exchange.status < 300 && !isBundle(exchange))) return notABundle(probe, promised, exchange);
    if (!isBundle(exchange))
      return verdict(
        'contradicted',
        probe,
        promised,
        `active=${active} answered ${exchange.status}: the tenant does not search by status`,
        exchange,
      );
    const other = activeProblems(exchange.body, active);
    if (other.length > 0)
      return verdict(
        'contradicted',
        probe,
        promised,
        `active=${active} returned ${other.length} organizations with another flag`,
        exchange,
      );
    found += entriesOf(exchange.body).length;
  }
  if (found === 0) return verdict('contradicted', probe, promised, 'neither active=true nor active=false returned an organization', last!);
  return verdict('holds', probe, promised, `active=true and active=false return only organizations with that flag`, last!);
}

/** Every promise of a probes file, in the file's order: one verdict each (two for an ambiguous probe, its narrowing apart). */
export async function verifyProbes(api: DirectoryEndpoints, probes: Probes): Promise<PromiseCheck[]> {
  const { provider = {}, organization = {} } = probes;
  type Step = () => Promise<PromiseCheck[]>;
  /** A step per probe of a list, labelled as the suite labels it: place[index] and query. */
  const each = <P>(place: string, list: readonly P[] | undefined, verify: (probe: P, label: string) => Promise<PromiseCheck[]>): Step[] =>
    (list ?? []).map(
      (probe, i) => () =>
        verify(probe, probeLabel(`${place}[${i}]`, typeof probe === 'string' ? probe : (probe as { query: unknown }).query)),
    );
  /** A step for a single probe (multiPage, overLimit), labelled by its place and query. */
  const one = (place: string, probe: { query: Record<string, string> } | undefined, verify: typeof verifyMultiPage): Step[] =>
    probe ? [async () => [await verify(api, probeLabel(place, probe.query), probe.query)]] : [];
  const steps: Step[] = [
    ...each('provider.unique', provider.unique, async ({ query }, label) => [await verifyUnique(api, label, query)]),
    ...each('provider.ambiguous', provider.ambiguous, async ({ query, narrowedBy }, label) => [
      await verifyAmbiguous(api, label, query),
      await verifyNarrowedBy(api, label, query, narrowedBy),
    ]),
    ...each('provider.none', provider.none, async ({ query }, label) => [await verifyNone(api, label, query)]),
    ...each('organization.searches', organization.searches, async ({ query }, label) => [await verifySearch(api, label, query)]),
    ...one('organization.multiPage', organization.multiPage, verifyMultiPage),
    ...one('organization.overLimit', organization.overLimit, verifyOverLimit),
    ...each('organization.identifiers', organization.identifiers, async (value, label) => [await verifyIdentifier(api, label, value)]),
    ...(organization.statusSearch && organization.searches?.[0]
      ? [
          async () => [
            await verifyStatusSearch(
              api,
              probeLabel('organization.statusSearch', organization.searches![0].query),
              organization.searches![0].query,
            ),
          ],
        ]
      : []),
  ];
  const verdicts: PromiseCheck[] = [];
  // One at a time, in order: the throttle paces them, and the output follows the file.
  for (const step of steps) verdicts.push(...(await step()));
  return verdicts;
}
