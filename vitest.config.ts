import { defineConfig } from 'vitest/config';

// CI runs the suite twice, on the embedded database and then on PostgreSQL (DATABASE_URL set).
// The second pass runs only what reads a database: a pure rule or a component test gives the
// same answer on both, and the landing machine's 90 minutes are better spent elsewhere.
const onPostgres = Boolean(process.env.DATABASE_URL);
const readsNoDatabase = ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'];
const readsADatabase = [
  'tests/api/**/*.test.ts',
  // The stores' tests (most drive the real app) and the check that no store calls the API by hand.
  'tests/unit/stores/**/*.test.ts',
  'tests/unit/no-hand-written-api.test.ts',
];

// A trade for time: these two run real Astro builds (a minute each on the landing machine) over a
// database they seed and edit; on PostgreSQL the rebuild job itself is covered by
// tests/api/site-rebuild.test.ts and tests/api-postgres/site-rebuild-servers.test.ts, and the
// pass builds the whole site from PostgreSQL before its browser tests.
const buildsTheSite = ['tests/api/partial-build.test.ts', 'tests/api/site-rebuild-astro.test.ts'];

export default defineConfig({
  test: {
    include: onPostgres
      ? // Behaviour only PostgreSQL has (several processes on one database) runs when it is the target.
        [...readsADatabase, 'tests/api-postgres/**/*.test.ts']
      : // Component tests (Testing Library) pick jsdom with a `@vitest-environment` comment.
        [...readsNoDatabase, ...readsADatabase],
    exclude: onPostgres ? buildsTheSite : [],
    environment: 'node',
    // On PostgreSQL, fails the run when a test wrote to DATABASE_URL's own database (the end-to-end server's).
    globalSetup: ['tests/support/untouched-database.ts'],
    // API test files each open their own database; two at a time suits a two-core machine.
    maxWorkers: 2,
    // Generous: a test file that opens a second embedded database can take a while on a busy two-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
