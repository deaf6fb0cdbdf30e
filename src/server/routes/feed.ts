import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { desc } from 'drizzle-orm';
import type { AppEnv } from '../app-env.ts';
import { posts } from '../db/schema.ts';
import { viewsOf, visible } from '../posts/views.ts';
import { rssXml } from '../posts/rss.ts';

/** How many of the newest posts the feed carries. */
export const FEED_SIZE = 20;

/**
 * `/rss.xml`: the newest published posts as RSS 2.0, straight from the database, so a post
 * is in the feed the moment it is published and gone the moment it is withdrawn.
 */
export const feedRoutes = new Hono<AppEnv>();

feedRoutes.get('/rss.xml', etag(), async (c) => {
  const { db, config } = c.var;
  const origin = config.site.origin;
  const rows = await db.select().from(posts).where(visible).orderBy(desc(posts.publishedAt)).limit(FEED_SIZE);
  const views = await viewsOf(db, rows);
  const xml = rssXml(
    {
      title: `${config.site.brand} blog`,
      link: `${origin}/blog`,
      description: 'Practical articles for Irish van drivers, fleet managers and hauliers on insurance, road safety and running commercial vehicles.',
      language: 'en-IE',
      copyright: `© ${new Date().getFullYear()} ${config.site.legalName}`,
      generator: config.site.brand,
      self: `${origin}/rss.xml`,
      image: `${origin}/og-default.png`,
      lastBuildDate: views[0] ? new Date(views[0].updatedAt) : new Date(),
    },
    views.map((post) => ({
      title: post.title,
      link: `${origin}/blog/${post.slug}`,
      description: post.seoDescription,
      contentHtml: post.bodyHtml,
      pubDate: new Date(post.publishedAt ?? post.createdAt),
      creator: post.author ?? config.site.brand,
      categories: post.tags,
      ...(post.cover ? { image: { url: `${origin}${post.cover.src}`, type: 'image/jpeg' } } : {}),
    })),
  );
  c.header('content-type', 'application/rss+xml; charset=utf-8');
  // Revalidated on every read (cheap with the ETag), so a withdrawn post leaves readers' caches at once.
  c.header('cache-control', 'no-cache');
  return c.body(xml);
});
