import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '#src/server/auth/password.ts';
import type { Db } from '#src/server/db/client.ts';
import { users } from '#src/server/db/schema.ts';
import { lockAdministrators } from '#src/server/users/queries.ts';
import { freshDatabase, type TestDatabase } from '../support/database.ts';

/**
 * The last-administrator guard reads the administrators under a lock held to the commit, so a
 * demotion, deletion or suspension running at the same moment waits for it. The races
 * themselves show only on PostgreSQL (tests/api/account-suspension.test.ts runs one there); on
 * either database this checks the lock is taken, and let go with the transaction.
 */

let test: TestDatabase;
beforeAll(async () => {
  test = await freshDatabase();
  const passwordHash = await hashPassword('a long test password');
  await test.database.db.insert(users).values([
    { firstName: 'Active', lastName: 'Admin', email: 'active@example.ie', passwordHash, role: 'admin' },
    { firstName: 'Away', lastName: 'Admin', email: 'away@example.ie', passwordHash, role: 'admin', suspendedAt: new Date() },
    { firstName: 'Broker', lastName: 'User', email: 'broker@example.ie', passwordHash },
  ]);
});
afterAll(() => test.drop());

const advisoryLocksHeld = async (db: Pick<Db, 'execute'>) => {
  // Both drivers answer { rows } (as src/server/ops/metrics.ts reads it).
  const result = (await db.execute(sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]!.n;
};

describe('the administrators lock', () => {
  it('is held while the administrators are read, to the end of the transaction, and counts only active ones', async () => {
    const { db } = test.database;
    const during = await db.transaction(async (tx) => {
      const admins = await lockAdministrators(tx);
      return { admins, held: await advisoryLocksHeld(tx) };
    });
    expect(during.held).toBe(1);
    expect(during.admins).toHaveLength(1);
    expect(await advisoryLocksHeld(db)).toBe(0);
  });
});
