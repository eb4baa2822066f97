/**
 * `explore` (src/explore/): generated queries judged by the rulebook. Quiet on the clean server and
 * on the conformant variants most likely to raise a false alarm; each fault of the family it is
 * for fails at MUST, with a shrunk case of at most two parameters and the command that asks the
 * case again; the budget is never exceeded, and the seed draws the same cases again.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Exchange } from '../../src/client/exchange';
import { CASE_KINDS, sharedFirstLetters, sweepCases } from '../../src/explore/cases';
import { UNMATCHABLE_FILTERS } from '../../src/rules/rulebook';
import { meetRecords } from '../../src/explore/records';
import { scenarioPrefix } from '../../src/reference/scenarios/registry';
import { VARIANTS } from '../../src/reference/scenarios/variants';
import type { ConformanceReport } from '../../src/types/schemas';
import { commandAsync, tempDir } from './command';
import { everyFile } from './every-file';
import { expect, test } from './fixtures';
import { npiFile } from './survey-report';

/** The mutation run's budget: the sweep asks every code of the state list and every parameter's simplest classes before it draws. */
const BUDGET = 600;

/** Where explore's providers come from: 40 NPIs of a list, or the probes file's provider probes (a newcomer's two). */
type StartFrom = 'npis' | 'probes';

async function explore(origin: string, scenario: string, seed: number, ...flags: string[]) {
  return exploreWith({}, origin, scenario, seed, 'npis', ...flags);
}

async function exploreWith(
  env: Record<string, string>,
  origin: string,
  scenario: string,
  seed: number,
  from: StartFrom,
  ...flags: string[]
) {
  const dir = tempDir();
  // 40: the first provider whose last name holds an apostrophe is the 38th.
  const npis = from === 'npis' ? ['--npis', npiFile(dir, 'npis.txt', 40)] : [];
  const out = join(dir, 'report');
  const args = ['explore', '--base-url', `${origin}${scenarioPrefix(scenario)}`, ...npis, '--seed', String(seed)];
  const result = await commandAsync([...args, '--max-requests', String(BUDGET), '--out', out, ...flags], {
    env: { MAX_RPS: '0', ...env },
  });
  const report = JSON.parse(readFileSync(join(out, 'conformance.json'), 'utf8')) as ConformanceReport;
  return { ...result, out, report, section: report.explore! };
}

/** A case's parameters, from its words (`kind: a=1&b=2`, or `kind: a=1, narrowed by b=2`). */
const parametersOf = (text: string) => text.replace(/^[^:]+: /, '').split(/&|, narrowed by /).length;

const FAULTS: readonly (readonly [string, string])[] = [
  ['own-taxonomy-code-ambiguous', 'SB-NARROWING'],
  ['taxonomy-code-twice-ambiguous', 'SB-NARROWING'],
  ['dash-as-required', 'SB-OPTIONAL-DASH'],
  ['dash-with-space-required', 'SB-OPTIONAL-DASH'],
  ['identifier-system-ignored', 'ORG-FILTER-IDENTIFIER'],
  ['filters-first-page-only', 'ORG-FILTERS'],
  ['count-and-page-skip-first-of-page', 'ORG-NEXT-LINK'],
  ['apostrophe-stripped-in-query', 'SB-NARROWING'],
  ['accents-folded-in-query', 'SB-NARROWING'],
  ['count-max-999', 'ORG-COUNT'],
  ['state-word-as-operator', 'ORG-FILTERS'],
  ['provider-state-word-as-operator', 'SB-MATCHES-QUERY'],
  ['email-plus-never-matched', 'SB-NARROWING'],
  ['zip-phone-narrow-too-late', 'SB-NARROWING'],
  ['many-candidates-no-match', 'SB-AMBIGUOUS'],
  ['ambiguous-first-candidate', 'SB-AMBIGUOUS'],
  // Written after the generator, to test it: met by the class of a value that holds an &, not by a case of its own.
  ['ampersand-ends-value', 'SB-NARROWING'],
];

