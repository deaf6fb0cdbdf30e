import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './tools/lib/chromium.ts';
import { e2eAnalyticsPort as analyticsPort, e2ePort as port } from './tests/support/e2e-ports.ts';

/**
 * End-to-end tests: the built site and the real server (PGlite in a fresh folder, or
 * PostgreSQL when DATABASE_URL is set) driven through Debian's Chromium.
 * `npm run test:e2e` builds the site first.
 */
// Set once in the main process; the workers inherit it.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'e2e-data-'));

// CI runs the suite twice, on the embedded database and then on PostgreSQL (DATABASE_URL set).
// These specs look only at built pages and at what a browser does with them, never at what the
// server stores, so they give the same answer on both: the PostgreSQL pass leaves them out, with
// the phone project and the server with analytics that only they use.
const onPostgres = Boolean(process.env.DATABASE_URL);
const READ_NO_DATABASE = [
  'blog-grid.spec.ts',
  'built-assets.spec.ts',
  'consent.spec.ts',
  'contact-addresses.spec.ts',
  'design.spec.ts',
  'internal-links.spec.ts',
  'payment-link.spec.ts',
  'route-heads.spec.ts',
  'site-polish.spec.ts',
  'site-rhythm.spec.ts',
  'uikit.spec.ts',
  'word-spacing.spec.ts',
];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  testIgnore: onPostgres ? READ_NO_DATABASE : [],
  forbidOnly: true,
  // Waits, not measurements: on a two-core machine where a system call is dear, two browsers
  // and two servers took an island's first paint past the default 5 s (a callback modal loaded on click).
  expect: { timeout: 10_000 },
  retries: 0,
  // On a failure CI also prints the page as it was (CI keeps no files to look at afterwards).
  reporter: process.env.CI ? [['list'], ['./tests/support/page-snapshot-reporter.ts']] : 'line',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    // A trace records the page at every step, which about doubled the browser's CPU time over the
    // same pages (measured: 19-20 s without, 34-39 s with). CI's traces cannot be fetched, so it
    // records none; on a workstation a failure keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'] } },
    // Every public route again at a phone's width (below the 1024 px breakpoint).
    ...(onPostgres
      ? []
      : [
          {
            name: 'mobile',
            use: { ...devices['Pixel 7'] },
            testMatch: ['route-heads.spec.ts', 'routes.spec.ts', 'callback.spec.ts'],
            grepInvert: /@desktop-only/,
          },
        ]),
  ],
  webServer: [
    {
      command: 'node src/server/main.ts',
      url: `http://127.0.0.1:${port}/api/v1/health`,
      reuseExistingServer: false,
      // Migrations and seeding on a loaded two-core machine can take over a minute.
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: 'error',
        ADMIN_EMAIL: 'admin@shannon-insurance.ie',
        ADMIN_PASSWORD: 'e2e admin password',
        // Every test posts from 127.0.0.1, so the suite as a whole would spend one visitor's
        // hourly budget; the limit itself is tested in tests/api/form-rate-limit.test.ts.
        FORM_RATE_LIMIT: '1000',
        // admin.spec.ts's webhook receiver listens on 127.0.0.1; this server runs on test data
        // only, and no other spec adds an endpoint, so nothing else is sent anywhere.
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      },
    },
    // The build with analytics, a card payment link and the complaints and data protection
    // addresses configured (npm run build:e2e-analytics), for consent.spec.ts,
    // payment-link.spec.ts, contact-addresses.spec.ts and design.spec.ts.
    ...(onPostgres
      ? []
      : ([
          {
            command: 'node src/server/main.ts',
            url: `http://127.0.0.1:${analyticsPort}/api/v1/health`,
            reuseExistingServer: false,
            timeout: 180_000,
            stdout: 'ignore',
            stderr: 'pipe',
            env: {
              PORT: String(analyticsPort),
              HOST: '127.0.0.1',
              DATA_DIR: mkdtempSync(join(tmpdir(), 'e2e-analytics-')),
              DIST_DIR: 'dist-e2e-analytics',
              ANALYTICS_GTM_ID: 'GTM-E2ETEST',
              PAYMENT_URL: 'https://pay.example.test/shannon',
              COMPLAINTS_EMAIL: 'complaints@shannon-insurance.ie',
              DATA_PROTECTION_EMAIL: 'dataprotection@shannon-insurance.ie',
              CLAIMS_EMAIL: 'claims@shannon-insurance.ie',
              RENEWALS_EMAIL: 'renewals@shannon-insurance.ie',
              // Always its own embedded database (it runs on the PGlite pass only): sharing one would
              // let its outbox job send the other server's mail into this server's DATA_DIR.
              DATABASE_URL: '',
              LOG_LEVEL: 'error',
            },
          },
        ] satisfies PlaywrightTestConfig['webServer'])),
  ],
});
