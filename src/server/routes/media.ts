import { mkdirSync } from 'node:fs';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from '../app-env.ts';
import { isUuid } from '../http/params.ts';
import { MEDIA_PREFIX, mediaRoot } from '../storage/media-store.ts';

/** An image variant (`960.webp`) or an uploaded video (`video.mp4`). */
const MEDIA_FILE = /^(\d{1,5}\.(avif|webp|jpg)|video\.(mp4|webm))$/;

/**
 * `/media/{id}/{width}.{avif|webp|jpg}`: stored image variants, and `/media/{id}/video.{mp4|webm}`
 * uploaded videos (byte ranges answered, so a player can seek). A file never changes once
 * written (a new upload gets a new id), so browsers and CDNs may keep it for a year.
 */
export function mediaRoutes(dataDir: string) {
  mkdirSync(mediaRoot(dataDir), { recursive: true });
  const routes = new Hono<AppEnv>();
  routes.get(
    '/:id/:file',
    async (c, next) => {
      if (!isUuid(c.req.param('id')) || !MEDIA_FILE.test(c.req.param('file'))) return c.notFound();
      await next();
      if (c.res.status === 200) c.res.headers.set('cache-control', 'public, max-age=31536000, immutable');
    },
    serveStatic({
      root: mediaRoot(dataDir),
      rewriteRequestPath: (path) => path.slice(MEDIA_PREFIX.length),
    }),
  );
  return routes;
}
