/**
 * The directory accuracy scorecard (src/quality/): each measure fails the record that shows it and
 * holds for one that does not, the counts fold to the same scorecard in any order and partition (so
 * shards merge exactly), freshness is measured at the survey's date, the lists a user supplies are
 * read as published and are never a rate of zero when absent, and the history warns, never fails,
 * when a rate worsens beyond its interval.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededEntry } from '../../src/bench/history-seed';
import { checkHistory, CHECK_DEFAULTS } from '../../src/history/check';
import { recordEntry } from '../../src/history/record';
import { openHistory } from '../../src/history/store';
import { exportOpenMetrics } from '../../src/history/openmetrics';
import { dayOf } from '../../src/quality/dates';
import { readList } from '../../src/quality/lists';
import { differing, planDifferences, type SurveyPlan } from '../../src/survey/survey-plan';
import { QUALITY_MEASURES } from '../../src/quality/measures';
import { MAX_DATASETS, OTHER_DATASETS, QualityCounts } from '../../src/quality/quality-counts';
import {
  GOLDEN,
  ORGANIZATIONS,
  organizationQuality,
  providerQuality,
  type RecordQuality,
  sharedNpiQuality,
} from '../../src/quality/record-quality';
import { readFixtures } from '../../src/reference/fixture-files';
import { commandAsync, tempDir } from './command';
import { expect, test } from './fixtures';

const fixtures = readFixtures();
const { golden } = fixtures.providers[0];
const clean = golden.data as Record<string, unknown>;
const organization = fixtures.organizations[0] as unknown as Record<string, unknown>;
const address = (clean.Address as Record<string, unknown>[])[0];

/** Which measures a record failed and held. */
const outcome = ({ holds, fails }: RecordQuality) => ({ holds: [...holds].sort(), fails: [...fails].sort() });

test(
  'a clean golden record holds every measure it is counted for; a source record without addresses or an NPI is not counted for them',
  { tag: '@fast' },
  () => {
    const measured = providerQuality(GOLDEN, clean, {});
    expect(measured.fails).toEqual([]);
    expect(outcome(measured).holds).toEqual([
      'DQ-DATE-INVALID',
      'DQ-DEACTIVATED',
      'DQ-NO-NPI',
      'DQ-NO-STREET',
      'DQ-NPI-CHECKDIGIT',
      'DQ-PHONE-IMPOSSIBLE',
      'DQ-ZIP-STATE',
    ]);
    expect(measured.updated).toBe(dayOf((clean.LastUpdateDate as string[])[0]));
    // A drug-registry source supplies neither addresses nor dates: it is counted for nothing it lacks.
    expect(providerQuality('dea', { DEALookup: ['X'] }, {})).toEqual({ dataset: 'dea', holds: [], fails: [] });
  },
);

test('each measure fails the record that shows it', { tag: '@fast' }, () => {
  const failing = (data: Record<string, unknown>, lists = {}) => providerQuality(GOLDEN, { ...clean, ...data }, lists).fails;
  expect(failing({ NPI: ['1234567890'] })).toEqual(['DQ-NPI-CHECKDIGIT']);
  expect(failing({ NPI: [''] })).toEqual(['DQ-NO-NPI']);
  // 10001 is New York's: a Texas address with it is another state's ZIP code.
  expect(failing({ Address: [{ ...address, Zip: ['100011234'] }], Phone: [] })).toEqual(['DQ-ZIP-STATE']);
  expect(failing({ Address: [{ ...address, AddressLine1: [''] }], FullAddress: [] })).toEqual(['DQ-NO-STREET']);
  expect(failing({ Phone: ['2125550100', '1125550100'] })).toEqual(['DQ-PHONE-IMPOSSIBLE']);
  expect(failing({ Phone: ['2120550100'] })).toEqual(['DQ-PHONE-IMPOSSIBLE']);
  // A country code 1 before a possible number is the same number.
  expect(failing({ Phone: ['12125550100'] })).toEqual([]);
  // A deactivation is decided against the survey's date when the counts finish: the record carries its day.
  expect(failing({ NPIDeactivationDate: ['03/01/2021'] })).toEqual([]);
  expect(providerQuality(GOLDEN, { ...clean, NPIDeactivationDate: ['03/01/2021'] }, {}).deactivated).toBe(dayOf('03/01/2021'));
  // Reactivated after: served rightly, and held now.
  const reactivated = providerQuality(GOLDEN, { ...clean, NPIDeactivationDate: ['03/01/2021'], NPIReactivationDate: ['20210601'] }, {});
  expect([reactivated.fails, reactivated.deactivated, reactivated.holds.includes('DQ-DEACTIVATED')]).toEqual([[], undefined, true]);
  // A date that is no day of the calendar, or of no form, is never fresh.
  expect(failing({ LastUpdateDate: ['02/30/2026'] })).toEqual(['DQ-DATE-INVALID']);
  expect(failing({ LastUpdateDate: ['01/05/2024', 'yesterday'] })).toEqual(['DQ-DATE-INVALID']);
  const npi = (clean.NPI as string[])[0];
  expect(failing({}, { deactivatedNpis: new Set([npi]) })).toEqual(['DQ-DEACTIVATED-LIST']);
  expect(failing({}, { deactivatedNpis: new Set(['1000000004']) })).toEqual([]);
  expect(failing({}, { taxonomyCodes: new Set(['207Q00000X']) })).toEqual(['DQ-TAXONOMY-UNLISTED']);
  const codes = (clean.Taxonomy as { TaxonomyCode: string[] }[]).flatMap((t) => t.TaxonomyCode);
  expect(failing({}, { taxonomyCodes: new Set(codes) })).toEqual([]);
  // A value sent as a plain string, not an array (a DATA-SHAPE fault), is still read.
  expect(failing({ NPI: '1234567890' })).toEqual(['DQ-NPI-CHECKDIGIT']);
});

