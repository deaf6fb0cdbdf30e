import { test } from '@playwright/test';
import { startLocalServer, type LocalServer } from '#tools/lib/local-server.ts';
import { serverDatabase } from './server-database.ts';

/**
 * A spec file's own server on the built site: a fresh database (on PostgreSQL runs, a throwaway
 * one named `database` beside the suite's; otherwise the embedded one in its own folder) and
 * two-factor sign-in off, so its administrator signs in with the password alone. The shared
 * server's administrator goes through two-factor setup in admin.spec.ts, in an order another file
 * cannot know. Call it once at the top of the file: it sets the base address and the hooks.
 */
export function serveOwnSite({
  port,
  database,
  admin,
  publishes = true,
}: {
  port: number;
  database: string;
  admin: { email: string; password: string };
  /** False for a spec that opens an editor but never publishes: its server then skips the site builder's warm-up build. */
  publishes?: boolean;
}): void {
  let server: LocalServer | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;

  test.use({ baseURL: `http://127.0.0.1:${port}` });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const own = await serverDatabase(database);
    dropDatabase = own.drop;
    server = await startLocalServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      ...own.env,
      TWO_FACTOR_ENABLED: 'false',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      // A builder kept for no time after a build has nothing to warm (SiteBuilder.warm).
      ...(publishes ? {} : { SITE_BUILDER_IDLE_MINUTES: '0' }),
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await dropDatabase?.();
  });
}
