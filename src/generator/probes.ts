import type { Organization, Probes } from '../types/schemas';
import { OrganizationIndex } from '../reference/organization-index';
import { ProviderIndex } from '../reference/provider-index';
import type { ProviderParameter } from '../spec/constants';
import { makeNpi } from '../domain/identifiers';
import type { ProviderFixture } from '../reference/fixture-files';
import { Random } from './random';

type ProviderQuery = Partial<Record<ProviderParameter, string>>;

function first<T>(items: readonly T[], what: string): T {
  if (items.length === 0) throw new Error(`probes: the generated data has no ${what}; change the seed or the counts`);
  return items[0];
}

/**
 * One provider per source dataset the first does not draw on: the suite judges the source records
 * of every unique probe's golden record, and so covers every dataset of the directory.
 */
function providersCoveringEveryDataset(providers: readonly ProviderFixture[], count: (query: ProviderQuery) => number): ProviderFixture[] {
  const datasetsOf = (p: ProviderFixture) => new Set(p.sources.map((s) => s.index));
  const covered = datasetsOf(providers[0]);
  const coveringTheRest: ProviderFixture[] = [];
  for (const dataset of [...new Set(providers.flatMap((p) => [...datasetsOf(p)]))].sort()) {
    if (covered.has(dataset)) continue;
    const holder = first(
      providers.filter((p) => datasetsOf(p).has(dataset) && count({ NPI: p.golden.data.NPI![0] }) === 1),
      `provider with a ${dataset} record`,
    );
    coveringTheRest.push(holder);
    for (const held of datasetsOf(holder)) covered.add(held);
  }
  return coveringTheRest;
}

/**
 * The reference server's probes file: what a tester would know about our data. Every probe is
 * checked against the same search engine the reference server runs, so a probe never lies.
 */
export function buildProbes(rng: Random, providers: readonly ProviderFixture[], organizations: readonly Organization[]): Probes {
  const providerSearch = ProviderIndex.build(providers.map((p) => p.golden));
  const organizationSearch = OrganizationIndex.build(organizations);
  const count = (query: ProviderQuery) => providerSearch.matching(query).length;

  const byName = providers.map((p) => {
    const name = p.golden.data.Name![0];
    return { FirstName: name.FirstName![0], LastName: name.LastName![0], State: p.golden.data.State![0] };
  });
  const uniqueByName = first(
    byName.filter((q) => count(q) === 1),
    'unique name and state',
  );
  const uniqueByPhone = first(
    providers.map((p) => ({ Phone: p.golden.data.Phone![0], LastName: p.golden.data.Name![0].LastName![0] })).filter((q) => count(q) === 1),
    'unique phone',
  );
  const ambiguous = byName
    .filter((q) => count(q) > 1)
    .map((query) => {
      const cities = providerSearch.matching(query).map((record) => record.data.Address?.find((a) => a.City?.[0])?.City?.[0] ?? '');
      const city = cities.find((c) => c && count({ ...query, City: c }) === 1);
      return city ? { query, narrowedBy: { City: city } } : undefined;
    })
    .filter((probe) => probe !== undefined);
  const distinctAmbiguous = [...new Map(ambiguous.map((p) => [JSON.stringify(p.query), p])).values()];

  const knownNpis = new Set(providers.flatMap((p) => p.golden.data.NPI ?? []));
  const randomNpi = () => makeNpi(`1${rng.digits(8)}`);
  let unknownNpi = randomNpi();
  while (knownNpis.has(unknownNpi)) unknownNpi = randomNpi();

  const orgCount = (query: Record<string, string>) => organizationSearch.search(query).length;
  const sample = organizations[Math.floor(organizations.length / 3)];
  const searches: Record<string, string>[] = [
    { name: 'CLINIC' },
    { 'address-city': sample.address[0].city, type: sample.type![0].text },
    { 'address-postalcode': sample.address[0].postalCode.slice(0, 5) },
    { phone: sample.telecom!.find((t) => t.system === 'phone')!.value },
    { name: sample.name.split(' ')[0], 'address-state': sample.address[0].state },
    // §4.3 `address` is a full address: street and city, written as a person would.
    { address: `${sample.address[0].line[0]}, ${sample.address[0].city}` },
  ];
  for (const query of searches)
    if (orgCount(query) < 1) throw new Error(`probes: organization search ${JSON.stringify(query)} matches nothing`);
  const multiPage = { 'address-state': 'OH' };
  const overLimit = { name: 'MEDICAL' };
  if (orgCount(multiPage) <= 25) throw new Error('probes: the multiPage query matches 25 organizations or fewer');
  if (orgCount(overLimit) <= 1000)
    throw new Error(`probes: the overLimit query matches ${orgCount(overLimit)} organizations, not more than 1000`);
  const withDea = first(
    organizations.filter((o) => o.identifier.length > 1),
    'organization with two identifiers',
  );

  const coveringTheRest = providersCoveringEveryDataset(providers, count);

  return {
    provider: {
      unique: [
        { query: { NPI: providers[0].golden.data.NPI![0] } },
        { query: uniqueByName },
        { query: uniqueByPhone },
        ...coveringTheRest.map((p) => ({ query: { NPI: p.golden.data.NPI![0] } })),
      ],
      ambiguous: distinctAmbiguous.slice(0, 3),
      none: [{ query: { NPI: unknownNpi } }, { query: { FirstName: 'ZEBEDIAH', LastName: 'QUILLFEATHER' } }],
    },
    organization: {
      searches: searches.map((query) => ({ query })),
      multiPage: { query: multiPage },
      overLimit: { query: overLimit },
      identifiers: [organizations[0].identifier[0].value, withDea.identifier[1].value],
      // The reference server searches by status for every tenant (§4.3).
      statusSearch: true,
    },
  };
}
