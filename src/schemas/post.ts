import * as v from 'valibot';
import { limitMessages, messages } from './messages.ts';
import { calendarTimestamp, requiredText } from './fields.ts';
import { SLUG_PATTERN } from './slug.ts';
import { ListPagingSchema } from './paging.ts';
import { CANONICAL_INVALID, canonicalTarget } from './search-listing.ts';

import { postStatuses } from './post-statuses.ts';

export { postStatuses, type PostStatus } from './post-statuses.ts';

/**
 * The body's cap, 30,000 characters, is about 5,000 words: twice the longest article a broker's
 * blog runs, and small enough that even a text built to be slow to parse renders in well under
 * a second.
 */
export const POST_LIMITS = {
  title: 200,
  slug: 80,
  excerpt: 400,
  body: 30_000,
  tag: 40,
  tags: 10,
  seoTitle: 70,
  seoDescription: 160,
  canonical: 500,
  alt: 200,
} as const;

const optionalText = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, limitMessages.tooLong(max))), '');

/** Tags: trimmed, without duplicates (whatever their case), each short, at most ten. */
const tags = v.optional(
  v.pipe(
    v.array(v.pipe(v.string(), v.trim(), v.maxLength(POST_LIMITS.tag, limitMessages.tooLong(POST_LIMITS.tag)))),
    v.transform((list) => list.filter((tag, i) => tag && list.findIndex((other) => other.toLowerCase() === tag.toLowerCase()) === i)),
    v.maxLength(POST_LIMITS.tags, `At most ${POST_LIMITS.tags} tags`),
  ),
  [],
);

export const POST_BODY_TOO_LONG = `A post can be at most ${POST_LIMITS.body.toLocaleString('en-IE')} characters long. Shorten it or split it into two posts.`;

/** The Markdown body's cap, the same for saving and for the preview. */
const bodyCap = v.maxLength<string, number, string>(POST_LIMITS.body, POST_BODY_TOO_LONG);
const body = v.pipe(v.string(messages.required), v.trim(), v.nonEmpty(messages.required), bodyCap);

/** The editor's preview takes the body alone, even while it is still empty. */
export const PostPreviewSchema = v.object({ body: v.pipe(v.string(messages.required), bodyCap) }, messages.required);

/** A blog post as the back-office form and the API take it. The slug is made from the title when empty. */
export const PostInputSchema = v.pipe(
  v.object(
    {
      title: requiredText(POST_LIMITS.title),
      slug: v.optional(
        v.pipe(
          v.string(),
          v.trim(),
          v.maxLength(POST_LIMITS.slug, limitMessages.tooLong(POST_LIMITS.slug)),
          v.check((s) => s === '' || SLUG_PATTERN.test(s), 'Use lower-case letters, digits and hyphens'),
        ),
        '',
      ),
      excerpt: optionalText(POST_LIMITS.excerpt),
      body,
      tags,
      status: v.optional(v.picklist(postStatuses, 'Choose draft, published or scheduled'), 'draft'),
      publishedAt: v.optional(v.union([v.literal(''), calendarTimestamp], messages.invalidDate), ''),
      /** The id of an uploaded image (see /api/v1/uploads), or empty for none. */
      coverImage: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.uuid('Upload the cover image again'))]), ''),
      coverAlt: optionalText(POST_LIMITS.alt),
      seoTitle: optionalText(POST_LIMITS.seoTitle),
      seoDescription: optionalText(POST_LIMITS.seoDescription),
      seoCanonical: v.optional(
        v.pipe(
          v.string(),
          v.trim(),
          v.maxLength(POST_LIMITS.canonical, limitMessages.tooLong(POST_LIMITS.canonical)),
          v.check((text) => text === '' || canonicalTarget(text) !== null, CANONICAL_INVALID),
        ),
        '',
      ),
      seoHidden: v.optional(v.boolean('Choose yes or no'), false),
      /** An uploaded image shown when the post is shared, or empty to share the cover. */
      seoImage: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.uuid('Upload the share image again'))], 'Upload the share image again'), ''),
    },
    messages.required,
  ),
  v.forward(
    v.check((post) => post.status !== 'scheduled' || post.publishedAt !== '', 'Choose when to publish'),
    ['publishedAt'],
  ),
  v.forward(
    v.check((post) => !post.coverImage || post.coverAlt !== '', 'Describe the image for people who cannot see it'),
    ['coverAlt'],
  ),
);

export type PostInput = v.InferOutput<typeof PostInputSchema>;

export type { PostView, TagCount } from './post-view.ts';
import type { PostView } from './post-view.ts';

/** `GET /api/v1/posts/?page=&page_size=&status=&tag=&summary=true` (status counts for staff only). */
export const PostListQuerySchema = v.object({
  ...ListPagingSchema.entries,
  status: v.optional(v.string()),
  tag: v.optional(v.string()),
  summary: v.optional(v.string()),
});

/** `GET /api/v1/posts/search?q=&summary=true` (q is checked by the route, with its own message). */
export const PostSearchQuerySchema = v.object({ q: v.optional(v.string()), summary: v.optional(v.string()) });

/** Posts without their bodies, for lists of cards (the API's `?summary=true`, the pre-rendered /blog). */
export const withoutBodies = (views: PostView[]): PostView[] => views.map((view) => ({ ...view, body: '', bodyHtml: '' }));
