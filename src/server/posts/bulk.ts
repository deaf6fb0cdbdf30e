import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PostBulk } from '#src/schemas/post-bulk.ts';
import type { Db } from '../db/client.ts';
import { posts } from '../db/schema.ts';
import { HttpError } from '../http/envelope.ts';
import { audit, auditEach } from '../audit.ts';
import { changesDetail } from '../audit-changes.ts';
import { queuePostPublished } from '../webhooks/queries.ts';
import { postChanges } from './audited-fields.ts';
import { recordRevision } from './revisions.ts';
import { tagsOf } from './tags.ts';
import { visibleNow } from './views.ts';

export const SOME_POSTS_GONE = 'Some of the chosen posts are no longer there. Reload the list and choose again.';

/**
 * One change to every chosen post, all or none, as the editor's own Publish now, Unpublish and
 * Delete make it to one: the rows locked in id order (two bulk actions over the same posts queue
 * rather than deadlock), a post that is gone failing the whole action. A status change is a save
 * like the editor's (a version in the post's history, an audit entry with what changed, the
 * post.published webhook for a post that became public); a post already in that status is left
 * alone. Answers how many posts changed. The routes' middleware starts the site's rebuild.
 */
export async function bulkChangePosts(db: Db, origin: string, actorId: string, change: PostBulk): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ ...getTableColumns(posts), public: sql<boolean>`${visibleNow}` })
      .from(posts)
      .where(inArray(posts.id, change.ids))
      .orderBy(asc(posts.id))
      .for('update');
    if (rows.length !== change.ids.length) throw new HttpError(404, SOME_POSTS_GONE);
    if (change.action === 'delete') {
      await tx.delete(posts).where(inArray(posts.id, change.ids));
      await auditEach(
        tx,
        actorId,
        'post deleted',
        change.ids.map((id) => `post:${id}`),
        { bulk: true },
      );
      return change.ids.length;
    }
    const moving = rows.filter((row) => row.status !== change.status);
    if (moving.length === 0) return 0;
    const tags = await tagsOf(
      tx,
      moving.map((row) => row.id),
    );
    for (const before of moving) {
      // Publish now, as the editor's button does; a draft keeps the date it had, as Unpublish leaves it.
      const set = change.status === 'published' ? { status: change.status, publishedAt: sql`clock_timestamp()` } : { status: change.status };
      const [after] = await tx
        .update(posts)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(posts.id, before.id))
        .returning({ ...getTableColumns(posts), public: sql<boolean>`${visibleNow}` });
      const postTags = tags.get(before.id) ?? [];
      await recordRevision(tx, after!, postTags, actorId);
      await audit(tx, actorId, 'post updated', `post:${before.id}`, { ...changesDetail(postChanges(before, postTags, after!, postTags)), bulk: true });
      if (!before.public && after!.public) await queuePostPublished(tx, origin, after!);
    }
    return moving.length;
  });
}
