import { lt, or, sql, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { passwordResets, rateLimits, sessions, spentChallenges } from '../db/schema.ts';
import type { RecurringJob } from './runner.ts';

/**
 * Deletes what has expired: rate-limit windows (one row per client address, so they would
 * otherwise grow without end), sessions, used or stale reset links, spent human checks.
 */
export async function purgeExpired(db: Db): Promise<number> {
  const removed = await Promise.all([
    db.delete(rateLimits).where(lt(rateLimits.windowEndsAt, sql`now()`)).returning({ key: rateLimits.key }),
    db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`)).returning({ id: sessions.id }),
    db
      .delete(passwordResets)
      .where(or(lt(passwordResets.expiresAt, sql`now() - interval '1 day'`), isNotNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id }),
    db.delete(spentChallenges).where(lt(spentChallenges.expiresAt, sql`now()`)).returning({ id: spentChallenges.id }),
  ]);
  return removed.reduce((sum, rows) => sum + rows.length, 0);
}

/** The purge every hour, with unfinished uploads past their day and shared previews past their week. */
export function cleanupJob(
  deps: { db: Db; cleanUploads?: () => Promise<number>; cleanShares?: () => Promise<number> },
  everyMs = 60 * 60 * 1000,
): RecurringJob {
  return { name: 'cleanup', everyMs, run: () => Promise.all([purgeExpired(deps.db), deps.cleanUploads?.(), deps.cleanShares?.()]) };
}
