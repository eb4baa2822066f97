/**
 * The property run over the specification's latitude: `npm run test:latitude -- --runs N --seed S`.
 * fast-check samples points of the latitude (src/reference/scenarios/latitude.ts) with their data (a
 * data seed's directory of real shapes, or the committed fixtures), and proves two properties:
 *   - no false alarm: at each point, the newcomer's path (`probes draft` from five NPIs, `probes
 *     check`, the suite on the draft) and the survey with --findability raise no finding at MUST or
 *     SHOULD, no probe problem, and end inconclusive only with the gaps the point declares;
 *   - no fault hidden: a fault of the mutation run composed over a point is caught by each driver
 *     that catches it at the reference's point, wherever the point leaves its requirement provable.
 * The sampled cases are judged on two worker threads; a case that fails is shrunk by fast-check
 * (replayed from its place in the run, one candidate at a time) to the smallest point and data that
 * still fail, printed as the `serve --latitude` command that serves it.
 *
 *   npm run test:latitude -- --runs 200 --seed 7       200 points and 200 faults over points
 *   npm run test:latitude -- --runs 20 --faults 0      20 points, no fault
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { FAULTS } from '../src/reference/scenarios/faults';
import { LATITUDE, type LatitudePoint, type LatitudeSetting, settingText } from '../src/reference/scenarios/latitude';
import { judgeLatitudeJob, type LatitudeJob, type LatitudeJobResult, latitudeJobsInThreads } from '../src/suite-runs/latitude-run';
import { endRun, markdownTable } from '../src/suite-runs/run-table';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    faults: { type: 'string' },
    seed: { type: 'string' },
    'shrink-seconds': { type: 'string', default: '600' },
  },
});

function wholeNumber(name: string, raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) {
    console.error(`--${name} must be a whole number, got "${raw}"`);
    process.exit(2);
  }
  return Number(raw);
}

const runs = wholeNumber('runs', values.runs);
const faultRuns = wholeNumber('faults', values.faults ?? values.runs);
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : wholeNumber('seed', values.seed);
const shrinkMs = wholeNumber('shrink-seconds', values['shrink-seconds']) * 1000;

/** A point: a value per dimension, each shrinking to the reference's own (the first); a value the catalogue says is not sampled, never. */
const point: fc.Arbitrary<LatitudePoint> = fc.record(
  Object.fromEntries(
    LATITUDE.map((d) => [d.key, fc.constantFrom(...d.values.filter((v) => !('unsampled' in v && v.unsampled)).map((v) => v.name))]),
  ) as Record<string, fc.Arbitrary<string>>,
);

/** A point and its data: a data seed's directory, shrinking to the committed fixtures. */
const setting: fc.Arbitrary<LatitudeSetting> = fc.record({
  point,
  data: fc.oneof({ arbitrary: fc.constant(undefined), weight: 1 }, { arbitrary: fc.integer({ min: 1, max: 999_999 }), weight: 3 }),
});

const faultCase = fc.record({ point, fault: fc.constantFrom(...FAULTS.map((f) => f.name)) });

interface Property<T> {
  name: string;
  arbitrary: fc.Arbitrary<T>;
  runs: number;
  job: (value: T) => LatitudeJob;
  /** The case in words: how to serve it. */
  shown: (value: T) => string;
}

const serveCommand = (s: LatitudeSetting) => `directory-conformance serve --latitude ${settingText(s) || 'data=none'}`;

const PROPERTIES = [
  {
    name: 'no false alarm at a conformant point',
    arbitrary: setting,
    runs,
    job: (s: LatitudeSetting): LatitudeJob => ({ kind: 'conformant', setting: s }),
    shown: (s: LatitudeSetting) => (s.data === undefined ? `${serveCommand(s)} (the committed fixtures)` : serveCommand(s)),
  } satisfies Property<LatitudeSetting>,
  {
    name: 'every fault caught where the point leaves it provable',
    arbitrary: faultCase,
    runs: faultRuns,
    job: (c: { point: LatitudePoint; fault: string }): LatitudeJob => ({ kind: 'fault', ...c }),
    shown: (c: { point: LatitudePoint; fault: string }) => `fault ${c.fault} over ${serveCommand({ point: c.point })}`,
  } satisfies Property<{ point: LatitudePoint; fault: string }>,
];

/** The smallest case fast-check shrinks a failing one to, replayed from its place in the run. */
async function shrunk<T>(property: Property<T>, index: number): Promise<{ value: T; result: LatitudeJobResult } | undefined> {
  let smallest: { value: T; result: LatitudeJobResult } | undefined;
  const check = fc.asyncProperty(property.arbitrary, async (value) => {
    const result = await judgeLatitudeJob(property.job(value));
    if (result.problems.length === 0) return true;
    smallest = { value, result };
    return false;
  });
  await fc.check(check, { seed, path: String(index), numRuns: property.runs, interruptAfterTimeLimit: shrinkMs });
  return smallest;
}

async function main(): Promise<void> {
  const started = Date.now();
  console.log(
    `latitude: seed ${seed}, ${runs} points, ${faultRuns} faults over points (npm run test:latitude -- --seed ${seed} --runs ${runs})`,
  );
  let failed = 0;
  let total = 0;
  // Every property's cases judged by one pool of threads: each thread indexes its data once, and the
  // two properties' cases share the threads instead of each starting its own.
  const properties = (PROPERTIES as Property<unknown>[]).filter((property) => property.runs > 0);
  const sampled = properties.map((property) => fc.sample(property.arbitrary, { seed, numRuns: property.runs }));
  const judged = await latitudeJobsInThreads(
    sampled.flatMap((cases, i) => cases.map(properties[i].job)),
    Math.min(2, availableParallelism()),
  );
  for (const [i, property] of properties.entries()) {
    const cases = sampled[i];
    const results = judged.splice(0, cases.length);
    const failing = results.flatMap((result, index) => (result.problems.length > 0 ? [index] : []));
    const unprovable = results.filter((r) => r.unprovable !== undefined).length;
    total += cases.length;
    failed += failing.length;
    console.log(
      `\n## ${property.name}: ${cases.length - failing.length - unprovable} held, ${unprovable} unprovable, ${failing.length} failed\n`,
    );
    if (failing.length === 0) continue;
    console.log(
      markdownTable(
        ['case', 'problems'],
        failing.slice(0, 20).map((k) => [property.shown(cases[k]), results[k].problems.join('; ').slice(0, 600)]),
      ),
    );
    const smallest = await shrunk(property, failing[0]);
    if (smallest)
      console.log(
        `\nshrunk to: ${property.shown(smallest.value)}\n  ${smallest.result.problems.join('\n  ')}\n(replay: npm run test:latitude -- --seed ${seed} --runs ${property.runs})`,
      );
  }
  console.log(`\nlatitude: seed ${seed}; ${total} cases in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  endRun('latitude', total, failed);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
