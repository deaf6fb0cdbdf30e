import { join, resolve } from 'node:path';
import type { media } from '../db/schema.ts';
import { isVideoType, videoFileName, type ImageView } from '#src/schemas/upload.ts';
import type { VideoView } from '#src/schemas/video-view.ts';
import { storageKeys } from './object-store.ts';

export type { ImageView };

/** Where uploads live on disk: finished media by id, and the pieces of unfinished ones apart from them. */
export const uploadsRoot = (dataDir: string) => resolve(dataDir, 'uploads');
/** The folder store's paths of media and documents (the same keys in a bucket). */
export const mediaRoot = (dataDir: string) => resolve(dataDir, storageKeys.mediaRoot);
/** Always on this machine: tus appends each chunk to its file here until the upload is complete. */
export const unfinishedRoot = (dataDir: string) => join(uploadsRoot(dataDir), 'unfinished');
/** Also on this machine: an image's variants while they are made, in a folder named by the new media id, before they go to the store. */
export const convertingRoot = (dataDir: string) => join(uploadsRoot(dataDir), 'converting');
/** Documents attached to quote requests; served to signed-in staff only, never from a public path. */
export const leadFilesRoot = (dataDir: string) => resolve(dataDir, storageKeys.leadFilesRoot);

/** The type each stored media file is served with, by its extension. */
export const MEDIA_TYPES: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  mp4: 'video/mp4',
  webm: 'video/webm',
};
export const mediaTypeOf = (file: string) => MEDIA_TYPES[file.split('.').pop() ?? ''] ?? 'application/octet-stream';

/** The public address prefix of stored media; files under it never change (each upload gets a new id). */
export const MEDIA_PREFIX = '/media';

type MediaRow = typeof media.$inferSelect;

export function imageView(row: Pick<MediaRow, 'id' | 'width' | 'height' | 'variants'>): ImageView {
  const url = (file: string) => `${MEDIA_PREFIX}/${row.id}/${file}`;
  const srcset = (format: 'avif' | 'webp') =>
    row.variants
      .filter((variant) => variant.format === format)
      .map((variant) => `${url(variant.file)} ${variant.width}w`)
      .join(', ');
  const jpeg = row.variants.find((variant) => variant.format === 'jpeg');
  return {
    _id: row.id,
    width: row.width ?? jpeg?.width ?? 0,
    height: row.height ?? jpeg?.height ?? 0,
    src: jpeg ? url(jpeg.file) : '',
    sources: [
      { type: 'image/avif', srcset: srcset('avif') },
      { type: 'image/webp', srcset: srcset('webp') },
    ],
  };
}

/** An uploaded video's address; its file is named by its type (video.mp4, video.webm). */
export function videoView(row: Pick<MediaRow, 'id' | 'mime'>): VideoView {
  if (!isVideoType(row.mime)) throw new Error(`media ${row.id} is not a video (${row.mime})`);
  return { _id: row.id, src: `${MEDIA_PREFIX}/${row.id}/${videoFileName(row.mime)}`, type: row.mime };
}
