import type { Context } from 'hono';
import type { Upload } from '@tus/server';
import { fileTypeFromFile } from 'file-type';
import { isVideoType, uploadMessages, videoFileName } from '#src/schemas/upload.ts';
import type { AppEnv } from '../app-env.ts';
import { requireStaff } from '../auth/session.ts';
import { audit } from '../audit.ts';
import { media } from '../db/schema.ts';
import { HttpError, sendOk } from '../http/envelope.ts';
import { mediaTypeOf, videoView } from './media-store.ts';
import { storageKeys } from './object-store.ts';
import { forgetMedia } from './store-media.ts';
import type { UploadPurposeHandler } from './upload-purpose.ts';

/**
 * A video for a content element (the broker's own clip, not a YouTube link): signed-in staff
 * only; checked by its bytes (MP4 or WebM), kept as it came (no transcoding on the web
 * server), served from `/media/{id}/video.{mp4|webm}` with byte ranges for seeking.
 */
export const contentVideos: UploadPurposeHandler = {
  async admit(c) {
    requireStaff(c);
  },

  async finish(c: Context<AppEnv>, upload: Upload, rawPath: string): Promise<Response> {
    const actor = requireStaff(c).user;
    const sniffed = (await fileTypeFromFile(rawPath))?.mime;
    if (!isVideoType(sniffed)) throw new HttpError(415, uploadMessages.notVideo, [{ field: 'file', message: uploadMessages.notVideo }]);
    const id = crypto.randomUUID();
    const file = videoFileName(sniffed);
    // Whole or not at all (a multipart upload to a bucket is completed or abandoned).
    await c.var.objects.putFile(storageKeys.media(id, file), rawPath, mediaTypeOf(file));
    // No row, no file: a failed insert leaves no file behind.
    const [row] = await c.var.db
      .transaction(async (tx) => {
        const rows = await tx
          .insert(media)
          .values({
            id,
            purpose: 'content-video',
            originalName: (upload.metadata?.filename ?? '').slice(0, 255),
            mime: sniffed,
            bytes: upload.size ?? upload.offset,
            uploadedBy: actor.id,
          })
          .returning();
        await audit(tx, actor.id, 'video uploaded', `media:${id}`);
        return rows;
      })
      .catch(async (error: unknown) => {
        await forgetMedia(c.var.objects, id);
        throw error;
      });
    return sendOk(c, 'Video uploaded.', { video: videoView(row!) });
  },
};
