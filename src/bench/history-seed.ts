/**
 * A history of many runs, made up, for the bench and the self-tests of the history page and gate
 * at scale: `runs` runs spread over `targets` targets, alternating conformance runs and surveys,
 * a day apart, with every requirement and observation of the catalogue, survey rates per source
 * dataset, latency histograms per endpoint, and a regression now and then.
 */
import { QUALITY_MEASURES } from '../quality/measures';
import * as hdr from 'hdr-histogram-js';
import type { HistoryEntry } from '../history/entry';
import { recordEntry } from '../history/record';
import type { HistoryStore } from '../history/store';
import { OBSERVATIONS, REQUIREMENTS } from '../spec/catalogue';

const SOURCES = ['npi-registry', 'state-license-board', 'contact-directory'];
const ENDPOINTS = ['searchSingleBest', 'sourceRecords', 'organization'];

function histogram(base: number, requests: number): string {
  const h = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 600_000, numberOfSignificantValueDigits: 3, autoResize: true });
  for (let i = 0; i < requests; i++) h.recordValue(base + (i % 17) + (i % 100 === 0 ? 40 : 0));
  return hdr.encodeIntoCompressedBase64(h);
}

/** The n-th made-up entry: which target, kind and day, and whether this one broke something. */
export function seededEntry(n: number, targets: number, start = Date.UTC(2024, 0, 1)): HistoryEntry {
  const target = `https://directory-${n % targets}.example/api`;
  const kind = Math.floor(n / targets) % 2 === 0 ? 'run' : 'survey';
  const startedAt = new Date(start + n * 3_600_000).toISOString();
  const broken = n % 23 === 0;
  const failed = (i: number) => (broken && i === 3 ? 1 : 0);
  return {
    reportId: `seeded-${n}`,
    kind,
    target,
    label: `release-${Math.floor(n / 10)}`,
    suiteVersion: '0.0.0-seed',
    startedAt,
    finishedAt: new Date(start + n * 3_600_000 + 60_000).toISOString(),
    verdict: broken ? 'fail' : 'pass',
    exitCode: broken ? 1 : 0,
    report: { id: `seeded-${n}` } as unknown as HistoryEntry['report'],
    requirements: REQUIREMENTS.map((r, i) => ({
      requirement: r.id,
      level: r.level,
      status: failed(i) ? 'fail' : 'pass',
      checks: kind === 'run' ? 5 : 20_000,
      failed: kind === 'run' ? failed(i) : failed(i) * 400 + (i % 5),
      fingerprints: failed(i) ? ['searchSingleBest /data/Phone/*'] : [],
    })),
    observations:
      kind === 'run'
        ? OBSERVATIONS.map((o) => ({
            observation: o.id,
            status: 'observed',
            value: { status: 200, form: n % 97 === 0 ? 'other' : 'plain text' },
          }))
        : [],
    rates:
      kind === 'survey'
        ? REQUIREMENTS.flatMap((r, i) => [
            { requirement: r.id, level: r.level, source: '', checked: 20_000, failed: failed(i) * 400 + (i % 5) },
            ...SOURCES.map((source) => ({
              requirement: r.id,
              level: r.level,
              source,
              checked: 20_000,
              failed: (i % 5) + (source === SOURCES[2] ? failed(i) * 400 : 0),
            })),
          ])
        : [],
    // The seeded surveys ran without --findability: the history page and check cost what they cost today.
    findability: [],
    // A scorecard a survey: each measure per dataset, steady, so that the page and check read what a survey records.
    dataQuality:
      kind === 'survey'
        ? QUALITY_MEASURES.flatMap((m, i) =>
            ['(golden record)', ...SOURCES].map((dataset) => ({
              measure: m.id,
              records: 'providers',
              dataset,
              checked: 20_000,
              failed: i * 10,
            })),
          )
        : [],
    latency:
      kind === 'survey'
        ? ENDPOINTS.map((endpoint, i) => ({ endpoint, requests: 2_000, histogram: histogram(5 + i * 3 + (n % 7), 2_000) }))
        : [],
    failingKeys:
      kind === 'survey'
        ? [
            {
              requirement: REQUIREMENTS[3].id,
              level: REQUIREMENTS[3].level,
              keys: Array.from({ length: 50 + (n % 13) }, (_, k) => String(1_000_000_000 + k)),
            },
          ]
        : [],
  };
}

/** Records `runs` made-up entries into the store, one transaction each, as recorders would. */
export async function seedHistory(store: HistoryStore, runs: number, targets: number): Promise<void> {
  for (let n = 0; n < runs; n++) await recordEntry(store.db, seededEntry(n, targets));
}
