import * as v from 'valibot';

/** One save of a post in its history: when, by whom, and what it was called then. */
export const PostRevisionSummarySchema = v.object({
  _id: v.string(),
  savedAt: v.string(),
  /** Who saved it (null once their account is gone). */
  savedBy: v.nullable(v.string()),
  title: v.string(),
  status: v.string(),
});
export type PostRevisionSummary = v.InferOutput<typeof PostRevisionSummarySchema>;

/** The fields of a post as that save left them: the post form's own shape, so restoring is saving them again. */
export const PostRevisionFieldsSchema = v.object({
  title: v.string(),
  slug: v.string(),
  excerpt: v.string(),
  body: v.string(),
  status: v.string(),
  publishedAt: v.string(),
  coverImage: v.string(),
  coverAlt: v.string(),
  seoTitle: v.string(),
  seoDescription: v.string(),
  // Saves from before these fields existed had neither: no canonical, not hidden.
  seoCanonical: v.optional(v.string(), ''),
  seoHidden: v.optional(v.boolean(), false),
  seoImage: v.optional(v.string(), ''),
  tags: v.array(v.string()),
});
export type PostRevisionFields = v.InferOutput<typeof PostRevisionFieldsSchema>;

export const PostRevisionViewSchema = v.object({ ...PostRevisionSummarySchema.entries, postId: v.string(), fields: PostRevisionFieldsSchema });
export type PostRevisionView = v.InferOutput<typeof PostRevisionViewSchema>;
