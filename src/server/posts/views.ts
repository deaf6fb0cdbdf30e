import { and, count, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { media, posts, postTags, tags, users } from '../db/schema.ts';
import { imageView, type ImageView } from '../storage/media-store.ts';
import { tagsOf } from './tags.ts';
import { seedBylinesOf } from './seed-bylines.ts';
import { placeholderAdministratorName } from '../seed.ts';
import type { PostView, TagCount } from '#src/schemas/post.ts';
import { readingMinutes } from '#src/lib/blog.ts';

type PostRow = typeof posts.$inferSelect;

/** Published, or scheduled and due: what the public may read. */
export const visible = and(or(eq(posts.status, 'published'), eq(posts.status, 'scheduled')), lte(posts.publishedAt, sql`now()`));
/**
 * The same at this moment rather than at the transaction's start: a post published inside a
 * transaction is stamped by the server a moment after the transaction began, so `visible`
 * there would call it not yet public.
 */
export const visibleNow = and(or(eq(posts.status, 'published'), eq(posts.status, 'scheduled')), lte(posts.publishedAt, sql`clock_timestamp()`));

type Picture = ImageView & { alt: string };

/** The covers and share images the posts name, with their variants and the library's alt text. */
async function picturesOf(db: Db, rows: PostRow[]): Promise<Map<string, Picture>> {
  const ids = [...new Set(rows.flatMap((row) => [row.coverImage, row.seoImage]).filter(Boolean))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: media.id, width: media.width, height: media.height, variants: media.variants, alt: media.alt })
    .from(media)
    .where(inArray(media.id, ids));
  return new Map(found.map((row) => [row.id, { ...imageView(row), alt: row.alt }]));
}

/** An image's variants alone, as a cover is shown (its alt text is the post's own). */
function variantsOnly(picture: Picture | undefined): ImageView | null {
  if (!picture) return null;
  const { alt: _alt, ...image } = picture;
  return image;
}

/** A post as the API shows it; the SEO fields fall back to the title and excerpt. */
function toPostView(row: PostRow, tagNames: string[], pictures: Map<string, Picture>, author: string | null): PostView {
  return {
    _id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    body: row.body,
    bodyHtml: row.bodyHtml,
    readingMinutes: readingMinutes(row.bodyHtml),
    tags: tagNames,
    author,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    coverImage: row.coverImage,
    cover: variantsOnly(pictures.get(row.coverImage)),
    coverAlt: row.coverAlt,
    seoTitle: row.seoTitle || row.title,
    seoDescription: row.seoDescription || row.excerpt,
    seoCanonical: row.seoCanonical,
    seoHidden: row.seoHidden,
    seoImage: row.seoImage,
    shareImage: (row.seoImage && pictures.get(row.seoImage)) || null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function authorsOf(db: Db, rows: PostRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((row) => row.authorId).filter((id) => id !== null))];
  if (ids.length === 0) return new Map();
  const found = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids));
  return new Map(found.filter((row) => !isPlaceholderName(row)).map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim()]));
}

/**
 * The byline is a person's display name (first and last name); the first Administrator's
 * "Site Administrator", kept until they set their own, is not one, so such a post is signed
 * by the broker instead, as a post with no author is.
 */
function isPlaceholderName(row: { firstName: string; lastName: string }): boolean {
  return row.firstName.trim() === placeholderAdministratorName.firstName && row.lastName.trim() === placeholderAdministratorName.lastName;
}

/** Posts as the API (and the pre-rendered blog) show them, with tags, cover variants and author (a demonstration post's: seed-bylines.ts). */
export async function viewsOf(db: Db, rows: PostRow[]): Promise<PostView[]> {
  const [names, pictures, authors, seedBylines] = await Promise.all([
    tagsOf(
      db,
      rows.map((row) => row.id),
    ),
    picturesOf(db, rows),
    authorsOf(db, rows),
    seedBylinesOf(db, rows),
  ]);
  return rows.map((row) => toPostView(row, names.get(row.id) ?? [], pictures, (row.authorId && authors.get(row.authorId)) || seedBylines.get(row.id) || null));
}

/** Every tag with the number of posts carrying it: all posts for staff, else only those the public may read. */
export async function tagCounts(db: Db, publicOnly: boolean): Promise<TagCount[]> {
  const rows = await db
    .select({ name: tags.name, count: count(posts.id) })
    .from(tags)
    .innerJoin(postTags, eq(postTags.tagId, tags.id))
    .innerJoin(posts, and(eq(posts.id, postTags.postId), publicOnly ? visible : undefined))
    .groupBy(tags.id, tags.name)
    .orderBy(desc(count(posts.id)), tags.name);
  return rows.map((row) => ({ name: row.name, count: Number(row.count) }));
}
