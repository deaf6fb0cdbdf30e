import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { AppEnv } from '../app-env.ts';
import { posts } from '../db/schema.ts';
import { isUuid } from '../http/params.ts';
import { serveAsset, type StaticSite } from '../static-site.ts';
import { visible } from '../posts/views.ts';

/** The page the build makes for posts it did not know (src/pages/blog-reader.astro). */
export const BLOG_SHELL_PATH = '/blog-reader';

/**
 * `/blog/{postId}`: the address takes an id or a slug, but a post has one canonical address,
 * by slug. The database decides: a post that is not (or no longer) published is not served,
 * even when the build pre-rendered it; an id redirects to the slug; a slug the build did not
 * know gets the blog shell, whose island loads the post.
 */
export function blogPageRoutes(site: StaticSite) {
  const routes = new Hono<AppEnv>();
  routes.get('/:key', async (c, next) => {
    const key = c.req.param('key');
    const byKey = isUuid(key) ? eq(posts.id, key) : eq(posts.slug, key);
    const [post] = await c.var.db.select({ slug: posts.slug }).from(posts).where(and(byKey, visible)).limit(1);
    if (!post) return next();
    if (post.slug !== key) return c.redirect(`/blog/${post.slug}`, 301);
    const asset = site.find(c.req.path) ?? site.find(BLOG_SHELL_PATH);
    return asset ? serveAsset(c, asset) : next();
  });
  return routes;
}
