import { defineConfig, type Project } from '@playwright/test';
import type { E2eDatabase } from './tests/e2e/support/servers.ts';

// Debian's Chromium, never a downloaded browser; the flags keep it off the network (this machine
// has none, and Chromium would otherwise keep trying Google's hosts).
const chromium = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

const journeys = (database: E2eDatabase): Project<{ database: E2eDatabase }> => ({
  name: database,
  testIgnore: /(screens|phone)\.spec\.ts/,
  use: { database },
});

export default defineConfig<{ database: E2eDatabase }>({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/servers.ts',
  // The journeys share each database's pricing variables, so they take turns.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    journeys('sqlite'),
    ...(process.env.TEST_DATABASE_URL ? [journeys('postgres')] : []),
    // Every screen over the demo catalogue: accessibility checks and the README's screenshots, and
    // every role at phone width.
    { name: 'screens', testMatch: /(screens|phone)\.spec\.ts/, use: { database: 'demo' } },
  ],
});
