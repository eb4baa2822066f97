/** The catalogue's metadata is checked too: every id is declared by a test, as Playwright itself lists them. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OBSERVATIONS, REQUIREMENTS } from '../../src/spec/catalogue';
import { ANNOTATION } from '../../src/suite/annotations';
import { SCENARIOS } from '../../src/reference/scenarios/registry';
import { neutralSuiteEnvironment } from '../../src/suite-runs/run-suite';
import { PACKAGE_ROOT } from '../../src/package-root';
import { expect, test } from './fixtures';

interface ListedTest {
  title: string;
  tags: string[];
  annotations: { type: string; description?: string }[];
}

interface ListedSuite {
  specs?: { title: string; tags: string[]; tests: { annotations: ListedTest['annotations'] }[] }[];
  suites?: ListedSuite[];
}

/** The conformance suite's tests as `playwright test --list` reports them, with any extra arguments. */
function listed(...args: string[]): ListedTest[] {
  const cli = join(PACKAGE_ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
  const env = {
    ...neutralSuiteEnvironment(process.env),
    CONFORMANCE_EMBEDDED_URL: 'http://127.0.0.1:9',
    REPORT_DIR: mkdtempSync(join(tmpdir(), 'list-')),
  };
  const output = execFileSync(process.execPath, [cli, 'test', '--list', '--reporter=json', ...args], {
    cwd: PACKAGE_ROOT,
    env,
    encoding: 'utf8',
  });
  const walk = (suite: ListedSuite): ListedTest[] => [
    ...(suite.specs ?? []).map((spec) => ({ title: spec.title, tags: spec.tags, annotations: spec.tests.flatMap((t) => t.annotations) })),
    ...(suite.suites ?? []).flatMap(walk),
  ];
  return walk(JSON.parse(output) as ListedSuite);
}

const suite = listed();
const declared = (type: string) => new Set(suite.flatMap((t) => t.annotations.filter((a) => a.type === type).map((a) => a.description)));

test('every requirement is declared by at least one conformance test, and tagged with its id', { tag: '@fast' }, () => {
  const requirements = declared(ANNOTATION.requirement);
  const crossCutting = ['HTTP-JSON'];
  expect(REQUIREMENTS.map((r) => r.id).filter((id) => !requirements.has(id) && !crossCutting.includes(id))).toEqual([]);
  const tags = new Set(suite.flatMap((t) => t.tags));
  expect(REQUIREMENTS.map((r) => r.id).filter((id) => !tags.has(id))).toEqual([]);
});

test(
  'every observation is declared by a conformance test, or recorded by the client with a reason for its absence',
  { tag: '@fast' },
  () => {
    const observations = declared(ANNOTATION.records);
    expect(OBSERVATIONS.filter((o) => !observations.has(o.id) && !('whenAbsent' in o)).map((o) => o.id)).toEqual([]);
  },
);

test('--grep with a requirement id selects exactly the tests that check it', { tag: '@full' }, () => {
  const selected = listed('--grep', 'DATA-FORMATS')
    .map((t) => t.title)
    .sort();
  const tagged = suite
    .filter((t) => t.tags.includes('DATA-FORMATS'))
    .map((t) => t.title)
    .sort();
  expect(selected).toEqual(tagged);
  expect(selected).toHaveLength(3);
});

test('ids are unique and levels are MUST or SHOULD', { tag: '@fast' }, () => {
  const ids = [...REQUIREMENTS.map((r) => r.id), ...OBSERVATIONS.map((o) => o.id)];
  expect(new Set(ids).size).toBe(ids.length);
  expect(REQUIREMENTS.every((r) => r.level === 'MUST' || r.level === 'SHOULD')).toBe(true);
});

test('scenario names are unique, so each has its own /scenario/<name> mount', { tag: '@fast' }, () => {
  const names = SCENARIOS.map((s) => s.name);
  expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
});
