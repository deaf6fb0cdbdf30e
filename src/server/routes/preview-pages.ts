import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { loadSession, staffOnly } from '../auth/session.ts';
import type { PreviewService } from '../content/preview.ts';
import { withoutMarkers } from '#src/lib/content-markers.ts';
import { findLiveShare } from '../previews/queries.ts';

/** Where draft previews are served: `/preview/{id}/van-insurance`, for signed-in staff only. */
export const PREVIEW_PREFIX = '/preview';
/** Where a shared link opens a draft for anyone holding it: `/preview/shared/{token}/van-insurance/`. */
export const SHARED_PREVIEW_PREFIX = `${PREVIEW_PREFIX}/shared`;

const GONE = 'This preview link has expired or was withdrawn. Ask whoever sent it for a new one.';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
};

/** The file a page address names inside a built site: its index.html, or the file itself (a script, a style). */
async function fileFor(folder: string, path: string): Promise<string | null> {
  const inside = normalize(join(folder, decodeURIComponent(path)));
  if (inside !== folder && !inside.startsWith(`${folder}${sep}`)) return null;
  for (const candidate of [join(inside, 'index.html'), `${inside}.html`, inside]) {
    const found = await stat(candidate).catch(() => null);
    if (found?.isFile()) return candidate;
  }
  return null;
}

/**
 * One file of a built preview folder, never cached and never indexed; `html` rewrites a page's
 * text on its way out (a shared link's markers taken out).
 */
async function sendPreviewFile(c: Context<AppEnv>, folder: string, rest: string, html?: (text: string) => string): Promise<Response> {
  let file: string | null;
  try {
    file = await fileFor(folder, rest);
  } catch {
    // A malformed escape (%E0%A4%A) names no file.
    file = null;
  }
  if (!file) return c.text('Not found.', 404);
  c.header('content-type', TYPES[extname(file)] ?? 'application/octet-stream');
  c.header('cache-control', 'no-store');
  c.header('x-robots-tag', 'noindex, nofollow');
  const body = await readFile(file);
  return c.body(html && extname(file) === '.html' ? html(body.toString('utf8')) : body);
}

/**
 * Serves a draft preview's pages and files, as the page editor frames them. Staff only: a
 * draft is not public until it is published. Never cached and never indexed.
 */
export function previewPageRoutes(previews: PreviewService | null) {
  return new Hono<AppEnv>()
    .get('/shared/:token/*', async (c) => {
      // A link staff shared: its own page only (not the other drafts built beside it), and the files pages load.
      const share = await findLiveShare(c.var.db, c.req.param('token'));
      const folder = share ? previews?.sharedFolder(share.id) : null;
      if (!share || !folder) return c.text(GONE, 404);
      const rest = c.req.path.slice(`${SHARED_PREVIEW_PREFIX}/${c.req.param('token')}`.length) || '/';
      const page = rest.replace(/\/(index\.html)?$/, '') || '/';
      const isPage = !extname(rest) || rest.endsWith('.html');
      if (isPage && page !== share.path) return c.text('Only the shared page is in this preview.', 404);
      // The link is the key: no page it leads to learns it from the Referer; the editor's markers stay out.
      c.header('referrer-policy', 'no-referrer');
      return sendPreviewFile(c, folder, rest, withoutMarkers);
    })
    .get('/:id/*', loadSession, staffOnly, async (c) => {
      const folder = previews?.folder(c.req.param('id'));
      if (!folder) return c.text('This preview is no longer available: open the page in the editor again.', 404);
      const rest = c.req.path.slice(`${PREVIEW_PREFIX}/${c.req.param('id')}`.length) || '/';
      return sendPreviewFile(c, folder, rest);
    });
}