test("an organization's measures: its NPI identifiers, addresses and phones", { tag: '@fast' }, () => {
  expect(outcome(organizationQuality(organization, {}))).toEqual({
    holds: ['DQ-NO-NPI', 'DQ-NO-STREET', 'DQ-NPI-CHECKDIGIT', 'DQ-PHONE-IMPOSSIBLE', 'DQ-ZIP-STATE'],
    fails: [],
  });
  const [first] = organization.address as Record<string, unknown>[];
  const broken = {
    ...organization,
    identifier: [],
    address: [{ ...first, line: [], postalCode: first.state === 'NY' ? '73301' : '10001' }],
    telecom: [{ system: 'phone', value: '0005550100', use: 'work' }],
  };
  expect(outcome(organizationQuality(broken, {})).fails).toEqual(['DQ-NO-NPI', 'DQ-NO-STREET', 'DQ-PHONE-IMPOSSIBLE', 'DQ-ZIP-STATE']);
});

test(
  'an NPI that two organizations met carry fails DQ-NPI-SHARED for both; an organization without an NPI is not counted',
  { tag: '@fast' },
  () => {
    const measured = sharedNpiQuality(
      new Map<string, string | string[]>([
        ['a', ['1234567893']],
        ['b', ['1003000126', '1234567893']],
        ['c', ['1003000126']],
        ['d', ['1588667638', '1588667638']],
        ['e', []],
        // One NPI as the survey holds it, its string: shared with b and c's, and one of its own.
        ['f', '1003000126'],
        ['g', '1245319599'],
      ]),
    );
    expect(measured.map((m) => m.fails.length)).toEqual([1, 1, 1, 0, 1, 0]);
    expect(measured.every((m) => m.dataset === ORGANIZATIONS)).toBe(true);
  },
);

test('the dates of §2.3 r5 and ISO 8601 read as one day; a day that is none is no date', { tag: '@fast' }, () => {
  const day = dayOf('2024-02-29');
  expect(day).toBe(Date.UTC(2024, 1, 29) / 86_400_000);
  for (const form of ['02/29/2024', '2/29/2024', '20240229', '2024-02-29T10:00:00Z']) expect(dayOf(form), form).toBe(day);
  for (const form of ['02/30/2024', '2024-13-01', 'yesterday', '', '29.02.2024']) expect(dayOf(form), form).toBeUndefined();
});

