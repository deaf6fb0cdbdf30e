import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { posts } from '../db/schema.ts';
import { visible } from '../posts/views.ts';
import { isUuid } from '../http/params.ts';
import { PREVIEW_PREFIX } from '../routes/preview-pages.ts';
import { MEDIA_PREFIX } from '../storage/media-store.ts';

export const SERVED_BY_SITE = 'The site has a page at that address, and a page always wins over a redirect. Delete or rename the page first.';
export const RESERVED_ADDRESS = 'That address belongs to the back-office or the site’s own files; it cannot be redirected.';

/** Areas the server answers itself, whatever the build holds. */
const RESERVED_AREAS = ['/api', '/admin', '/_astro', MEDIA_PREFIX, PREVIEW_PREFIX];
const RESERVED_FILES = new Set(['/verifypasswordreset', '/rss.xml', '/sitemap.xml']);

const POST_PREFIX = '/blog/';

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * Why an address cannot be a redirect's old address, or null when it can. A redirect answers
 * only what nothing else does, so one from a page of the site, or a public post, would never
 * be used (and the static fast path and a CDN serve those pages without asking the app).
 */
export async function whyNotRedirectable(c: Context<AppEnv>, path: string): Promise<string | null> {
  if (RESERVED_FILES.has(path) || RESERVED_AREAS.some((area) => path === area || path.startsWith(`${area}/`))) return RESERVED_ADDRESS;
  if (c.var.site?.find(path) ?? c.var.site?.find(`${path}/`)) return SERVED_BY_SITE;
  if (path.startsWith(POST_PREFIX)) {
    const slug = safeDecode(path.slice(POST_PREFIX.length));
    // A post answers at its slug, and at its id (which redirects to the slug).
    const [post] = await c.var.db
      .select({ id: posts.id })
      .from(posts)
      .where(and(isUuid(slug) ? eq(posts.id, slug) : eq(posts.slug, slug), visible));
    if (post) return SERVED_BY_SITE;
  }
  return null;
}

/** A post's public address, as its page and its redirects name it. */
export const postAddress = (slug: string) => `${POST_PREFIX}${encodeURIComponent(slug)}`;
