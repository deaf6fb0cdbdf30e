import { EventEmitter } from 'node:events';
import { desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { siteBuilds } from '../db/schema.ts';
import type { BuildRow } from './views.ts';

/**
 * The queue of site rebuilds. At most one build waits at a time (a partial unique key on
 * status 'queued'): a publish while one waits joins it, since that build will read everything
 * published by the time it starts. A publish while one is building queues exactly one more.
 */

/** Tells this process's rebuild job that a build was queued, so it starts without waiting for its next poll. */
export const rebuildRequests = new EventEmitter();
export const REBUILD_QUEUED = 'queued';

export type RebuildReason = 'content' | 'posts';

/** Queues a build (or joins the waiting one). In a transaction, call wakeRebuildJob once it has committed. */
export async function queueRebuild(db: Db | Tx, reason: RebuildReason, requestedBy: string | null): Promise<{ build: BuildRow; coalesced: boolean }> {
  // The waiting build can start between our insert and our read; then there is room to queue again.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [queued] = await db.insert(siteBuilds).values({ reason, requestedBy }).onConflictDoNothing().returning();
    if (queued) return { build: queued, coalesced: false };
    const [waiting] = await db.select().from(siteBuilds).where(eq(siteBuilds.status, 'queued'));
    if (waiting) return { build: waiting, coalesced: true };
  }
  throw new Error('could not queue a site build');
}

export const wakeRebuildJob = () => rebuildRequests.emit(REBUILD_QUEUED);

/** A post was written here: the rebuild job compares the published posts at once instead of at its next check. */
export const POSTS_WRITTEN = 'posts-written';
export const postsWritten = () => rebuildRequests.emit(POSTS_WRITTEN);

/** Staff opened an editor: a publish is likely soon, so the rebuild job readies its builder (SiteBuilder.warm). */
export const BUILD_EXPECTED = 'build-expected';
export const expectRebuild = () => rebuildRequests.emit(BUILD_EXPECTED);

export const latestBuilds = (db: Db, limit = 10) => db.select().from(siteBuilds).orderBy(desc(siteBuilds.queuedAt), desc(siteBuilds.id)).limit(limit);

export const latestLiveBuild = async (db: Db) =>
  (await db.select().from(siteBuilds).where(eq(siteBuilds.status, 'live')).orderBy(desc(siteBuilds.finishedAt)).limit(1))[0];