/** Explore against each scenario is quiet: exit 0, a pass, within its budget, every kind drawn, and the budget's end said. */
async function expectQuiet(origin: string, scenarios: readonly string[]) {
  const results = [];
  for (const scenario of scenarios) {
    const result = await explore(origin, scenario, 7);
    results.push(result);
    const { code, stdout, section, report } = result;
    expect(code, `${scenario}: ${stdout}`).toBe(0);
    expect(report.verdict, scenario).toBe('pass');
    expect(section.failures, scenario).toEqual([]);
    expect(section.requests, scenario).toBeLessThanOrEqual(BUDGET);
    // The probes file says the tenant searches by status: every kind, `active` among them.
    expect(section.cases.map((c) => c.kind).sort(), scenario).toEqual([...CASE_KINDS].sort());
    expect(section.unexplored, scenario).toEqual([
      expect.stringMatching(new RegExp(`^the budget of ${BUDGET} requests was spent after \\d+ cases`)),
    ]);
  }
  return results;
}

/** The fault fails its requirement at MUST from `seed`, the smallest case of at most two parameters, with the command that asks it again. */
async function expectCaught(origin: string, [fault, id]: readonly [string, string], seed: number, from: StartFrom = 'npis') {
  const { code, section, report } = await exploreWith({}, origin, fault, seed, from);
  expect(code, `${fault} seed ${seed}`).toBe(1);
  expect(report.requirements.find((r) => r.id === id)?.status, `${fault} seed ${seed}`).toBe('fail');
  const failure = section.failures.find((f) => f.id === id)!;
  expect(failure, `${fault} seed ${seed}: ${JSON.stringify(section.failures)}`).toBeDefined();
  expect(parametersOf(failure.smallest), `${fault} seed ${seed}: ${failure.smallest}`).toBeLessThanOrEqual(2);
  expect(failure.reproduce).toMatch(
    new RegExp(
      // The target as resolved, the dotenv file read and the records started from, by absolute path: the line asks the same case of the same service from any folder.
      `^directory-conformance explore --base-url \\S+/scenario/${fault} --env-file /\\S+ ${from === 'npis' ? '--npis /\\S+ ' : ''}--max-requests ${BUDGET} --seed ${seed} --case \\d+$`,
    ),
  );
  expect(section.requests).toBeLessThanOrEqual(BUDGET);
  return failure;
}

test(
  'explore is quiet on the clean server; its report says what it explored, on the page and in Markdown',
  { tag: '@fast' },
  async ({ scenarios }) => {
    const [{ out, section }] = await expectQuiet(scenarios.origin, ['clean']);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain(`Seed 7; ${section.requests} of ${BUDGET} requests`);
    expect(readFileSync(join(out, 'conformance.md'), 'utf8')).toMatch(
      new RegExp(
        `^## Explored\n\nSeed 7; \\d+ of ${BUDGET} requests\\.\n\n\\| kind \\| cases \\| failed \\| premise did not hold \\|`,
        'm',
      ),
    );
  },
);

test(
  'a fault met by the sweep and one met by a drawn case fail at MUST, shrunk to at most two parameters; --case asks the case again and fails it again',
  { tag: '@fast' },
  async ({ scenarios }) => {
    // The first fault, met by the sweep; the last, by a drawn case shrunk. The others, and more seeds: the full tier.
    const failure = await expectCaught(scenarios.origin, FAULTS[0], 1);
    await expectCaught(scenarios.origin, FAULTS.at(-1)!, 2);
    // The line as printed, pasted in another folder: the same case of the same target, failing again.
    const elsewhere = tempDir();
    const [, ...pasted] = failure.reproduce.split(' ');
    const again = await commandAsync(pasted, { cwd: elsewhere, env: { MAX_RPS: '0' } });
    expect(again.code, again.stdout + again.stderr).toBe(1);
    const report = JSON.parse(readFileSync(join(elsewhere, 'explore-report', 'conformance.json'), 'utf8')) as ConformanceReport;
    expect(report.explore!.failures).toEqual([expect.objectContaining({ id: failure.id, case: failure.case, original: failure.original })]);
    expect(report.explore!.cases.reduce((n, c) => n + c.tried, 0)).toBe(1);
    // The other kinds were chosen away by --case, which was given: never by --grep or --shard, which were not.
    expect(report.coverage?.gaps?.find((g) => g.id === 'ORG-COUNT')?.reason).toEqual({
      kind: 'not-selected',
      text: `--case ${failure.case} asked one own-value case: the other kinds were not drawn`,
    });
  },
);

