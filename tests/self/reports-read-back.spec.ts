/**
 * Every kind of report the tool writes is read back by the commands that read reports: each
 * validates against its published schema (`readReport`, as `compare`, `matrix` and `merge` read
 * it), is compared and set in a matrix, and is kept by `history record` in both stores. A report the
 * tool cannot read back is a run lost: a gated run's report once failed its own schema at
 * `/baseline` (the known, expired and unchecked entries), and a findability survey could never be
 * kept (one parameter of two source datasets was one key twice).
 *
 * The reports are made in this process, by the functions the commands call (the suite's entries,
 * the baseline's judgement, the survey and its merge), against the reference server served here.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redactor } from '../../src/client/redact';
import { readEntry } from '../../src/history/entry';
import { recordEntry } from '../../src/history/record';
import { openHistory } from '../../src/history/store';
import { readProbes } from '../../src/reference/fixture-files';
import { CLEAN, scenarioPrefix } from '../../src/reference/scenarios/registry';
import { conformanceReport } from '../../src/report/model';
import { readReport } from '../../src/report/read-report';
import { writeSurvey } from '../../src/report/survey/write-survey';
import { REPORT_JSON_MAX_BYTES, writeReport } from '../../src/report/write-report';
import { runSuiteInProcess } from '../../src/suite/in-process-suite';
import { surveyResultOf, type SurveyOptions } from '../../src/suite-runs/other-drivers';
import { serveScenariosHere } from '../../src/suite-runs/scenario-server';
import { mergeShards } from '../../src/survey/merge-shards';
import type { Baseline, ConformanceReport } from '../../src/types/schemas';
import { applyBaseline } from '../../src/verdicts/baseline/apply';
import { compareReports } from '../../src/verdicts/comparison';
import { buildMatrix } from '../../src/verdicts/matrix';
import { tempDir } from './command';
import { expect, test } from './fixtures';
import { RUN, summaryOf } from './run-summary';
import { npiFile, readSurvey } from './survey-report';

const TARGET: ConformanceReport['target'] = { baseUrl: 'https://directory.example/v1', embedded: false };

/** `history record FOLDER` in each store, as the command does it: read and checked, then kept; the same folder again is kept once. */
async function recordInBothStores(folders: readonly string[], postgres: { database(): Promise<string> }): Promise<void> {
  for (const location of [join(tempDir(), 'history'), await postgres.database()]) {
    const store = await openHistory(location);
    try {
      for (const folder of folders) {
        const entry = readEntry(folder, null);
        expect((await recordEntry(store.db, entry)).recorded, `${folder} in ${store.kind}`).toBe(true);
        expect((await recordEntry(store.db, entry)).recorded, `${folder} again in ${store.kind}`).toBe(false);
      }
    } finally {
      await store.close();
    }
  }
}

/** Each conformance.json read back as compare and matrix read it: valid against its schema, compared with the first. */
function readBackRuns(folders: readonly string[]): ConformanceReport[] {
  const reports = folders.map((folder) => readReport(join(folder, 'conformance.json')));
  for (const [i, report] of reports.entries()) compareReports(folders[0], reports[0], folders[i], report);
  expect(buildMatrix(folders.map((file, i) => ({ file, report: reports[i] }))).columns.length).toBe(folders.length);
  return reports;
}

test(
  "a gated run's report, with known, new, fixed, expired and unchecked entries and accepted, expired and closed gaps, is read back and kept",
  { tag: '@full' },
  async ({ postgres }) => {
    const dir = tempDir();
    const baseline: Baseline = {
      expectations: [
        { id: 'ORG-PAGE', reason: 'vendor pages by 20 until v2', owner: 'directory team' },
        // Covers another location than the one that fails: that one is new, this one fixed.
        { id: 'SB-ROOT-OBJECT', fingerprint: 'searchSingleBest /data', reason: 'was an array' },
        { id: 'ORG-PAGE-DISJOINT', reason: 'repeats', expires: '2020-01-01' },
        // Its requirement did not run: nothing shows whether it still fails.
        { id: 'ORG-NEXT-LINK', reason: 'no next links yet' },
      ],
      gaps: [
        { id: 'ORG-NEXT-LINK', reason: 'no next links yet' },
        { id: 'ORG-TOTAL', reason: 'until the walk runs', expires: '2020-01-01' },
        { id: 'ORG-COUNT', reason: 'judged fully now' },
      ],
    };
    const file = join(dir, 'baseline.json');
    writeFileSync(file, JSON.stringify(baseline));
    const judged = applyBaseline(RUN, { file, update: false, failOnDrift: false }, false);
    const outcome = judged.baseline;
    expect({
      known: outcome.known.length,
      new: outcome.new.length,
      fixed: outcome.fixed.length,
      expired: outcome.expired.length,
      unchecked: outcome.unchecked.length,
      accepted: outcome.gaps?.accepted.length,
      expiredGaps: outcome.gaps?.expired.length,
      closed: outcome.gaps?.closed.length,
    }).toEqual({ known: 1, new: 1, fixed: 1, expired: 1, unchecked: 1, accepted: 1, expiredGaps: 1, closed: 1 });
    const gated = join(dir, 'gated');
    const plain = join(dir, 'plain');
    const startedAt = '2026-11-27T08:00:00.000Z';
    writeReport(gated, conformanceReport({ target: TARGET, startedAt, durationMs: 1, ...RUN, ...judged }), new Redactor([]));
    writeReport(plain, conformanceReport({ target: TARGET, startedAt, durationMs: 1, ...RUN }), new Redactor([]));
    const [, back] = readBackRuns([plain, gated]);
    expect(back.baseline?.known[0].expectation.reason).toBe('vendor pages by 20 until v2');
    await recordInBothStores([plain, gated], postgres);
  },
);

