import { lt, or, sql, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { passwordResets, rateLimits, sessions, spentChallenges } from '../db/schema.ts';
import type { Logger } from '../log.ts';
import { startIntervalJob } from './interval-job.ts';
import { safeError } from '../log-safe-error.ts';

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

/** Runs the purge every hour in this process (with unfinished uploads past their day, and shared previews past their week); returns a stop function that waits for a run in hand. */
export function startCleanupJob(
  deps: { db: Db; log: Logger; cleanUploads?: () => Promise<number>; cleanShares?: () => Promise<number> },
  everyMs = 60 * 60 * 1000,
): () => Promise<void> {
  const run = () =>
    Promise.all([purgeExpired(deps.db), deps.cleanUploads?.(), deps.cleanShares?.()]).catch((error: unknown) =>
      deps.log.error('cleanup job failed', { error: safeError(error) }),
    );
  return startIntervalJob(run, everyMs);
}