test(
  'explore never passes over a requirement of its scope it did not judge: a budget spent before a kind is drawn, and a kind with nothing to draw from, are gaps (exit 3) that say why',
  { tag: '@fast' },
  async ({ scenarios }) => {
    const spent = await explore(scenarios.origin, 'clean', 1, '--max-requests', '80');
    expect(spent.code, spent.stdout).toBe(3);
    expect(spent.report.verdict).toBe('inconclusive');
    const notDrawn = spent.report.coverage!.gaps!.filter((g) => g.level === 'MUST' && g.judged === 'not');
    expect(notDrawn.length).toBeGreaterThan(0);
    // Each not judged for a reason of its own, typed: a kind not drawn says the budget, and what closes it.
    for (const gap of notDrawn) expect(gap.reason.kind).toBe('not-met');
    const budgetGaps = notDrawn.filter((g) => /^explore drew no case of kind \S+: the budget of 80 requests was spent/.test(g.reason.text));
    expect(budgetGaps.length).toBeGreaterThan(0);
    for (const gap of budgetGaps) expect(gap.closeWith).toMatch(/a larger --max-requests/);
    expect(spent.stdout).toMatch(/^MUST gaps?: .*explore drew no case of kind/m);
    // A probes file of providers alone: the organization kinds had nothing to draw from, and each gap names what it lacked.
    const dir = tempDir();
    const probes = join(dir, 'providers-only.json');
    writeFileSync(probes, JSON.stringify({ provider: JSON.parse(readFileSync('fixtures/probes.json', 'utf8')).provider }));
    const lacking = await explore(scenarios.origin, 'clean', 1, '--probes', probes, '--max-requests', '300');
    expect(lacking.code, lacking.stdout).toBe(3);
    expect(lacking.section.unexplored).toContainEqual(
      expect.stringMatching(/^kinds with nothing to draw from: own-value-search, added-filter, count, identifier/),
    );
    expect(lacking.report.coverage!.gaps!.find((g) => g.id === 'ORG-COUNT')?.reason).toEqual({
      kind: 'not-met',
      test: 'explore › its scope',
      needs: ['an organization met that carries a value of a §4.3 filter (the probes file’s organization searches)'],
      text: 'explore drew no case of kind count: it lacked an organization met that carries a value of a §4.3 filter (the probes file’s organization searches)',
    });
    // What no organization is needed for was judged all the same: a search with no parameter (§4.3, §8).
    expect(lacking.report.requirements.find((r) => r.id === 'ORG-MIN-PARAMS')?.status).toBe('pass');
  },
);

test(
  "from the probes file's providers alone, an own State is asked as an ambiguity and narrowed by an own Zip or Phone: quiet on the clean server, the ambiguity faults fail at MUST",
  { tag: '@fast' },
  async ({ scenarios }) => {
    const clean = await exploreWith({}, scenarios.origin, 'clean', 1, 'probes');
    expect(clean.code, clean.stdout).toBe(0);
    expect(clean.section.cases.find((c) => c.kind === 'ambiguous')?.tried).toBeGreaterThan(0);
    for (const fault of [
      ['many-candidates-no-match', 'SB-AMBIGUOUS'],
      ['zip-phone-narrow-too-late', 'SB-NARROWING'],
    ] as const)
      await expectCaught(scenarios.origin, fault, 1, 'probes');
  },
);

