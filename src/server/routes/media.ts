import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { parse as parseRange } from 'range-parser';
import type { AppEnv } from '../app-env.ts';
import { isUuid } from '../http/params.ts';
import { type ByteRange, storageKeys } from '../storage/object-store.ts';
import { mediaTypeOf } from '../storage/media-store.ts';

/** An image variant (`960.webp`) or an uploaded video (`video.mp4`). */
const MEDIA_FILE = /^(\d{1,5}\.(avif|webp|jpg)|video\.(mp4|webm))$/;

/** The one byte range a request asks for; undefined for the whole file, 'unsatisfiable' for a 416. */
function askedRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const parsed = parseRange(size, header);
  // A malformed header or several ranges: the whole file, as RFC 9110 allows.
  if (parsed.code & 1 || parsed.type !== 'bytes') return undefined;
  if (parsed.ranges.length === 0) return 'unsatisfiable';
  return parsed.ranges.length === 1 ? parsed.ranges[0] : undefined;
}

const gone = () => new Response('Not found.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/**
 * `/media/{id}/{width}.{avif|webp|jpg}`: stored image variants, and `/media/{id}/video.{mp4|webm}`
 * uploaded videos (byte ranges answered, so a player can seek), from the object store (the data
 * folder or the bucket). A file never changes once written (a new upload gets a new id), so
 * browsers and CDNs may keep it for a year.
 */
export function mediaRoutes() {
  const routes = new Hono<AppEnv>();
  routes.get('/:id/:file', async (c) => {
    const { id, file } = c.req.param();
    if (!isUuid(id) || !MEDIA_FILE.test(file)) return c.notFound();
    const key = storageKeys.media(id, file);
    const info = await c.var.objects.head(key);
    // A deleted upload's file: a plain 404 a CDN may not keep, rather than the home page.
    if (!info) return gone();
    const range = askedRange(c.req.header('range'), info.size);
    const headers = new Headers({
      'content-type': mediaTypeOf(file),
      'accept-ranges': 'bytes',
      'last-modified': info.lastModified.toUTCString(),
      'cache-control': 'public, max-age=31536000, immutable',
    });
    if (range === 'unsatisfiable') {
      headers.set('content-range', `bytes */${info.size}`);
      headers.delete('cache-control');
      return new Response(null, { status: 416, headers });
    }
    const length = range ? range.end - range.start + 1 : info.size;
    headers.set('content-length', String(length));
    if (range) headers.set('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
    const status = range ? 206 : 200;
    if (c.req.method === 'HEAD') return new Response(null, { status, headers });
    const stored = await c.var.objects.get(key, range);
    if (!stored) return gone();
    return new Response(Readable.toWeb(stored.body) as ReadableStream, { status, headers });
  });
  return routes;
}
