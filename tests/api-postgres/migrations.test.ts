import { describe, expect, it } from 'vitest';
import { openDatabase } from '#src/server/db/client.ts';
import { users } from '#src/server/db/schema.ts';
import { createThrowawayDatabase, dropDatabase } from '../support/database.ts';

/** PostgreSQL only (this folder runs when DATABASE_URL is set): PGlite is one process's own database. */
describe('migrations on PostgreSQL', () => {
  it('are safe when two processes start at once (advisory lock)', async () => {
    const serverUrl = process.env.DATABASE_URL!;
    const url = await createThrowawayDatabase(serverUrl);
    const [a, b] = await Promise.all([openDatabase({ databaseUrl: url, dataDir: '' }), openDatabase({ databaseUrl: url, dataDir: '' })]);
    await Promise.all([a.migrate(), b.migrate()]);
    expect(await a.db.$count(users)).toBe(0);
    await Promise.all([a.close(), b.close()]);
    await dropDatabase(serverUrl, url);
  });
});
