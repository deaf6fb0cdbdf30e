import { auditChanges } from '../audit-changes.ts';
import type { posts } from '../db/schema.ts';

type PostRow = typeof posts.$inferSelect;

const audited = (row: PostRow, tags: readonly string[]) => ({
  title: row.title,
  slug: row.slug,
  status: row.status,
  tags,
  publishedAt: row.publishedAt,
  excerpt: row.excerpt,
  body: row.body,
});

/** What a save of a post changed, for its audit entry: the body by its length, never its text (the post's history keeps that). */
export const postChanges = (before: PostRow, beforeTags: readonly string[], after: PostRow, afterTags: readonly string[]) =>
  auditChanges(audited(before, beforeTags), audited(after, afterTags), { text: ['body'] });
