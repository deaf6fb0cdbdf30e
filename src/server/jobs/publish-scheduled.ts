import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { posts } from '../db/schema.ts';
import { queuePostPublished } from '../webhooks/queries.ts';
import type { RecurringJob } from './runner.ts';

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

/** Publishes due posts every minute. */
export function publishJob(deps: { db: Db; origin: string }, everyMs = 60_000): RecurringJob {
  return { name: 'publish', everyMs, run: () => publishDuePosts(deps.db, deps.origin) };
}
