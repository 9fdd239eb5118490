import { defineConfig } from '@playwright/test';

/**
 * Browser tests: Debian's Chromium against the production build served by the mock server (one origin).
 * Each test resets its server's data, so each worker has a server of its own (tests/e2e/fixtures.ts: worker n on the
 * n-th port after E2E_PORT). E2E_WORKERS sets how many (default 2).
 */
const port = Number(process.env.E2E_PORT || 8123);
const workers = Math.max(1, Number(process.env.E2E_WORKERS || 2));
/** Specs run by themselves at the end (project `alone`). */
const ALONE = /waterfall\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    // The app turns antd's motion off for users who ask for reduced motion: no clicks land mid-animation.
    reducedMotion: 'reduce',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    },
  },
  projects: [
    { name: 'browser', testIgnore: ALONE },
    // Tests whose subject is the order of a page's calls run after the others, with no other worker beside them: the
    // browser's timing under a second worker's load is not what they check.
    { name: 'alone', testMatch: ALONE, dependencies: ['browser'] },
  ],
  webServer: Array.from({ length: workers }, (_, i) => ({
    // --test: the server offers POST /v2/__test__/reset (never without it: npm start / npm run preview).
    command: `npx tsx mock/server.ts --static ${process.env.E2E_DIST || 'dist'} --port ${port + i} --test`,
    url: `http://127.0.0.1:${port + i}/user/login`,
    reuseExistingServer: false,
    // The server migrates and seeds its database before it answers: allow for a busy machine.
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
