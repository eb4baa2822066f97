/** The catalogue's metadata is checked too: every requirement has a test that declares it. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OBSERVATIONS, REQUIREMENTS } from '../../src/harness/catalogue';
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
