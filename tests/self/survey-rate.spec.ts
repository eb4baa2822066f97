/**
 * --max-rps R, as a service's operators count it: never more than R requests in any one-second
 * window, plus a burst of one, and never more than R on average. Measured at R = 5 and R = 20 from
 * the survey's own request log (CONFORMANCE_REQUEST_LOG): the time each request left. How close to R
 * the survey keeps (at least 0.95 R) depends on how busy the machine is, so it is a figure of
 * `npm run bench`, not an assertion here.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readRequestLog, REQUEST_LOG_VARIABLE } from '../../src/client/request-log';
import { readFixtures } from '../../src/reference/fixture-files';
import { scenarioPrefix } from '../../src/reference/scenarios/registry';
import type { ScenarioServer } from '../../src/suite-runs/scenario-server';
import { commandAsync, tempDir } from './command';
import { expect, test } from './fixtures';

let server: ScenarioServer;
test.beforeAll(({ scenarios }) => {
  server = scenarios;
});

for (const [rate, seconds] of [
  [5, 8],
  [20, 6],
] as const) {
  test(
    `--max-rps ${rate}: never more than ${rate} + 1 in any one-second window, nor above ${rate} on average`,
    { tag: '@fast' },
    async () => {
      const dir = tempDir();
      // Each NPI is two requests (its search and its source records): `seconds` of work at the limit.
      const npis = readFixtures()
        .providers.slice(0, (rate * seconds) / 2)
        .map((p) => p.golden.data.NPI![0]);
      writeFileSync(join(dir, 'npis.txt'), npis.join('\n'));
      const log = join(dir, 'requests');
      const result = await commandAsync(
        [
          'survey',
          '--base-url',
          `${server.origin}${scenarioPrefix('clean')}`,
          '--npis',
          join(dir, 'npis.txt'),
          '--max-rps',
          String(rate),
          '--out',
          join(dir, 'out'),
        ],
        { env: { [REQUEST_LOG_VARIABLE]: log } },
      );
      expect(result.code, result.stderr).toBe(0);
      const started = readRequestLog(log)
        .map((r) => r.startedAt)
        .sort((a, b) => a - b);
      expect(started.length).toBeGreaterThanOrEqual(rate * seconds);
      const average = (started.length - 1) / ((started.at(-1)! - started[0]) / 1000);
      let busiest = 0;
      for (let i = 0, j = 0; i < started.length; i++) {
        while (j < started.length && started[j] < started[i] + 1000) j++;
        busiest = Math.max(busiest, j - i);
      }
      console.log(
        `--max-rps ${rate}: ${started.length} requests, ${average.toFixed(2)} a second on average, at most ${busiest} in one second`,
      );
      expect(average).toBeLessThanOrEqual(rate * 1.01);
      expect(busiest).toBeLessThanOrEqual(rate + 1);
      expect(JSON.parse(readFileSync(join(dir, 'out', 'survey.json'), 'utf8')).input.surveyed).toBe(npis.length);
    },
  );
}
