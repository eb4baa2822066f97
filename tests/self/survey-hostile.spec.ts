/**
 * A service that fails in the middle of a walk, then recovers (one target, served by one server and
 * then another on the same port): the survey ends in bounded time, says it is incomplete (exit 3),
 * and --resume completes it into exactly what an uninterrupted survey counts, no record twice.
 */
import { join } from 'node:path';
import { freePort, startReferenceServer } from '../../src/suite-runs/scenario-server';
import { commandAsync, tempDir } from './command';
import { expect, test } from './fixtures';
import { readSurvey, surveyCounts } from './survey-report';

for (const { fault, what, surveyEnv, last } of [
  { fault: 'walk-resets-after-page-1', what: 'connections reset', surveyEnv: {}, last: /failed/ },
  // REQUEST_TIMEOUT_MS: a page that never answers ends each try at 1 s, not the default's minute.
  { fault: 'walk-silent-after-page-1', what: 'no answer at all', surveyEnv: { REQUEST_TIMEOUT_MS: '1000' }, last: /timed out/ },
])
  test(`${what} past page 1 of every walk: exit 3, incomplete; --resume once the service is well completes it, no record twice`, async () => {
    test.setTimeout(180_000);
    const dir = tempDir();
    const port = await freePort();
    const args = ['survey', '--base-url', `http://127.0.0.1:${port}`, '--organizations-by-state', '--max-rps', '1000'];
    const survey = async (env: Record<string, string>, more: string[]) => {
      const server = await startReferenceServer(env, port);
      try {
        return await commandAsync([...args, ...more], { env: surveyEnv });
      } finally {
        await server.stop();
      }
    };
    const out = join(dir, 'out');
    const started = Date.now();
    const failing = await survey({ REFERENCE_FAULT: fault }, ['--out', out]);
    expect(failing.code, failing.stderr).toBe(3);
    expect(Date.now() - started).toBeLessThan(60_000);
    const incomplete = readSurvey(out);
    expect(incomplete.complete).toBe(false);
    expect(incomplete.stopped).toMatch(
      /^(\d+ units of work ended without an HTTP answer|the service stopped answering: \d+ requests in a row ended without an HTTP answer) \(.*Page=2/,
    );
    expect(incomplete.stopped).toMatch(last);
    expect(incomplete.requests.transportErrors).toBeGreaterThan(0);
    expect(failing.stdout).toContain('--resume finishes it');

    const resumed = await survey({}, ['--out', out, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    const whole = await survey({}, ['--out', join(dir, 'whole')]);
    expect(whole.code, whole.stderr).toBe(0);
    expect(surveyCounts(readSurvey(out))).toEqual(surveyCounts(readSurvey(join(dir, 'whole'))));
    expect(readSurvey(out).requests.transportErrors).toBe(0);
  });
