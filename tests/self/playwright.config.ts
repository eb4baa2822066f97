import { defineConfig } from '@playwright/test';
import { tierOfRun } from './tier';

/** The harness's own tests: schemas, generator, reference server, reporter, mutation run. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // SELF_TEST_TIER=fast or full: one tier's tests (tier.ts); without it, both.
  ...(tierOfRun() ? { grep: new RegExp(`@${tierOfRun()}\\b`) } : {}),
  outputDir: '../../test-results/self',
  // Two cores: one worker each. The tests are independent and share nothing on disk.
  workers: 2,
  fullyParallel: true,
  // A timeout catches a hang, never a slow machine: a test of several commands takes four times as
  // long with both cores busy (the packed tarball's 2.4 minutes, a history test's 2.3, the walk of
  // 10,000 pages 3.8), and no test is judged by how long it took. One bound for every test, the
  // README walk's alone above it.
  timeout: 600_000,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['junit', { outputFile: '../../test-results/self-junit.xml' }]] : 'list',
  use: { trace: 'off' },
  globalSetup: require.resolve('./global-setup'),
});
