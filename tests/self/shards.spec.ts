/** run --shard I/N writes blob reports; merge turns them into the conformance report an unsharded run writes. */
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { scenarioPrefix } from '../../src/reference/scenarios/registry';
import { readReport } from '../../src/report/read-report';
import { commandAsync, tempDir } from './command';
import { expect, test } from './fixtures';

/** What a run concluded, without its timing: requirements with statuses, check and failure counts; observations; probe problems. */
function conclusions(file: string) {
  // Read as compare, matrix and history record read it: valid against its published schema.
  const report = readReport(file);
  return {
    verdict: report.verdict,
    summary: report.summary,
    requirements: report.requirements.map((r) => ({
      id: r.id,
      status: r.status,
      checks: r.checks,
      failures: r.failures.map((f) => f.message).sort(),
    })),
    observations: report.observations,
    probeProblems: report.probeProblems,
  };
}

test(
  'three shards merged give the requirements, statuses, check counts and observations of one unsharded run',
  { tag: '@full' },
  async ({ scenarios }) => {
    const dir = tempDir();
    // A fault, so that a failure has to survive the merge too.
    const target = ['--base-url', `${scenarios.origin}${scenarioPrefix('page-size-20')}`];
    const env = { MAX_RPS: '0' };
    const whole = await commandAsync(['run', ...target, '--report', 'whole'], { cwd: dir, env });
    expect(whole.code).toBe(1);
    const shards = await Promise.all(
      [1, 2, 3].map((i) =>
        commandAsync(['run', ...target, '--shard', `${i}/3`, '--report', `shard-${i}`, '--workers', '1'], { cwd: dir, env }),
      ),
    );
    // A third shard of a run that selected otherwise (its own --grep): not a part of the same run.
    const selected = await commandAsync(['run', ...target, '--shard', '3/3', '--grep', 'ORG-COUNT', '--report', 'shard-grep'], {
      cwd: dir,
      env,
    });
    expect(selected.code, selected.stderr).toBe(0);
    // A shard judges nothing on its own: it leaves a blob report, and no conformance.json.
    mkdirSync(join(dir, 'blobs'));
    for (const [i, shard] of shards.entries()) {
      // The shard that holds the failing test succeeds too: failures are judged at the merge.
      expect(shard.code).toBe(0);
      expect(readdirSync(join(dir, `shard-${i + 1}`))).not.toContain('conformance.json');
      for (const blob of readdirSync(join(dir, `shard-${i + 1}`, 'blob')))
        copyFileSync(join(dir, `shard-${i + 1}`, 'blob', blob), join(dir, 'blobs', blob));
    }
    expect(readdirSync(join(dir, 'blobs'))).toHaveLength(3);
    // Two of the three shards are no verdict: the merge refuses them in one line, exit 2, naming the shard that is missing.
    mkdirSync(join(dir, 'some'));
    const [first, , third] = readdirSync(join(dir, 'blobs')).sort();
    for (const blob of [first, third]) copyFileSync(join(dir, 'blobs', blob), join(dir, 'some', blob));
    const some = await commandAsync(['merge', 'some', ...target, '--report', 'partial'], { cwd: dir, env });
    expect(some.code, some.stderr).toBe(2);
    expect(some.stderr).toMatch(/holds 2 of the 3 shards of the run; shard 2\/3 is missing/);
    // No earlier PASS survives in its report folder: it says error.
    expect(readReport(join(dir, 'partial', 'conformance.json')).verdict).toBe('error');
    // Shards 1 and 2 of one run with a 3 of a run with its own --grep: refused in one line, as a missing shard is, never PASS.
    mkdirSync(join(dir, 'mixed'));
    for (const blob of [first, readdirSync(join(dir, 'blobs')).sort()[1]]) copyFileSync(join(dir, 'blobs', blob), join(dir, 'mixed', blob));
    for (const blob of readdirSync(join(dir, 'shard-grep', 'blob')))
      copyFileSync(join(dir, 'shard-grep', 'blob', blob), join(dir, 'mixed', blob));
    const mixed = await commandAsync(['merge', 'mixed', ...target, '--report', 'mixed-report'], { cwd: dir, env });
    expect(mixed.code, mixed.stderr).toBe(2);
    expect(mixed.stderr).toMatch(/come from runs that selected otherwise: .* with no --grep, .* with --grep ORG-COUNT/);
    expect(readReport(join(dir, 'mixed-report', 'conformance.json')).verdict).toBe('error');
    const merged = await commandAsync(['merge', 'blobs', ...target, '--report', 'merged'], { cwd: dir, env });
    expect(merged.code).toBe(1);
    const expected = conclusions(join(dir, 'whole', 'conformance.json'));
    expect(expected.summary.fail).toBe(1);
    expect(conclusions(join(dir, 'merged', 'conformance.json'))).toEqual(expected);
  },
);
