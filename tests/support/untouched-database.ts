import { asAdministrator } from '#tools/lib/pg-faults.ts';

/**
 * Vitest's global setup on PostgreSQL runs: DATABASE_URL's own database belongs to the
 * end-to-end server that runs after the unit and API tests, which seeds its administrator only
 * into an empty database. A test that started a server there (inheriting DATABASE_URL instead of
 * taking a throwaway one: tests/support/server-database.ts) would leave an administrator with
 * another password, and the end-to-end sign-in would fail far from the cause; this says so here.
 */
export default function untouchedDatabase(): (() => Promise<void>) | undefined {
  const url = process.env.DATABASE_URL;
  if (!url) return undefined;
  return async () => {
    const [found] = await asAdministrator<{ tables: number }>(url, `select count(*)::int as tables from pg_tables where schemaname = 'public'`);
    if ((found?.tables ?? 0) > 0)
      throw new Error(
        `A test wrote to DATABASE_URL's own database (${found?.tables} tables); start servers on a throwaway one (tests/support/server-database.ts).`,
      );
  };
}
