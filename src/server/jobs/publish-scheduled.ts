import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { posts } from '../db/schema.ts';
import type { Logger } from '../log.ts';
import { startIntervalJob } from './interval-job.ts';
import { queuePostPublished } from '../webhooks/queries.ts';
import { safeError } from '../log-safe-error.ts';

/**
 * Marks scheduled posts whose time has come as published. Readers see a due post even before
 * this runs (visibility follows the date); the job keeps the status the staff see truthful.
 */
export async function publishDuePosts(db: Db, origin = ''): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(posts)
      .set({ status: 'published', updatedAt: sql`now()` })
      .where(and(eq(posts.status, 'scheduled'), lte(posts.publishedAt, sql`now()`)))
      .returning({ id: posts.id, slug: posts.slug, title: posts.title, publishedAt: posts.publishedAt });
    for (const row of rows) await queuePostPublished(tx, origin, row);
    return rows.length;
  });
}

/** Publishes due posts every minute in this process; returns a stop function that waits for a run in hand. */
export function startPublishJob(deps: { db: Db; log: Logger; origin: string }, everyMs = 60_000): () => Promise<void> {
  const run = () => publishDuePosts(deps.db, deps.origin).catch((error: unknown) => deps.log.error('publish job failed', { error: safeError(error) }));
  return startIntervalJob(run, everyMs);
}
