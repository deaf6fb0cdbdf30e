import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'tests/unit/**/*.test.ts',
      // Component tests (Testing Library); each file picks jsdom with a `@vitest-environment` comment.
      'tests/unit/**/*.test.tsx',
      'tests/api/**/*.test.ts',
      // Behaviour only PostgreSQL has (several processes on one database) runs when it is the target.
      ...(process.env.DATABASE_URL ? ['tests/api-postgres/**/*.test.ts'] : []),
    ],
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
