/**
 * `npm test`: every part in turn, stopping at the first that fails, as `a && b && c` would, and then
 * the time each part took, so that a CI log shows where the minutes go (docs/testing.md keeps the
 * figures of a 2-core machine).
 */
import { spawnSync } from 'node:child_process';
import { markdownTable } from '../src/suite-runs/run-table';

/** The parts of `npm test`, in order: each an npm script, or Playwright's runner for the self-tests. */
const PARTS: readonly { name: string; command: string[] }[] = [
  { name: 'lint (prettier, eslint, import boundaries)', command: ['npm', 'run', 'lint'] },
  { name: 'type check', command: ['npm', 'run', 'typecheck'] },
  { name: 'generated types current', command: ['npm', 'run', 'gen:types', '--', '--check'] },
  { name: 'OpenAPI current', command: ['npm', 'run', 'gen:openapi', '--', '--check'] },
  { name: 'catalogue current', command: ['npm', 'run', 'catalogue', '--', '--check'] },
  { name: 'figures current', command: ['npm', 'run', 'figures', '--', '--check'] },
  { name: 'architecture current', command: ['npm', 'run', 'architecture', '--', '--check'] },
  { name: 'self-tests', command: ['npx', 'playwright', 'test', '-c', 'tests/self'] },
  { name: 'mutation run', command: ['npm', 'run', 'test:mutation'] },
  { name: 'robustness run', command: ['npm', 'run', 'test:robustness'] },
];

const rows: string[][] = [];
let failed: string | undefined;
const started = Date.now();
for (const part of PARTS) {
  const partStarted = Date.now();
  const { status } = spawnSync(part.command[0], part.command.slice(1), { stdio: 'inherit' });
  rows.push([part.name, ((Date.now() - partStarted) / 1000).toFixed(0), status === 0 ? 'pass' : `fail (exit ${status})`]);
  if (status !== 0) {
    failed = part.name;
    break;
  }
}
console.log(`\nnpm test: the time of each part\n\n${markdownTable(['part', 'seconds', 'result'], rows)}`);
console.log(`\nnpm test: ${failed ? `FAILED at ${failed}` : 'passed'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(failed ? 1 : 0);
