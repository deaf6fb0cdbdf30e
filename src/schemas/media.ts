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

/** `GET /media?page=&page_size=&kind=&q=`: newest first; words in the name, alt text or caption. */
export const MediaFilterSchema = v.object({
  kind: v.optional(v.union([v.literal(''), v.picklist(mediaKinds)], 'Choose image or video')),
  q: v.optional(searchText),
});
export const MediaListQuerySchema = v.object({ ...ListPagingSchema.entries, ...MediaFilterSchema.entries });

/** `POST /media/replace/{id}`: the upload that takes this one's place everywhere it is used. */
export const MediaReplaceSchema = v.object(
  { replacement: v.pipe(v.string('Choose the new upload'), v.uuid('Choose the new upload')) },
  'Choose the new upload',
);

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
