import type { Context } from 'hono';

/**
 * Whether a request that changes something without being a write (GET /auth/logout) was asked
 * for by our own pages or typed into the address bar, and not by another site (a link, an
 * image or a page sending the browser here). Sec-Fetch-Site says so in every current browser;
 * a sibling subdomain ('same-site') is another site here. Without it, Origin or Referer must
 * name this site when sent; a client that sends none of them (curl, a script) carries no
 * visitor's cookies and is let through, as sameOriginWrites does for writes.
 */
export function fromOwnSite(c: Context, allowedOrigins: readonly string[]): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const own = new Set([new URL(c.req.url).origin, ...allowedOrigins]);
  const origin = c.req.header('origin');
  if (origin !== undefined) return own.has(origin);
  const referer = c.req.header('referer');
  if (referer !== undefined) return URL.canParse(referer) && own.has(new URL(referer).origin);
  return true;
}
