/**
 * Writes the reference server's data and probes: deterministic for a seed, byte for byte.
 *
 *   npm run gen:fixtures                                   committed fixtures (fixtures/)
 *   npm run gen:fixtures -- --providers 100000 --organizations 100000 --out fixtures/large --snapshot
 *
 * --snapshot also writes the reference server's snapshot of the data, so that it starts on a large
 * directory in seconds (docs/reference-server.md); the committed fixtures have none.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generateOrganizations } from '../src/generator/organizations';
import { buildProbes } from '../src/generator/probes';
import { generateProviders } from '../src/generator/providers';
import { Random } from '../src/generator/random';
import { DataShapes } from '../src/generator/shapes';
import { FIXTURE_FILES } from '../src/fixture-paths';
import { writeRecordLines } from '../src/generator/fixture-writer';
import { writeIndexedDirectory } from '../src/generator/indexed-directory';

const DEFAULTS = { seed: 20261121, providers: 520, organizations: 1500 };

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: String(DEFAULTS.seed) },
    providers: { type: 'string', default: String(DEFAULTS.providers) },
    organizations: { type: 'string', default: String(DEFAULTS.organizations) },
    out: { type: 'string', default: join(__dirname, '..', 'fixtures') },
    snapshot: { type: 'boolean', default: false },
  },
});

function positiveInteger(name: string, raw: string): number {
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer, got ${raw}`);
  return value;
}

const seed = positiveInteger('seed', values.seed);
const out = resolve(values.out);
// Separate streams per dataset: changing the organization count leaves the providers as they were. The
// shapes of real directories (names of several words, chains) come from a stream of their own.
const providers = generateProviders(new Random(seed), positiveInteger('providers', values.providers), new DataShapes(seed + 3));
const organizations = generateOrganizations(
  new Random(seed + 1),
  positiveInteger('organizations', values.organizations),
  new DataShapes(seed + 4),
);
const probes = buildProbes(new Random(seed + 2), providers, organizations);

mkdirSync(out, { recursive: true });
if (values.snapshot) writeIndexedDirectory(out, { providers, organizations });
else {
  writeRecordLines(join(out, FIXTURE_FILES.providers), providers);
  writeRecordLines(join(out, FIXTURE_FILES.organizations), organizations);
}
writeFileSync(join(out, FIXTURE_FILES.probes), `${JSON.stringify(probes, null, 2)}\n`);
console.log(
  `fixtures: ${providers.length} providers (${providers.reduce((n, p) => n + p.sources.length, 0)} source records), ${organizations.length} organizations, probes → ${out}`,
);
