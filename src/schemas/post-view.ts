import * as v from 'valibot';
import { ImageViewSchema } from './image-view.ts';
import { postStatuses } from './post-statuses.ts';

/** A post as the API returns it and the blog pages render it (the specification leaves the fields to us: docs/fixed-by-the-spec.md). */
export const PostViewSchema = v.object({
  _id: v.string(),
  title: v.string(),
  slug: v.string(),
  excerpt: v.string(),
  /** The Markdown as written, and the sanitised HTML made from it. */
  body: v.string(),
  bodyHtml: v.string(),
  /** Minutes to read the body (readingMinutes, src/lib/blog.ts): a card has no body to count. */
  readingMinutes: v.number(),
  tags: v.array(v.string()),
  /** The writer's name; null when the account is gone or the post came with the install. */
  author: v.nullable(v.string()),
  status: v.picklist(postStatuses),
  publishedAt: v.nullable(v.string()),
  /** The id of the uploaded cover, or empty. */
  coverImage: v.string(),
  /** The cover's variants (AVIF and WebP srcsets, a JPEG fallback), or null. */
  cover: v.nullable(ImageViewSchema),
  coverAlt: v.string(),
  /** Never empty: they fall back to the title and excerpt. */
  seoTitle: v.string(),
  seoDescription: v.string(),
  /** Staff's canonical address for the post, or empty for its own. */
  seoCanonical: v.string(),
  seoHidden: v.boolean(),
  /** The id of the post's own share image, or empty when the cover is shared. */
  seoImage: v.string(),
  /** That image's variants and its alt text from the media library, or null. */
  shareImage: v.nullable(v.object({ ...ImageViewSchema.entries, alt: v.string() })),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type PostView = v.InferOutput<typeof PostViewSchema>;

/** A tag and how many posts (visible to the reader) carry it. */
export const TagCountSchema = v.object({ name: v.string(), count: v.number() });
export type TagCount = v.InferOutput<typeof TagCountSchema>;

/** How many posts each status holds (the staff list's views). */
export const PostStatusCountsSchema = v.object({ draft: v.number(), published: v.number(), scheduled: v.number() });
export type PostStatusCounts = v.InferOutput<typeof PostStatusCountsSchema>;
