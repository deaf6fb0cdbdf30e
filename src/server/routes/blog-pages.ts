import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { AppEnv } from '../app-env.ts';
import { posts } from '../db/schema.ts';
import { isUuid } from '../http/params.ts';
import { serveAsset, type StaticSite } from '../static-site.ts';
import { visible } from '../posts/views.ts';

/** The page the build makes for posts it did not know (src/pages/blog-reader.astro). */
export const BLOG_SHELL_PATH = '/blog-reader';

/** Addresses of single posts: only blogPageRoutes answers them, never the static site directly. */
export const isPostPagePath = (path: string) => path.startsWith('/blog/');

/**
 * `/blog/{postId}`: the address takes an id or a slug, but a post has one canonical address,
 * by slug. The database decides: a post that is not (or no longer) published is not served,
 * even when the build pre-rendered it (it is answered like any unknown address); an id
 * redirects to the slug; a post the build did not know, or knew in an older version, gets the
 * blog shell, whose island loads the post.
 */
export function blogPageRoutes(site: StaticSite) {
  const routes = new Hono<AppEnv>();
  routes.get('/:key', async (c, next) => {
    const key = c.req.param('key');
    const byKey = isUuid(key) ? eq(posts.id, key) : eq(posts.slug, key);
    const [post] = await c.var.db.select({ slug: posts.slug, updatedAt: posts.updatedAt }).from(posts).where(and(byKey, visible)).limit(1);
    // Not next(): the static site behind this route still holds the page the build made.
    if (!post) return c.notFound();
    if (post.slug !== key) return c.redirect(`/blog/${post.slug}`, 301);
    // The built page only while it shows the post as it is now; after an edit, the shell.
    const current = site.builtPostVersion(post.slug) === post.updatedAt.toISOString();
    const asset = (current ? site.find(c.req.path) : undefined) ?? site.find(BLOG_SHELL_PATH);
    return asset ? serveAsset(c, asset) : next();
  });
  return routes;
}
