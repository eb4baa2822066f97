/**
 * The specification's latitude: its points as `serve --latitude` names them, the behaviours they
 * compose, and a fixed handful of points, the false alarms of the issue "Trusted both ways" among
 * them, judged by every driver as the property run judges them (npm run test:latitude samples more).
 */
import { seededDirectory, shapeOptionsOf } from '../../src/generator/seeded-directory';
import { Random } from '../../src/generator/random';
import {
  behaviourAt,
  LATITUDE,
  LatitudeSettingError,
  parseLatitude,
  sampledLatitude,
  settingText,
  valuesAt,
} from '../../src/reference/scenarios/latitude';
import { REFERENCE_BEHAVIOUR } from '../../src/reference/scenarios/behaviour';
import { VARIANT_POINTS, VARIANTS } from '../../src/reference/scenarios/variants';
import { judgeLatitudeJob } from '../../src/suite-runs/latitude-run';
import { expect, test } from './fixtures';
import { invalidRecords } from './invalid-values';

test(
  'a setting names a point and its data, and is written back as it was read; a key or value the latitude does not know is one line',
  { tag: '@fast' },
  () => {
    const setting = parseLatitude('data=7, total=page-count,ambiguity=longer-message-409');
    expect(setting).toEqual({ point: { total: 'page-count', ambiguity: 'longer-message-409' }, data: 7 });
    // Catalogue order, the data seed first: the same point always reads the same.
    expect(settingText(setting)).toBe('data=7,ambiguity=longer-message-409,total=page-count');
    expect(parseLatitude(settingText(setting))).toEqual(setting);
    expect(() => parseLatitude('totl=page-count')).toThrow(LatitudeSettingError);
    expect(() => parseLatitude('total=some')).toThrow('total takes all-matches, page-count, capped-1000');
    expect(() => parseLatitude('data=x')).toThrow('a data seed is a whole number');
    // A value served only beside another says so in what is served: Page from 0 with a total that counts the page.
    expect(settingText(parseLatitude('first-page=0'))).toBe('total=page-count,first-page=0');
  },
);

test('a point drawn from a seed is the same for the same seed, and every dimension takes every value somewhere', { tag: '@fast' }, () => {
  const draw = (seed: number) => {
    const rng = new Random(seed);
    return sampledLatitude(seed, (choices) => rng.int(0, choices - 1));
  };
  expect(draw(42)).toEqual(draw(42));
  const seen = new Map<string, Set<string>>();
  for (let seed = 1; seed <= 400; seed++)
    for (const [key, name] of Object.entries(draw(seed).point)) (seen.get(key) ?? seen.set(key, new Set()).get(key)!).add(name);
  for (const dimension of LATITUDE) expect([...seen.get(dimension.key)!].sort()).toEqual(dimension.values.map((v) => v.name).sort());
});

test(
  'values of different dimensions compose: each wraps the hooks before it, and the reference is the empty point',
  { tag: '@fast' },
  () => {
    expect(behaviourAt({})).toBe(REFERENCE_BEHAVIOUR);
    expect(valuesAt({ total: 'all-matches' })).toEqual([]);
    // Three values that each change the bundle: all three show in one answer.
    const behaviour = behaviourAt({ total: 'page-count', links: 'self-only', timestamps: 'z' });
    const bundle = {
      resourceType: 'Bundle',
      id: '0b8f7c2e-4a7d-4c8e-9b1a-3f2e1d0c9b8a',
      meta: { versionId: '1', lastUpdated: '2026-01-02T03:04:05+00:00' },
      type: 'searchset',
      total: 60,
      link: [
        { relation: 'self', url: 'http://x/fhir/organization?name=A' },
        { relation: 'next', url: 'http://x/fhir/organization?name=A&Page=2' },
      ],
      entry: [],
    } as const;
    const answered = behaviour.organization.bundle(
      structuredClone(bundle) as never,
      { base: 'http://x', call: 1 } as never,
    ) as typeof bundle;
    expect(answered.total).toBe(0);
    expect(answered.link.map((l) => l.relation)).toEqual(['self']);
    expect(answered.meta.lastUpdated).toBe('2026-01-02T03:04:05.000Z');
  },
);

test('every value of the latitude off the reference is a conformant variant of the mutation run, or in one', { tag: '@fast' }, () => {
  const served = new Set(VARIANT_POINTS.flatMap(({ point }) => valuesAt(point)));
  const missing = LATITUDE.flatMap((d) =>
    d.values
      .slice(1)
      .filter((v) => !served.has(v as never))
      .map((v) => `${d.key}=${v.name}`),
  );
  expect(missing).toEqual([]);
  expect(VARIANTS.map((v) => v.name)).toEqual(VARIANT_POINTS.map((v) => v.name));
});

test(
  'a data seed draws a directory of real shapes that keeps §2.3–2.4: names of several words, chains, identifiers of other forms',
  { tag: '@fast' },
  ({ schemas }) => {
    const seed = [...Array(40).keys()]
      .map((i) => i + 1)
      .find((s) => shapeOptionsOf(s).crowded && shapeOptionsOf(s).curatedIds === 'reserved')!;
    const directory = seededDirectory(seed);
    const { providers, organizations } = directory;
    expect(invalidRecords(schemas, directory)).toEqual([]);
    const lastNames = providers.flatMap((p) => p.golden.data.Name!.flatMap((n) => n.LastName ?? []));
    expect(lastNames.some((name) => /\s/.test(name))).toBe(true);
    expect(providers.some((p) => /[/:+=]/.test(p.golden.id))).toBe(true);
    const byState = new Map<string, number>();
    for (const o of organizations) byState.set(o.address[0].state, (byState.get(o.address[0].state) ?? 0) + 1);
    expect(Math.max(...byState.values())).toBeGreaterThan(1000);
    const byName = new Map<string, number>();
    for (const o of organizations) byName.set(o.name, (byName.get(o.name) ?? 0) + 1);
    expect(Math.max(...byName.values())).toBeGreaterThan(25);
  },
);

/**
 * Points each driver once raised a false alarm on (issue "Trusted both ways"): a longer ambiguity
 * message, no match as 404, a bundle without entry, totals that count the page or stop at 1000,
 * a directory of real shapes with more than 1000 organizations in one state.
 */
const POINTS = [
  'data=3,ambiguity=longer-message-409,organization-no-match=404-operation-outcome,total=page-count',
  'data=11,organization-no-match=bundle-without-entry,page-past-last=bundle-without-entry,total=capped-1000,links=more-relations',
  'status-search=not-supported,value-matching=whole-words,links=self-only,transport=chunked,provider-path=api,authentication=bearer',
];

// Each drives all four drivers over a directory of its own: the full tier's, beside the latitude run's drawn points.
for (const point of POINTS)
  test(`no driver raises a false alarm at ${point}`, { tag: '@full' }, async () => {
    const result = await judgeLatitudeJob({ kind: 'conformant', setting: parseLatitude(point) });
    expect(result.problems, result.summary).toEqual([]);
  });

test(
  'a fault stays caught over a point of the latitude: a total that counts the page does not hide pages of 20',
  { tag: '@fast' },
  async () => {
    const result = await judgeLatitudeJob({
      kind: 'fault',
      point: parseLatitude('total=page-count,links=self-only').point,
      fault: 'page-size-20',
    });
    expect(result.problems, result.summary).toEqual([]);
    expect(result.unprovable).toBeUndefined();
  },
);
