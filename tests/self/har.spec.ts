/** `run --har FILE`: every exchange of the run as HAR 1.2, valid by the HAR schema, with no credential in it. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- har-schema ships no types
const harSchemas = require('har-schema') as Record<string, object>;
import { readProbes } from '../../src/reference/fixture-files';
import { scenarioPrefix } from '../../src/reference/scenarios/registry';
import { SERVICE_TEXT_MAX_BYTES } from '../../src/rules/service-text';
import type { ConformanceReport } from '../../src/report/model';
import { commandAsync, tempDir } from './command';
import { expect, test } from './fixtures';

const TOKEN = 'har-token-6d0f31b2';
const TENANT = 'har-tenant-9a4e';

/** The HAR 1.2 schemas (draft-06) as published, each under its own id. */
function harValidator() {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addMetaSchema(draft06);
  for (const schema of Object.values(harSchemas)) ajv.addSchema(schema);
  return ajv.getSchema('har.json#')!;
}

test(
  'run --har writes every exchange as HAR 1.2, credentials redacted, bodies whole; judge of it gives the run its verdict and statuses',
  { tag: '@full' },
  async ({ scenarios }) => {
    const dir = tempDir();
    const run = await commandAsync(
      [
        'run',
        '--base-url',
        `${scenarios.origin}${scenarioPrefix('clean')}`,
        '--grep',
        'ORG-COUNT|SB-NO-MATCH',
        '--report',
        'report',
        '--har',
        'out/run.har',
      ],
      { cwd: dir, env: { MAX_RPS: '0', API_TOKEN: TOKEN, API_HEADERS: JSON.stringify({ 'X-Tenant-Id': TENANT }) } },
    );
    expect(run.code, run.stderr).toBe(0);
    const text = readFileSync(join(dir, 'out', 'run.har'), 'utf8');
    for (const secret of [TOKEN, TENANT, Buffer.from(TOKEN).toString('base64')]) expect(text.includes(secret), secret).toBe(false);
    const har = JSON.parse(text);
    const valid = harValidator();
    expect(valid(har), JSON.stringify(valid.errors?.slice(0, 3))).toBe(true);
    const entries = har.log.entries as {
      request: { url: string; headers: { name: string; value: string }[] };
      response: { status: number; content: { text?: string } };
      comment: string;
    }[];
    expect(run.stdout).toContain(`har: ${entries.length} exchanges`);
    expect(entries.length).toBeGreaterThan(5);
    for (const entry of entries) {
      expect(entry.request.url).toContain(scenarios.origin);
      expect(entry.comment).not.toBe('');
      // The credentials were sent, and are shown as sent without their values.
      expect(entry.request.headers.find((h) => h.name === 'authorization')?.value).toBe('[REDACTED]');
      expect(entry.request.headers.find((h) => h.name === 'X-Tenant-Id')?.value).toBe('[REDACTED]');
    }
    expect(
      entries.some((e) => e.request.url.includes('Count=')),
      'the Count probes are there',
    ).toBe(true);
    // Bodies whole: a bundle of 25 organizations is far past the 2 KiB a report quotes, and parses.
    const bundles = entries.filter((e) => e.request.url.includes('/organization?') && e.response.status === 200);
    expect(bundles.some((e) => Buffer.byteLength(e.response.content.text ?? '') > SERVICE_TEXT_MAX_BYTES)).toBe(true);
    for (const bundle of bundles) expect(() => JSON.parse(bundle.response.content.text ?? '')).not.toThrow();
    // judge of the recording, offline, with the run's own selection of requirements judged as the run judged them.
    const judged = await commandAsync(['judge', 'out/run.har', '--report', 'judged'], { cwd: dir, env: { MAX_RPS: '0' } });
    const read = (folder: string) => JSON.parse(readFileSync(join(dir, folder, 'conformance.json'), 'utf8')) as ConformanceReport;
    const [ran, offline] = [read('report'), read('judged')];
    const statuses = (report: ConformanceReport, ids: string[]) =>
      report.requirements.filter((r) => ids.includes(r.id)).map((r) => [r.id, r.status, r.checks]);
    // The tests --grep left out asked nothing, so the recording cannot judge them: inconclusive, each gap naming a request it lacks.
    expect(judged.stdout).toMatch(/^conformance: INCONCLUSIVE: /m);
    expect(judged.code, judged.stderr).toBe(3);
    expect(judged.stdout).toMatch(/^judge: \d+ requests the suite asks are not in the recording/m);
    expect(statuses(offline, ['ORG-COUNT', 'SB-NO-MATCH'])).toEqual(statuses(ran, ['ORG-COUNT', 'SB-NO-MATCH']));
  },
);

test(
  "a run's workers ask the unique probes once between them: a worker started again after a failed test reads what the first found",
  { tag: '@full' },
  async ({ scenarios }) => {
    const dir = tempDir();
    const base = `${scenarios.origin}${scenarioPrefix('invalid-json')}`;
    // Tests of all three endpoints, each failing on an answer that is no JSON: Playwright starts a worker again after each.
    const run = await commandAsync(
      // One worker, so that how many discover does not depend on which of two starts first.
      [
        'run',
        '--base-url',
        base,
        '--grep',
        'SB-ROOT-OBJECT|SR-ROOT-ARRAY|ORG-BUNDLE-SHAPE',
        '--workers',
        '1',
        '--report',
        'report',
        '--har',
        'run.har',
      ],
      { cwd: dir, env: { MAX_RPS: '0' } },
    );
    expect(run.code, run.stderr).toBe(1);
    const report = JSON.parse(readFileSync(join(dir, 'report', 'conformance.json'), 'utf8')) as ConformanceReport;
    expect(report.summary.fail).toBeGreaterThan(0);
    const failedTests = (run.stdout.match(/^ {2}✘ /gm) ?? []).length;
    expect(failedTests, run.stdout).toBeGreaterThanOrEqual(4);
    const urls = (JSON.parse(readFileSync(join(dir, 'run.har'), 'utf8')).log.entries as { request: { url: string } }[]).map(
      (e) => e.request.url,
    );
    // The first unique probe's search: once by discovery for the whole run, once more by a test that asks it itself;
    // a discovery per worker start asked it 5 times here.
    const search = `${base}/provider/searchSingleBest?${new URLSearchParams(readProbes().provider!.unique![0].query).toString()}`;
    expect(urls.filter((url) => url === search).length).toBeLessThanOrEqual(2);
  },
);
