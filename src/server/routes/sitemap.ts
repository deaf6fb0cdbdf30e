import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppEnv } from '../app-env.ts';
import { contentElements, contentSections, posts } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { SEARCH_ELEMENTS, SEARCH_SECTION } from '#src/site/content-seed/define.ts';
import { seedPages } from '#src/site/content-seed/index.ts';
import { visible } from '../posts/views.ts';
import { escapeXml } from '../http/xml.ts';
import { pages } from '#src/site/pages.ts';
import { BLOG_PATH, blogListPageCount, blogListPath, postPath } from '#src/lib/blog.ts';
import { BLOG_SNAPSHOT_MAX_POSTS } from '#src/site/blog-snapshot.ts';

/** The sitemap protocol's limit for one file. */
const SITEMAP_MAX_URLS = 50_000;
const sitemapPages = pages.filter((page) => page.inSitemap);

/** The search sections of the pages whose content says where they are, by name path. */
const searchSections = new Map(seedPages.map((page) => [`${page.root}/${SEARCH_SECTION}`, [page.path, ...page.alsoAt]]));

/** The pages staff hid from search engines, as published (the built pages say noindex from the same value). */
async function hiddenPaths(db: Db): Promise<Set<string>> {
  const rows = await db
    .select({ namePath: contentSections.namePath })
    .from(contentElements)
    .innerJoin(contentSections, eq(contentSections.id, contentElements.sectionId))
    .where(
      and(
        inArray(contentSections.namePath, [...searchSections.keys()]),
        eq(contentElements.name, SEARCH_ELEMENTS.hidden),
        sql`${contentElements.publishedValue} = 'true'::jsonb`,
      ),
    );
  return new Set(rows.flatMap((row) => searchSections.get(row.namePath) ?? []));
}

/**
 * `/sitemap.xml`: the landing pages of the page table, the blog list's further pages
 * (/blog/page/2…, as many as the published posts fill) and the posts published now, from the
 * database, so a withdrawn or deleted post leaves it at once (a built file kept it until the
 * next build). A page or post staff hid from search engines is left out.
 */
export const sitemapRoutes = new Hono<AppEnv>();

sitemapRoutes.get('/sitemap.xml', etag(), async (c) => {
  const { db, config } = c.var;
  const url = (path: string, lastmod?: Date) =>
    `  <url><loc>${escapeXml(new URL(path, `${config.site.origin}/`).href)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  // The list pages built: as many as the build's posts fill (page 1 is /blog itself, in the page table).
  const listed = Math.min(await db.$count(posts, visible), BLOG_SNAPSHOT_MAX_POSTS);
  const hidden = await hiddenPaths(db);
  // Hiding the blog hides all its list pages, not only the first.
  const listPages = hidden.has(BLOG_PATH) ? [] : Array.from({ length: blogListPageCount(listed) - 1 }, (_, index) => url(blogListPath(index + 2)));
  const rows = await db
    .select({ slug: posts.slug, updatedAt: posts.updatedAt })
    .from(posts)
    .where(and(visible, eq(posts.seoHidden, false)))
    .orderBy(desc(posts.publishedAt))
    .limit(SITEMAP_MAX_URLS - sitemapPages.length - listPages.length);
  const urls = [
    ...sitemapPages.filter((page) => !hidden.has(page.path)).map((page) => url(page.path)),
    ...listPages,
    ...rows.map((post) => url(postPath(post.slug), post.updatedAt)),
  ];
  c.header('content-type', 'application/xml; charset=utf-8');
  c.header('cache-control', 'no-cache');
  return c.body(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`);
});
