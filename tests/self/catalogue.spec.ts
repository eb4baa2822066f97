/** The catalogue's metadata is checked too: every requirement has a test that declares it. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OBSERVATIONS, REQUIREMENTS } from '../../src/harness/catalogue';
import { FAULTS } from '../../src/reference/scenarios/faults';
import { SCENARIOS } from '../../src/reference/scenarios/catalog';
import { expect, test } from './fixtures';

const SUITE = join(__dirname, '..', 'conformance');
const sources = readdirSync(SUITE).filter((f) => f.endsWith('.spec.ts')).map((f) => readFileSync(join(SUITE, f), 'utf8')).join('\n');
const declared = new Set([...sources.matchAll(/requirements\(([^)]*)\)/g)].flatMap((m) => [...m[1].matchAll(/'([A-Z0-9-]+)'/g)].map((id) => id[1])));

test('every requirement is declared by at least one conformance test', () => {
  const crossCutting = ['HTTP-JSON'];
  expect(REQUIREMENTS.map((r) => r.id).filter((id) => !declared.has(id) && !crossCutting.includes(id))).toEqual([]);
});

test('every observation is recorded by a conformance test or by the check recorder', () => {
  const recorder = readFileSync(join(__dirname, '..', '..', 'src', 'harness', 'checks.ts'), 'utf8');
  expect(OBSERVATIONS.map((o) => o.id).filter((id) => !sources.includes(`'${id}'`) && !recorder.includes(`'${id}'`))).toEqual([]);
});

test('ids are unique and levels are MUST or SHOULD', () => {
  const ids = [...REQUIREMENTS.map((r) => r.id), ...OBSERVATIONS.map((o) => o.id)];
  expect(new Set(ids).size).toBe(ids.length);
  expect(REQUIREMENTS.every((r) => r.level === 'MUST' || r.level === 'SHOULD')).toBe(true);
});

test('every requirement has at least one fault in the mutation run, and there are at least 40', () => {
  const targeted = new Set(FAULTS.map((f) => f.targets));
  expect(REQUIREMENTS.map((r) => r.id).filter((id) => !targeted.has(id))).toEqual([]);
  expect(FAULTS.length).toBeGreaterThanOrEqual(40);
});

test('scenario names are unique, so each has its own /scenario/<name> mount', () => {
  const names = SCENARIOS.map((s) => s.name);
  expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
});
