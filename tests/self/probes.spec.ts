/** probes check and probes draft: verdicts in the suite's words, verified drafts, bounded requests. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadProbes } from '../../src/probes/probes-file';
import { DirectoryEndpoints } from '../../src/client/endpoints';
import { ReadOnlyHttpClient, Throttle } from '../../src/client/http-client';
import { Redactor } from '../../src/client/redact';
import { UndiciTransport } from '../../src/client/transport';
import { BoundedEndpoints } from '../../src/probe-tools/bounded-endpoints';
import { draftProbes } from '../../src/probe-tools/draft';
import { draftRequestBound } from '../../src/probe-tools/draft-bound';
import { verifyProbes } from '../../src/probe-tools/verify';
import { DEFAULT_FIXTURE_DIR, FIXTURE_FILES } from '../../src/fixture-paths';
import { createSchemaValidator, SCHEMA } from '../../src/schema-validation/validator';
import type { ConformanceReport, Probes } from '../../src/types/schemas';
import { expect, test } from './fixtures';
import { listening } from './socket-server';
import { commandAsync, tempDir } from './command';

const PROBES = loadProbes(join(DEFAULT_FIXTURE_DIR, FIXTURE_FILES.probes));
const paths = { providerPath: '/provider', fhirPath: '/fhir' };

function endpoints<E extends DirectoryEndpoints>(
  Endpoints: new (http: ReadOnlyHttpClient, p: typeof paths) => E,
  baseUrl: string,
  throttle?: Throttle,
) {
  const transport = new UndiciTransport();
  const http = new ReadOnlyHttpClient(transport, {
    baseUrl,
    headers: {},
    timeoutMs: 10_000,
    redactor: new Redactor([]),
    ...(throttle ? { throttle } : {}),
  });
  return { api: new Endpoints(http, paths), close: () => transport.close() };
}

test('probes check: every promise of the committed probes holds against the reference server', { tag: '@fast' }, async ({ directory }) => {
  const { server, baseUrl } = await listening(directory);
  const { api, close } = endpoints(DirectoryEndpoints, baseUrl);
  try {
    const verdicts = await verifyProbes(api, PROBES);
    // One per probe, one more per ambiguous probe for its narrowing, and one for statusSearch.
    const promises =
      PROBES.provider!.unique!.length +
      2 * PROBES.provider!.ambiguous!.length +
      PROBES.provider!.none!.length +
      PROBES.organization!.searches!.length +
      2 +
      PROBES.organization!.identifiers!.length +
      1;
    expect(verdicts).toHaveLength(promises);
    expect(verdicts.filter((v) => v.status !== 'holds')).toEqual([]);
  } finally {
    await close();
    await server.close();
  }
});

test(
  'probes check: a broken promise is contradicted in the probe-problem wording; a failing service leaves it unconfirmed',
  { tag: '@fast' },
  async ({ directory }) => {
    const ambiguous = PROBES.provider!.ambiguous![0].query;
    const known = PROBES.provider!.unique![0].query;
    const wrong: Probes = {
      provider: {
        unique: [{ query: ambiguous }],
        none: [{ query: known }],
        ambiguous: [{ query: known, narrowedBy: { City: 'NOWHERE' } }],
      },
      organization: {
        searches: [{ query: { name: 'NO SUCH ORGANIZATION ANYWHERE' } }],
        multiPage: PROBES.organization!.searches![3],
        identifiers: ['0000000000'],
      },
    };
    const { server, baseUrl } = await listening(directory);
    const { api, close } = endpoints(DirectoryEndpoints, baseUrl);
    try {
      const verdicts = await verifyProbes(api, wrong);
      expect(verdicts.map((v) => v.status)).toEqual(Array(verdicts.length).fill('contradicted'));
      expect(verdicts[0].message).toMatch(
        /^provider\.unique\[0\] .* promised exactly one matching provider, but the service answered 200 text\/plain.* that more than one provider matches \(GET http:.*\): either the probes file is out of date or the service's matching is wrong$/,
      );
      expect(verdicts.find((v) => v.probe.startsWith('organization.multiPage'))!.observed).toBe(
        'the walk by Page ended on Page=2 with 1 organization (Page=1: 1 entry, total 1, no next link)',
      );
    } finally {
      await close();
      await server.close();
    }
    // A service that answers an array is at fault itself: the probe is neither kept nor blamed.
    const faulty = await listening(directory, 'single-best-array');
    const against = endpoints(DirectoryEndpoints, faulty.baseUrl);
    try {
      const [verdict] = await verifyProbes(against.api, { provider: { unique: PROBES.provider!.unique!.slice(0, 1) } });
      expect(verdict.status).toBe('unconfirmed');
      expect(verdict.message).toContain('the service failed on its own');
    } finally {
      await against.close();
      await faulty.server.close();
    }
  },
);

test(
  'probes draft: verified promises only, within the stated bound of requests, in a file that matches the schema and passes check',
  { tag: '@fast' },
  async ({ directory }) => {
    const { server, baseUrl } = await listening(directory);
    // Seeds as a user would have them: NPIs of providers the probes file knows, and one the service does not know.
    const seedsFrom = endpoints(DirectoryEndpoints, baseUrl);
    const npis: string[] = [PROBES.provider!.unique!.find((p) => p.query.NPI)!.query.NPI];
    for (const { query, narrowedBy } of PROBES.provider!.ambiguous!) {
      const record = (await seedsFrom.api.searchSingleBest({ ...query, ...narrowedBy })).body as { data: { NPI: string[] } };
      npis.push(record.data.NPI[0]);
    }
    await seedsFrom.close();
    const unknown = PROBES.provider!.none!.find((p) => p.query.NPI)!.query.NPI;
    const seeds = [...npis, unknown];
    const clock = { now: 0 };
    const waits: number[] = [];
    const throttle = new Throttle(
      10,
      async (ms) => {
        waits.push(ms);
        clock.now += ms;
      },
      () => clock.now,
    );
    const { api, close } = endpoints(BoundedEndpoints, baseUrl, throttle);
    try {
      const draft = await draftProbes(api, seeds);
      expect(draft.bound).toBe(draftRequestBound(seeds.length));
      expect(draft.requests).toBeLessThanOrEqual(draft.bound);
      // MAX_RPS holds: every request after the first waited its 100 ms slot.
      expect(waits.length).toBe(draft.requests - 1);
      expect(draft.notes.join('\n')).toContain(`NPI ${unknown}`);
      expect(createSchemaValidator().validate(SCHEMA.probes, draft.probes)).toEqual({ valid: true });
      const { provider = {}, organization = {} } = draft.probes;
      expect(provider.unique?.length).toBeGreaterThanOrEqual(npis.length);
      expect(provider.ambiguous?.length).toBeGreaterThan(0);
      expect(provider.none).toHaveLength(1);
      expect(organization.searches?.length).toBeGreaterThan(0);
      expect(organization.identifiers?.length).toBeGreaterThan(0);
      // Whatever it could not fill, it says why.
      const present = new Set([
        ...Object.keys(provider).map((k) => `provider.${k}`),
        ...Object.keys(organization).map((k) => `organization.${k}`),
      ]);
      for (const { category, why } of draft.unfilled) {
        expect(present.has(category)).toBe(false);
        expect(why.length).toBeGreaterThan(10);
      }
      expect(present.size + draft.unfilled.length).toBe(8);
      // The reference server searches by status: the draft says so, and ORG-ACTIVE runs from the file alone.
      expect(organization.statusSearch).toBe(true);
      // Each seed's NPI, then the name-and-state queries the service answered with the seed.
      expect(provider.unique!.slice(0, npis.length).map((p) => p.query)).toEqual(npis.map((NPI) => ({ NPI })));
      expect(provider.unique!.some((p) => 'FirstName' in p.query && 'State' in p.query)).toBe(true);
      const check = endpoints(DirectoryEndpoints, baseUrl);
      const verdicts = await verifyProbes(check.api, draft.probes);
      await check.close();
      expect(verdicts.filter((v) => v.status !== 'holds')).toEqual([]);
    } finally {
      await close();
      await server.close();
    }
  },
);

test(
  "probes draft: a seed whose check digit is wrong is the service's own data: drafted from, with a note",
  { tag: '@fast' },
  async ({ directory }) => {
    const { server, baseUrl } = await listening(directory);
    const { api, close } = endpoints(BoundedEndpoints, baseUrl);
    try {
      const known = PROBES.provider!.unique!.find((p) => p.query.NPI)!.query.NPI;
      const draft = await draftProbes(api, [known, '1234567890']);
      expect(draft.notes[0]).toMatch(/^NPI 1234567890 has no valid check digit .*DATA-NPI-CHECKDIGIT will report them$/);
      expect(draft.probes.provider?.unique?.[0]).toEqual({ query: { NPI: known } });
    } finally {
      await close();
      await server.close();
    }
  },
);

test(
  "probes check judges multiPage as the suite does: pages of 100 are the service's ORG-PAGE failure, never the probe's",
  { tag: '@fast' },
  async ({ directory }) => {
    // A search that matches between 26 and 100 organizations (the fixtures hold 38 in Tampa): Page=2 of 100 a page is empty.
    const { server, baseUrl } = await listening(directory, 'page-only-100');
    const { api, close } = endpoints(DirectoryEndpoints, baseUrl);
    try {
      const [multiPage] = (await verifyProbes(api, { organization: { multiPage: { query: { 'address-city': 'TAMPA' } } } })).filter((v) =>
        v.probe.startsWith('organization.multiPage'),
      );
      expect(multiPage.status).toBe('unconfirmed');
      expect(multiPage.observed).toMatch(/^ORG-PAGE: Page=1 returned 38 entries; Page alone gives at most 25 \(§8\)$/);
    } finally {
      await close();
      await server.close();
    }
  },
);

test(
  'a status-search promise answered "not supported" (§4.3: only for tenants configured to search status) is a probe problem in run and in probes check alike: exit 3, never a finding',
  { tag: '@full' },
  async ({ directory }) => {
    const { server, baseUrl } = await listening(directory, 'no-status-search');
    const { api, close } = endpoints(DirectoryEndpoints, baseUrl);
    try {
      const query = PROBES.organization!.searches![0].query;
      const [verdict] = await verifyProbes(api, { organization: { searches: [{ query }], statusSearch: true } }).then((all) =>
        all.filter((v) => v.probe.startsWith('organization.statusSearch')),
      );
      expect(verdict.status).toBe('contradicted');
      expect(verdict.observed).toBe('active=true answered 400: the tenant does not search by status');
      const report = join(tempDir(), 'report');
      const run = await commandAsync(['run', '--base-url', baseUrl, '--grep', 'ORG-ACTIVE', '--report', report], {
        env: { MAX_RPS: '0', STATUS_SEARCH: 'true' },
      });
      expect(run.code, run.stdout + run.stderr).toBe(3);
      const json = JSON.parse(readFileSync(join(report, 'conformance.json'), 'utf8')) as ConformanceReport;
      expect(json.probeProblems.map((p) => p.observed)).toEqual([verdict.observed]);
      expect(json.requirements.find((r) => r.id === 'ORG-ACTIVE')?.failures).toEqual([]);
    } finally {
      await close();
      await server.close();
    }
  },
);

test(
  'probes draft keeps its evidence: seeds whose records break a rule stay, multiPage comes from a service that pages by 20, and every note is what an answer showed',
  { tag: '@fast' },
  async ({ directory }) => {
    const seeds = PROBES.provider!.unique!.flatMap((p) => (p.query.NPI ? [p.query.NPI] : []));
    // Phones written (614) 555-1234 in every record: each seed's answer breaks DATA-FORMATS, and each seed still finds one provider.
    const punctuated = await listening(directory, 'phone-punctuated');
    const faulty = endpoints(BoundedEndpoints, punctuated.baseUrl);
    try {
      const draft = await draftProbes(faulty.api, seeds);
      expect(draft.probes.provider!.unique!.slice(0, seeds.length).map((p) => p.query)).toEqual(seeds.map((NPI) => ({ NPI })));
      expect(draft.notes.join('\n')).not.toContain('seed left out');
      expect(draft.notes.filter((note) => /finds one provider, whose answer breaks a rule \(DATA-FORMATS: /.test(note))).toHaveLength(
        seeds.length,
      );
    } finally {
      await faulty.close();
      await punctuated.server.close();
    }
    // Pages of 20 under Page alone (§8 says 25): the searches that show more than 25 matches fill multiPage; the run judges ORG-PAGE.
    const by20 = await listening(directory, 'page-size-20');
    const paging = endpoints(BoundedEndpoints, by20.baseUrl);
    try {
      const draft = await draftProbes(paging.api, seeds);
      expect(draft.probes.organization?.multiPage).toBeDefined();
      // overLimit from a word most of the names found share (no seed's state holds 1000), its Count=1000 answer showing more.
      expect(Object.keys(draft.probes.organization?.overLimit?.query ?? {})).toEqual(['name']);
      expect(draft.unfilled.map((u) => u.category)).not.toContain('organization.multiPage');
      expect(draft.unfilled.map((u) => u.category)).not.toContain('organization.overLimit');
    } finally {
      await paging.close();
      await by20.server.close();
    }
    // A service that caps Count at 100: the answers' totals still show more than 1000 matches, so overLimit is drafted,
    // its Count=1000 answer noted as the service's ORG-COUNT failure for the run to judge; no note says what an answer contradicts.
    const cappedAt100 = await listening(directory, 'count-capped-at-100');
    const capped = endpoints(BoundedEndpoints, cappedAt100.baseUrl);
    try {
      const draft = await draftProbes(capped.api, seeds);
      expect(draft.probes.organization?.overLimit).toBeDefined();
      expect(draft.unfilled.map((u) => u.category)).not.toContain('organization.overLimit');
    } finally {
      await capped.close();
      await cappedAt100.server.close();
    }
  },
);