test(
  'the counts fold to one scorecard in any order and partition: shards merge exactly; freshness is measured at the survey date',
  { tag: '@fast' },
  () => {
    const records: RecordQuality[] = fixtures.providers.flatMap((p) => [
      providerQuality(GOLDEN, p.golden.data as Record<string, unknown>, {}),
      ...p.sources.map((s) => providerQuality(s.index, s.data as Record<string, unknown>, {})),
    ]);
    const today = Math.max(...records.map((r) => r.updated ?? 0)) + 60;
    const whole = new QualityCounts();
    whole.add('providers', records);
    // Shards' units folded into one tally in another order, as survey merge folds their journals.
    const merged = new QualityCounts();
    for (const shard of [1, 0]) records.filter((_, i) => i % 2 === shard).forEach((r) => merged.add('providers', [r]));
    expect(merged.finish(today, {})).toEqual(whole.finish(today, {}));
    const scorecard = whole.finish(today, {});
    const rate = (id: string, dataset = GOLDEN) => scorecard.rates.find((r) => r.id === id && r.dataset === dataset)!;
    const dated = records.filter((r) => r.dataset === GOLDEN && r.updated !== undefined);
    expect(rate('DQ-STALE-30').checked).toBe(dated.length);
    expect(rate('DQ-STALE-30').failed).toBe(dated.filter((r) => r.updated! < today - 30).length);
    expect(rate('DQ-STALE-90').failed).toBe(dated.filter((r) => r.updated! < today - 90).length);
    expect(rate('DQ-STALE-30').failed).toBeGreaterThan(rate('DQ-STALE-90').failed);
    expect(rate('DQ-STALE-30').interval95.low).toBeLessThanOrEqual(rate('DQ-STALE-30').rate);
    // In the catalogue's order, and without the lists: named as not judged, never a rate.
    const order = QUALITY_MEASURES.map((m) => m.id as string);
    expect(scorecard.rates.map((r) => order.indexOf(r.id))).toEqual(scorecard.rates.map((r) => order.indexOf(r.id)).sort((a, b) => a - b));
    expect(scorecard.notJudged.map((n) => n.id)).toEqual(['DQ-DEACTIVATED-LIST', 'DQ-TAXONOMY-UNLISTED']);
    expect(scorecard.rates.some((r) => r.id === 'DQ-DEACTIVATED-LIST')).toBe(false);
    expect(whole.finish(today, { deactivatedNpis: true, taxonomyCodes: true }).notJudged).toEqual([]);
  },
);

test(
  'the scorecard cannot be zeroed by dates: a LastUpdateDate after the survey is counted apart and never fresh, a deactivation after it is none yet',
  { tag: '@fast' },
  () => {
    const today = dayOf('11/28/2026')!;
    const record = (data: Record<string, unknown>) => providerQuality(GOLDEN, { ...clean, ...data }, {});
    const counts = new QualityCounts();
    counts.add('providers', [
      record({ LastUpdateDate: ['12/31/2099'] }),
      record({ LastUpdateDate: ['12/31/9999'] }),
      record({ LastUpdateDate: ['11/20/2026'] }),
      record({ LastUpdateDate: ['01/02/2020'], NPIDeactivationDate: ['01/01/2027'] }),
      record({ LastUpdateDate: ['02/30/2026'], NPIDeactivationDate: ['01/01/2024'] }),
    ]);
    const rates = counts.finish(today, {}).rates;
    const rate = (id: string) => rates.find((r) => r.id === id)!;
    expect([rate('DQ-DATE-FUTURE').checked, rate('DQ-DATE-FUTURE').failed]).toEqual([4, 2]);
    // Freshness of the two past dates only: the future ones are no fresh record.
    expect([rate('DQ-STALE-30').checked, rate('DQ-STALE-30').failed]).toEqual([2, 1]);
    expect([rate('DQ-DATE-INVALID').checked, rate('DQ-DATE-INVALID').failed]).toEqual([5, 1]);
    // Every record's source supplies NPIDeactivationDate. Deactivated on 01/01/2027, after the survey: none yet. On 01/01/2024: a deactivation.
    expect([rate('DQ-DEACTIVATED').checked, rate('DQ-DEACTIVATED').failed]).toEqual([5, 1]);
  },
);

test('a service naming every source anew is counted under at most 50 datasets and the rest', { tag: '@fast' }, () => {
  const counts = new QualityCounts();
  for (let i = 0; i < 500; i++) counts.add('providers', [{ dataset: `feed-${i}`, holds: ['DQ-NO-STREET'], fails: [] }]);
  const datasets = new Set(counts.finish(0, {}).rates.map((r) => r.dataset));
  expect(datasets.size).toBe(MAX_DATASETS + 1);
  expect(datasets.has(OTHER_DATASETS)).toBe(true);
});

