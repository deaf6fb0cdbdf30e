import type { MediaDetailView, MediaUsageView, MediaView } from '#src/schemas/media.ts';
import { imageView, videoView } from '../storage/media-store.ts';
import type { MediaRowWithUses } from './queries.ts';

/** An upload as the library shows it: an image with its variants, or a video with its file. */
export function toMediaView(row: MediaRowWithUses): MediaView {
  const isImage = row.mime.startsWith('image/');
  return {
    _id: row.id,
    kind: isImage ? 'image' : 'video',
    name: row.originalName,
    mime: row.mime,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    alt: row.alt,
    caption: row.caption,
    image: isImage ? imageView(row) : null,
    video: isImage ? null : videoView(row),
    uses: row.uses,
    createdAt: row.createdAt.toISOString(),
  };
}

export const toMediaDetailView = (row: MediaRowWithUses, usages: MediaUsageView[]): MediaDetailView => ({ ...toMediaView(row), usages });
