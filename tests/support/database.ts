import { randomBytes } from 'node:crypto';
import { asAdministrator } from '#tools/lib/pg-faults.ts';
import { openDatabase, type Database } from '#src/server/db/client.ts';
import { migratedTemplate } from './pglite-template.ts';

export type TestDatabase = { database: Database; url: string | undefined; drop(): Promise<void> };

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway
 * PostgreSQL database beside DATABASE_URL's when that is set (CI runs both ways).
 */
export async function freshDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    // From a migrated template: no initdb and no migrations to run for each test file.
    const database = await openDatabase({ dataDir: 'memory://', pglite: { loadDataDir: await migratedTemplate() } });
    await database.migrate();
    return { database, url: undefined, drop: () => database.close() };
  }
  const url = await createThrowawayDatabase(serverUrl);
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  await database.migrate();
  return {
    database,
    url,
    async drop() {
      await database.close();
      await dropDatabase(serverUrl, url);
    },
  };
}

export async function createThrowawayDatabase(serverUrl: string): Promise<string> {
  // Named after DATABASE_URL's own database, so a developer's throwaway ones are theirs by name.
  const base = new URL(serverUrl).pathname.slice(1).slice(0, 40) || 't';
  const name = `${base}_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await asAdministrator(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

export async function dropDatabase(serverUrl: string, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await asAdministrator(serverUrl, `drop database if exists "${name}" with (force)`);
}
