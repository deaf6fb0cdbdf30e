import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context } from 'hono';
import type { Upload } from '@tus/server';
import type { AppEnv } from '../app-env.ts';
import { requireStaff } from '../auth/session.ts';
import { audit } from '../audit.ts';
import { media } from '../db/schema.ts';
import { sendOk } from '../http/envelope.ts';
import { type ProcessedImage, processImage } from './images.ts';
import { convertingRoot, imageView } from './media-store.ts';
import { forgetMedia, storeMedia } from './store-media.ts';
import type { UploadPurposeHandler } from './upload-purpose.ts';

/** Post images: signed-in staff only; a finished upload is checked by its bytes, turned into variants and a media row. */
export const postImages: UploadPurposeHandler = {
  async admit(c) {
    requireStaff(c);
  },

  async finish(c: Context<AppEnv>, upload: Upload, rawPath: string): Promise<Response> {
    const actor = requireStaff(c).user;
    const id = crypto.randomUUID();
    const started = performance.now();
    // The variants are made on this machine, then stored (in the data folder or the bucket) under the new id.
    // Made here, where a process killed part-way leaves them for the orphan sweep (ops/orphan-sweep.ts).
    const work = join(convertingRoot(c.var.config.dataDir), id);
    let processed: ProcessedImage;
    try {
      processed = await processImage(rawPath, work);
      await storeMedia(
        c.var.objects,
        id,
        work,
        processed.variants.map((variant) => variant.file),
      );
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    // No row, no variants: a failed insert (the database gone, a shutdown cut short) leaves no files behind.
    const [row] = await c.var.db
      .transaction(async (tx) => {
        const rows = await tx
          .insert(media)
          .values({
            id,
            purpose: 'post-image',
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
      })
      .catch(async (error: unknown) => {
        await forgetMedia(c.var.objects, id);
        throw error;
      });
    const response = sendOk(c, 'Image uploaded.', { image: imageView(row!) });
    // How long the check and conversion took, for the browser's dev tools and the upload benchmark.
    response.headers.set('server-timing', `convert;dur=${(performance.now() - started).toFixed(0)}`);
    return response;
  },
};