// A bound at scale, the full tier's.
test(
  'a report of thousands of failures, each with kilobytes of evidence, stays under 2 MiB, keeps every failure and is read back',
  { tag: '@full' },
  () => {
    const dir = tempDir();
    // As a check records them: the message's lines and the excerpt each capped (service-text.ts), every value failing.
    const failures = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        level: 'MUST' as const,
        message: `[DATA-FORMATS] MUST §2.4: Phone is not 10 digits\nGET https://directory.example/provider/searchSingleBest?NPI=${i}\n${'9'.repeat(4000)}`,
        url: `https://directory.example/provider/searchSingleBest?NPI=${i}`,
        pointer: '/data/Phone/0',
        excerpt: '9'.repeat(2048),
      }));
    const write = (name: string, n: number) => {
      const summary = summaryOf([{ id: 'DATA-FORMATS', checks: n, failures: failures(n) }]);
      writeReport(
        join(dir, name),
        conformanceReport({ target: TARGET, startedAt: '2026-11-27T08:00:00.000Z', durationMs: 1, ...summary }),
        new Redactor([]),
      );
      return { bytes: statSync(join(dir, name, 'conformance.json')).size, back: readReport(join(dir, name, 'conformance.json')) };
    };
    // A few failures: every byte of their evidence kept.
    const few = write('few', 20);
    expect(few.back.requirements.find((r) => r.id === 'DATA-FORMATS')!.failures[0].excerpt).toBe('9'.repeat(2048));
    // Thousands: cut, and cut no more than it takes; every failure still there, with its level and the rule's words.
    for (const n of [2000, 9000]) {
      const many = write(`many-${n}`, n);
      expect(many.bytes, `${n} failures`).toBeLessThanOrEqual(REPORT_JSON_MAX_BYTES);
      expect(many.bytes, `${n} failures, cut no more than it takes`).toBeGreaterThan(REPORT_JSON_MAX_BYTES / 4);
      const kept = many.back.requirements.find((r) => r.id === 'DATA-FORMATS')!;
      expect(kept.failures).toHaveLength(n);
      for (const failure of [kept.failures[0], kept.failures.at(-1)!]) {
        expect(failure.level).toBe('MUST');
        expect(failure.message).toMatch(/^\[DATA-FORMATS\] MUST §2\.4: Phone is not 10 digits/);
      }
    }
  },
);

test(
  'runs of the suite, plain and gated by the baseline that --update-baseline wrote (the same run twice), are read back and kept',
  { tag: '@full' },
  async ({ postgres }) => {
    const server = await serveScenariosHere();
    const dir = tempDir();
    try {
      const env = {
        BASE_URL: `${server.origin}${scenarioPrefix('phone-punctuated')}`,
        MAX_RPS: '0',
        BASELINE_FILE: join(dir, 'baseline.json'),
      };
      const folders: string[] = [];
      for (const [name, update] of [
        ['accepting', 'true'],
        ['gated', 'false'],
      ] as const) {
        const report = await runSuiteInProcess({ ...env, UPDATE_BASELINE: update });
        expect(report.baseline?.known.length, name).toBeGreaterThan(0);
        writeReport(join(dir, name), report, new Redactor([]));
        folders.push(join(dir, name));
      }
      const { BASELINE_FILE: _none, ...ungated } = env;
      writeReport(join(dir, 'plain'), await runSuiteInProcess(ungated), new Redactor([]));
      folders.push(join(dir, 'plain'));
      const [accepting, gated, plain] = readBackRuns(folders);
      expect([accepting.verdict, gated.verdict, plain.verdict]).toEqual(['pass', 'pass', 'fail']);
      await recordInBothStores(folders, postgres);
    } finally {
      await server.stop();
    }
  },
);

test(
  'surveys with and without findability, sampled, and sharded then merged, are read back and kept in both stores',
  { tag: '@full' },
  async ({ postgres }) => {
    const server = await serveScenariosHere();
    const dir = tempDir();
    try {
      const env = { BASE_URL: `${server.origin}${scenarioPrefix(CLEAN.name)}`, MAX_RPS: '0' };
      const setting = { npis: npiFile(dir, 'npis.txt', 40), walks: [readProbes().organization!.searches![0].query] };
      const survey = async (name: string, options: SurveyOptions) => {
        const out = join(dir, name);
        const result = await surveyResultOf(env, setting, out, options);
        await writeSurvey(out, result, result.plan.credentials);
        return out;
      };
      const plain = await survey('plain', {});
      const findability = await survey('findability', { findability: true, sample: { percent: 50, seed: 7 } });
      const shards = [
        await survey('shard-1', { shard: { index: 1, total: 2 } }),
        await survey('shard-2', { shard: { index: 2, total: 2 } }),
      ];
      const merged = join(dir, 'merged');
      mkdirSync(merged);
      const result = await mergeShards(shards);
      await writeSurvey(merged, result, result.plan.credentials);
      // The findability survey holds what made it unkeepable: one parameter searched in two source datasets.
      const sources = readSurvey(findability).findability?.providerSources ?? [];
      expect(new Set(sources.map((row) => row.parameter)).size).toBeLessThan(sources.length);
      await recordInBothStores([plain, findability, ...shards, merged], postgres);
    } finally {
      await server.stop();
    }
  },
);
