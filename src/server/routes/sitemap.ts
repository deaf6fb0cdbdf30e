import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { desc } from 'drizzle-orm';
import type { AppEnv } from '../app-env.ts';
import { posts } from '../db/schema.ts';
import { visible } from '../posts/views.ts';
import { escapeXml } from '../http/xml.ts';
import { pages } from '../../site/pages.ts';
import { postPath } from '../../site/blog.ts';

/** The sitemap protocol's limit for one file. */
const SITEMAP_MAX_URLS = 50_000;
const sitemapPages = pages.filter((page) => page.inSitemap);

/**
 * `/sitemap.xml`: the landing pages of the page table and the posts published now, from the
 * database, so a withdrawn or deleted post leaves it at once (a built file kept it until the
 * next build).
 */
export const sitemapRoutes = new Hono<AppEnv>();

sitemapRoutes.get('/sitemap.xml', etag(), async (c) => {
  const { db, config } = c.var;
  const url = (path: string, lastmod?: Date) =>
    `  <url><loc>${escapeXml(new URL(path, `${config.site.origin}/`).href)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  const rows = await db
    .select({ slug: posts.slug, updatedAt: posts.updatedAt })
    .from(posts)
    .where(visible)
    .orderBy(desc(posts.publishedAt))
    .limit(SITEMAP_MAX_URLS - sitemapPages.length);
  const urls = [...sitemapPages.map((page) => url(page.path)), ...rows.map((post) => url(postPath(post.slug), post.updatedAt))];
  c.header('content-type', 'application/xml; charset=utf-8');
  c.header('cache-control', 'no-cache');
  return c.body(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`);
});
