import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { Server as TusServer, type Upload } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { UPLOAD_MAX_BYTES, uploadMessages, uploadPurposes, type UploadPurpose } from '../../schemas/upload.ts';
import type { AppEnv } from '../app-env.ts';
import type { Config } from '../config.ts';
import { media } from '../db/schema.ts';
import { sendFail, sendOk } from '../http/envelope.ts';
import { sameOriginWrites } from '../http/middleware.ts';
import { loadSession, requireStaff } from '../auth/session.ts';
import { processImage } from '../storage/images.ts';
import { imageView, mediaRoot, unfinishedRoot } from '../storage/media-store.ts';
import { audit } from '../audit.ts';

export const UPLOADS_PATH = '/api/v1/uploads';
/** Unfinished uploads older than this are deleted by the cleanup job; a visitor has a day to resume. */
export const UNFINISHED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

const isPurpose = (value: string | null | undefined): value is UploadPurpose => uploadPurposes.includes(value as UploadPurpose);

/** tus's hooks reject by throwing this shape; the body is our usual JSON envelope. */
const refusal = (status: number, message: string) => ({
  status_code: status,
  body: JSON.stringify({ ok: false, message, errors: [{ field: 'file', message }] }),
});

export type UploadService = { routes: Hono<AppEnv>; cleanUpExpired: () => Promise<number> };

/**
 * `/api/v1/uploads`: resumable uploads by the tus protocol (POST to create, PATCH chunks of
 * up to 10 MB, HEAD to learn the offset after a dropped connection). Signed-in staff only.
 * When the last byte arrives, the file is checked by its bytes and turned into stored media;
 * the final response carries the spec's `image` field. Reading an unfinished upload back
 * (tus GET) is not offered.
 */
export function createUploadService(config: Config): UploadService {
  const unfinished = unfinishedRoot(config.dataDir);
  // The cleanup job lists this folder from the first start, before any upload made it.
  mkdirSync(unfinished, { recursive: true });
  const tus = new TusServer({
    path: UPLOADS_PATH,
    relativeLocation: true,
    maxSize: UPLOAD_MAX_BYTES,
    datastore: new FileStore({ directory: unfinished, expirationPeriodInMilliseconds: UNFINISHED_UPLOAD_TTL_MS }),
    onUploadCreate: async (_req, upload) => {
      if (!isPurpose(upload.metadata?.purpose)) throw refusal(400, uploadMessages.unknownPurpose);
      if (!upload.metadata?.filename) throw refusal(400, 'Name the file being uploaded.');
      return {};
    },
    onResponseError: (_req, error) => {
      if ('status_code' in error && error.status_code === 413) return refusal(413, uploadMessages.tooLarge);
      return undefined;
    },
  });

  /** Turns a complete upload into media: content check, variants, a row; the raw upload is then deleted. */
  async function finish(c: Context<AppEnv>, upload: Upload, tusResponse: Response): Promise<Response> {
    const actor = requireStaff(c).user;
    const rawPath = join(unfinished, upload.id);
    try {
      const id = crypto.randomUUID();
      const started = performance.now();
      const processed = await processImage(rawPath, join(mediaRoot(config.dataDir), id));
      const [row] = await c.var.db.transaction(async (tx) => {
        const rows = await tx
          .insert(media)
          .values({
            id,
            purpose: upload.metadata?.purpose ?? 'post-image',
            originalName: (upload.metadata?.filename ?? '').slice(0, 255),
            mime: processed.mime,
            bytes: upload.size ?? upload.offset,
            width: processed.width,
            height: processed.height,
            variants: processed.variants,
            uploadedBy: actor.id,
          })
          .returning();
        await audit(tx, actor.id, 'image uploaded', `media:${id}`);
        return rows;
      });
      const response = sendOk(c, 'Image uploaded.', { image: imageView(row!) });
      // How long the check and conversion took, for the browser's dev tools and the upload benchmark.
      response.headers.set('server-timing', `convert;dur=${(performance.now() - started).toFixed(0)}`);
      // tus-js-client reads the offset of the last PATCH; keep tus's headers on our JSON answer.
      for (const name of ['upload-offset', 'tus-resumable']) {
        const value = tusResponse.headers.get(name);
        if (value) response.headers.set(name, value);
      }
      return response;
    } finally {
      await tus.datastore.remove(upload.id).catch(() => rm(rawPath, { force: true }));
    }
  }

  const routes = new Hono<AppEnv>();
  routes.use(sameOriginWrites([config.site.origin]), loadSession);
  routes.use(async (c, next) => {
    requireStaff(c);
    await next();
    c.header('cache-control', 'no-store');
  });
  routes.all('/*', async (c) => {
    // Hono routes HEAD (how tus asks for the offset) as GET; a plain GET would read the upload back.
    if (c.req.method === 'GET') return sendFail(c, 405, 'Uploads cannot be read back here.');
    const response = await tus.handleWeb(c.req.raw);
    if (!response.ok || (c.req.method !== 'PATCH' && c.req.method !== 'POST')) return response;
    const id = c.req.method === 'POST' ? response.headers.get('location')?.split('/').pop() : c.req.path.split('/').pop();
    if (!id) return response;
    const upload = await tus.datastore.getUpload(id).catch(() => null);
    if (!upload || upload.size === undefined || upload.offset < upload.size) return response;
    return finish(c, upload, response);
  });

  return { routes, cleanUpExpired: () => tus.cleanUpExpiredUploads() };
}

