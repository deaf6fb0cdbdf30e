import { throwawayPostgres } from '#tools/lib/throwaway-postgres.ts';

/**
 * The database setting for a server process a test starts: on PostgreSQL a throwaway database
 * of its own, since the suite's DATABASE_URL is the end-to-end server's and must stay empty for
 * it (a server started there seeds its own administrator); otherwise the embedded database in
 * the server's data folder.
 */
export async function serverDatabase(prefix = 'server'): Promise<{ env: { DATABASE_URL: string }; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { env: { DATABASE_URL: '' }, drop: async () => {} };
  const throwaway = await throwawayPostgres(serverUrl, prefix);
  return { env: { DATABASE_URL: throwaway.url }, drop: throwaway.drop };
}
