import { defineConfig } from '@playwright/test';

/** The harness's own tests: schemas, generator, reference server, reporter, mutation run. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../../test-results/self',
  // Two cores: one worker each. The tests are independent and share nothing on disk.
  workers: 2,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['junit', { outputFile: '../../test-results/self-junit.xml' }]] : 'list',
  use: { trace: 'off' },
  globalSetup: require.resolve('./global-setup'),
});
