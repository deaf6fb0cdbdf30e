import { parseArgs } from 'node:util';
import { eq, like, sql } from 'drizzle-orm';
import { loadConfig } from '#src/server/config.ts';
import { openDatabase } from '#src/server/db/client.ts';
import { posts } from '#src/server/db/schema.ts';
import { renderMarkdown } from '#src/server/posts/render-markdown.ts';
import { seedBlogPosts } from '#src/server/posts/seed.ts';
import { seedPosts } from '#src/server/posts/seed-posts.ts';
import { saveTags } from '#src/server/posts/tags.ts';

/**
 * Bench tool: fills the configured database (DATA_DIR's embedded one, or DATABASE_URL) with
 * published posts, so the build can be timed at the size of a busy blog. The posts are the
 * demonstration posts' texts under new titles and slugs (`bench-post-0001`…), published a
 * day apart. Run it on a throwaway DATA_DIR or database, never on the real one.
 *
 *   npm run seed:posts -- --count 1000   add posts until 1,000 bench posts exist
 *   npm run seed:posts -- --edit-one     change one bench post (a republish), for a one-post rebuild
 */
const { values } = parseArgs({ options: { count: { type: 'string', default: '1000' }, 'edit-one': { type: 'boolean', default: false } } });
const target = Number.parseInt(values.count, 10);
if (!Number.isInteger(target) || target < 0) throw new Error('--count takes a whole number');

const SLUG_PREFIX = 'bench-post-';
const slugOf = (n: number) => `${SLUG_PREFIX}${String(n).padStart(4, '0')}`;

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, fsync: false });
try {
  await database.migrate();
  await seedBlogPosts(database.db);
  const { db } = database;

  if (values['edit-one']) {
    const slug = slugOf(1);
    const [row] = await db
      .update(posts)
      .set({ title: sql`regexp_replace(${posts.title}, ' \\(edited [0-9]+\\)$', '') || ' (edited ' || ${String(Date.now())} || ')'`, updatedAt: new Date() })
      .where(eq(posts.slug, slug))
      .returning({ title: posts.title });
    if (!row) throw new Error(`No post ${slug}: run npm run seed:posts first.`);
    console.log(`Edited ${slug}: “${row.title}”`);
  } else {
    const [{ existing } = { existing: 0 }] = await db
      .select({ existing: sql<number>`count(*)::int` })
      .from(posts)
      .where(like(posts.slug, `${SLUG_PREFIX}%`));
    // Each demonstration text rendered once: the bench posts share their bodies.
    const bodies = await Promise.all(seedPosts.map(async (post) => ({ post, html: await renderMarkdown(post.body) })));
    const started = Date.UTC(2020, 0, 1);
    for (let n = existing + 1; n <= target; n++) {
      const { post, html } = bodies[n % bodies.length]!;
      const publishedAt = new Date(started + n * 86_400_000);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(posts)
          .values({
            title: `${post.title} (${n})`,
            slug: slugOf(n),
            excerpt: post.excerpt,
            body: post.body,
            bodyHtml: html,
            tagText: post.tags.join(' '),
            status: 'published',
            publishedAt,
            seoDescription: post.seoDescription,
            createdAt: publishedAt,
            updatedAt: publishedAt,
          })
          .returning({ id: posts.id });
        if (row) await saveTags(tx, row.id, post.tags);
      });
    }
    console.log(`${Math.max(target, existing)} bench posts (${Math.max(0, target - existing)} added).`);
  }
} finally {
  await database.close();
}
process.exit(0);
