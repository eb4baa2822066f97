/**
 * Search latency of the reference server's indexes at scale, against a plain scan in the same run.
 * Prints medians and ratios; asserts nothing (timings belong in benchmarks, not tests).
 *
 *   npm run bench:search -- --providers 100000 --organizations 100000
 */
import { parseArgs } from 'node:util';
import { generateOrganizations } from '../src/generator/organizations';
import { generateProviders } from '../src/generator/providers';
import { Random } from '../src/generator/random';
import { normalize } from '../src/reference/inverted-index';
import { OrganizationIndex } from '../src/reference/organization-index';
import { ProviderIndex } from '../src/reference/provider-index';
import type { GoldenProviderRecord, Organization } from '../src/types/schemas';

const { values } = parseArgs({
  options: {
    providers: { type: 'string', default: '100000' },
    organizations: { type: 'string', default: '100000' },
    iterations: { type: 'string', default: '200' },
  },
});
const iterations = Number(values.iterations);

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(run: () => unknown, count: number): number[] {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = process.hrtime.bigint();
    run();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return samples;
}

const row = (name: string, matches: number, indexed: number[], scan: number[]) => {
  const [mi, ms] = [median(indexed), median(scan)];
  const p99 = [...indexed].sort((a, b) => a - b)[Math.floor(indexed.length * 0.99)];
  console.log(
    `${name.padEnd(44)} ${String(matches).padStart(6)}  ${mi.toFixed(3).padStart(9)}  ${p99.toFixed(3).padStart(9)}  ${ms.toFixed(3).padStart(9)}  ${(ms / mi).toFixed(0).padStart(7)}×`,
  );
};

// Naive baselines: what the search would cost without indexes (one pass over every record).
const scanProviders = (records: readonly GoldenProviderRecord[], npi: string) => records.filter((r) => r.data.NPI?.includes(npi));
const scanByName = (records: readonly GoldenProviderRecord[], first: string, last: string, state: string) =>
  records.filter(
    (r) =>
      r.data.State?.some((s) => normalize(s) === state) &&
      r.data.Name?.some((n) => n.FirstName?.some((f) => normalize(f) === first) && n.LastName?.some((l) => normalize(l) === last)),
  );
const scanOrganizations = (organizations: readonly Organization[], word: string) =>
  organizations.filter((o) => ` ${normalize(o.name)}`.includes(` ${word}`));
const scanCity = (organizations: readonly Organization[], city: string, type: string) =>
  organizations.filter((o) => o.address.some((a) => normalize(a.city) === city) && o.type?.some((t) => normalize(t.text) === type));

let started = Date.now();
const providers = generateProviders(new Random(1), Number(values.providers)).map((p) => p.golden);
const organizations = generateOrganizations(new Random(2), Number(values.organizations));
console.log(`generated ${providers.length} providers and ${organizations.length} organizations in ${Date.now() - started} ms`);
started = Date.now();
const providerSearch = ProviderIndex.build(providers);
const organizationSearch = OrganizationIndex.build(organizations);
console.log(`indexed in ${Date.now() - started} ms; ${iterations} runs per query\n`);
console.log(
  `${'query'.padEnd(44)} ${'hits'.padStart(6)}  ${'index ms'.padStart(9)}  ${'p99 ms'.padStart(9)}  ${'scan ms'.padStart(9)}  ${'speed-up'.padStart(8)}`,
);

const sample = providers[Math.floor(providers.length / 2)];
const npi = sample.data.NPI![0];
const name = sample.data.Name![0];
const [first, last, state] = [name.FirstName![0], name.LastName![0], sample.data.State![0]];
row(
  'provider NPI',
  providerSearch.singleBest({ required: { NPI: npi }, optional: {} }).kind === 'unique' ? 1 : 0,
  time(() => providerSearch.singleBest({ required: { NPI: npi }, optional: {} }), iterations),
  time(() => scanProviders(providers, npi), Math.min(iterations, 30)),
);
row(
  'provider FirstName+LastName+State',
  providerSearch.matching({ FirstName: first, LastName: last, State: state }).length,
  time(() => providerSearch.singleBest({ required: { FirstName: first, LastName: last, State: state }, optional: {} }), iterations),
  time(() => scanByName(providers, first, last, state), Math.min(iterations, 30)),
);
row(
  'provider LastName (broad) + City- optional',
  providerSearch.matching({ LastName: last }).length,
  time(() => providerSearch.singleBest({ required: { LastName: last }, optional: { City: 'DAYTON' } }), iterations),
  time(() => scanByName(providers, first, last, state), Math.min(iterations, 30)),
);

const org = organizations[Math.floor(organizations.length / 2)];
const word = normalize(org.name).split(' ')[0];
const [city, type] = [normalize(org.address[0].city), normalize(org.type![0].text)];
row(
  `organization name=${word}`,
  organizationSearch.search({ name: word }).length,
  time(() => organizationSearch.search({ name: word }), iterations),
  time(() => scanOrganizations(organizations, word), Math.min(iterations, 30)),
);
row(
  'organization address-city + type',
  organizationSearch.search({ 'address-city': city, type }).length,
  time(() => organizationSearch.search({ 'address-city': city, type }), iterations),
  time(() => scanCity(organizations, city, type), Math.min(iterations, 30)),
);
row(
  'organization identifier',
  organizationSearch.search({ identifier: org.identifier[0].value }).length,
  time(() => organizationSearch.search({ identifier: org.identifier[0].value }), iterations),
  time(() => organizations.filter((o) => o.identifier.some((i) => i.value === org.identifier[0].value)), Math.min(iterations, 30)),
);
row(
  'organization name=MEDICAL (most of the data)',
  organizationSearch.search({ name: 'MEDICAL' }).length,
  time(() => organizationSearch.search({ name: 'MEDICAL' }), Math.min(iterations, 50)),
  time(() => scanOrganizations(organizations, 'MEDICAL'), Math.min(iterations, 30)),
);