test(
  'each fault of its family is caught, each from a seed of its own; conformant variants of paging stay quiet at the whole budget; no credential is written',
  { tag: '@full' },
  async ({ scenarios }) => {
    // The variant that asks for a token, with it: quiet, and the token in no file and no output, in no encoding.
    const token = VARIANTS.find((v) => v.name === 'bearer-auth')!.suiteEnv!.API_TOKEN!;
    const authorised = await exploreWith({ API_TOKEN: token }, scenarios.origin, 'bearer-auth', 7, 'npis');
    expect(authorised.code, authorised.stdout + authorised.stderr).toBe(0);
    for (const text of [authorised.stdout, authorised.stderr, ...everyFile(authorised.out)])
      for (const form of [token, Buffer.from(token).toString('base64'), encodeURIComponent(token)]) expect(text.includes(form)).toBe(false);
    // The history keeps an explore report as it keeps a run's.
    const recorded = await commandAsync(['history', 'record', authorised.out, '--history', join(tempDir(), 'history')]);
    expect(recorded.code, recorded.stderr).toBe(0);
    expect(recorded.stderr).toMatch(/history: recorded run #\d+ of /);
    // A seed of each fault's own, so that the catches together span seventeen seeds: the sweep, which every seed asks
    // first, is what meets most of them, and a case drawn only by some seeds would show as a fault missed here.
    for (const [i, fault] of FAULTS.entries()) await expectCaught(scenarios.origin, fault, i + 1);
    // The mutation run asks explore of every conformant variant (quiet, at half this budget); here, at the whole
    // budget, the two whose paging a drawn walk or Count reads otherwise.
    await expectQuiet(scenarios.origin, ['pages-from-zero', 'total-capped-1000']);
  },
);

test(
  'the records explore starts from, and so its case numbers, do not follow the order a service lists organizations in (§4.3 r3)',
  { tag: '@fast' },
  async () => {
    const organization = (id: string) => ({ resource: { resourceType: 'Organization', id, name: `ORG ${id}` }, search: { mode: 'match' } });
    const listing = (ids: string[]) =>
      ({
        method: 'GET',
        url: 'http://service.test/fhir/organization?name=ORG',
        status: 200,
        contentType: 'application/fhir+json',
        json: { ok: true },
        body: { resourceType: 'Bundle', type: 'searchset', entry: ids.map(organization) },
      }) as unknown as Exchange;
    const met = async (ids: string[]) =>
      (
        await meetRecords(
          { searchSingleBest: () => Promise.reject(new Error('no provider is asked')), organizations: async () => listing(ids) },
          { npis: [], searches: [{ name: 'ORG' }] },
        )
      ).organizations.map((o) => o.id);
    expect(await met(['b', 'c', 'a'])).toEqual(['a', 'b', 'c']);
    expect(await met(['c', 'a', 'b'])).toEqual(await met(['a', 'b', 'c']));
  },
);

test(
  "the sweep asks §4.3's filters in the value classes of the parameter table: a word's first letters, a value no organization holds, an own value beside a near one",
  { tag: '@fast' },
  () => {
    const address = [{ line: ['12 Main St'], city: 'Dayton', state: 'OH', postalCode: '45402' }];
    const resource = { resourceType: 'Organization', id: 'o1', name: 'Riverside Memorial Clinic', address };
    const swept = sweepCases({ providers: [], organizations: [{ id: 'o1', resource, seenIn: 'a test' }] }, { statusSearch: false });
    const filters = swept.flatMap((c) => (c.kind === 'filter' ? [c.query] : []));
    // The name's own filter value, and the first letters of its first word longer than four (the shorter value).
    expect(filters).toContainEqual({ name: 'RIVERSIDE' });
    expect(filters).toContainEqual({ name: 'RIVE' });
    // Every value parameter's unmatchable value, whatever was met.
    for (const [parameter, value] of UNMATCHABLE_FILTERS) expect(filters).toContainEqual({ [parameter]: value });
    // Two text filters together, one held and one near: an answer holds both, so filters OR-ed show; the name whole too.
    expect(filters).toContainEqual({ name: 'RIVERSIDE', address: 'DaytoZ' });
    expect(filters).toContainEqual({ name: 'Riverside Memorial Clinic', address: 'DaytoZ' });
    // The first letters several words met share, where two do: a value that begins several words.
    const other = { resourceType: 'Organization', id: 'o2', name: 'Rivulet Health', address };
    const two = sweepCases(
      {
        providers: [],
        organizations: [
          { id: 'o1', resource, seenIn: 'a test' },
          { id: 'o2', resource: other, seenIn: 'a test' },
        ],
      },
      { statusSearch: false },
    );
    expect(two.flatMap((c) => (c.kind === 'filter' ? [c.query] : []))).toContainEqual({ name: 'RIV' });
    expect(sharedFirstLetters(['RIVERSIDE', 'RIVERMONT', 'MEMORIAL'])).toBe('RIVE');
    expect(sharedFirstLetters(['RIVERSIDE', 'RIVULET', 'MEMORIAL'])).toBe('RIV');
    expect(sharedFirstLetters(['RIVERSIDE', 'MEMORIAL'])).toBeUndefined();
  },
);
