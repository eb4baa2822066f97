/** The fixture generator: byte-identical output for a seed, and the invariants the data promises. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isValidDea, isValidNpi, NUCC_CODE } from '../../src/domain/identifiers';
import { mergeSourceData } from '../../src/generator/merge';
import { generateOrganizations, IDENTIFIER_SYSTEM } from '../../src/generator/organizations';
import { generateProviders, SOURCE_INDEX } from '../../src/generator/providers';
import { Random } from '../../src/generator/random';
import { DEFAULT_FIXTURE_DIR, FIXTURE_FILES } from '../../src/fixture-paths';
import type { ProviderData } from '../../src/types/schemas';
import { expect, test } from './fixtures';

const ROOT = join(__dirname, '..', '..');

test('identifier check digits follow the published algorithms', { tag: '@fast' }, () => {
  expect(isValidNpi('1234567893')).toBe(true); // CMS's worked example
  expect(isValidNpi('1234567890')).toBe(false);
  expect(isValidNpi('3234567893')).toBe(false);
  expect(isValidDea('AB1234563')).toBe(true); // (1+3+5) + 2·(2+4+6) = 33
  expect(isValidDea('AB1234564')).toBe(false);
  expect(NUCC_CODE.test('207Q00000X')).toBe(true);
  expect(NUCC_CODE.test('207Q00000')).toBe(false);
});

test('the same seed gives the same data, another seed other data', { tag: '@fast' }, () => {
  const run = (seed: number) => JSON.stringify([generateProviders(new Random(seed), 40), generateOrganizations(new Random(seed), 40)]);
  expect(run(7)).toBe(run(7));
  expect(run(7)).not.toBe(run(8));
});

test('the committed fixtures are byte-identical to what the generator writes', { tag: '@full' }, () => {
  const out = mkdtempSync(join(tmpdir(), 'fixtures-'));
  try {
    execFileSync(
      process.execPath,
      [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(ROOT, 'scripts', 'generate-fixtures.ts'), '--out', out],
      { stdio: 'pipe' },
    );
    for (const file of Object.values(FIXTURE_FILES)) {
      expect(readFileSync(join(out, file)).equals(readFileSync(join(DEFAULT_FIXTURE_DIR, file))), file).toBe(true);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('every golden record is the merge of its 2–6 source records', { tag: '@fast' }, ({ data }) => {
  expect(data.providers.length).toBeGreaterThanOrEqual(500);
  // Over every provider at once: one expect() a record would cost more than the merges themselves.
  expect(data.providers.filter(({ sources }) => sources.length < 2 || sources.length > 6).map(({ golden }) => golden.id)).toEqual([]);
  expect(data.providers.filter(({ sources }) => sources[0].index !== SOURCE_INDEX.providerRegistry).map(({ golden }) => golden.id)).toEqual(
    [],
  );
  expect(data.providers.map(({ golden }) => golden.data)).toEqual(
    data.providers.map(({ sources }) => mergeSourceData(sources.map((s) => s.data))),
  );
  const indexes = new Set(data.providers.flatMap((p) => p.sources.map((s) => s.index)));
  expect([...indexes].sort()).toEqual(Object.values(SOURCE_INDEX).sort());
  expect(data.providers.some((p) => p.sources.filter((s) => s.index === SOURCE_INDEX.contactDirectory).length > 1)).toBe(true);
  // Values from different sources stand side by side (§2.4).
  expect(data.providers.some((p) => (p.golden.data.Phone?.length ?? 0) > 1)).toBe(true);
  expect(data.providers.some((p) => (p.golden.data.FullAddress?.length ?? 0) > 1)).toBe(true);
});

test('identifiers carry valid check digits and NUCC-format taxonomy codes', { tag: '@fast' }, ({ data }) => {
  const records = data.providers.flatMap((p) => p.sources.map((s) => s.data));
  const npis = records.flatMap((r) => r.NPI ?? []).filter((npi) => npi !== '');
  const deas = records.flatMap((r) => r.DEALookup ?? []);
  const codes = records.flatMap((r) => (r.Taxonomy ?? []).flatMap((t) => t.TaxonomyCode ?? []));
  expect(npis.length * deas.length * codes.length).toBeGreaterThan(0);
  expect(
    npis.filter((npi) => !isValidNpi(npi)),
    'invalid NPIs',
  ).toEqual([]);
  expect(
    deas.filter((dea) => !isValidDea(dea)),
    'invalid DEA numbers',
  ).toEqual([]);
  expect(
    codes.filter((code) => !NUCC_CODE.test(code)),
    'malformed taxonomy codes',
  ).toEqual([]);
  const npiSystem = IDENTIFIER_SYSTEM.npi;
  const orgIdentifiers = data.organizations.flatMap((o) => o.identifier);
  expect(
    data.organizations.filter((o) => !o.identifier.some((i) => i.system === npiSystem)).map((o) => o.id),
    'organizations without an NPI',
  ).toEqual([]);
  expect(
    orgIdentifiers.filter((i) => !(i.system === npiSystem ? isValidNpi(i.value) : isValidDea(i.value))),
    'invalid organization identifiers',
  ).toEqual([]);
});

test('the source records show the quirks of §2.3', { tag: '@fast' }, ({ data }) => {
  const records: ProviderData[] = data.providers.flatMap((p) => p.sources.map((s) => s.data));
  const values = (pick: (d: ProviderData) => unknown) => records.map(pick);
  const json = JSON.stringify(records);
  expect(json, '[""] as absent').toContain('[""]');
  expect(json, '[] as absent').toContain('[]');
  expect(
    records.some((r) => r.Address?.some((a) => Object.keys(a).length === 0)),
    '{} in Address',
  ).toBe(true);
  for (const key of ['DEADateofOriginalRegistration', 'DEADateOfOriginalRegistration'])
    expect(values((d) => d[key]).some(Boolean), key).toBe(true);
  expect(records.some((r) => r.Name?.some((n) => n.Credential)) && records.some((r) => r.Name?.some((n) => n.Credentials))).toBe(true);
  expect(records.some((r) => r.Address?.some((a) => a.CountryCode)) && records.some((r) => r.Address?.some((a) => a.Country))).toBe(true);
  const dates = records.flatMap((r) => [...(r.LastUpdateDate ?? []), ...(r.DEAExpirationDate ?? [])]);
  expect(
    dates.some((d) => /^\d{2}\/\d{2}\/\d{4}$/.test(d)),
    'MM/DD/YYYY',
  ).toBe(true);
  expect(
    dates.some((d) => /^\d{1}\/\d{1,2}\/\d{4}$/.test(d)),
    'M/D/YYYY',
  ).toBe(true);
  expect(
    dates.some((d) => /^\d{8}$/.test(d)),
    'YYYYMMDD',
  ).toBe(true);
  expect(
    records.some((r) => r.Address?.some((a) => a.Zip?.some((z) => z.length === 9))),
    '9-digit zip',
  ).toBe(true);
});

test('name collisions exist: same first and last name in one state, told apart by city', { tag: '@fast' }, ({ data }) => {
  const groups = new Map<string, Set<string>>();
  for (const { golden } of data.providers) {
    const name = golden.data.Name![0];
    const key = `${name.FirstName![0]}|${name.LastName![0]}|${golden.data.State![0]}`;
    if (!groups.has(key)) groups.set(key, new Set());
    groups.get(key)!.add(golden.data.Address!.find((a) => a.City)!.City![0]);
  }
  expect([...groups.values()].filter((cities) => cities.size > 1).length).toBeGreaterThanOrEqual(3);
});

test('organizations cover what §2.5 describes', { tag: '@fast' }, ({ data }) => {
  const orgs = data.organizations;
  expect(orgs.length).toBeGreaterThanOrEqual(1200);
  const withParent = orgs.filter((o) => o.partOf);
  expect(withParent.length).toBeGreaterThan(0);
  for (const o of withParent)
    expect(
      o.contained?.some((c) => `#${c.id}` === o.partOf!.reference),
      o.id,
    ).toBe(true);
  expect(new Set(orgs.flatMap((o) => o.identifier.map((i) => i.system))).size).toBe(2);
  expect(new Set(orgs.flatMap((o) => (o.telecom ?? []).map((t) => t.system)))).toEqual(new Set(['phone', 'fax']));
  expect(new Set(orgs.flatMap((o) => o.address.map((a) => a.type)))).toEqual(new Set(['postal', 'physical']));
  expect(orgs.some((o) => o.contact.some((c) => c.name.prefix)) && orgs.some((o) => o.contact.some((c) => c.name.suffix))).toBe(true);
  expect(new Set(orgs.map((o) => o.active))).toEqual(new Set([true, false]));
  expect(new Set(orgs.flatMap((o) => (o.type ?? []).map((t) => t.text))).size).toBeGreaterThanOrEqual(3);
  expect(new Set(orgs.map((o) => o.id)).size).toBe(orgs.length);
});
