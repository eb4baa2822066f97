/**
 * A bulk export read as `survey --export` reads it (src/export/): the reference server's export in
 * every form a directory publishes it (plain, gzip, Zstandard; one file, a folder, a manifest), the
 * Bulk Data kick-off, status and files as the reference server answers them, what cannot be read
 * counted and named, and what the export holds of identities, references and stamps.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { exportSearches, organizationDifferences, sameOrganization } from '../../src/export/compare';
import { type ExportHoldings, ExportIndex } from '../../src/export/holdings';
import { linesOf } from '../../src/export/lines';
import { MAX_LINE_BYTES, readExport } from '../../src/export/read-export';
import { ExportSourceError, exportSourceOf } from '../../src/export/source';
import { loadDirectory } from '../../src/reference/directory';
import { EXPORT_TYPES, exportFile } from '../../src/reference/export';
import { buildReferenceServer } from '../../src/reference/server';
import { withChanges } from '../../src/reference/scenarios/behaviour';
import { CONFORMANT_EXPORTS, EXPORT_SCENARIOS } from '../../src/reference/scenarios/export-scenarios';
import { SCHEMA } from '../../src/schema-validation/validator';
import { commandAsync, tempDir } from './command';
import { parse } from 'csv-parse/sync';
import { scenarioPrefix } from '../../src/reference/scenarios/registry';
import type { SurveyReport } from '../../src/types/schemas';
import { expect, test } from './fixtures';

async function holdingsOf(source: string): Promise<ExportHoldings> {
  const index = new ExportIndex();
  for await (const resource of readExport(
    exportSourceOf(source),
    (problem) => index.problem(problem),
    (read) => index.fileRead(read),
  ))
    index.add(resource);
  return index.holdings();
}

const directory = loadDirectory();
const sizes = { Organization: directory.organizations.size, Practitioner: directory.providers.size };

test(
  'the reference export reads back whole in every form: plain, gzip and Zstandard, one file, a folder, a manifest',
  { tag: '@fast' },
  async () => {
    const dir = tempDir();
    const organizations = await exportFile(directory, 'Organization');
    const forms = {
      'plain.ndjson': organizations.ndjson,
      'gzip.ndjson.gz': gzipSync(organizations.ndjson),
      'zstd.ndjson.zst': organizations.zst,
    };
    for (const [name, bytes] of Object.entries(forms)) {
      writeFileSync(join(dir, name), bytes);
      const holdings = await holdingsOf(join(dir, name));
      expect({ name, resources: holdings.resources, problems: holdings.problemsShown }).toEqual({
        name,
        resources: { Organization: sizes.Organization },
        problems: [],
      });
      expect(holdings.files[0].compression).toBe(name.split('.')[0]);
    }
    // A folder reads every NDJSON file in it: here the same organizations three times.
    expect((await holdingsOf(dir)).resources).toEqual({ Organization: 3 * sizes.Organization });

    const release = join(tempDir(), 'release');
    mkdirSync(join(release, 'files'), { recursive: true });
    const files = [];
    for (const type of EXPORT_TYPES) {
      writeFileSync(join(release, 'files', `${type}.ndjson.zst`), (await exportFile(directory, type)).zst);
      files.push({ resourceType: type, path: `files/${type}.ndjson.zst` });
    }
    writeFileSync(join(release, 'manifest.json'), JSON.stringify({ releaseDate: '2026-12-01', files }));
    const held = await holdingsOf(release);
    expect(held.resources).toEqual(sizes);
    expect(exportSourceOf(release).released).toBe('2026-12-01');
    expect(held.identifiers.NPI.resources).toBeGreaterThan(0);
    expect(held.problems).toBe(0);
  },
);

test(
  'the reference server kicks off, answers the status as a manifest, and serves the files it names',
  { tag: '@fast' },
  async ({ server, schemas }) => {
    const refused = await server.inject({ method: 'GET', url: '/fhir/$export' });
    expect(refused.statusCode).toBe(400);
    const kickOff = await server.inject({ method: 'GET', url: '/fhir/$export', headers: { prefer: 'respond-async' } });
    expect(kickOff.statusCode).toBe(202);
    const status = await server.inject({ method: 'GET', url: new URL(String(kickOff.headers['content-location'])).pathname });
    expect(status.statusCode).toBe(200);
    const manifest = status.json() as { output: { type: string; url: string; count: number }[] };
    expect(schemas.validate(SCHEMA.exportManifest, manifest)).toEqual({ valid: true });
    expect(manifest.output.map(({ type, count }) => [type, count])).toEqual(Object.entries(sizes));
    const dir = tempDir();
    for (const { type, url } of manifest.output) {
      const file = await server.inject({ method: 'GET', url: new URL(url).pathname });
      expect(file.headers['content-type']).toMatch(/^application\/fhir\+ndjson/);
      writeFileSync(join(dir, `${type}.ndjson.zst`), file.rawPayload);
    }
    expect((await holdingsOf(dir)).resources).toEqual(sizes);
  },
);

test(
  'what cannot be read is counted and named, and the reading goes on: no JSON, no resourceType, a line past the bound, a truncated file',
  { tag: '@fast' },
  async () => {
    const dir = tempDir();
    const overlong = `{"resourceType":"Organization","name":"${'x'.repeat(MAX_LINE_BYTES)}"}`;
    writeFileSync(
      join(dir, 'a.ndjson'),
      [
        '{"resourceType":"Organization","id":"o1"}',
        'not json',
        '[1]',
        '{"id":"o2"}',
        overlong,
        '',
        '{"resourceType":"Organization","id":"o3"}',
        // Nested past any FHIR resource: read, its reference counted, the stack never at stake.
        `{"resourceType":"Organization","id":"deep","x":${'['.repeat(100_000)}{"reference":"Organization/o1"}${']'.repeat(100_000)}}`,
      ].join('\r\n'),
    );
    const { zst } = await exportFile(directory, 'Organization');
    writeFileSync(join(dir, 'b.ndjson.zst'), zst.subarray(0, Math.floor(zst.length / 2)));
    const holdings = await holdingsOf(dir);
    expect(holdings.resources.Organization).toBeGreaterThanOrEqual(3);
    expect(holdings.references).toMatchObject({ checked: 1, dangling: 0 });
    expect(holdings.problemsShown.slice(0, 4).map(({ line, reason }) => [line, reason])).toEqual([
      [2, 'not JSON'],
      [3, 'not a JSON object'],
      [4, 'no resourceType'],
      [5, `longer than ${MAX_LINE_BYTES} bytes`],
    ]);
    expect(holdings.problemsShown[4]).toMatchObject({
      file: join(dir, 'b.ndjson.zst'),
      reason: expect.stringMatching(/^not a whole Zstandard stream/),
    });
    for (const [source, says] of [
      [join(dir, 'none'), /cannot be read \(ENOENT\)/],
      [tempDir(), /holds no manifest\.json and no NDJSON file/],
    ] as const)
      expect(() => exportSourceOf(source)).toThrow(says);
    writeFileSync(join(dir, 'manifest.json'), '{"output": [{"type": "Organization"}]}');
    expect(() => exportSourceOf(dir)).toThrow(ExportSourceError);
  },
);

test(
  "an NPI under either of its systems is one identifier, each system's share counted; a reference to no resource of the export is dangling; one stamp on every resource is the export's, not the records'",
  { tag: '@fast' },
  async () => {
    const dir = tempDir();
    const stamp = { lastUpdated: '2026-12-01T00:00:00Z' };
    const lines = [
      {
        resourceType: 'Organization',
        id: 'parent',
        meta: stamp,
        identifier: [{ system: 'http://hl7.org/fhir/sid/us-npi', value: '1234567893' }],
      },
      {
        resourceType: 'Organization',
        id: 'child',
        meta: stamp,
        partOf: { reference: 'Organization/parent' },
        identifier: [{ system: 'http://terminology.hl7.org/NamingSystem/npi', value: '1245319599' }],
      },
      {
        resourceType: 'Organization',
        id: 'orphan',
        meta: stamp,
        partOf: { reference: 'https://other.example/fhir/Organization/gone' },
        contained: [{ resourceType: 'Location', managingOrganization: { reference: '#x' } }],
      },
      {
        resourceType: 'Organization',
        id: 'both',
        meta: stamp,
        identifier: [
          { system: 'http://hl7.org/fhir/sid/us-npi', value: '1' },
          { system: 'urn:oid:2.16.840.1.113883.4.6', value: '1' },
          { system: 'http://example.org/other', value: '2' },
        ],
      },
    ];
    writeFileSync(join(dir, 'Organization.ndjson'), lines.map((line) => JSON.stringify(line)).join('\n'));
    const holdings = await holdingsOf(dir);
    expect(holdings.identifiers).toEqual({
      NPI: {
        resources: 3,
        bySystem: {
          'http://hl7.org/fhir/sid/us-npi': 2,
          'http://terminology.hl7.org/NamingSystem/npi': 1,
          'urn:oid:2.16.840.1.113883.4.6': 1,
        },
      },
    });
    expect(holdings.references).toEqual({
      checked: 2,
      dangling: 1,
      shown: [
        {
          file: join(dir, 'Organization.ndjson'),
          line: 3,
          from: 'Organization/orphan',
          reference: 'https://other.example/fhir/Organization/gone',
        },
      ],
    });
    expect(holdings.stamps).toEqual([{ file: join(dir, 'Organization.ndjson'), stamped: 4, oneStamp: stamp.lastUpdated }]);
  },
);

test('lines come whole and numbered however the bytes are cut, and a line past the bound is never held', { tag: '@fast' }, async () => {
  const max = 8;
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.string({ maxLength: 12, unit: fc.constantFrom('a', 'é', '\n', '\r') }), { maxLength: 6 }),
      fc.array(fc.nat(20), { maxLength: 8 }),
      async (parts, cuts) => {
        const bytes = Buffer.from(parts.join(''));
        const chunks = [];
        let at = 0;
        for (const cut of cuts) chunks.push(bytes.subarray(at, (at = Math.min(bytes.length, at + cut + 1))));
        chunks.push(bytes.subarray(at));
        const got = [];
        for await (const line of linesOf(
          (async function* () {
            yield* chunks;
          })(),
          max,
        ))
          got.push(line);
        const text = bytes.toString('utf8');
        const expected = (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
        if (text === '') expected.pop();
        expect(got).toEqual(
          expected.map((line, i) =>
            Buffer.byteLength(line) > max
              ? { number: i + 1, overlong: true }
              : { number: i + 1, text: line.endsWith('\r') ? line.slice(0, -1) : line },
          ),
        );
      },
    ),
  );
});

test(
  'survey --export SOURCE --dry-run says what the export holds and asks nothing; an export with nothing readable stops a dry run and a survey in one line, exit 2',
  { tag: '@fast' },
  async () => {
    const dir = tempDir();
    for (const type of EXPORT_TYPES) writeFileSync(join(dir, `${type}.ndjson.zst`), (await exportFile(directory, type)).zst);
    const read = await commandAsync(['survey', '--export', dir, '--dry-run']);
    expect(read.code).toBe(0);
    // The export alone asks no service: no target is configured or started, the embedded server included.
    expect(read.stderr).not.toMatch(/target:/);
    expect(read.stdout).toContain(
      `export: 2 files (zstd), ${(sizes.Organization + sizes.Practitioner).toLocaleString('en-US')} resources: Organization ${sizes.Organization.toLocaleString('en-US')}, Practitioner ${sizes.Practitioner}`,
    );
    expect(read.stdout).toMatch(
      /export: NPI on [\d,]+ resources, by system \(one identifier, whichever names it\): http:\/\/hl7\.org\/fhir\/sid\/us-npi [\d,]+ \(100\.0%\)/,
    );
    expect(read.stdout).toContain('0 to no resource of the export (DQ-EXPORT-DANGLING)');
    const unread = join(tempDir(), 'Organization.ndjson');
    writeFileSync(unread, 'not json\n');
    const nothing = new RegExp(
      `--export ${unread} holds no resource that could be read: 1 unreadable \\(a line or a file\\), the first ${unread}:1, not JSON`,
    );
    // As a dry run, and as a survey: refused before anything is asked or written.
    const out = join(tempDir(), 'survey');
    for (const args of [['--dry-run'], ['--max-rps', '0', '--out', out]]) {
      const refused = await commandAsync(['survey', '--export', unread, ...args]);
      expect({ code: refused.code, says: refused.stderr }).toEqual({ code: 2, says: expect.stringMatching(nothing) });
    }
    expect(existsSync(out)).toBe(false);
  },
);

test(
  "an exported organization beside the service's: the same in every field that differs only in spelling, in the NPI's system or in a phone's punctuation; another value of a field both carry differs, one side's alone does not",
  { tag: '@fast' },
  () => {
    const [served] = directory.organizations.search({}).slice(0, 1) as unknown as Record<string, unknown>[];
    const identifiers = served.identifier as { system?: string; value: string }[];
    const respelled = {
      ...served,
      name: ` ${String(served.name).toLowerCase()}  `,
      identifier: identifiers.map((i) =>
        i.system === 'http://hl7.org/fhir/sid/us-npi' ? { ...i, system: 'http://terminology.hl7.org/NamingSystem/npi' } : i,
      ),
      telecom: [{ system: 'phone', value: '(512) 555-0134' }],
    };
    const servedWithPhone = { ...served, telecom: [{ system: 'phone', value: '5125550134' }] };
    expect(organizationDifferences(respelled, servedWithPhone)).toEqual([]);
    expect(organizationDifferences({ ...served, name: 'ANOTHER NAME', active: false }, { ...served, active: true })).toEqual([
      { field: 'name', exportedOnly: ['ANOTHER NAME'], servedOnly: [String(served.name).toUpperCase()] },
      { field: 'active', exportedOnly: ['false'], servedOnly: ['true'] },
    ]);
    const { telecom: _telecom, ...withoutPhone } = servedWithPhone;
    expect(organizationDifferences({ ...served, telecom: [{ system: 'phone', value: '2125550100' }] }, withoutPhone)).toEqual([]);
    expect(
      organizationDifferences(
        { ...served, partOf: { reference: 'Organization/p1' } },
        { ...served, partOf: { reference: 'https://h.example/fhir/Organization/p1' } },
      ),
    ).toEqual([]);

    const other = { ...served, id: 'another-id' };
    expect(sameOrganization(served, [{ ...served, id: 'x', identifier: [] }, served])).toBe(served);
    expect(sameOrganization({ ...respelled, id: 'not-served' }, [{ id: 'x' }, other])).toBe(other);
    expect(sameOrganization({ id: 'not-served', identifier: [{ system: 'http://example.org', value: 'v' }] }, [other])).toBeUndefined();

    const npi = identifiers.find((i) => i.system === 'http://hl7.org/fhir/sid/us-npi')!;
    expect(exportSearches({ ...served, identifier: [npi] })).toEqual([
      { identifier: npi.value },
      { identifier: `${npi.system}|${npi.value}` },
      { name: String(served.name), 'address-state': (served.address as { state: string }[])[0].state },
    ]);
  },
);

test(
  "each export scenario's findings the export alone shows are counted exactly as planted: references to no resource of it, files of one stamp; a conformant export and a renamed NPI system show none",
  { tag: '@fast' },
  async () => {
    const app = buildReferenceServer({
      directory,
      scenarios: EXPORT_SCENARIOS.map((scenario) => ({
        prefix: `/scenario/${scenario.name}`,
        behaviour: withChanges(scenario.behaviour),
      })),
    });
    // The resources carrying an NPI in the export as the API serves it: a renamed system keeps every one.
    const reference = tempDir();
    for (const type of EXPORT_TYPES) writeFileSync(join(reference, `${type}.ndjson`), (await exportFile(directory, type)).ndjson);
    const publishedNpis = (await holdingsOf(reference)).identifiers.NPI.resources;
    try {
      for (const scenario of EXPORT_SCENARIOS) {
        const kickOff = await app.inject({
          method: 'GET',
          url: `/scenario/${scenario.name}/fhir/$export`,
          headers: { prefer: 'respond-async' },
        });
        const status = await app.inject({ method: 'GET', url: new URL(String(kickOff.headers['content-location'])).pathname });
        const dir = tempDir();
        for (const { type, url } of (status.json() as { output: { type: string; url: string }[] }).output)
          writeFileSync(join(dir, `${type}.ndjson.zst`), (await app.inject({ method: 'GET', url: new URL(url).pathname })).rawPayload);
        const holdings = await holdingsOf(dir);
        const planted = scenario.planted(directory);
        expect({
          scenario: scenario.name,
          dangling: holdings.references.dangling,
          oneStamp: holdings.stamps.filter((s) => s.oneStamp !== undefined).length,
          npi: holdings.identifiers.NPI.resources,
          problems: holdings.problems,
        }).toEqual({
          scenario: scenario.name,
          dangling: planted['DQ-EXPORT-DANGLING'] ?? 0,
          oneStamp: planted['one-stamp-files'] ?? 0,
          // An organization left out of the release takes its NPI with it.
          npi: publishedNpis - (planted['DQ-EXPORT-UNPUBLISHED'] ?? 0),
          problems: 0,
        });
      }
    } finally {
      await app.close();
    }
  },
);

test(
  "the survey counts each export scenario's findings exactly as planted, traced to their file, record and field; against a conformant export and a renamed NPI system every DQ-EXPORT-* measure is zero",
  { tag: '@fast' },
  async ({ scenarios, schemas }) => {
    const baseUrl = `${scenarios.origin}${scenarioPrefix('clean')}`;
    for (const scenario of EXPORT_SCENARIOS) {
      const dir = tempDir();
      const planted = scenario.planted(directory);
      // The practitioners are read where every measure must be zero, and where a scenario stamps every file: the rest plant in organizations.
      const conformant = CONFORMANT_EXPORTS.includes(scenario);
      const bothTypes = conformant || planted['one-stamp-files'] !== undefined;
      const types = bothTypes ? EXPORT_TYPES : (['Organization'] as const);
      for (const type of types)
        writeFileSync(join(dir, `${type}.ndjson.zst`), (await exportFile(directory, type, scenario.behaviour.export)).zst);
      // UNPUBLISHED needs the organizations the walks meet: walked where a scenario plants it or plants nothing.
      const walks = 'DQ-EXPORT-UNPUBLISHED' in planted ? ['--organizations-by-state'] : [];
      const out = join(dir, 'survey');
      const surveyed = await commandAsync(['survey', '--base-url', baseUrl, '--max-rps', '0', '--export', dir, ...walks, '--out', out]);
      // No walk, no NPI: no record judged for conformance, and the verdict says so (exit 3), the export measured all the same.
      expect({ code: surveyed.code, why: surveyed.stdout }).toEqual(
        walks.length > 0
          ? { code: 0, why: expect.stringMatching(/survey: PASS/) }
          : { code: 3, why: expect.stringMatching(/survey: INCONCLUSIVE: .*never judged for conformance/) },
      );
      const report = JSON.parse(readFileSync(join(out, 'survey.json'), 'utf8')) as SurveyReport;
      expect(schemas.validate(SCHEMA.survey, report)).toEqual({ valid: true });
      const rates = report.dataQuality!.rates.filter((r) => r.family === 'export' && r.field === undefined);
      const failed = (id: string) => rates.filter((r) => r.id === id).reduce((sum, r) => sum + r.failed, 0);
      const found = Object.fromEntries(
        (Object.keys(planted) as (keyof typeof planted)[]).map((finding) => [
          finding,
          finding === 'one-stamp-files' ? report.export!.freshness.length : failed(finding),
        ]),
      );
      expect({ scenario: scenario.name, ...found }).toEqual({ scenario: scenario.name, ...planted });
      // Every exported resource was asked; each rate is over them, per type and file.
      const published =
        sizes.Organization +
        (bothTypes ? sizes.Practitioner : 0) +
        (planted['DQ-EXPORT-ABSENT'] ?? 0) -
        (planted['DQ-EXPORT-UNPUBLISHED'] ?? 0);
      expect(report.export).toMatchObject({ asked: published, notAsked: 0 });
      expect(rates.find((r) => r.id === 'DQ-EXPORT-ABSENT' && r.resourceType === 'Organization')?.dataset).toBe('Organization.ndjson.zst');
      // A finding of the data is never a finding of conformance.
      expect(report.requirements.filter((r) => r.failed > 0)).toEqual([]);
      const rows = parse(readFileSync(join(out, 'failures.csv')), { columns: true }) as Record<string, string>[];
      expect(rows.length).toBe((planted['DQ-EXPORT-ABSENT'] ?? 0) + (planted['DQ-EXPORT-DIFFERS'] ?? 0));
      if (scenario.name === 'export-value-differs') {
        const row = rows[0];
        // The record, the field, both values and both URLs.
        expect(row).toMatchObject({ requirement: 'DQ-EXPORT-DIFFERS', level: 'DQ', pointer: 'name', source: 'Organization.ndjson.zst' });
        expect(row.exportValue).toBe(`${row.value} FORMERLY`);
        expect(row.url).toMatch(new RegExp(`^${baseUrl.replace(/[.]/g, '\\.')}/fhir/organization\\?identifier=`));
        expect(row.exportUrl).toMatch(/Organization\.ndjson\.zst:\d+$/);
        expect(report.dataQuality!.rates.find((r) => r.id === 'DQ-EXPORT-DIFFERS' && r.field === 'name')?.failed).toBe(
          planted['DQ-EXPORT-DIFFERS'],
        );
      }
    }
  },
);
