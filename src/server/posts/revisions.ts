import { and, desc, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { type PostRevisionFields, PostRevisionFieldsSchema, type PostRevisionSummary, type PostRevisionView } from '#src/schemas/post-revision.ts';
import type { Db, Tx } from '../db/client.ts';
import { postRevisions, type posts, users } from '../db/schema.ts';
import { HttpError } from '../http/envelope.ts';

export const NO_SUCH_REVISION = 'There is no such earlier version of this post.';
/** A post's history shows this many saves, newest first; older ones are kept but not listed. */
export const REVISIONS_SHOWN = 100;

type PostRow = typeof posts.$inferSelect;

/** The post's fields as just saved, in the form's shape. */
const fieldsOf = (row: PostRow, tags: readonly string[]): PostRevisionFields => ({
  title: row.title,
  slug: row.slug,
  excerpt: row.excerpt,
  body: row.body,
  status: row.status,
  publishedAt: row.publishedAt?.toISOString() ?? '',
  coverImage: row.coverImage,
  coverAlt: row.coverAlt,
  seoTitle: row.seoTitle,
  seoDescription: row.seoDescription,
  seoCanonical: row.seoCanonical,
  seoHidden: row.seoHidden,
  seoImage: row.seoImage,
  tags: [...tags],
});

/**
 * A draft's saves by one person this close together are one version: a draft saves itself as it
 * is written (every few seconds), and a history of a hundred near-identical saves would bury the
 * versions that matter. Published posts, other people's saves and the post's first version are
 * never folded in.
 */
export const DRAFT_SAVES_MERGE_MINUTES = 10;

/**
 * Keeps this save of the post, inside the save's own transaction: a save and its revision land
 * together or not at all. With `mergeDrafts`, a draft's save folds into the same person's
 * latest version of the draft when that is recent (DRAFT_SAVES_MERGE_MINUTES); the answer says
 * whether it did. The save's row lock on the post keeps two saves from folding at once.
 */
export async function recordRevision(
  tx: Tx,
  row: PostRow,
  tags: readonly string[],
  actorId: string | null,
  { mergeDrafts = false } = {},
): Promise<'recorded' | 'merged'> {
  const saved = fieldsOf(row, tags);
  if (mergeDrafts && actorId && row.status === 'draft') {
    const latest = await tx
      .select({
        id: postRevisions.id,
        savedBy: postRevisions.savedBy,
        draft: sql<boolean>`${postRevisions.saved}->>'status' = 'draft'`,
        recent: sql<boolean>`${postRevisions.savedAt} > now() - make_interval(mins => ${DRAFT_SAVES_MERGE_MINUTES})`,
      })
      .from(postRevisions)
      .where(eq(postRevisions.postId, row.id))
      .orderBy(desc(postRevisions.savedAt), desc(postRevisions.id))
      .limit(2);
    const [newest] = latest;
    // Two rows: the newest is not the post's first version, which stays as it was written.
    if (latest.length === 2 && newest && newest.savedBy === actorId && newest.draft && newest.recent) {
      await tx.update(postRevisions).set({ saved, savedAt: sql`now()` }).where(eq(postRevisions.id, newest.id));
      return 'merged';
    }
  }
  await tx.insert(postRevisions).values({ postId: row.id, saved, savedBy: actorId });
  return 'recorded';
}

const savedByName = sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`;

/** The post's saves, newest first. */
export async function listRevisions(db: Db, postId: string): Promise<PostRevisionSummary[]> {
  const rows = await db
    .select({ id: postRevisions.id, savedAt: postRevisions.savedAt, savedBy: savedByName, saved: postRevisions.saved })
    .from(postRevisions)
    .leftJoin(users, eq(users.id, postRevisions.savedBy))
    .where(eq(postRevisions.postId, postId))
    .orderBy(desc(postRevisions.savedAt), desc(postRevisions.id))
    .limit(REVISIONS_SHOWN);
  return rows.map((row) => ({
    _id: row.id,
    savedAt: row.savedAt.toISOString(),
    savedBy: row.savedBy,
    title: String(row.saved.title ?? ''),
    status: String(row.saved.status ?? ''),
  }));
}

/** One save of the post `postId`, whole. */
export async function findRevision(db: Db | Tx, postId: string, revisionId: string): Promise<PostRevisionView> {
  const [row] = await db
    .select({ id: postRevisions.id, postId: postRevisions.postId, savedAt: postRevisions.savedAt, savedBy: savedByName, saved: postRevisions.saved })
    .from(postRevisions)
    .leftJoin(users, eq(users.id, postRevisions.savedBy))
    .where(and(eq(postRevisions.id, revisionId), eq(postRevisions.postId, postId)));
  if (!row) throw new HttpError(404, NO_SUCH_REVISION);
  const fields = v.parse(PostRevisionFieldsSchema, row.saved);
  return { _id: row.id, postId: row.postId, savedAt: row.savedAt.toISOString(), savedBy: row.savedBy, title: fields.title, status: fields.status, fields };
}
