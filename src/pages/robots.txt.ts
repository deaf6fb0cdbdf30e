import type { APIRoute } from 'astro';
import { absoluteUrl } from '../site/pages.ts';

/** Crawlers may read the public site; the back-office and the API are not for them. */
export const GET: APIRoute = () =>
  new Response(`User-agent: *\nDisallow: /admin\nDisallow: /api/\nDisallow: /verifypasswordreset\n\nSitemap: ${absoluteUrl('/sitemap.xml')}\n`, {
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
