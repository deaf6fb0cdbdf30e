import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import type { Db } from '../db/client.ts';
import { Server as TusServer, type Upload } from '@tus/server';
import { LEAD_FILE_MAX_BYTES, UPLOAD_MAX_BYTES, uploadMessages, uploadPurposes, type UploadPurpose } from '#src/schemas/upload.ts';
import { hasNoControlCharacter } from '#src/schemas/fields.ts';
import { limitMessages } from '#src/schemas/messages.ts';
import type { AppEnv } from '../app-env.ts';
import type { Config } from '../config.ts';
import { sendFail } from '../http/envelope.ts';
import { RETRY_AFTER_SECONDS } from '../http/unavailable.ts';
import { sameOriginWrites } from '../http/middleware.ts';
import { loadSession } from '../auth/session.ts';
import { unfinishedRoot } from './media-store.ts';
import type { ObjectStore } from './object-store.ts';
import { UnfinishedUploadStore } from './unfinished-upload-store.ts';
import { contentVideos } from './content-videos.ts';
import { postImages } from './post-images.ts';
import type { UploadPurposeHandler } from './upload-purpose.ts';
import { deleteUnclaimedDocuments, visitorDocuments } from './visitor-documents.ts';
import { newUploadId, uploadAddress, uploadAddressMessages, uploadIdOf, UPLOADS_PATH } from './upload-address.ts';

export { UPLOADS_PATH };
/** Unfinished uploads older than this are deleted by the cleanup job; a visitor has a day to resume. */
export const UNFINISHED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

const isPurpose = (value: string | null | undefined): value is UploadPurpose => uploadPurposes.includes(value as UploadPurpose);

/** One handler per purpose; an upload that names none is held to the strictest rule (staff only). */
const HANDLERS: Record<UploadPurpose, UploadPurposeHandler> = { 'post-image': postImages, 'lead-file': visitorDocuments, 'content-video': contentVideos };
const handlerFor = (purpose: string | null | undefined): UploadPurposeHandler => (isPurpose(purpose) ? HANDLERS[purpose] : postImages);

/** The largest file each purpose takes; tus holds every request to it, counting the bytes that actually arrive. */
const MAX_BYTES: Record<UploadPurpose, number> = { 'post-image': UPLOAD_MAX_BYTES, 'lead-file': LEAD_FILE_MAX_BYTES, 'content-video': UPLOAD_MAX_BYTES };
const TOO_LARGE: Record<UploadPurpose, string> = {
  'post-image': uploadMessages.tooLarge,
  'lead-file': uploadMessages.leadFileTooLarge,
  'content-video': uploadMessages.tooLarge,
};

/** Every upload says its length when it starts, so its purpose's cap is known before a byte is stored. */
export const lengthRequired = "Give the file's size (Upload-Length) when the upload starts.";

/** tus's hooks reject by throwing this shape; the body is our usual JSON envelope. */
const refusal = (status: number, message: string) => ({
  status_code: status,
  body: JSON.stringify({ ok: false, message, errors: [{ field: 'file', message }] }),
});

const isTusError = (error: unknown): error is { status_code: number; body: string } => typeof error === 'object' && error !== null && 'status_code' in error;

