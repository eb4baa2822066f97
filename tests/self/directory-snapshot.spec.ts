/**
 * The reference server on a directory snapshot (a generated large directory, read record by record
 * from its files) answers as the one that reads and indexes the same fixtures in memory.
 */
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { FIXTURE_FILES } from '../../src/fixture-paths';
import { writeIndexedDirectory } from '../../src/generator/indexed-directory';
import { loadDirectory } from '../../src/reference/directory';
import { snapshotDirectory } from '../../src/reference/directory-snapshot';
import { buildReferenceServer } from '../../src/reference/server';
import { test } from './fixtures';

/** The answer, with what differs on every answer (a bundle's id and time) set aside. */
async function answer(server: FastifyInstance, url: string) {
  const response = await server.inject({ method: 'GET', url });
  const body = response.body.replace(/"id":"[0-9a-f-]{36}"/, '"id":"…"').replace(/"lastUpdated":"[^"]+"/, '"lastUpdated":"…"');
  return { status: response.statusCode, type: response.headers['content-type'], body };
}

test(
  'a directory started from its snapshot answers every kind of search as the directory indexed in memory',
  { tag: '@fast' },
  async ({ data, server }) => {
    const dir = mkdtempSync(join(tmpdir(), 'snapshot-'));
    try {
      // The organizations in another order than their ids: the snapshot keeps the index's id order.
      writeIndexedDirectory(dir, { providers: data.providers, organizations: [...data.organizations].reverse() });
      const directory = snapshotDirectory(dir);
      expect(directory, 'the snapshot is read').toBeDefined();
      const fromSnapshot = buildReferenceServer({ directory: directory! });
      await fromSnapshot.ready();
      const providers = data.providers.filter((_, i) => i % 50 === 0).map((p) => p.golden);
      const organizations = data.organizations.filter((_, i) => i % 60 === 0);
      const urls = [
        ...providers.flatMap((p) => [
          `/provider/searchSingleBest?NPI=${p.data.NPI![0]}`,
          `/provider/searchSingleBest?LastName=${encodeURIComponent(p.data.Name![0].LastName![0])}&State=${p.data.State?.[0] ?? ''}`,
          `/provider/sourceRecords/${encodeURIComponent(p.id)}`,
        ]),
        '/provider/sourceRecords/no-such-record',
        ...organizations.flatMap((o) => [
          `/fhir/organization?identifier=${encodeURIComponent(o.identifier[0].value)}`,
          `/fhir/organization?name=${encodeURIComponent(o.name.split(' ')[0])}&Page=2`,
          `/fhir/organization?name=${encodeURIComponent(o.name)}`,
          `/fhir/organization?address-state=${o.address[0].state}&Count=1000`,
        ]),
        '/fhir/organization?active=true&Page=3',
      ];
      try {
        for (const url of urls) expect(await answer(fromSnapshot, url), url).toEqual(await answer(server, url));
      } finally {
        await fromSnapshot.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

test(
  'a snapshot of other files than the folder holds is set aside: the files are read and indexed instead',
  { tag: '@fast' },
  ({ data }) => {
    const dir = mkdtempSync(join(tmpdir(), 'snapshot-'));
    try {
      writeIndexedDirectory(dir, { providers: data.providers.slice(0, 20), organizations: data.organizations.slice(0, 20) });
      expect(snapshotDirectory(dir)).toBeDefined();
      appendFileSync(join(dir, FIXTURE_FILES.organizations), '\n');
      expect(snapshotDirectory(dir)).toBeUndefined();
      const directory = loadDirectory(dir);
      expect([directory.providers.size, directory.organizations.size]).toEqual([20, 20]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