test(
  'the lists are read as published: any column, CSV or one a line; a missing file, a device or one of nothing is one line',
  { tag: '@fast' },
  async () => {
    const dir = tempDir();
    const report = join(dir, 'deactivated.csv');
    writeFileSync(report, 'NPI,NPPES Deactivation Date\n1234567893,05/01/2024\n"1003000126",06/01/2024\n');
    const deactivated = await readList('deactivated-npis', report);
    expect(['1003000126', '1234567893', '1000000004'].map((npi) => deactivated.values.has(npi))).toEqual([true, true, false]);
    expect(deactivated.values.size).toBe(2);
    expect(deactivated.digest).toMatch(/^[0-9a-f]{64}$/);
    const codes = join(dir, 'nucc.csv');
    writeFileSync(codes, 'Code,Grouping,Classification\n207Q00000X,Allopathic,Family Medicine\n207r00000x,Allopathic,Internal Medicine\n');
    const nucc = await readList('taxonomy-codes', codes);
    expect(['207Q00000X', '207R00000X', '208D00000X'].map((code) => nucc.values.has(code))).toEqual([true, true, false]);
    const lines = join(dir, 'npis.txt');
    writeFileSync(lines, '1234567893\n\n1003000126\n');
    expect((await readList('deactivated-npis', lines)).values.size).toBe(2);
    // Values across the chunks a stream reads (64 KiB): none lost at a boundary, none made of two halves.
    const many = join(dir, 'many.txt');
    const npis = Array.from({ length: 40_000 }, (_, i) => String(1_000_000_000 + i * 7));
    writeFileSync(many, `${npis.join('\n')}\n${'9'.repeat(200_000)}\n`);
    const read = await readList('deactivated-npis', many);
    expect(read.values.size).toBe(npis.length);
    expect(npis.every((npi) => read.values.has(npi))).toBe(true);
    await expect(readList('deactivated-npis', join(dir, 'nope.csv'))).rejects.toThrow(/--deactivated-npis .*nope\.csv does not exist/);
    await expect(readList('taxonomy-codes', report)).rejects.toThrow(/holds no taxonomy code/);
    await expect(readList('deactivated-npis', dir)).rejects.toThrow(/is a folder/);
    // A device never ends (/dev/zero took 16.9 GB before Node gave up): refused at once, never read.
    await expect(readList('deactivated-npis', '/dev/zero')).rejects.toThrow(
      /--deactivated-npis \/dev\/zero is not a file \(a device, a pipe or a socket\)/,
    );
  },
);

test(
  'the history keeps each survey scorecard; a rate that worsened beyond its interval is a warning of history check, never a regression',
  { tag: '@full' },
  async () => {
    const store = join(tempDir(), 'history');
    const opened = await openHistory(store);
    const survey = (n: number, failed: number) => {
      const entry = seededEntry(1, 1, Date.UTC(2026, 0, 1) + n * 86_400_000);
      return {
        ...entry,
        reportId: `dq-${n}`,
        verdict: 'pass',
        exitCode: 0,
        requirements: entry.requirements.map((r) => ({ ...r, status: 'pass', failed: 0 })),
        rates: [],
        failingKeys: [],
        dataQuality: [{ measure: 'DQ-ZIP-STATE', records: 'providers', dataset: GOLDEN, checked: 1000, failed }],
      };
    };
    try {
      await recordEntry(opened.db, survey(0, 10));
      // 12 of 1000 after 10: within the interval.
      await recordEntry(opened.db, survey(1, 12));
      const steady = await checkHistory(opened.db, { against: 'last', ...CHECK_DEFAULTS });
      expect(steady.warnings).toEqual([]);
      await recordEntry(opened.db, survey(2, 80));
      const worse = await checkHistory(opened.db, { against: 'last', ...CHECK_DEFAULTS });
      expect(worse.regressions).toEqual([]);
      expect(worse.warnings.map((w) => w.line)).toEqual([
        expect.stringMatching(
          /DQ-ZIP-STATE of providers in \(golden record\): 1\.20% \(12 of 1000.*→ 8\.00% \(80 of 1000.*never part of the verdict/,
        ),
      ]);
      expect(await exportOpenMetrics(opened.db)).toMatch(
        /^directory_conformance_data_quality_ratio\{target="[^"]+",measure="DQ-ZIP-STATE",records="providers",dataset="\(golden record\)"\} 0\.08$/m,
      );
    } finally {
      await opened.close();
    }
    const checked = await commandAsync(['history', 'check', '--history', store]);
    expect(checked.code, checked.stderr).toBe(0);
    expect(checked.stdout).toMatch(/^warning: .*DQ-ZIP-STATE/m);
    expect(checked.stdout).toMatch(/history check: PASS: no regression/);
  },
);

test(
  'a resume or a merge of a list whose contents changed is another survey: the plans differ by the lists digests',
  { tag: '@fast' },
  () => {
    const plan: SurveyPlan = {
      baseUrl: 'https://directory.example',
      embedded: false,
      walks: [],
      shard: { index: 1, total: 1 },
      examples: 5,
      maxFailureRows: 100,
      credentials: { bearer: false, headers: [], clientCertificate: false },
      deactivatedNpis: '/lists/deactivated.csv',
      listDigests: { deactivatedNpis: 'a'.repeat(64) },
    };
    expect(planDifferences(plan, { ...plan })).toEqual([]);
    const changed = planDifferences(plan, { ...plan, listDigests: { deactivatedNpis: 'b'.repeat(64) } });
    // As the refusal of a resume says it: "its <part> differs", one reading of the part and its verb.
    expect(`its ${differing(changed)}`).toBe('its list of --deactivated-npis or --taxonomy-codes (its file changed since) differs');
  },
);
