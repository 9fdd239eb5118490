import { defineConfig } from '@playwright/test';

/**
 * Browser tests: Debian's Chromium against the production build served by the mock server (one origin).
 * One worker: the tests share the mock server's state and reset it before each test.
 */
const port = Number(process.env.E2E_PORT || 8123);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
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
  webServer: {
    // --test: the server offers POST /v2/__test__/reset (never without it: npm start / npm run preview).
    command: `npx tsx mock/server.ts --static ${process.env.E2E_DIST || 'dist'} --port ${port} --test`,
    url: `http://127.0.0.1:${port}/user/login`,
    reuseExistingServer: false,
    // The server migrates and seeds its database before it answers: allow for a busy machine.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