/** One value from a tus Upload-Metadata header ("key base64value,key base64value"). */
export function metadataField(header: string | undefined, key: string): string | undefined {
  for (const pair of (header ?? '').split(',')) {
    const [name, value] = pair.trim().split(' ');
    if (name === key) return value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return undefined;
}

export type UploadService = { routes: Hono<AppEnv>; cleanUpExpired: (db: Db, objects: ObjectStore) => Promise<number> };

/**
 * `/api/v1/uploads`: resumable uploads by the tus protocol (POST to create, PATCH chunks of
 * up to 10 MB, HEAD to learn the offset after a dropped connection). Post images are for
 * signed-in staff; a visitor may upload one small document for a quote request.
 * When the last byte arrives, the file is checked by its bytes and turned into stored media;
 * the final response carries the spec's `image` field. Reading an unfinished upload back
 * (tus GET) is not offered.
 */
export function createUploadService(config: Config, db: Db, objects: ObjectStore): UploadService {
  // Pieces in the object store, state in the database: any app server can take the next chunk.
  const store = new UnfinishedUploadStore(db, objects, join(unfinishedRoot(config.dataDir), '.arriving'), UNFINISHED_UPLOAD_TTL_MS);
  const tus = new TusServer({
    path: UPLOADS_PATH,
    relativeLocation: true,
    // The id comes from one place for tus and for the permission check below.
    namingFunction: newUploadId,
    getFileIdFromRequest: (req) => uploadIdOf(req.url),
    maxSize: async (req) => {
      const purpose = await purposeOf(req);
      return isPurpose(purpose) ? MAX_BYTES[purpose] : UPLOAD_MAX_BYTES;
    },
    datastore: store,
    onUploadCreate: async (_req, upload) => {
      if (!isPurpose(upload.metadata?.purpose)) throw refusal(400, uploadMessages.unknownPurpose);
      if (!upload.metadata?.filename) throw refusal(400, 'Name the file being uploaded.');
      // The name is stored as text, where a NUL would be refused by the database.
      if (!Object.values(upload.metadata).every((value) => value === null || hasNoControlCharacter(value))) throw refusal(400, limitMessages.controlCharacter);
      if (upload.sizeIsDeferred) throw refusal(400, lengthRequired);
      return {};
    },
    onResponseError: async (req, error) => {
      if (!('status_code' in error)) return undefined;
      if (error.status_code === 413) {
        const purpose = await purposeOf(req);
        return refusal(413, isPurpose(purpose) ? TOO_LARGE[purpose] : uploadMessages.tooLarge);
      }
      // tus's own refusals are plain text; the client reads our envelope (ours are JSON already).
      if (error.status_code < 500 && !error.body.startsWith('{')) return refusal(error.status_code, error.body.trim());
      return undefined;
    },
  });

  /** What an upload is for: from the creation request's metadata, or from the stored upload the URL names. */
  async function purposeOf(req: Request): Promise<string | undefined> {
    if (req.method === 'POST') return metadataField(req.headers.get('upload-metadata') ?? undefined, 'purpose');
    const id = uploadIdOf(req.url);
    const upload = id ? await tus.datastore.getUpload(id).catch(() => null) : null;
    return upload?.metadata?.purpose ?? undefined;
  }

  /** Keeps tus's headers on our JSON answer: tus-js-client reads the offset of the last PATCH. */
  function withTusHeaders(response: Response, tusResponse: Response): Response {
    for (const name of ['upload-offset', 'tus-resumable']) {
      const value = tusResponse.headers.get(name);
      if (value) response.headers.set(name, value);
    }
    return response;
  }

  /** Turns a complete upload into stored media or a document; the raw upload is then deleted. */
  async function finish(c: Context<AppEnv>, upload: Upload, tusResponse: Response): Promise<Response> {
    let rawPath: string;
    try {
      rawPath = await store.assemble(upload.id);
    } catch (error) {
      // A piece gone from the store (a restore without it): the visitor starts again.
      if (isTusError(error)) return sendFail(c, 410, 'This upload can no longer be finished. Upload the file again.');
      throw error;
    }
    try {
      const response = await handlerFor(upload.metadata?.purpose).finish(c, upload, rawPath);
      return withTusHeaders(response, tusResponse);
    } finally {
      await rm(rawPath, { force: true });
      await store.remove(upload.id).catch(() => undefined);
    }
  }

  const routes = new Hono<AppEnv>();
  routes.use(sameOriginWrites([config.site.origin]), loadSession);
  routes.use(async (c, next) => {
    const address = uploadAddress(c.req.url);
    if (address.kind === 'refused') return sendFail(c, address.status, address.message);
    // Create at the collection; read the offset of, write to or delete one upload.
    if ((c.req.method === 'POST') !== (address.kind === 'collection') && c.req.method !== 'OPTIONS') return sendFail(c, 404, uploadAddressMessages.unknown);
    // Each purpose says who may upload (post images: staff; a visitor's document: anyone, rate-limited).
    await handlerFor(await purposeOf(c.req.raw)).admit(c);
    await next();
    c.header('cache-control', 'no-store');
  });
  routes.all('/*', async (c) => {
    // Hono routes HEAD (how tus asks for the offset) as GET; a plain GET would read the upload back.
    if (c.req.method === 'GET') return sendFail(c, 405, 'Uploads cannot be read back here.');
    const response = await tus.handleWeb(c.req.raw);
    if (response.status === 503) response.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
    if (!response.ok || (c.req.method !== 'PATCH' && c.req.method !== 'POST')) return response;
    const id = c.req.method === 'POST' ? response.headers.get('location')?.split('/').pop() : uploadIdOf(c.req.url);
    if (!id) return response;
    const upload = await tus.datastore.getUpload(id).catch(() => null);
    if (!upload || upload.size === undefined || upload.offset < upload.size) return response;
    return finish(c, upload, response);
  });

  /** Unfinished uploads past their day, and documents no request claimed within a day. */
  async function cleanUpExpired(db: Db, objects: ObjectStore): Promise<number> {
    const unclaimed = await deleteUnclaimedDocuments(db, objects);
    return (await tus.cleanUpExpiredUploads()) + unclaimed;
  }

  return { routes, cleanUpExpired };
}
