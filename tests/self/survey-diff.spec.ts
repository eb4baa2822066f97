/**
 * `survey diff A B`: two surveys of the reference server between which its data changed list
 * exactly the records that changed, by field; from an export whose records are dated on a planted
 * schedule to a survey of the API, the lag distribution and the share past five business days are
 * the planted ones.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { loadDirectory } from '../../src/reference/directory';
import { exportFile } from '../../src/reference/export';
import { withChanges } from '../../src/reference/scenarios/behaviour';
import { buildReferenceServer } from '../../src/reference/server';
import { businessDaysBetween } from '../../src/survey/survey-diff';
import type { GoldenProviderRecord, SurveyReport } from '../../src/types/schemas';
import { SCHEMA } from '../../src/schema-validation/validator';
import { keyHash } from '../../src/export/key-hash';
import { commandAsync, tempDir } from './command';
import { expect, test } from './fixtures';

const directory = loadDirectory();
/** The records the changed directory changes: a few in a hundred, by their id's hash. */
const changes = (id: string) => keyHash(id) % 37 === 0;

test('business days between two instants count the weekdays after the first day, up to the second', { tag: '@fast' }, () => {
  const at = (day: string) => Date.parse(`${day}T12:00:00Z`);
  // Friday to the Monday after: one; a Monday to the next: five; a Saturday to the Sunday after: none.
  expect(businessDaysBetween(at('2026-12-04'), at('2026-12-07'))).toBe(1);
  expect(businessDaysBetween(at('2026-11-30'), at('2026-12-07'))).toBe(5);
  expect(businessDaysBetween(at('2026-12-05'), at('2026-12-06'))).toBe(0);
  expect(businessDaysBetween(at('2026-12-07'), at('2026-12-07'))).toBe(0);
});

test(
  'survey diff of two surveys of the reference server, its data changed between them, lists exactly the records that changed, per field, into the later survey',
  { tag: '@fast' },
  async ({ schemas }) => {
    const renamed = withChanges({
      organization: {
        bundle: (bundle) => ({
          ...bundle,
          entry: bundle.entry.map((entry) =>
            changes(String(entry.resource?.id))
              ? { ...entry, resource: { ...entry.resource, name: `${String(entry.resource?.name)} RENAMED` } }
              : entry,
          ),
        }),
      },
      searchSingleBest: {
        golden: (record: GoldenProviderRecord) =>
          changes(record.id) ? { ...record, data: { ...record.data, Name: [{ FirstName: ['RENAMED'], LastName: ['PROVIDER'] }] } } : record,
      },
    });
    const app = buildReferenceServer({
      directory,
      scenarios: [
        { prefix: '/before', behaviour: withChanges({}) },
        { prefix: '/after', behaviour: renamed },
      ],
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const dir = tempDir();
      const npis = join(dir, 'npis.txt');
      writeFileSync(npis, [...directory.providers.records()].map((r) => (r.data.NPI as string[])[0]).join('\n'));
      for (const when of ['before', 'after']) {
        const surveyed = await commandAsync([
          'survey',
          '--base-url',
          `${origin}/${when}`,
          '--max-rps',
          '0',
          '--npis',
          npis,
          '--organizations-by-state',
          '--out',
          join(dir, when),
        ]);
        expect(surveyed.code, surveyed.stderr).toBeLessThan(2);
      }
      const diffed = await commandAsync(['survey', 'diff', join(dir, 'before'), join(dir, 'after')]);
      expect(diffed.code, diffed.stderr).toBe(0);
      const report = JSON.parse(readFileSync(join(dir, 'after', 'survey.json'), 'utf8')) as SurveyReport;
      expect(schemas.validate(SCHEMA.survey, report)).toEqual({ valid: true });
      const organizations = directory.organizations.search({});
      const expected = [
        ...organizations
          .slice(0, organizations.length)
          .filter((o) => changes(o.id!))
          .map((o) => ({ key: `Organization/${o.id}`, change: 'changed', fields: ['name'] })),
        ...[...directory.providers.records()]
          .filter((r) => changes(r.id))
          .map((r) => ({ key: `NPI/${(r.data.NPI as string[])[0]}`, change: 'changed', fields: ['name'] })),
      ].sort((x, y) => (x.key < y.key ? -1 : 1));
      expect(expected.length).toBeGreaterThan(20);
      expect(report.diff).toMatchObject({ added: 0, removed: 0, changed: expected.length, changedByField: { name: expected.length } });
      expect(report.diff!.listed).toEqual(expected);
      expect(diffed.stdout).toContain(`0 added, 0 removed, ${expected.length} changed (name ${expected.length})`);
      expect(readFileSync(join(dir, 'after', 'index.html'), 'utf8')).toContain('Changes since another survey or export');
    } finally {
      await app.close();
    }
  },
);

test(
  'from an export dated on a planted schedule to a survey of the API: each record shown or pending for the business days planted, and the share past five',
  { tag: '@fast' },
  async ({ scenarios }) => {
    const dir = tempDir();
    const now = Date.now();
    // Each organization changed at the source some days ago; every 3rd the API does not show yet (its name differs).
    const daysAgo = (at: number) => [1, 2, 4, 6, 9, 15, 30][at % 7];
    const { ndjson } = await exportFile(directory, 'Organization', {
      publish: (resource, at) => ({
        ...resource,
        ...(at % 3 === 0 ? { name: `${String(resource.name)} NEW` } : {}),
        meta: { lastUpdated: new Date(now - daysAgo(at) * 86_400_000).toISOString() },
      }),
      extra: () => [],
    });
    writeFileSync(join(dir, 'Organization.ndjson'), ndjson);
    const out = join(dir, 'survey');
    const surveyed = await commandAsync([
      'survey',
      '--base-url',
      `${scenarios.origin}/scenario/clean`,
      '--max-rps',
      '0',
      '--organizations-by-state',
      '--out',
      out,
    ]);
    expect(surveyed.code, surveyed.stderr).toBe(0);
    const diffed = await commandAsync(['survey', 'diff', join(dir, 'Organization.ndjson'), out]);
    expect(diffed.code, diffed.stderr).toBe(0);
    const { diff } = JSON.parse(readFileSync(join(out, 'survey.json'), 'utf8')) as SurveyReport;
    // The survey's answers came within seconds of now, on the same day: the planted business days are these.
    const planted = { shown: new Map<number, number>(), pending: new Map<number, number>() };
    for (let at = 0; at < directory.organizations.size; at++) {
      const days = businessDaysBetween(now - daysAgo(at) * 86_400_000, now);
      const side = at % 3 === 0 ? planted.pending : planted.shown;
      side.set(days, (side.get(days) ?? 0) + 1);
    }
    const pastFive = [...planted.pending].filter(([days]) => days > 5).reduce((sum, [, n]) => sum + n, 0);
    expect(diff!.lag).toMatchObject({
      measured: true,
      records: directory.organizations.size,
      pastFiveBusinessDays: pastFive,
      sharePastFiveBusinessDays: Number((pastFive / directory.organizations.size).toFixed(6)),
    });
    const total = (rows: { records: number }[] = []) => rows.reduce((sum, r) => sum + r.records, 0);
    expect([total(diff!.lag.shownWithin), total(diff!.lag.pendingFor)]).toEqual([
      [...planted.shown.values()].reduce((a, b) => a + b, 0),
      [...planted.pending.values()].reduce((a, b) => a + b, 0),
    ]);
    expect(diff).toMatchObject({
      changed: Math.ceil(directory.organizations.size / 3),
      changedByField: { name: Math.ceil(directory.organizations.size / 3) },
    });
  },
);
