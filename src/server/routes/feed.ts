import { Hono } from 'hono';
import { desc } from 'drizzle-orm';
import { Feed } from 'feed';
import type { AppEnv } from '../app-env.ts';
import { posts } from '../db/schema.ts';
import { viewsOf, visible } from '../posts/views.ts';

/** How many of the newest posts the feed carries. */
export const FEED_SIZE = 20;

/**
 * `/rss.xml`: the newest published posts as RSS 2.0, straight from the database, so a post
 * is in the feed the moment it is published (the pre-rendered pages wait for a build).
 */
export const feedRoutes = new Hono<AppEnv>();

feedRoutes.get('/rss.xml', async (c) => {
  const { db, config } = c.var;
  const origin = config.site.origin;
  const rows = await db.select().from(posts).where(visible).orderBy(desc(posts.publishedAt)).limit(FEED_SIZE);
  const views = await viewsOf(db, rows);
  const feed = new Feed({
    title: `${config.site.brand} blog`,
    description: 'Practical articles for Irish van drivers, fleet managers and hauliers on insurance, road safety and running commercial vehicles.',
    id: `${origin}/blog`,
    link: `${origin}/blog`,
    language: 'en-IE',
    image: `${origin}/og-default.png`,
    favicon: `${origin}/favicon.svg`,
    copyright: `© ${new Date().getFullYear()} ${config.site.legalName}`,
    updated: views[0] ? new Date(views[0].updatedAt) : new Date(),
    generator: config.site.brand,
    feedLinks: { rss: `${origin}/rss.xml` },
  });
  for (const post of views) {
    const link = `${origin}/blog/${post.slug}`;
    feed.addItem({
      title: post.title,
      id: link,
      link,
      description: post.seoDescription,
      content: post.bodyHtml,
      date: new Date(post.publishedAt ?? post.createdAt),
      category: post.tags.map((name) => ({ name })),
      author: [{ name: post.author ?? config.site.brand }],
      ...(post.cover ? { image: { url: `${origin}${post.cover.src}`, type: 'image/jpeg' } } : {}),
    });
  }
  c.header('content-type', 'application/rss+xml; charset=utf-8');
  c.header('cache-control', 'public, max-age=300');
  return c.body(feed.rss2());
});
