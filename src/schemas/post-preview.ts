import type { PostView } from './post-view.ts';

/**
 * The messages between the post editor and the blog's reader page framed inside it: the page
 * says it is ready (and how tall it is), the editor sends the draft to show. Same origin only,
 * both ways; the draft's body was rendered and sanitised by the server (POST /posts/preview).
 */
export const PREVIEW_QUERY = 'preview';

export type PreviewMessage = { type: 'post-preview'; post: PostView } | { type: 'post-preview-ready' } | { type: 'post-preview-height'; height: number };

/** The reader page's address for a preview. */
export const previewPageHref = `/blog-reader?${PREVIEW_QUERY}`;

export function isPreviewMessage(data: unknown): data is PreviewMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { type?: unknown }).type === 'string' &&
    (data as { type: string }).type.startsWith('post-preview')
  );
}
