import * as v from 'valibot';
import { noControlCharacter, searchText } from './fields.ts';
import { ImageViewSchema } from './image-view.ts';
import { limitMessages } from './messages.ts';
import { ListPagingSchema } from './paging.ts';
import { VideoViewSchema } from './video-view.ts';

/**
 * The media library: every image and video staff uploaded, once, to use anywhere (a post's
 * cover, a page's picture), with what it shows kept beside it.
 */

export const MEDIA_LIMITS = { alt: 200, caption: 500 } as const;

export const mediaKinds = ['image', 'video'] as const;
export type MediaKind = (typeof mediaKinds)[number];

const text = (max: number) => v.optional(v.pipe(v.string('Must be text'), v.trim(), v.maxLength(max, limitMessages.tooLong(max)), noControlCharacter), '');

/** `PUT /media/update/{id}`: what the picture shows (alt text) and a caption. */
export const MediaUpdateSchema = v.object({ alt: text(MEDIA_LIMITS.alt), caption: text(MEDIA_LIMITS.caption) }, 'Send the alt text and caption');

/** The library's orders: newest first (''), oldest first, by name (A to Z) or by size (largest first). */
export const mediaSorts = ['oldest', 'name', 'size'] as const;
export type MediaSort = (typeof mediaSorts)[number];

/** `GET /media?page=&page_size=&kind=&q=&sort=`: newest first unless sorted; words in the name, alt text or caption. */
export const MediaFilterSchema = v.object({
  kind: v.optional(v.union([v.literal(''), v.picklist(mediaKinds)], 'Choose image or video')),
  q: v.optional(searchText),
  sort: v.optional(v.union([v.literal(''), v.picklist(mediaSorts)], 'Sort by newest, oldest, name or size')),
});
export const MediaListQuerySchema = v.object({ ...ListPagingSchema.entries, ...MediaFilterSchema.entries });

/** `POST /media/replace/{id}`: the upload that takes this one's place everywhere it is used. */
export const MediaReplaceSchema = v.object(
  { replacement: v.pipe(v.string('Choose the new upload'), v.uuid('Choose the new upload')) },
  'Choose the new upload',
);

/** At most this many uploads are deleted at once (two pages of the grid). */
export const MEDIA_BULK_MAX = 48;
const CHOOSE_UPLOADS = 'Choose the uploads to delete';
const mediaId = v.pipe(v.string(CHOOSE_UPLOADS), v.uuid(CHOOSE_UPLOADS));

/** `POST /media/delete-many`: the uploads chosen in the grid; those still used are kept. */
export const MediaBulkDeleteSchema = v.object(
  {
    ids: v.pipe(
      v.array(mediaId, CHOOSE_UPLOADS),
      v.minLength(1, CHOOSE_UPLOADS),
      v.maxLength(MEDIA_BULK_MAX, `Delete at most ${MEDIA_BULK_MAX} uploads at once`),
      v.transform((ids) => [...new Set(ids)]),
    ),
  },
  CHOOSE_UPLOADS,
);

/** An upload a bulk delete kept because something still uses it. */
export const MediaKeptViewSchema = v.object({ _id: v.string(), name: v.string(), uses: v.number() });
export type MediaKeptView = v.InferOutput<typeof MediaKeptViewSchema>;

/** Where an upload is used: a post's cover, or a page's element (by its page and name). */
export const MediaUsageViewSchema = v.object({
  kind: v.picklist(['post', 'content']),
  /** The post's id, or the content element's. */
  id: v.string(),
  /** The post's title, or the element's place ('Home / Hero / Image'). */
  name: v.string(),
  /** The page's root section, for a content element: the page editor's address names it. */
  pageId: v.nullable(v.string()),
});
export type MediaUsageView = v.InferOutput<typeof MediaUsageViewSchema>;

export const MediaViewSchema = v.object({
  _id: v.string(),
  kind: v.picklist(mediaKinds),
  /** The file's name as it was uploaded. */
  name: v.string(),
  mime: v.string(),
  bytes: v.number(),
  width: v.nullable(v.number()),
  height: v.nullable(v.number()),
  alt: v.string(),
  caption: v.string(),
  /** The image's variants (null for a video), or the video's file (null for an image). */
  image: v.nullable(ImageViewSchema),
  video: v.nullable(VideoViewSchema),
  /** How many places use it (a post's cover, a page's element). */
  uses: v.number(),
  createdAt: v.string(),
});
export type MediaView = v.InferOutput<typeof MediaViewSchema>;

/** An upload with the places it is used, for its own screen. */
export const MediaDetailViewSchema = v.object({ ...MediaViewSchema.entries, usages: v.array(MediaUsageViewSchema) });
export type MediaDetailView = v.InferOutput<typeof MediaDetailViewSchema>;
