/**
 * `replay REPORT` (src/replay/): each failure of a report asked again of a target and judged by
 * today's rulebook. A report of a fault, replayed against the fault, still fails; against the clean
 * server, is fixed; against another fault of the same requirement, has changed. The credentials are
 * the configured ones, and no output holds them.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Redactor } from '../../src/client/redact';
import { VARIANT_TOKEN } from '../../src/reference/scenarios/latitude';
import { scenarioPrefix } from '../../src/reference/scenarios/registry';
import type { ReplayedFailure } from '../../src/replay/replay-report';
import { writeReport } from '../../src/report/write-report';
import { runSuiteInProcess } from '../../src/suite/in-process-suite';
import { commandAsync, tempDir } from './command';
import { expect, test } from './fixtures';

/** The suite against `scenario` (with `env`), its report written as run writes it: the file replay reads. */
async function reportOf(origin: string, scenario: string, env: Record<string, string> = {}): Promise<string> {
  const dir = tempDir();
  const report = await runSuiteInProcess({ BASE_URL: `${origin}${scenarioPrefix(scenario)}`, MAX_RPS: '0', ...env });
  writeReport(dir, report, new Redactor([]));
  return join(dir, 'conformance.json');
}

const replay = (file: string, ...flags: string[]) => commandAsync(['replay', file, ...flags], { env: { MAX_RPS: '0' } });

/** `--json`'s failures, by requirement and status. */
const outcomes = (stdout: string) =>
  (JSON.parse(stdout) as ReplayedFailure[]).map((f) => ({ id: f.id, fingerprint: f.fingerprint, status: f.status, now: f.now }));

test(
  'a failure of an answer replayed: still fails against its fault, fixed against the clean server, changed against another fault of its requirement',
  { tag: '@fast' },
  async ({ scenarios }) => {
    const file = await reportOf(scenarios.origin, 'phone-punctuated');
    const at = (scenario: string) => `${scenarios.origin}${scenarioPrefix(scenario)}`;

    // Without --base-url, the report's own target.
    const again = await replay(file);
    expect(again.code, again.stderr).toBe(1);
    expect(again.stdout).toMatch(
      /^still fails: DATA-FORMATS MUST searchSingleBest \/data\/Phone\/\* \(\d+ requests?\): \[DATA-FORMATS\] MUST §2\.3/m,
    );
    expect(again.stdout).toMatch(/^still fails: DATA-FORMATS MUST sourceRecords \/\*\/data\/Phone\/\* \(\d+ requests?\): /m);
    expect(again.stdout).toMatch(/^replay: 0 fixed, 2 still failing, 0 changed, 0 not replayed, of the 2 failures of /m);

    const fixed = await replay(file, '--base-url', at('clean'));
    expect(fixed.code, fixed.stdout + fixed.stderr).toBe(0);
    expect(fixed.stdout).toMatch(/^fixed: DATA-FORMATS MUST searchSingleBest \/data\/Phone\/\*/m);
    expect(fixed.stdout).toMatch(/^replay: 2 fixed, 0 still failing/m);

    const changed = await replay(file, '--base-url', at('zip-hyphenated'), '--json');
    expect(changed.code, changed.stderr).toBe(1);
    // The same requirement fails at another place of the same answers: not fixed, not the same failure.
    expect(outcomes(changed.stdout)).toEqual([
      {
        id: 'DATA-FORMATS',
        fingerprint: 'searchSingleBest /data/Phone/*',
        status: 'changed',
        now: expect.arrayContaining(['DATA-FORMATS searchSingleBest /data/Address/*/Zip/*']),
      },
      {
        id: 'DATA-FORMATS',
        fingerprint: 'sourceRecords /*/data/Phone/*',
        status: 'changed',
        now: expect.arrayContaining(['DATA-FORMATS sourceRecords /*/data/Address/*/Zip/*']),
      },
    ]);
  },
);

test(
  'a failure of a relation between answers (a page walk) is judged by its tests run again: still fails, then fixed',
  { tag: '@fast' },
  async ({ scenarios }) => {
    const file = await reportOf(scenarios.origin, 'page-size-20');
    // A baseline the environment names to be rewritten is left alone: replay judges, it records nothing.
    const baseline = join(tempDir(), 'baseline.json');
    const still = await commandAsync(['replay', file, '--json'], {
      env: { MAX_RPS: '0', BASELINE_FILE: baseline, UPDATE_BASELINE: 'true' },
    });
    expect(existsSync(baseline)).toBe(false);
    expect(still.code, still.stderr).toBe(1);
    const page = outcomes(still.stdout).filter((f) => f.id === 'ORG-PAGE');
    expect(page.length).toBeGreaterThan(0);
    for (const failure of page) expect(failure.status).toBe('still fails');
    const fixed = await replay(file, '--base-url', `${scenarios.origin}${scenarioPrefix('clean')}`, '--json');
    expect(fixed.code, fixed.stderr).toBe(0);
    const now = outcomes(fixed.stdout);
    expect(now.filter((f) => f.id === 'ORG-PAGE')).toHaveLength(page.length);
    for (const failure of now) expect(failure.status, `${failure.id} ${failure.fingerprint}`).toBe('fixed');
  },
);

test(
  'replay sends the configured credentials, never any from the report, and writes them nowhere; a report without failures has nothing to replay',
  { tag: '@fast' },
  async ({ scenarios }) => {
    const origin = `${scenarios.origin}${scenarioPrefix('bearer-auth')}`;
    const withToken = { MAX_RPS: '0', API_TOKEN: VARIANT_TOKEN };
    // The report of a clean service: nothing to replay.
    const clean = await reportOf(scenarios.origin, 'bearer-auth', { API_TOKEN: VARIANT_TOKEN });
    const nothing = await commandAsync(['replay', clean, '--base-url', origin], { env: withToken });
    expect(nothing.code, nothing.stderr).toBe(0);
    expect(nothing.stdout).toMatch(/^replay: nothing to replay: .* holds no failure$/m);
    // A fault's report replayed against a service that wants a token: with the configured one, every request answered and judged.
    const faulty = await reportOf(scenarios.origin, 'phone-punctuated');
    const fixed = await commandAsync(['replay', faulty, '--base-url', origin], { env: withToken });
    expect(fixed.code, fixed.stdout + fixed.stderr).toBe(0);
    expect(fixed.stdout).toMatch(/^replay: 2 fixed, 0 still failing/m);
    for (const output of [nothing, fixed]) expect(output.stdout + output.stderr).not.toContain(VARIANT_TOKEN);
    // Without it, the service refuses: one line, exit 2, before anything is judged.
    const refused = await replay(faulty, '--base-url', origin);
    expect(refused.code, refused.stdout + refused.stderr).toBe(2);
    expect(refused.stderr).toMatch(/401/);
  },
);
