/**
 * `directory-conformance serve`: the embedded reference server, on the committed fixtures or on a
 * generated directory of `--size` providers and organizations, and, with `--write-npis`, the NPIs
 * of what it serves, one a line, for `survey --npis`; with `--fault NAME`, a release that breaks a
 * rule (`--list-faults`), for trying the gate and the history.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_FIXTURE_DIR, SNAPSHOT_FILE } from '../fixture-paths';
import { writeIndexedDirectory } from '../generator/indexed-directory';
import { generateOrganizations } from '../generator/organizations';
import { generateProviders } from '../generator/providers';
import { Random } from '../generator/random';
import { loadDirectory } from '../reference/directory';
import { SERVABLE } from '../reference/scenarios/servable';
import { type LatitudeSetting, LatitudeSettingError, parseLatitude, sampledLatitude, settingText } from '../reference/scenarios/latitude';
import { SEEDED_SIZE, seededDirectory } from '../generator/seeded-directory';
import { UsageError } from './exit-codes';
import { wholeNumber } from './whole-number';

/** The seeds of a generated directory: the same size always gives the same data. */
const SEED = 20261123;

/**
 * A generated directory of `size`, written once with its snapshot into a folder of the system's
 * temporary directory, and started from there afterwards: the generation is the slow part.
 */
function generatedFixtures(size: number): string {
  const dir = join(tmpdir(), `directory-conformance-reference-${size}-${SEED}`);
  if (existsSync(join(dir, SNAPSHOT_FILE))) return dir;
  console.error(`serve: generating ${size} providers and ${size} organizations into ${dir} (once)`);
  mkdirSync(dir, { recursive: true });
  writeIndexedDirectory(dir, {
    providers: generateProviders(new Random(SEED), size),
    organizations: generateOrganizations(new Random(SEED + 1), size),
  });
  return dir;
}

/** The largest --latitude-seed: nine digits, as a data seed of --latitude takes. */
const LARGEST_SEED = 999_999_999;

/** The point `--latitude` and `--latitude-seed` name: the seed's point and data, with the settings of --latitude over them. */
function latitudeSetting(text: string | undefined, seedText: string | undefined): LatitudeSetting {
  if (seedText !== undefined) wholeNumber('latitude-seed', seedText, 0, LARGEST_SEED);
  try {
    const rng = seedText === undefined ? undefined : new Random(Number(seedText));
    const sampled = rng ? sampledLatitude(Number(seedText), (choices) => rng.int(0, choices - 1)) : { point: {} };
    const set = parseLatitude(text ?? '');
    return {
      point: { ...sampled.point, ...set.point },
      ...((set.data ?? sampled.data) !== undefined ? { data: set.data ?? sampled.data } : {}),
    };
  } catch (error) {
    if (error instanceof LatitudeSettingError) throw new UsageError(error.message);
    throw error;
  }
}

/** The directory of data seed `seed` (seeded-directory.ts), written once with its snapshot into the system's temporary folder. */
function seededFixtures(seed: number): string {
  const dir = join(tmpdir(), `directory-conformance-seeded-${seed}-${SEEDED_SIZE.providers}-${SEEDED_SIZE.organizations}`);
  if (existsSync(join(dir, SNAPSHOT_FILE))) return dir;
  mkdirSync(dir, { recursive: true });
  writeIndexedDirectory(dir, seededDirectory(seed));
  return dir;
}

/** The NPIs of the served data, the first of each golden record, one a line. */
function writeNpis(fixtureDir: string, target: string): void {
  const npis = [...loadDirectory(fixtureDir).providers.records()].flatMap((p) => p.data.NPI?.slice(0, 1) ?? []);
  const text = `${npis.join('\n')}\n`;
  if (target === '-') process.stdout.write(text);
  else {
    writeFileSync(resolve(process.cwd(), target), text);
    console.error(`serve: wrote ${npis.length} NPIs to ${resolve(process.cwd(), target)}`);
  }
}

/** The faults serve can serve (--fault), one a line: name and what it breaks. */
function listFaults(): void {
  const faults = SERVABLE.REFERENCE_FAULT;
  const width = Math.max(...faults.map((f) => f.name.length));
  for (const fault of faults) console.log(`${fault.name.padEnd(width)}  ${fault.description}`);
  console.error(`serve: ${faults.length} faults; serve one with directory-conformance serve --fault NAME`);
}

/**
 * The server's process id in `file`, removed when it exits: a script stops the server with
 * `kill $(cat FILE)`, with no job control (`kill %1` in a script stops npx, not the server it runs).
 */
function writePidFile(file: string): void {
  writeFileSync(file, `${process.pid}\n`);
  process.once('exit', () => rmSync(file, { force: true }));
}

export interface ServeOptions {
  size?: string;
  latitude?: string;
  'latitude-seed'?: string;
  'write-npis'?: string;
  fault?: string;
  'list-faults'?: boolean;
  'pid-file'?: string;
}

/**
 * Sets up the reference server's entry module, which starts the server when it loads: FIXTURE_DIR,
 * and REFERENCE_FAULT for --fault. Returns the entry to load, or undefined when there is nothing to
 * serve (--list-faults).
 */
export function prepareServe(values: ServeOptions): 'reference' | 'scenario' | undefined {
  if (values['list-faults']) {
    listFaults();
    return undefined;
  }
  if (values.fault !== undefined) {
    if (!SERVABLE.REFERENCE_FAULT.some((f) => f.name === values.fault))
      throw new UsageError(`--fault ${values.fault} is no fault of the reference server; serve --list-faults lists them`);
    process.env.REFERENCE_FAULT = values.fault;
  }
  if (values.latitude !== undefined || values['latitude-seed'] !== undefined) {
    if (values.fault !== undefined) throw new UsageError('--fault and --latitude serve different things: give one of them');
    const setting = latitudeSetting(values.latitude, values['latitude-seed']);
    process.env.REFERENCE_LATITUDE = settingText(setting);
    if (setting.data !== undefined) process.env.FIXTURE_DIR = seededFixtures(setting.data);
  }
  if (values.size !== undefined) {
    if (!/^\d+$/.test(values.size) || Number(values.size) < 1 || Number(values.size) > 10_000_000)
      throw new UsageError(`--size must be a whole number of providers from 1 to 10000000, got "${values.size}"`);
    process.env.FIXTURE_DIR = generatedFixtures(Number(values.size));
  }
  // The process id first: a script that waits for the NPIs may stop the server as soon as they are there.
  if (values['pid-file'] !== undefined) writePidFile(resolve(process.cwd(), values['pid-file']));
  if (values['write-npis'] !== undefined) writeNpis(process.env.FIXTURE_DIR || DEFAULT_FIXTURE_DIR, values['write-npis']);
  // REFERENCE_FAULT and REFERENCE_VARIANT are honoured by the installed command too, never ignored.
  return process.env.REFERENCE_FAULT || process.env.REFERENCE_VARIANT || process.env.REFERENCE_LATITUDE ? 'scenario' : 'reference';
}
