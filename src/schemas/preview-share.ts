import * as v from 'valibot';

/** What a shared preview shows: a page of the site with the saved drafts, or a draft post. */
export const previewShareKinds = ['page', 'post'] as const;

/** How long a shared preview link works. Long enough to send round a team; short enough to forget safely. */
export const PREVIEW_SHARE_DAYS = 7;

/** `POST /api/v1/previews/share`: a page by its address or a post by its id. */
export const PreviewShareInputSchema = v.variant(
  'kind',
  [
    v.object({
      kind: v.literal('page'),
      path: v.pipe(v.string('Choose a page'), v.regex(/^\/[a-z0-9/-]*$/, 'Choose a page of the site'), v.maxLength(200, 'Choose a page of the site')),
    }),
    v.object({ kind: v.literal('post'), id: v.pipe(v.string('Choose a post'), v.uuid('Choose a post')) }),
  ],
  'Choose a page or a post to share',
);
export type PreviewShareInput = v.InferOutput<typeof PreviewShareInputSchema>;

/** A link made: shown once, as only its hash is kept. */
export const PreviewShareViewSchema = v.object({
  _id: v.string(),
  url: v.string(),
  expiresAt: v.string(),
});
export type PreviewShareView = v.InferOutput<typeof PreviewShareViewSchema>;
