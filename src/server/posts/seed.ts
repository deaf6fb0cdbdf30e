import type { Db } from '../db/client.ts';
import { posts, seedMarks } from '../db/schema.ts';
import { renderMarkdown } from './render-markdown.ts';
import { seedPosts } from './seed-posts.ts';
import { saveTags } from './tags.ts';
import { recordRevision } from './revisions.ts';

const MARK = 'blog-posts-2026';

/**
 * Gives a fresh install a living blog: the posts in seed-posts.ts, published, once. The mark
 * row is written in the same transaction, so a post the staff delete later stays deleted and
 * two processes starting together seed once. Fixed ids keep pre-rendered pages and a fresh
 * database in step. Returns how many posts were added.
 */
export async function seedBlogPosts(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [mark] = await tx.insert(seedMarks).values({ name: MARK }).onConflictDoNothing().returning();
    if (!mark) return 0;
    let added = 0;
    for (const post of seedPosts) {
      const [row] = await tx
        .insert(posts)
        .values({
          id: post.id,
          title: post.title,
          slug: post.slug,
          excerpt: post.excerpt,
          body: post.body,
          bodyHtml: await renderMarkdown(post.body),
          tagText: post.tags.join(' '),
          status: 'published',
          publishedAt: new Date(post.publishedAt),
          seoDescription: post.seoDescription,
          createdAt: new Date(post.publishedAt),
          updatedAt: new Date(post.publishedAt),
        })
        // A slug already taken by the staff's own post wins over the demonstration one.
        .onConflictDoNothing()
        .returning();
      if (!row) continue;
      await saveTags(tx, row.id, post.tags);
      // Its first version, saved by nobody: the site's own.
      await recordRevision(tx, row, post.tags, null);
      added++;
    }
    return added;
  });
}
