import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { passwordResets, rateLimits, sessions, spentChallenges, users } from '#src/server/db/schema.ts';
import { purgeExpired } from '#src/server/jobs/cleanup.ts';
import { freshDatabase, type TestDatabase } from '../support/database.ts';

let test: TestDatabase;
beforeAll(async () => {
  test = await freshDatabase();
});
afterAll(() => test.drop());

describe('the cleanup job', () => {
  it('deletes expired rate-limit windows, sessions, reset links and spent checks, and keeps live ones', async () => {
    const { db } = test.database;
    const [user] = await db.insert(users).values({ firstName: 'A', lastName: 'B', email: 'a@b.ie', passwordHash: 'x' }).returning();
    const past = sql`now() - interval '1 hour'`;
    const future = sql`now() + interval '1 hour'`;
    await db.insert(rateLimits).values([
      { key: 'old', hits: 3, windowEndsAt: past },
      { key: 'live', hits: 3, windowEndsAt: future },
    ]);
    await db.insert(sessions).values([
      { id: 'old', userId: user!.id, stage: 'full', expiresAt: past },
      { id: 'live', userId: user!.id, stage: 'full', expiresAt: future },
    ]);
    await db.insert(passwordResets).values([
      { userId: user!.id, tokenHash: 'stale', expiresAt: sql`now() - interval '2 days'` },
      { userId: user!.id, tokenHash: 'used', expiresAt: future, usedAt: sql`now()` },
      { userId: user!.id, tokenHash: 'live', expiresAt: future },
    ]);
    await db.insert(spentChallenges).values([
      { id: 'old', expiresAt: past },
      { id: 'live', expiresAt: future },
    ]);

    expect(await purgeExpired(db)).toBe(5);
    expect((await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key)).toEqual(['live']);
    expect((await db.select({ id: sessions.id }).from(sessions)).map((r) => r.id)).toEqual(['live']);
    expect((await db.select({ t: passwordResets.tokenHash }).from(passwordResets)).map((r) => r.t)).toEqual(['live']);
    expect((await db.select({ id: spentChallenges.id }).from(spentChallenges)).map((r) => r.id)).toEqual(['live']);
    expect(await purgeExpired(db)).toBe(0);
  });
});
