import type { PostStatus } from '#src/schemas/post-statuses.ts';
import { and, eq, getTableColumns, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { PostInput } from '#src/schemas/post.ts';
import { slugify } from '#src/lib/slugify.ts';
import type { Db, Tx } from '../db/client.ts';
import { media, posts } from '../db/schema.ts';
import { type KeyPart, keyColumns, keysetPage, type ListPage, type ListRequest } from '../db/keyset.ts';
import { HttpError } from '../http/envelope.ts';
import { adoptAlt } from '../media-library/queries.ts';
import { MarkdownRendererBusyError, MarkdownTooComplexError, renderMarkdown } from './render-markdown.ts';

export type PostRow = typeof posts.$inferSelect;
export const SLUG_TAKEN = 'Another post already uses this slug.';

/**
 * The posts list's order: drafts (no publication date) first, then the latest published,
 * then the newest made, the id deciding between equal moments. An unset date counts as
 * infinity, which keeps "published_at desc nulls first" as one descending key that an
 * index (migration 0014) can hold and a cursor can name.
 */
const POST_ORDER: KeyPart[] = [
  { expr: sql`coalesce(${posts.publishedAt}, 'infinity'::timestamptz)`, type: 'timestamptz' },
  { expr: posts.createdAt, type: 'timestamptz' },
  { expr: posts.id, type: 'uuid' },
];

/** One page of posts matching `where`, in the order above, with its total and cursors (src/server/db/keyset.ts). */
export function listPosts(db: Db, where: SQL | undefined, paging: ListRequest): Promise<ListPage<PostRow>> {
  return keysetPage(db, {
    table: posts,
    id: posts.id,
    keys: POST_ORDER,
    where,
    paging,
    select: (query) =>
      db
        .select({ ...getTableColumns(posts), ...keyColumns(POST_ORDER) })
        .from(posts)
        .where(query.where)
        .orderBy(...query.orderBy)
        .limit(query.limit),
  });
}

/**
 * How many posts each status holds, for the staff list's views (All, Published, Scheduled,
 * Drafts): one grouped read of the status index. A blog has hundreds of posts, not millions.
 */
export async function postStatusCounts(db: Db): Promise<Record<PostStatus, number>> {
  const rows = await db.select({ status: posts.status, count: sql<number>`count(*)::int` }).from(posts).groupBy(posts.status);
  const counts: Record<PostStatus, number> = { draft: 0, published: 0, scheduled: 0 };
  for (const row of rows) counts[row.status as PostStatus] = Number(row.count);
  return counts;
}

const NO_SUCH_IMAGE = 'The cover image is no longer stored. Upload it again.';
const NO_SUCH_SHARE_IMAGE = 'The share image is no longer stored. Choose it again.';
export const NO_SUCH_PICTURE = 'An image in the body is no longer in the media library. Remove it, or choose another.';

/** The library's uploads a body shows: Markdown pictures at /media/{id}/…, the addresses the editor inserts. */
export function bodyPictures(body: string): string[] {
  const ids = body.matchAll(/\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//gi);
  return [...new Set([...ids].map((match) => match[1]!.toLowerCase()))];
}

/**
 * The cover, the share image and the body's pictures name uploaded images. Inside the post's transaction they
 * are held (key share) to the commit: the media library's delete of one waits, and then sees
 * it used; a save that waited on a delete finds the image gone and says so.
 */
export async function holdPictures(tx: Tx, input: PostInput): Promise<void> {
  if (input.coverImage) {
    const [found] = await tx.select({ id: media.id }).from(media).where(eq(media.id, input.coverImage)).for('key share');
    if (!found) throw new HttpError(400, NO_SUCH_IMAGE, [{ field: 'coverImage', message: NO_SUCH_IMAGE }]);
    await adoptAlt(tx, input.coverImage, input.coverAlt);
  }
  if (input.seoImage) {
    const [found] = await tx.select({ id: media.id }).from(media).where(eq(media.id, input.seoImage)).for('key share');
    if (!found) throw new HttpError(400, NO_SUCH_SHARE_IMAGE, [{ field: 'seoImage', message: NO_SUCH_SHARE_IMAGE }]);
  }
  const pictures = bodyPictures(input.body);
  if (!pictures.length) return;
  const found = await tx.select({ id: media.id }).from(media).where(inArray(media.id, pictures)).for('key share');
  if (found.length < pictures.length) throw new HttpError(400, NO_SUCH_PICTURE, [{ field: 'body', message: NO_SUCH_PICTURE }]);
}

/** The slug asked for, or one made from the title and numbered until it is free. */
export async function chooseSlug(db: Db, input: PostInput, exceptId?: string): Promise<string> {
  const others = (slug: string) =>
    db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.slug, slug), exceptId ? ne(posts.id, exceptId) : undefined));
  if (input.slug) {
    if ((await others(input.slug)).length) throw new HttpError(409, SLUG_TAKEN, [{ field: 'slug', message: SLUG_TAKEN }]);
    return input.slug;
  }
  const base = slugify(input.title) || 'post';
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if ((await others(candidate)).length === 0) return candidate;
  }
}

/** The body as sanitised HTML; a text too slow to parse is the author's to fix (400), never a 500. */
export async function renderBody(markdown: string): Promise<string> {
  try {
    return await renderMarkdown(markdown);
  } catch (error) {
    if (error instanceof MarkdownTooComplexError) throw new HttpError(400, error.message, [{ field: 'body', message: error.message }]);
    if (error instanceof MarkdownRendererBusyError) throw new HttpError(429, error.message, [], { 'retry-after': '5' });
    throw error;
  }
}

export function columnsFor(input: PostInput, slug: string, bodyHtml: string, existing?: PostRow) {
  // Publishing without a date publishes now; a draft keeps whatever date it had.
  const publishedAt = input.publishedAt
    ? new Date(input.publishedAt)
    : input.status === 'published'
      ? (existing?.publishedAt ?? new Date())
      : (existing?.publishedAt ?? null);
  return {
    title: input.title,
    slug,
    excerpt: input.excerpt,
    body: input.body,
    bodyHtml,
    tagText: input.tags.join(' '),
    status: input.status,
    publishedAt,
    coverImage: input.coverImage,
    coverAlt: input.coverAlt,
    seoTitle: input.seoTitle,
    seoDescription: input.seoDescription,
    seoCanonical: input.seoCanonical,
    seoHidden: input.seoHidden,
    seoImage: input.seoImage,
  };
}
